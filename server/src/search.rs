//! Searches over a group: a shortest path between two layouts, one
//! minimum-step solution walked down the stored `min_solution_step`, and a
//! cache of group graphs for the searches that need the whole group.
//!
//! Both paths pick, at each step, the neighbour with the smallest code among
//! those one step closer to the goal, so the same request always gets the
//! same answer.

use std::collections::VecDeque;
use std::fmt;
use std::sync::{Arc, Mutex};

use klotski::analysis::GroupGraph;
use klotski::Code;
use schema::GroupKey;

/// One minimum-step solution from `start`, whose `min_solution_step` is
/// `steps`: the `steps + 1` layouts from `start` to a solved layout, each one
/// step from the next.
///
/// `min_step_of` gives a layout's stored `min_solution_step`, or `None` when
/// the layout is unknown. At each step the neighbours are tried in ascending
/// code order and the first one a step closer is taken, so most steps look up
/// only a few neighbours (4FEA13400: 350 lookups for 138 steps); solved
/// layouts, 0 steps away by definition, are never looked up. The stored
/// numbers must be consistent (each layout at distance `d > 0` has a
/// neighbour at `d - 1`); when they are not, the walk stops with [`Stuck`].
pub fn solution_walk<E: From<Stuck>>(
    start: Code,
    steps: u32,
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
            .for_each_step(|next| neighbours.push(next.code()));
        neighbours.sort_unstable();
        let mut next = None;
        for &candidate in &neighbours {
            // A layout is 0 steps from solved exactly when it is solved: the
            // last step needs no lookup, and the others skip solved layouts.
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
/// step closer to a solved layout, or `at` should be solved and is not.
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

/// A shortest path from node `from` to node `to` of `graph`, as codes from
/// `from` to `to`, or `None` when `to` is not reachable (never, in a group).
///
/// A breadth-first search from `to`, stopped as soon as `from` is reached,
/// then a walk from `from` down the distances.
pub fn shortest_path(graph: &GroupGraph, from: u32, to: u32) -> Option<Vec<Code>> {
    let mut distance = vec![u32::MAX; graph.n_nodes()];
    distance[to as usize] = 0;
    let mut queue = VecDeque::from([to]);
    'search: while let Some(node) = queue.pop_front() {
        if node == from {
            break;
        }
        for &next in graph.neighbours(node) {
            if distance[next as usize] == u32::MAX {
                distance[next as usize] = distance[node as usize] + 1;
                if next == from {
                    // Every node nearer to `to` than `from` is labelled by now.
                    break 'search;
                }
                queue.push_back(next);
            }
        }
    }
    let steps = distance[from as usize];
    if steps == u32::MAX {
        return None;
    }
    let mut path = Vec::with_capacity(steps as usize + 1);
    let mut node = from;
    path.push(graph.code(node));
    while node != to {
        // Nodes are numbered in code order: the smallest node is the smallest code.
        node = graph
            .neighbours(node)
            .iter()
            .copied()
            .filter(|&next| distance[next as usize] == distance[node as usize] - 1)
            .min()
            .expect("a labelled node has a neighbour one step nearer");
        path.push(graph.code(node));
    }
    Some(path)
}

/// Group graphs built recently, most recent first, up to a budget of bytes
/// in all (the one just built is kept even alone over budget).
///
/// The largest group (964,656 layouts, 15.5 million directed edges) makes a
/// graph of about 75 MB in about a second (measured: `group_of` 0.76 s,
/// `GroupGraph::build` 0.33 s), so paging through a group's lists or asking
/// for several paths in one group builds it once.
pub(crate) struct GraphCache {
    entries: Mutex<VecDeque<(GroupKey, Arc<GroupGraph>)>>,
    budget_bytes: usize,
}

/// About how many bytes a graph takes: per node a code, an offset, a solved
/// flag and a bucket entry; per directed edge a node number.
pub(crate) fn graph_bytes(graph: &GroupGraph) -> usize {
    graph.n_nodes() * 17 + graph.n_edges() * 4
}

impl GraphCache {
    /// An empty cache holding at most about `budget_bytes` bytes of graphs.
    pub(crate) fn new(budget_bytes: usize) -> GraphCache {
        GraphCache {
            entries: Mutex::new(VecDeque::new()),
            budget_bytes,
        }
    }

    /// The graph of group `key`, of which `member` is a layout: from the
    /// cache, or built from the engine (`group_of`, no database needed).
    pub(crate) fn get_or_build(&self, key: GroupKey, member: Code) -> Arc<GroupGraph> {
        if let Some(graph) = self.take(key) {
            self.put(key, Arc::clone(&graph));
            return graph;
        }
        // Built outside the lock: another request may build the same graph
        // at the same time, which costs time but is otherwise harmless.
        let graph = Arc::new(GroupGraph::build(klotski::group_of(member)));
        self.put(key, Arc::clone(&graph));
        graph
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, VecDeque<(GroupKey, Arc<GroupGraph>)>> {
        self.entries
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn take(&self, key: GroupKey) -> Option<Arc<GroupGraph>> {
        let mut entries = self.lock();
        let position = entries.iter().position(|(k, _)| *k == key)?;
        entries.remove(position).map(|(_, graph)| graph)
    }

    fn put(&self, key: GroupKey, graph: Arc<GroupGraph>) {
        let mut entries = self.lock();
        entries.retain(|(k, _)| *k != key);
        entries.push_front((key, graph));
        let mut total = 0;
        let keep = entries
            .iter()
            .take_while(|(_, graph)| {
                total += graph_bytes(graph);
                total <= self.budget_bytes
            })
            .count()
            .max(1);
        entries.truncate(keep);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(text: &str) -> Code {
        text.parse().unwrap()
    }

    #[test]
    fn cache_keeps_the_newest_within_budget() {
        let key = |group_num| GroupKey {
            jiang: 0,
            bing: 1,
            style: 0,
            group_num,
        };
        // Class 0-1-0 is one group of 192 layouts; keys are made up.
        let member = code("0C0000000");
        let one = graph_bytes(&GroupGraph::build(klotski::group_of(member)));
        let cache = GraphCache::new(2 * one + one / 2);
        let first = cache.get_or_build(key(0), member);
        assert_eq!(first.n_nodes(), 192);
        cache.get_or_build(key(1), member);
        assert!(Arc::ptr_eq(&first, &cache.get_or_build(key(0), member)));
        // A third graph pushes out the least recently used one, key 1.
        cache.get_or_build(key(2), member);
        let keys: Vec<u32> = cache.lock().iter().map(|(k, _)| k.group_num).collect();
        assert_eq!(keys, [2, 0]);
        let small = GraphCache::new(10);
        small.get_or_build(key(0), member);
        assert_eq!(small.lock().len(), 1);
    }

    #[test]
    fn path_to_itself_is_one_layout() {
        let start = code("0C0000000");
        let graph = GroupGraph::build(klotski::group_of(start));
        let node = graph.node(start).unwrap();
        assert_eq!(shortest_path(&graph, node, node), Some(vec![start]));
    }
}
