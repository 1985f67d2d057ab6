//! The part of a group's graph that is drawn or exported: the whole group,
//! or the ball of layouts within some steps of one of them.

use crate::analysis::GroupGraph;
use crate::paths::Layers;

/// Nodes of a group's graph and every step between two of them, each once.
pub struct Subgraph {
    nodes: Vec<u32>,
    edges: Vec<(u32, u32)>,
    radius: Option<u32>,
}

impl Subgraph {
    /// The whole group.
    pub fn whole(graph: &GroupGraph) -> Subgraph {
        Subgraph::induced(graph, (0..graph.n_nodes() as u32).collect(), None)
    }

    /// The layouts at most `radius` steps from `centre`, and the steps
    /// between them.
    pub fn ball(graph: &GroupGraph, centre: u32, radius: u32) -> Subgraph {
        let layers = Layers::search(graph, centre);
        Subgraph::of_layers(graph, &layers, radius)
    }

    /// The whole group when it has at most `max_nodes` layouts; otherwise
    /// the widest ball around `centre` with at most `max_nodes` layouts
    /// (radius 0, the centre alone, at least).
    pub fn within(graph: &GroupGraph, centre: u32, max_nodes: usize) -> Subgraph {
        if graph.n_nodes() <= max_nodes {
            return Subgraph::whole(graph);
        }
        let layers = Layers::search(graph, centre);
        let mut inside = 0;
        let radius = layers
            .sizes()
            .iter()
            .take_while(|&&size| {
                inside += size as usize;
                inside <= max_nodes
            })
            .count()
            .saturating_sub(1) as u32;
        Subgraph::of_layers(graph, &layers, radius)
    }

    fn of_layers(graph: &GroupGraph, layers: &Layers, radius: u32) -> Subgraph {
        let last = radius.min(layers.n_layers() - 1);
        let mut nodes: Vec<u32> = (0..=last).flat_map(|k| layers.layer(k)).copied().collect();
        nodes.sort_unstable();
        let radius = (last + 1 < layers.n_layers()).then_some(radius);
        Subgraph::induced(graph, nodes, radius)
    }

    /// `nodes` (ascending) and the steps between them.
    fn induced(graph: &GroupGraph, nodes: Vec<u32>, radius: Option<u32>) -> Subgraph {
        let mut position = vec![u32::MAX; graph.n_nodes()];
        for (i, &node) in nodes.iter().enumerate() {
            position[node as usize] = i as u32;
        }
        let mut edges = Vec::new();
        for (i, &node) in nodes.iter().enumerate() {
            let mut ends: Vec<u32> = graph
                .neighbours(node)
                .iter()
                .map(|&next| position[next as usize])
                .filter(|&j| j != u32::MAX && j > i as u32)
                .collect();
            ends.sort_unstable();
            edges.extend(ends.into_iter().map(|j| (i as u32, j)));
        }
        Subgraph {
            nodes,
            edges,
            radius,
        }
    }

    /// The group's nodes (`group_index` values) in this part, ascending.
    pub fn nodes(&self) -> &[u32] {
        &self.nodes
    }

    /// Every step between two of the nodes, once, as positions in
    /// [`nodes`](Self::nodes), the smaller first, in ascending order.
    pub fn edges(&self) -> &[(u32, u32)] {
        &self.edges
    }

    /// The ball's radius; `None` when this is the whole group (also a ball
    /// wide enough to hold it).
    pub fn radius(&self) -> Option<u32> {
        self.radius
    }

    /// The position in [`nodes`](Self::nodes) of the group's `node`, or
    /// `None` when it is outside.
    pub fn position(&self, node: u32) -> Option<u32> {
        self.nodes.binary_search(&node).ok().map(|i| i as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Code;

    fn graph_of(code: &str) -> (GroupGraph, u32) {
        let code: Code = code.parse().unwrap();
        let graph = GroupGraph::build(crate::group_of(code));
        let node = graph.node(code).unwrap();
        (graph, node)
    }

    /// The steps between `nodes`, each once, by testing every pair.
    fn pairs_one_step_apart(graph: &GroupGraph, nodes: &[u32]) -> Vec<(u32, u32)> {
        let mut pairs = Vec::new();
        for (i, &a) in nodes.iter().enumerate() {
            for (j, &b) in nodes.iter().enumerate().skip(i + 1) {
                let (before, after) = (graph.code(a).layout(), graph.code(b).layout());
                if crate::Move::between(&before, &after).is_some() {
                    pairs.push((i as u32, j as u32));
                }
            }
        }
        pairs
    }

    #[test]
    fn whole_group_has_every_step_once() {
        // Class 0-1-0 is one group of 192 layouts.
        let (graph, _) = graph_of("0C0000000");
        let whole = Subgraph::whole(&graph);
        assert_eq!(whole.nodes(), (0..192).collect::<Vec<u32>>());
        assert_eq!(whole.edges(), pairs_one_step_apart(&graph, whole.nodes()));
        assert_eq!(whole.edges().len() * 2, graph.n_edges());
        assert_eq!(whole.radius(), None);
    }

    #[test]
    fn ball_holds_the_layouts_within_its_radius() {
        let (graph, centre) = graph_of("1A9BF0C00");
        let distance = crate::paths::distances(&graph, &[centre]);
        for radius in [0, 1, 5] {
            let ball = Subgraph::ball(&graph, centre, radius);
            let expected: Vec<u32> = (0..graph.n_nodes() as u32)
                .filter(|&node| distance[node as usize] <= radius)
                .collect();
            assert_eq!(ball.nodes(), expected);
            assert_eq!(ball.edges(), pairs_one_step_apart(&graph, &expected));
            assert_eq!(ball.radius(), Some(radius));
        }
        assert_eq!(Subgraph::ball(&graph, centre, 500).radius(), None);
    }

    #[test]
    fn within_takes_the_widest_ball_that_fits() {
        let (graph, centre) = graph_of("1A9BF0C00");
        assert_eq!(Subgraph::within(&graph, centre, 25_955).radius(), None);
        let ball = Subgraph::within(&graph, centre, 1000);
        let radius = ball.radius().unwrap();
        assert!(ball.nodes().len() <= 1000);
        assert!(Subgraph::ball(&graph, centre, radius + 1).nodes().len() > 1000);
        assert_eq!(Subgraph::within(&graph, centre, 1).nodes(), [centre]);
    }
}
