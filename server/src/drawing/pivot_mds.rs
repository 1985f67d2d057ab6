//! Positions for a connected graph's nodes by Pivot MDS (Brandes and Pich,
//! "Eigensolver methods for progressive multidimensional scaling of large
//! data", Graph Drawing 2006): classical multidimensional scaling of the
//! shortest-path distances, approximated from the distances to a few
//! pivots. It places nodes so that drawn distances follow step counts, so
//! a group's corridors, bottlenecks and pockets show as they are, and it
//! costs one breadth-first search per pivot plus a small eigenproblem:
//! linear in the graph, deterministic, with no iterations to tune.

use rayon::prelude::*;

use super::csr::Csr;

/// How many pivots: the method's authors found 50 enough for graphs of
/// hundreds of thousands of nodes.
const PIVOTS: usize = 50;

/// Power iterations for each of the two eigenvectors of the pivots' k x k
/// matrix (k = 50: a few microseconds each).
const POWER_ITERATIONS: usize = 300;

/// The positions of nodes `0..n_nodes` of the connected graph `edges`
/// (each edge once), as x and y in steps: the Euclidean distance between
/// two positions approximates the number of steps between them.
pub(crate) fn layout(graph: &Csr, edges: &[(u32, u32)], pivots: &Pivots) -> (Vec<f32>, Vec<f32>) {
    let n_nodes = graph.n_nodes();
    if n_nodes <= 1 {
        return (vec![0.0; n_nodes], vec![0.0; n_nodes]);
    }
    let distances = &pivots.distances;
    let k = distances.len();
    // Double centring of the squared distances (n x k): the rows' and the
    // columns' means, then c_ij = -(d_ij^2 - row_i - col_j + all) / 2.
    let square = |d: u32| f64::from(d) * f64::from(d);
    let column_means: Vec<f64> = distances
        .iter()
        .map(|column| column.iter().map(|&d| square(d)).sum::<f64>() / n_nodes as f64)
        .collect();
    let mean = column_means.iter().sum::<f64>() / k as f64;
    let row = |i: usize| -> Vec<f64> {
        let squares: Vec<f64> = distances.iter().map(|column| square(column[i])).collect();
        let row_mean = squares.iter().sum::<f64>() / k as f64;
        squares
            .iter()
            .zip(&column_means)
            .map(|(d2, column_mean)| -0.5 * (d2 - row_mean - column_mean + mean))
            .collect()
    };
    // C^T C, k x k, summed over the rows in parallel.
    let gram = (0..n_nodes)
        .into_par_iter()
        .fold(
            || vec![0.0; k * k],
            |mut sum, i| {
                let c = row(i);
                for a in 0..k {
                    for b in a..k {
                        sum[a * k + b] += c[a] * c[b];
                    }
                }
                sum
            },
        )
        .reduce(
            || vec![0.0; k * k],
            |mut a, b| {
                a.iter_mut().zip(&b).for_each(|(x, y)| *x += y);
                a
            },
        );
    let mut gram = gram;
    for a in 0..k {
        for b in 0..a {
            gram[a * k + b] = gram[b * k + a];
        }
    }
    let first = top_eigenvector(&gram, k, &[]);
    let second = top_eigenvector(&gram, k, std::slice::from_ref(&first));
    let project = |v: &[f64]| -> Vec<f32> {
        (0..n_nodes)
            .into_par_iter()
            .map(|i| row(i).iter().zip(v).map(|(c, v)| c * v).sum::<f64>() as f32)
            .collect()
    };
    let (mut x, mut y) = (project(&first), project(&second));
    // C v grows as the square of the full MDS matrix's eigenvalue, where
    // classical MDS scales an axis by its square root: so divide each axis
    // by the fourth root of C^T C's eigenvalue, then scale both alike so
    // that an edge is one unit long on average.
    // An eigenvalue at rounding noise's level (a path: one dimension) is
    // zero, else its fourth root would blow the noise up.
    let largest = rayleigh(&gram, k, &first);
    for (axis, v) in [(&mut x, &first), (&mut y, &second)] {
        let lambda = rayleigh(&gram, k, v);
        let scale = if lambda > largest * 1e-9 {
            lambda.powf(-0.25)
        } else {
            0.0
        };
        axis.iter_mut().for_each(|value| *value *= scale as f32);
    }
    let total_length: f64 = edges
        .iter()
        .map(|&(a, b)| {
            let (a, b) = (a as usize, b as usize);
            f64::from((x[a] - x[b]).hypot(y[a] - y[b]))
        })
        .sum();
    if total_length > 0.0 {
        let scale = (edges.len() as f64 / total_length) as f32;
        x.iter_mut()
            .chain(y.iter_mut())
            .for_each(|value| *value *= scale);
    }
    (x, y)
}

/// Pivots chosen far apart (max-min: each the node farthest from those
/// chosen, the first the one farthest from node 0), and every node's
/// distance from each.
pub(crate) struct Pivots {
    /// The pivots.
    pub(crate) nodes: Vec<u32>,
    /// `distances[j][i]`: steps from pivot `j` to node `i`.
    pub(crate) distances: Vec<Vec<u32>>,
}

impl Pivots {
    /// [`PIVOTS`] pivots of `graph` (all its nodes when it has fewer).
    pub(crate) fn choose(graph: &Csr) -> Pivots {
        let k = PIVOTS.min(graph.n_nodes());
        let farthest = |nearest: &[u32]| -> u32 {
            let best = nearest
                .iter()
                .enumerate()
                .max_by_key(|&(i, &d)| (d, std::cmp::Reverse(i)));
            best.map_or(0, |(i, _)| i as u32)
        };
        let mut nodes = Vec::with_capacity(k);
        let mut distances = Vec::with_capacity(k);
        if k == 0 {
            return Pivots { nodes, distances };
        }
        let mut nearest = graph.distances(0);
        let mut pivot = farthest(&nearest);
        nearest.fill(u32::MAX);
        for _ in 0..k {
            let column = graph.distances(pivot);
            nearest
                .iter_mut()
                .zip(&column)
                .for_each(|(near, &d)| *near = (*near).min(d));
            nodes.push(pivot);
            distances.push(column);
            pivot = farthest(&nearest);
        }
        Pivots { nodes, distances }
    }
}

/// The unit eigenvector of the largest eigenvalue of the symmetric k x k
/// matrix `m` orthogonal to `others`, by power iteration. Power iteration
/// converges when the eigenvalues are separated; a deterministic start keeps
/// the result the same run after run.
fn top_eigenvector(m: &[f64], k: usize, others: &[Vec<f64>]) -> Vec<f64> {
    // Orthogonal to `others` after every product: they are eigenvectors
    // only approximately, and a small eigenvalue's vector would otherwise
    // fill with theirs. Twice, since one pass leaves what remains of a
    // product that was nearly all theirs (a path's second axis) made of
    // rounding errors, in no particular direction.
    let orthogonalise = |v: &mut Vec<f64>| {
        for _ in 0..2 {
            for other in others {
                let dot: f64 = v.iter().zip(other).map(|(a, b)| a * b).sum();
                v.iter_mut().zip(other).for_each(|(a, b)| *a -= dot * b);
            }
            let norm = v.iter().map(|x| x * x).sum::<f64>().sqrt();
            if norm > 0.0 {
                v.iter_mut().for_each(|x| *x /= norm);
            }
        }
    };
    let mut v: Vec<f64> = (0..k).map(|i| 1.0 + (i as f64 * 0.618).fract()).collect();
    orthogonalise(&mut v);
    for _ in 0..POWER_ITERATIONS {
        let mut next: Vec<f64> = (0..k)
            .map(|a| (0..k).map(|b| m[a * k + b] * v[b]).sum())
            .collect();
        orthogonalise(&mut next);
        if next.iter().all(|&x| x == 0.0) {
            return next;
        }
        v = next;
    }
    v
}

/// v^T m v for a unit vector v: its eigenvalue when it is an eigenvector.
fn rayleigh(m: &[f64], k: usize, v: &[f64]) -> f64 {
    (0..k)
        .map(|a| v[a] * (0..k).map(|b| m[a * k + b] * v[b]).sum::<f64>())
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(n_nodes: usize, edges: &[(u32, u32)]) -> (Vec<f32>, Vec<f32>) {
        let graph = Csr::new(n_nodes, edges);
        super::layout(&graph, edges, &Pivots::choose(&graph))
    }

    fn path(n: u32) -> Vec<(u32, u32)> {
        (1..n).map(|i| (i - 1, i)).collect()
    }

    #[test]
    fn a_path_is_drawn_straight_with_its_lengths() {
        let (x, y) = layout(20, &path(20));
        // In order along x (either way), flat in y, one step a unit apart.
        let sign = (x[19] - x[0]).signum();
        for i in 1..20 {
            let dx = (x[i] - x[i - 1]) * sign;
            assert!((dx - 1.0).abs() < 0.05, "{i}: {dx}");
            assert!(y[i].abs() < 0.05, "{i}: {}", y[i]);
        }
    }

    #[test]
    fn a_cycle_is_drawn_round() {
        let mut edges = path(24);
        edges.push((0, 23));
        let (x, y) = layout(24, &edges);
        let radii: Vec<f32> = (0..24)
            .map(|i| (x[i] * x[i] + y[i] * y[i]).sqrt())
            .collect();
        let mean = radii.iter().sum::<f32>() / 24.0;
        assert!(mean > 1.0);
        for r in radii {
            assert!((r - mean).abs() < 0.1 * mean, "{r} vs {mean}");
        }
    }

    #[test]
    fn a_grid_keeps_its_rows_in_order_and_is_drawn_alike_each_time() {
        // A 6 x 10 grid: its rows' centres lie in order along its length,
        // about a unit apart.
        let (w, h) = (6u32, 10u32);
        let mut edges = Vec::new();
        for j in 0..h {
            for i in 0..w {
                let node = j * w + i;
                if i + 1 < w {
                    edges.push((node, node + 1));
                }
                if j + 1 < h {
                    edges.push((node, node + w));
                }
            }
        }
        let n = (w * h) as usize;
        let (x, y) = layout(n, &edges);
        let centre = |j: u32| {
            let row = (j * w) as usize..((j + 1) * w) as usize;
            let mean = |v: &[f32]| v[row.clone()].iter().sum::<f32>() / w as f32;
            (mean(&x), mean(&y))
        };
        let (first, last) = (centre(0), centre(h - 1));
        let axis = (last.0 - first.0, last.1 - first.1);
        let length = axis.0.hypot(axis.1);
        let along = |j: u32| {
            let c = centre(j);
            ((c.0 - first.0) * axis.0 + (c.1 - first.1) * axis.1) / length
        };
        for j in 1..h {
            let gap = along(j) - along(j - 1);
            assert!(gap > 0.5 && gap < 1.5, "row {j}: {gap}");
        }
        assert_eq!(layout(n, &edges), (x, y));
        assert_eq!(layout(1, &[]), (vec![0.0], vec![0.0]));
    }
}
