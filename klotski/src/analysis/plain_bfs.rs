//! Plain (single-source) breadth-first search over a group graph: the
//! sweeps and pivots of a plan and the first sweep that decides a group's
//! shape.
//!
//! The reference analyser keeps its own search on purpose: it is the
//! independent check of everything here.

use super::GroupGraph;
use crate::cancel;

/// Distances from `start` to every node.
///
/// Branch-free in the inner loop: every neighbour is written to the queue's
/// tail, which moves on only for a node not seen before, and its distance is
/// the least of the old one and this level's. Whether a neighbour was seen
/// is a coin toss to the branch predictor; without the branch a search took
/// about half the time (measured on a sparse group, side by side).
pub(crate) fn distances_from(graph: &GroupGraph, start: u32) -> Vec<u32> {
    let n = graph.n_nodes();
    let mut distances = vec![u32::MAX; n];
    // One slot more than nodes: a seen neighbour is written past the tail.
    let mut queue = vec![0u32; n + 1];
    queue[0] = start;
    distances[start as usize] = 0;
    let (mut head, mut tail) = (0, 1);
    while head < tail {
        cancel::checkpoint_every(head);
        let node = queue[head];
        head += 1;
        let next_distance = distances[node as usize] + 1;
        for &next in graph.neighbours(node) {
            let old = distances[next as usize];
            queue[tail] = next;
            tail += usize::from(old == u32::MAX);
            distances[next as usize] = old.min(next_distance);
        }
    }
    assert_eq!(tail, n, "a group is connected");
    distances
}

/// The nodes at the largest of the `distances`: farthest from their search.
pub(crate) fn farthest_nodes(distances: &[u32]) -> Vec<u32> {
    let farthest_step = distances.iter().copied().max().unwrap_or(0);
    (0..distances.len() as u32)
        .filter(|&node| distances[node as usize] == farthest_step)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_distances_agree_with_the_reference() {
        let graph = GroupGraph::build(crate::group_of("1A9BF0C00".parse().unwrap()));
        for start in [0, 4_321, 24_153, graph.n_nodes() as u32 - 1] {
            let distances = &distances_from(&graph, start);
            let farthest = farthest_nodes(distances);
            let min_solution_step = (0..graph.n_nodes() as u32)
                .filter(|&node| graph.is_solved(node))
                .map(|node| distances[node as usize] as i32)
                .min();
            let reference = crate::analysis::reference::analyse_layout(&graph, start);
            let farthest_codes: Vec<_> = farthest.iter().map(|&node| graph.code(node)).collect();
            assert_eq!(farthest_codes, reference.farthest);
            assert_eq!(
                distances[farthest[0] as usize],
                reference.analysis.farthest_step
            );
            assert_eq!(
                min_solution_step,
                Some(reference.analysis.min_solution_step)
            );
        }
    }
}
