//! Shortest paths inside a group: a minimum solution, a shortest path between
//! two layouts, the breadth-first layers from a layout, and the walk down
//! stored distances that needs no search.
//!
//! Every path is chosen the same way, so the same question always gets the
//! same answer: at each step, the neighbour with the smallest code among
//! those one step nearer to the goal. Each search has a variant in any
//! [`Metric`] (`_in`): the moves it may make and counts are that metric's.
//!
//! ```
//! use klotski::{analysis::GroupGraph, paths, Code};
//!
//! let start: Code = "1A9BF0C00".parse()?;
//! let graph = GroupGraph::build(klotski::group_of(start));
//! let node = graph.node(start).unwrap();
//! let solution = paths::min_solution(&graph, node).unwrap();
//! assert_eq!(solution.len(), 82); // 81 steps
//! assert!(graph.is_solved(*solution.last().unwrap()));
//! let layers = paths::Layers::search(&graph, node);
//! assert_eq!(layers.n_layers(), 125); // farthest_step 124
//! # Ok::<(), klotski::CodeError>(())
//! ```

use std::collections::VecDeque;
use std::fmt;

use crate::analysis::GroupGraph;
use crate::cancel;
use crate::code::Code;
use crate::group::group_of;
use crate::metric::Metric;
use crate::moves::Move;

/// The distance of a node no search reached.
pub const UNREACHED: u32 = u32::MAX;

/// Breadth-first distances from `sources` (each at 0): [`UNREACHED`] where
/// no source leads.
pub fn distances(graph: &GroupGraph, sources: &[u32]) -> Vec<u32> {
    distances_until(graph, sources, None, Metric::Step)
}

/// Breadth-first distances from `sources`, stopped once `stop` is labelled:
/// then every node nearer to the sources than `stop` is labelled too, which
/// is all a walk down from `stop` needs.
fn distances_until(
    graph: &GroupGraph,
    sources: &[u32],
    stop: Option<u32>,
    metric: Metric,
) -> Vec<u32> {
    let mut distance = vec![UNREACHED; graph.n_nodes()];
    let mut queue = VecDeque::with_capacity(sources.len());
    for &source in sources {
        if distance[source as usize] == UNREACHED {
            distance[source as usize] = 0;
            queue.push_back(source);
        }
    }
    if stop.is_some_and(|stop| distance[stop as usize] == 0) {
        return distance;
    }
    let mut n_taken = 0;
    while let Some(node) = queue.pop_front() {
        cancel::checkpoint_every(n_taken);
        n_taken += 1;
        let next_distance = distance[node as usize] + 1;
        for next in graph.neighbours_in(node, metric) {
            if distance[next as usize] == UNREACHED {
                distance[next as usize] = next_distance;
                if Some(next) == stop {
                    return distance;
                }
                queue.push_back(next);
            }
        }
    }
    distance
}

/// The nodes from `from` down `distance` to a node at distance 0: at each
/// step the smallest neighbour (nodes are in code order) one step nearer.
/// `None` when `from` is unreached.
fn descend(graph: &GroupGraph, distance: &[u32], from: u32, metric: Metric) -> Option<Vec<u32>> {
    let steps = distance[from as usize];
    if steps == UNREACHED {
        return None;
    }
    let mut path = Vec::with_capacity(steps as usize + 1);
    let mut node = from;
    path.push(node);
    for remaining in (0..steps).rev() {
        node = graph
            .neighbours_in(node, metric)
            .filter(|&next| distance[next as usize] == remaining)
            .min()
            .expect("a node at distance d > 0 has a neighbour at d - 1");
        path.push(node);
    }
    Some(path)
}

/// A shortest path from node `from` to node `to`, both ends included;
/// `None` when `to` cannot be reached (the graph holds several groups).
pub fn shortest_path(graph: &GroupGraph, from: u32, to: u32) -> Option<Vec<u32>> {
    shortest_path_in(graph, from, to, Metric::Step)
}

/// A shortest path in moves of `metric`, as [`shortest_path`].
pub fn shortest_path_in(
    graph: &GroupGraph,
    from: u32,
    to: u32,
    metric: Metric,
) -> Option<Vec<u32>> {
    let distance = distances_until(graph, &[to], Some(from), metric);
    descend(graph, &distance, from, metric)
}

/// One minimum solution from node `from`: the nodes from it to a nearest
/// solved node, both included (just `from` when it is solved); `None` when
/// no solved layout can be reached.
pub fn min_solution(graph: &GroupGraph, from: u32) -> Option<Vec<u32>> {
    min_solution_in(graph, from, Metric::Step)
}

/// One minimum solution in moves of `metric`, as [`min_solution`].
pub fn min_solution_in(graph: &GroupGraph, from: u32, metric: Metric) -> Option<Vec<u32>> {
    let solved = graph.solved_nodes();
    let distance = distances_until(graph, &solved, Some(from), metric);
    descend(graph, &distance, from, metric)
}

/// A shortest path between two layouts, searched in their group.
pub fn path_between(from: Code, to: Code) -> Result<Vec<Code>, DifferentGroups> {
    path_between_in(from, to, Metric::Step)
}

/// A shortest path between two layouts in moves of `metric`, searched in
/// their group (the same group in every metric).
pub fn path_between_in(from: Code, to: Code, metric: Metric) -> Result<Vec<Code>, DifferentGroups> {
    let graph = GroupGraph::build(group_of(from));
    let start = graph.node(from).expect("a layout is in its own group");
    let goal = graph.node(to).ok_or(DifferentGroups { from, to })?;
    let path = shortest_path_in(&graph, start, goal, metric).expect("a group is connected");
    Ok(path.into_iter().map(|node| graph.code(node)).collect())
}

/// One minimum solution of a layout, searched in its group: the layouts from
/// it to a solved one; `None` when its group has no solved layout.
pub fn solve(code: Code) -> Option<Vec<Code>> {
    solve_in(code, Metric::Step)
}

/// One minimum solution of a layout in moves of `metric`, as [`solve`].
pub fn solve_in(code: Code, metric: Metric) -> Option<Vec<Code>> {
    let graph = GroupGraph::build(group_of(code));
    let start = graph.node(code).expect("a layout is in its own group");
    let path = min_solution_in(&graph, start, metric)?;
    Some(path.into_iter().map(|node| graph.code(node)).collect())
}

/// Two layouts in different groups: no sequence of steps joins them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DifferentGroups {
    /// Where the path was to start.
    pub from: Code,
    /// Where it was to end.
    pub to: Code,
}

impl fmt::Display for DifferentGroups {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (from_class, to_class) = (self.from.layout().class(), self.to.layout().class());
        if from_class == to_class {
            write!(
                f,
                "{} and {} are in different groups of class {from_class}: \
                 no sequence of steps joins them",
                self.from, self.to
            )
        } else {
            write!(
                f,
                "{} (class {from_class}) and {} (class {to_class}) are in different groups: \
                 no sequence of steps joins them, since steps never change the class",
                self.from, self.to
            )
        }
    }
}

impl std::error::Error for DifferentGroups {}

/// The moves between consecutive layouts of `route` (one fewer than its
/// layouts), or the first pair that is not one step apart.
pub fn moves_along(route: &[Code]) -> Result<Vec<Move>, NotAStep> {
    route
        .windows(2)
        .map(|pair| {
            Move::between(&pair[0].layout(), &pair[1].layout()).ok_or(NotAStep {
                from: pair[0],
                to: pair[1],
            })
        })
        .collect()
}

/// Two consecutive layouts of a route that are not one step apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotAStep {
    /// The earlier layout.
    pub from: Code,
    /// The next one.
    pub to: Code,
}

impl fmt::Display for NotAStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} and {} are not one step apart", self.from, self.to)
    }
}

impl std::error::Error for NotAStep {}

/// The breadth-first layers from one layout (the original project's "layer
/// model"): layer `k` holds the layouts `k` steps away. Each layout links to
/// its neighbours in the layer before and the layer after; the others are in
/// its own layer.
pub struct Layers {
    distance: Vec<u32>,
    /// Nodes by layer, ascending inside each layer.
    nodes: Vec<u32>,
    /// Where each layer starts in `nodes`, and one past the end.
    starts: Vec<usize>,
}

impl Layers {
    /// The layers of `graph` from node `start`.
    pub fn search(graph: &GroupGraph, start: u32) -> Layers {
        let distance = distances(graph, &[start]);
        let mut nodes: Vec<u32> = (0..graph.n_nodes() as u32)
            .filter(|&node| distance[node as usize] != UNREACHED)
            .collect();
        nodes.sort_unstable_by_key(|&node| (distance[node as usize], node));
        let n_layers = nodes.last().map_or(0, |&node| distance[node as usize] + 1);
        let starts = (0..=n_layers)
            .map(|layer| nodes.partition_point(|&node| distance[node as usize] < layer))
            .collect();
        Layers {
            distance,
            nodes,
            starts,
        }
    }

    /// Number of layers: the start's farthest step plus one.
    pub fn n_layers(&self) -> u32 {
        (self.starts.len() - 1) as u32
    }

    /// The nodes `k` steps from the start, ascending.
    pub fn layer(&self, k: u32) -> &[u32] {
        &self.nodes[self.starts[k as usize]..self.starts[k as usize + 1]]
    }

    /// How many nodes each layer holds, from layer 0 (the start alone).
    pub fn sizes(&self) -> Vec<u32> {
        self.starts
            .windows(2)
            .map(|pair| (pair[1] - pair[0]) as u32)
            .collect()
    }

    /// The layer of `node`, or `None` when the start does not reach it.
    pub fn layer_of(&self, node: u32) -> Option<u32> {
        Some(self.distance[node as usize]).filter(|&d| d != UNREACHED)
    }

    /// The neighbours of `node` one layer nearer to the start, ascending.
    pub fn nearer(&self, graph: &GroupGraph, node: u32) -> Vec<u32> {
        self.neighbours_in(graph, node, |d, layer| d + 1 == layer)
    }

    /// The neighbours of `node` one layer farther from the start, ascending.
    pub fn farther(&self, graph: &GroupGraph, node: u32) -> Vec<u32> {
        self.neighbours_in(graph, node, |d, layer| d == layer + 1)
    }

    fn neighbours_in(
        &self,
        graph: &GroupGraph,
        node: u32,
        keep: impl Fn(u32, u32) -> bool,
    ) -> Vec<u32> {
        let layer = self.distance[node as usize];
        let mut out: Vec<u32> = graph
            .neighbours(node)
            .iter()
            .copied()
            .filter(|&next| keep(self.distance[next as usize], layer))
            .collect();
        out.sort_unstable();
        out
    }
}

/// One minimum solution from `start`, walked down stored distances with no
/// search: the `steps + 1` layouts from `start` (whose `min_solution_step`
/// is `steps`) to a solved layout, each one step from the next.
///
/// `min_step_of` gives a layout's stored `min_solution_step`, or `None` when
/// it is unknown. At each step the neighbours are tried in ascending code
/// order and the first one a step nearer is taken, as [`min_solution`]
/// chooses, so most steps look up only a few neighbours (4FEA13400: about
/// 350 lookups for 138 steps); solved layouts, 0 steps away by definition,
/// are never looked up. When the stored numbers are not consistent (a layout
/// at `d > 0` with no neighbour at `d - 1`), the walk stops with [`Stuck`].
pub fn solution_walk<E: From<Stuck>>(
    start: Code,
    steps: u32,
    min_step_of: impl FnMut(Code) -> Result<Option<i32>, E>,
) -> Result<Vec<Code>, E> {
    solution_walk_in(start, steps, Metric::Step, min_step_of)
}

/// One minimum solution in moves of `metric`, walked down the stored
/// fewest moves of that metric (`min_step_of`), as [`solution_walk`].
pub fn solution_walk_in<E: From<Stuck>>(
    start: Code,
    steps: u32,
    metric: Metric,
    mut min_step_of: impl FnMut(Code) -> Result<Option<i32>, E>,
) -> Result<Vec<Code>, E> {
    let mut path = Vec::with_capacity(steps as usize + 1);
    path.push(start);
    let mut current = start;
    let mut neighbours = Vec::new();
    for remaining in (0..steps).rev() {
        neighbours.clear();
        current
            .layout()
            .for_each_move_in(metric, |next| neighbours.push(next.code()));
        neighbours.sort_unstable();
        let mut next = None;
        for &candidate in &neighbours {
            let found = match (remaining, candidate.is_solved()) {
                (0, solved) => solved,
                (_, true) => false,
                (_, false) => min_step_of(candidate)? == Some(remaining as i32),
            };
            if found {
                next = Some(candidate);
                break;
            }
        }
        current = next.ok_or(Stuck {
            at: current,
            remaining: remaining + 1,
        })?;
        path.push(current);
    }
    if !current.is_solved() {
        return Err(Stuck {
            at: current,
            remaining: 0,
        }
        .into());
    }
    Ok(path)
}

/// The stored numbers do not describe a solution: no neighbour of `at` is a
/// step nearer to a solved layout, or `at` should be solved and is not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stuck {
    /// Where the walk stopped.
    pub at: Code,
    /// Its stored `min_solution_step`.
    pub remaining: u32,
}

impl fmt::Display for Stuck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.remaining == 0 {
            write!(f, "{} has min_solution_step 0 but is not solved", self.at)
        } else {
            write!(
                f,
                "{} has min_solution_step {} but no neighbour has {}",
                self.at,
                self.remaining,
                self.remaining - 1
            )
        }
    }
}

impl std::error::Error for Stuck {}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(text: &str) -> Code {
        text.parse().unwrap()
    }

    #[test]
    fn a_path_to_itself_is_one_layout() {
        let start = code("0C0000000");
        let graph = GroupGraph::build(group_of(start));
        let node = graph.node(start).unwrap();
        assert_eq!(shortest_path(&graph, node, node), Some(vec![node]));
        assert_eq!(path_between(start, start), Ok(vec![start]));
    }

    #[test]
    fn moves_along_a_route_lead_to_its_layouts() {
        let route = solve(code("1A9BF0C00")).unwrap();
        let moves = moves_along(&route).unwrap();
        assert_eq!(moves.len(), route.len() - 1);
        let reached: Vec<Code> = moves.iter().map(|step| step.after().code()).collect();
        assert_eq!(reached, route[1..]);
        assert_eq!(moves_along(&route[..1]), Ok(Vec::new()));
        // A jump: the first pair that is not a step is named.
        let jumped = [route[0], route[1], route[3], route[4]];
        let error = moves_along(&jumped).unwrap_err();
        assert_eq!((error.from, error.to), (route[1], route[3]));
        assert_eq!(
            error.to_string(),
            format!("{} and {} are not one step apart", route[1], route[3])
        );
    }

    #[test]
    fn different_groups_are_named() {
        let error = path_between(code("000000000"), code("0C0000000")).unwrap_err();
        assert!(error.to_string().contains("class 0-0-0"), "{error}");
        assert!(error.to_string().contains("class 0-1-0"), "{error}");
    }

    #[test]
    fn a_solved_layout_is_its_own_solution() {
        let solved = code("DAAF4CC00");
        assert_eq!(solve(solved), Some(vec![solved]));
    }
}
