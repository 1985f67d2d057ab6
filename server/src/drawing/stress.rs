//! Local refinement of a placement by the sparse stress model (Ortmann,
//! Klimenta and Brandes, "A Sparse Stress Model", Graph Drawing 2016): a
//! few sweeps of stress majorisation over each node's edges (wanted length
//! one step) and its distances to the pivots (wanted length their steps,
//! weighted by their inverse square, so they hold the shape while the
//! edges spread the layouts that Pivot MDS put on one spot).

use super::csr::Csr;
use super::pivot_mds::Pivots;

/// Sweeps over every node: the stress falls fastest in the first few, and
/// each costs about (degree + pivots) operations per node.
pub(crate) const SWEEPS: usize = 15;

/// The pivots whose distances hold the shape: the first ones chosen, the
/// farthest apart. With all the pivots, the sweeps were most of a drawing's
/// cost (BENCHMARKS.md).
const HOLDING_PIVOTS: usize = 16;

/// Moves every node, `sweeps` times in node order (Gauss-Seidel), to the
/// weighted mean of where each of its terms wants it. Deterministic: nodes
/// on the same spot are first pushed apart by a small offset of their own.
pub(crate) fn refine(graph: &Csr, pivots: &Pivots, x: &mut [f32], y: &mut [f32], sweeps: usize) {
    let n = graph.n_nodes();
    for i in 0..n {
        // A golden-angle spiral of 0.05 units: apart, and the same each run.
        let angle = i as f32 * 2.399_963;
        let radius = 0.05 * ((i % 7) as f32 + 1.0) / 7.0;
        x[i] += radius * angle.cos();
        y[i] += radius * angle.sin();
    }
    for _ in 0..sweeps {
        for i in 0..n {
            let (xi, yi) = (x[i], y[i]);
            let (mut sum_x, mut sum_y, mut sum_w) = (0.0f32, 0.0f32, 0.0f32);
            let mut pull = |xj: f32, yj: f32, wanted: f32, weight: f32| {
                let (dx, dy) = (xi - xj, yi - yj);
                let length = dx.hypot(dy).max(1e-6);
                sum_x += weight * (xj + wanted * dx / length);
                sum_y += weight * (yj + wanted * dy / length);
                sum_w += weight;
            };
            for &j in graph.neighbours(i as u32) {
                pull(x[j as usize], y[j as usize], 1.0, 1.0);
            }
            let holding = pivots.nodes.iter().zip(&pivots.distances);
            for (pivot, distances) in holding.take(HOLDING_PIVOTS) {
                let d = distances[i] as f32;
                if d > 1.0 {
                    pull(x[*pivot as usize], y[*pivot as usize], d, 1.0 / (d * d));
                }
            }
            if sum_w > 0.0 {
                x[i] = sum_x / sum_w;
                y[i] = sum_y / sum_w;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The stress of the terms `refine` weighs.
    fn stress(graph: &Csr, pivots: &Pivots, x: &[f32], y: &[f32]) -> f64 {
        let length = |i: usize, j: usize| f64::from((x[i] - x[j]).hypot(y[i] - y[j]));
        let mut sum = 0.0;
        for i in 0..graph.n_nodes() {
            for &j in graph.neighbours(i as u32) {
                sum += (length(i, j as usize) - 1.0).powi(2);
            }
            let holding = pivots.nodes.iter().zip(&pivots.distances);
            for (pivot, distances) in holding.take(HOLDING_PIVOTS) {
                let d = f64::from(distances[i]);
                if d > 1.0 {
                    sum += (length(i, *pivot as usize) - d).powi(2) / (d * d);
                }
            }
        }
        sum
    }

    #[test]
    fn refining_lowers_the_stress_and_separates_nodes_on_one_spot() {
        // A ladder 2 x 30 placed with every rung's two ends on one spot,
        // as Pivot MDS puts nodes that no pivot tells apart.
        let n = 60u32;
        let mut edges = Vec::new();
        for k in 0..30 {
            edges.push((2 * k, 2 * k + 1));
            if k + 1 < 30 {
                edges.push((2 * k, 2 * k + 2));
                edges.push((2 * k + 1, 2 * k + 3));
            }
        }
        let graph = Csr::new(n as usize, &edges);
        let pivots = Pivots::choose(&graph);
        let mut x: Vec<f32> = (0..n).map(|i| (i / 2) as f32).collect();
        let mut y = vec![0.0; n as usize];
        let before = stress(&graph, &pivots, &x, &y);
        refine(&graph, &pivots, &mut x, &mut y, SWEEPS);
        let after = stress(&graph, &pivots, &x, &y);
        assert!(after < before / 2.0, "{before} -> {after}");
        for k in 0..30 {
            let (a, b) = (2 * k, 2 * k + 1);
            let rung = (x[a] - x[b]).hypot(y[a] - y[b]);
            assert!(rung > 0.5, "rung {k}: {rung}");
        }
    }
}
