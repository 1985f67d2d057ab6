//! A group's shape, decided once from its first sweep: small (one batch of
//! sources), dense (small diameter, nearly every layout farthest from
//! another) or sparse (long corridors, few farthest layouts). The plan's
//! strategies and the solution searches both follow it.

use super::lanes::WIDTH;
use super::plain_bfs::distances_from;
use super::GroupGraph;
use crate::analysis::tuning::SPARSE_RADIUS;

/// The first plain search of a group's plan, from node 0.
pub(crate) struct FirstSweep {
    /// Every node's distance from node 0.
    pub(crate) distances: Vec<u32>,
    /// The radius of the smallest ball around node 0 holding 1024 nodes.
    pub(crate) radius: usize,
}

/// A group's shape as the analysis sees it (see [`super::analyse_group`]):
/// for profiles and benchmarks.
#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord, Hash)]
pub enum GroupShape {
    /// At most 1024 layouts.
    Small,
    /// Small diameter: a ball of 1024 layouts has a radius under 8.
    Dense,
    /// Long corridors.
    Sparse,
}

impl GroupShape {
    /// The shape of `graph`'s group.
    pub fn of(graph: &GroupGraph) -> GroupShape {
        match Shape::of(graph) {
            Shape::Small => GroupShape::Small,
            Shape::Dense(_) => GroupShape::Dense,
            Shape::Sparse(_) => GroupShape::Sparse,
        }
    }
}

/// How a group is analysed.
pub(crate) enum Shape {
    /// At most one batch of nodes: every orbit is searched, with no plan.
    Small,
    /// A ball of 1024 nodes has a radius under [`SPARSE_RADIUS`]: a batch
    /// of 1024 sources costs about 2r + 1 plain searches, and nearly every
    /// layout may be farthest from another. A few sweeps give bounds, the
    /// batches do the rest, and the solution searches serve the solved
    /// orbits.
    Dense(FirstSweep),
    /// Long corridors: a bit-parallel search gains little over plain ones,
    /// and few layouts are farthest from another. The plan is all plain
    /// searches, and the solution searches serve nothing (they end early).
    Sparse(FirstSweep),
}

impl Shape {
    /// Decides the shape of `graph`'s group.
    pub(crate) fn of(graph: &GroupGraph) -> Shape {
        if graph.n_nodes() <= WIDTH {
            return Shape::Small;
        }
        let distances = distances_from(graph, 0);
        let radius = ball_radius(&distances);
        let first = FirstSweep { distances, radius };
        if radius >= SPARSE_RADIUS {
            Shape::Sparse(first)
        } else {
            Shape::Dense(first)
        }
    }

    /// Whether the solution searches serve the solved orbits as farthest
    /// searches: in small and dense groups, where nearly all may be needed.
    pub(crate) fn serves_solved(&self) -> bool {
        !matches!(self, Shape::Sparse(_))
    }
}

/// The radius of the smallest ball around the start of `distances` holding
/// 1024 nodes.
fn ball_radius(distances: &[u32]) -> usize {
    let mut per_level = vec![0usize; 1 + *distances.iter().max().unwrap_or(&0) as usize];
    for &d in distances {
        per_level[d as usize] += 1;
    }
    let mut within = 0;
    per_level
        .iter()
        .position(|&count| {
            within += count;
            within >= WIDTH
        })
        .unwrap_or(per_level.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_named_groups_are_sparse_and_a_dense_class_dense() {
        let shape =
            |code: &str| Shape::of(&GroupGraph::build(crate::group_of(code.parse().unwrap())));
        assert!(matches!(shape("1A9BF0C00"), Shape::Sparse(_)));
        assert!(matches!(shape("4FEA13400"), Shape::Sparse(_)));
        // 5-1-4's largest group, 20,664 layouts.
        assert!(matches!(shape("00019D400"), Shape::Dense(_)));
        // The 2x2 block alone: 12 layouts.
        assert!(matches!(shape("000000000"), Shape::Small));
    }
}
