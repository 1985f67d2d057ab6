//! The reference analyser: one plain breadth-first search per layout, straight
//! from the spec's definitions.

use std::collections::VecDeque;

use super::{GroupGraph, LayoutAnalysis};
use crate::cancel;
use crate::code::Code;

/// Everything one search from a layout finds: its numbers and the layouts
/// behind them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayoutReport {
    /// The five numbers.
    pub analysis: LayoutAnalysis,
    /// The farthest layouts, ascending.
    pub farthest: Vec<Code>,
    /// The nearest solved layouts, ascending.
    pub min_solutions: Vec<Code>,
}

/// Analyses one layout of a group by a breadth-first search from it.
pub fn analyse_layout(graph: &GroupGraph, start: u32) -> LayoutReport {
    let Search {
        distance,
        blocked,
        order,
    } = search(graph, start);
    let farthest_step = distance[*order.last().expect("the start is reached") as usize];
    let farthest = codes_where(graph, &order, |node| {
        distance[node as usize] == farthest_step
    });
    let solved: Vec<u32> = order
        .iter()
        .copied()
        .filter(|&node| graph.is_solved(node))
        .collect();
    let min_solution_step = solved
        .first()
        .map_or(-1, |&node| distance[node as usize] as i32);
    let min_solutions = codes_where(graph, &solved, |node| {
        distance[node as usize] as i32 == min_solution_step
    });
    let solution_num = solved
        .iter()
        .filter(|&&node| !blocked[node as usize])
        .count() as u32;
    LayoutReport {
        analysis: LayoutAnalysis {
            farthest_step,
            farthest_num: farthest.len() as u32,
            min_solution_step,
            min_solution_num: min_solutions.len() as u32,
            solution_num,
        },
        farthest,
        min_solutions,
    }
}

fn codes_where(graph: &GroupGraph, nodes: &[u32], keep: impl Fn(u32) -> bool) -> Vec<Code> {
    let mut codes: Vec<Code> = nodes
        .iter()
        .copied()
        .filter(|&node| keep(node))
        .map(|node| graph.code(node))
        .collect();
    codes.sort_unstable();
    codes
}

/// A layout's solutions (the solved layouts that `solution_num` counts)
/// with their distances from it, by distance, then code: the list the
/// original's `-integral` commands wrote.
pub fn solutions(graph: &GroupGraph, start: u32) -> Vec<(u32, Code)> {
    let Search {
        distance,
        blocked,
        order,
    } = search(graph, start);
    let mut solutions: Vec<(u32, Code)> = order
        .into_iter()
        .filter(|&node| graph.is_solved(node) && !blocked[node as usize])
        .map(|node| (distance[node as usize], graph.code(node)))
        .collect();
    solutions.sort_unstable();
    solutions
}

/// What one breadth-first search from a layout leaves: every node's
/// distance and blocked flag, and the nodes in the order reached.
struct Search {
    distance: Vec<u32>,
    blocked: Vec<bool>,
    order: Vec<u32>,
}

fn search(graph: &GroupGraph, start: u32) -> Search {
    let n = graph.n_nodes();
    let mut distance = vec![u32::MAX; n];
    // A layout is blocked when some neighbour one layer closer to the start is
    // solved or blocked (the start counts as a layer-0 solved layout if solved).
    let mut blocked = vec![false; n];
    let mut order = Vec::with_capacity(n);
    let mut queue = VecDeque::from([start]);
    distance[start as usize] = 0;
    while let Some(node) = queue.pop_front() {
        cancel::checkpoint_every(order.len());
        order.push(node);
        let passes_block = graph.is_solved(node) || blocked[node as usize];
        for &next in graph.neighbours(node) {
            let next_distance = distance[node as usize] + 1;
            if distance[next as usize] == u32::MAX {
                distance[next as usize] = next_distance;
                queue.push_back(next);
            }
            if distance[next as usize] == next_distance && passes_block {
                blocked[next as usize] = true;
            }
        }
    }
    Search {
        distance,
        blocked,
        order,
    }
}
