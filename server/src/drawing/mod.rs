//! A group's graph drawn for the page (`/case/{code}/graph`): the nodes
//! (the whole group, or the ball around a layout in a group too large to
//! draw whole), their positions, their numbers and the edges; recent
//! drawings kept within a byte budget, each made once.
//!
//! Positions come from `pivot_mds`, refined by `stress`; `csr` holds the drawn graph's
//! adjacency, for the positions and the solution walk.

mod csr;
mod pivot_mds;
mod stress;

use klotski::analysis::GroupGraph;
use klotski::subgraph::Subgraph;
use klotski::Code;
use schema::{GroupKey, LayoutNumbers};

use crate::built::Built;
use crate::recent::Recent;
use csr::Csr;

/// A drawn part of a group: nodes in ascending code order.
pub(crate) struct Drawing {
    /// The nodes (`group_index` values) and the steps between them.
    pub(crate) subgraph: Subgraph,
    /// The code of each node.
    pub(crate) codes: Vec<Code>,
    /// The position of each node, in steps.
    pub(crate) x: Vec<f32>,
    pub(crate) y: Vec<f32>,
    /// The stored numbers of each node; empty until read.
    pub(crate) numbers: Vec<LayoutNumbers>,
    adjacency: Csr,
}

impl Drawing {
    /// The part of `graph` to draw around `centre` (the whole group when it
    /// has at most `max_nodes` layouts, else the widest ball that does),
    /// placed; its numbers are read afterwards ([`Drawing::with_numbers`]).
    pub(crate) fn place(graph: &GroupGraph, centre: u32, max_nodes: usize) -> Drawing {
        let subgraph = Subgraph::within(graph, centre, max_nodes);
        let codes = subgraph.nodes().iter().map(|&n| graph.code(n)).collect();
        let adjacency = Csr::new(subgraph.nodes().len(), subgraph.edges());
        let pivots = pivot_mds::Pivots::choose(&adjacency);
        let (mut x, mut y) = pivot_mds::layout(&adjacency, subgraph.edges(), &pivots);
        stress::refine(&adjacency, &pivots, &mut x, &mut y, stress::SWEEPS);
        let round = |v: Vec<f32>| v.into_iter().map(|v| (v * 100.0).round() / 100.0).collect();
        Drawing {
            subgraph,
            codes,
            x: round(x),
            y: round(y),
            numbers: Vec::new(),
            adjacency,
        }
    }

    /// The drawing with its nodes' numbers, in node order.
    pub(crate) fn with_numbers(self, numbers: Vec<LayoutNumbers>) -> Drawing {
        debug_assert_eq!(numbers.len(), self.codes.len());
        Drawing { numbers, ..self }
    }

    /// The position of `code` among the nodes.
    pub(crate) fn position(&self, code: Code) -> Option<u32> {
        self.codes.binary_search(&code).ok().map(|i| i as u32)
    }

    /// A minimum solution from the node at `start`, as positions, walked
    /// down the stored `min_solution_step` inside the drawing, taking at
    /// each step the smallest code one step nearer (as the engine's
    /// `paths` do): the whole solution in a whole group, the part inside
    /// the ball otherwise. Empty when the group has no solved layout.
    pub(crate) fn solution_from(&self, start: u32) -> Vec<u32> {
        let step = |node: u32| self.numbers[node as usize].min_solution_step;
        if step(start) < 0 {
            return Vec::new();
        }
        let mut path = vec![start];
        let mut node = start;
        while step(node) > 0 {
            let nearer = self
                .adjacency
                .neighbours(node)
                .iter()
                .copied()
                .filter(|&next| step(next) == step(node) - 1)
                .min();
            match nearer {
                Some(next) => {
                    path.push(next);
                    node = next;
                }
                None => break,
            }
        }
        path
    }

    /// About how many bytes the drawing takes.
    fn bytes(&self) -> usize {
        self.codes.len() * (8 + 4 + 8 + 20 + 8) + self.subgraph.edges().len() * (8 + 8)
    }
}

/// What a drawing is of: a whole group, or the ball around one layout.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct DrawingKey {
    pub(crate) group: GroupKey,
    /// The ball's centre; `None` for a whole group.
    pub(crate) centre: Option<Code>,
}

/// Drawings made recently, most recent first, within a byte budget, and
/// those being made (each once, to its end: `built.rs`).
pub(crate) type DrawingCache = Built<DrawingKey, Drawing>;

/// An empty drawing cache of at most about `budget_bytes` bytes.
pub(crate) fn drawing_cache(budget_bytes: usize) -> DrawingCache {
    Built::new(Recent::new(budget_bytes, Drawing::bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(text: &str) -> Code {
        text.parse().unwrap()
    }

    fn placed(text: &str, max_nodes: usize) -> (GroupGraph, Drawing) {
        let graph = GroupGraph::build(klotski::group_of(code(text)));
        let centre = graph.node(code(text)).unwrap();
        let drawing = Drawing::place(&graph, centre, max_nodes);
        (graph, drawing)
    }

    /// The engine's numbers of every node, as stored.
    fn numbered(graph: &GroupGraph, drawing: Drawing) -> Drawing {
        let all = klotski::analysis::analyse_group(graph);
        let numbers = drawing
            .subgraph
            .nodes()
            .iter()
            .map(|&n| edge::numbers::numbers_of(&all[n as usize]))
            .collect();
        drawing.with_numbers(numbers)
    }

    #[test]
    fn the_solution_walk_is_the_engines_minimum_solution() {
        let (graph, drawing) = placed("1A9BF0C00", 100_000);
        let drawing = numbered(&graph, drawing);
        let start = drawing.position(code("1A9BF0C00")).unwrap();
        let walked: Vec<Code> = drawing
            .solution_from(start)
            .iter()
            .map(|&p| drawing.codes[p as usize])
            .collect();
        let node = graph.node(code("1A9BF0C00")).unwrap();
        let engine: Vec<Code> = klotski::paths::min_solution(&graph, node)
            .unwrap()
            .iter()
            .map(|&n| graph.code(n))
            .collect();
        assert_eq!(walked.len(), 82);
        assert_eq!(walked, engine);
    }

    #[test]
    fn a_ball_walk_stops_at_its_edge() {
        let (graph, drawing) = placed("1A9BF0C00", 2_000);
        let radius = drawing.subgraph.radius().unwrap();
        let drawing = numbered(&graph, drawing);
        let start = drawing.position(code("1A9BF0C00")).unwrap();
        assert_eq!(drawing.solution_from(start).len() as u32, radius + 1);
    }
}
