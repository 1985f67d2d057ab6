//! The fast analyser: bit-parallel searches spread over cores.

use std::collections::VecDeque;

use rayon::prelude::*;

use super::bit_bfs::{BitBfs, Visitor};
use super::lanes::{Lanes, SlicedCounters, WIDTH};
use super::{GroupGraph, LayoutAnalysis};

/// Analyses every layout of a group; entry `i` is node `i`'s analysis.
pub fn analyse_group(graph: &GroupGraph) -> Vec<LayoutAnalysis> {
    with_solutions(graph, farthest_numbers(graph))
}

/// `(farthest_step, farthest_num)` of every node: searches from one node per
/// orbit of the symmetries that keep the group, copied over the orbit.
fn farthest_numbers(graph: &GroupGraph) -> Vec<(u32, u32)> {
    let representative = orbit_representatives(graph);
    let wanted: Vec<bool> = representative
        .iter()
        .enumerate()
        .map(|(node, &rep)| rep == node as u32)
        .collect();
    let mut numbers = vec![(0, 0); graph.n_nodes()];
    for (node, step, num) in farthest(graph, &wanted) {
        numbers[node as usize] = (step, num);
    }
    for (node, &rep) in representative.iter().enumerate() {
        numbers[node] = numbers[rep as usize];
    }
    numbers
}

/// Completes the farthest numbers with the solution numbers of every node.
pub(crate) fn with_solutions(graph: &GroupGraph, farthest: Vec<(u32, u32)>) -> Vec<LayoutAnalysis> {
    farthest
        .into_iter()
        .zip(solutions(graph))
        .map(|((farthest_step, farthest_num), nearest)| LayoutAnalysis {
            farthest_step,
            farthest_num,
            min_solution_step: nearest.step,
            min_solution_num: nearest.n_nearest,
            solution_num: nearest.n_solutions,
        })
        .collect()
}

/// For each node, the smallest node of its orbit under the symmetries that
/// keep it in the group: the left-right and top-bottom mirrors and the
/// 180-degree rotation. They map steps to steps, so the farthest numbers are
/// equal over an orbit (the solution numbers are not: the exit is at the bottom).
fn orbit_representatives(graph: &GroupGraph) -> Vec<u32> {
    (0..graph.n_nodes() as u32)
        .into_par_iter()
        .map(|node| {
            let layout = graph.code(node).layout();
            let left_right = layout.mirror_left_right();
            [
                left_right,
                layout.mirror_top_bottom(),
                left_right.mirror_top_bottom(),
            ]
            .iter()
            .filter_map(|image| graph.node(image.code()))
            .fold(node, u32::min)
        })
        .collect()
}

/// `(node, farthest_step, farthest_num)` for every `wanted` node. Sources go
/// in batches of nearby nodes (see [`ball_batches`]).
fn farthest(graph: &GroupGraph, wanted: &[bool]) -> Vec<(u32, u32, u32)> {
    let batches = ball_batches(graph, wanted);
    batches
        .par_iter()
        .map_init(
            || BitBfs::new(graph, false),
            |bfs, batch| {
                let mut visitor = FarthestVisitor {
                    step: vec![0; batch.len()],
                    num: vec![0; batch.len()],
                    counters: SlicedCounters::new(),
                    reached: Lanes::EMPTY,
                };
                bfs.run(batch, &mut visitor);
                (0..batch.len())
                    .map(|i| (batch[i], visitor.step[i], visitor.num[i]))
                    .collect::<Vec<_>>()
            },
        )
        .flatten()
        .collect()
}

/// Counts, per source, the arrivals of each level; the last level with any
/// arrival is the source's farthest step.
struct FarthestVisitor {
    step: Vec<u32>,
    num: Vec<u32>,
    counters: SlicedCounters,
    reached: Lanes,
}

impl Visitor for FarthestVisitor {
    fn arrive(&mut self, _level: u32, _node: u32, sources: &Lanes, _blocked: &Lanes) {
        self.counters.add(sources);
        self.reached |= sources;
    }

    fn level_done(&mut self, level: u32) {
        for source in self.reached.indexes() {
            self.step[source] = level;
            self.num[source] = self.counters.get(source);
        }
        self.counters.clear();
        self.reached = Lanes::EMPTY;
    }
}

/// A node's view of the solved layouts.
#[derive(Clone, Copy)]
struct Nearest {
    /// Least distance to a solved layout, -1 for none.
    step: i32,
    /// Solved layouts at that distance.
    n_nearest: u32,
    /// Solved layouts that are solutions.
    n_solutions: u32,
}

impl Nearest {
    const NONE: Nearest = Nearest {
        step: -1,
        n_nearest: 0,
        n_solutions: 0,
    };

    fn merge(&mut self, other: &Nearest) {
        if other.step >= 0 && (self.step < 0 || other.step < self.step) {
            self.step = other.step;
            self.n_nearest = other.n_nearest;
        } else if other.step >= 0 && other.step == self.step {
            self.n_nearest += other.n_nearest;
        }
        self.n_solutions += other.n_solutions;
    }
}

/// The solution numbers of every node, from searches started at the solved
/// nodes only: distances are symmetric, and a solved S is a solution of A
/// exactly when A is not blocked in the search from S (and A is S or not
/// solved).
fn solutions(graph: &GroupGraph) -> Vec<Nearest> {
    let solved = graph.solved_nodes();
    let n = graph.n_nodes();
    solved
        .par_chunks(WIDTH)
        .fold(
            || (BitBfs::new(graph, true), vec![Nearest::NONE; n]),
            |(mut bfs, mut nearest), batch| {
                bfs.run(
                    batch,
                    &mut SolutionVisitor {
                        graph,
                        nearest: &mut nearest,
                    },
                );
                (bfs, nearest)
            },
        )
        .map(|(_, nearest)| nearest)
        .reduce(
            || vec![Nearest::NONE; n],
            |mut a, b| {
                for (a, b) in a.iter_mut().zip(&b) {
                    a.merge(b);
                }
                a
            },
        )
}

/// Folds each arrival into the node's nearest-solution numbers.
struct SolutionVisitor<'a> {
    graph: &'a GroupGraph,
    nearest: &'a mut [Nearest],
}

impl Visitor for SolutionVisitor<'_> {
    fn arrive(&mut self, level: u32, node: u32, sources: &Lanes, blocked: &Lanes) {
        // A solved node counts only its own search, which reaches it at level 0.
        let n_solutions = match (self.graph.is_solved(node), level) {
            (true, 0) => 1,
            (true, _) => 0,
            (false, _) => sources.and_not(blocked).count(),
        };
        let arrival = Nearest {
            step: level as i32,
            n_nearest: sources.count(),
            n_solutions,
        };
        self.nearest[node as usize].merge(&arrival);
    }
}

/// Splits the wanted nodes into batches of up to 512 that are balls: the first
/// unassigned wanted nodes a breadth-first search from a seed meets. A node at
/// distance d from a ball's centre is reached by the ball's sources only at
/// levels d - r ..= d + r (r the ball's radius), so it sits in few frontiers;
/// batches of scattered sources keep every node busy for most levels.
/// Seeds come in breadth-first order from node 0, so each ball grows from
/// the edge of the region already assigned.
fn ball_batches(graph: &GroupGraph, wanted: &[bool]) -> Vec<Vec<u32>> {
    let n = graph.n_nodes();
    let mut assigned: Vec<bool> = wanted.iter().map(|&wanted| !wanted).collect();
    let mut visited_in = vec![usize::MAX; n];
    let mut batches: Vec<Vec<u32>> = Vec::with_capacity(n.div_ceil(WIDTH));
    let mut queue = VecDeque::new();
    for seed in breadth_first_order(graph) {
        if assigned[seed as usize] {
            continue;
        }
        let stamp = batches.len();
        let mut batch = Vec::with_capacity(WIDTH);
        queue.clear();
        queue.push_back(seed);
        visited_in[seed as usize] = stamp;
        while let Some(node) = queue.pop_front() {
            if !std::mem::replace(&mut assigned[node as usize], true) {
                batch.push(node);
                if batch.len() == WIDTH {
                    break;
                }
            }
            for &next in graph.neighbours(node) {
                if std::mem::replace(&mut visited_in[next as usize], stamp) != stamp {
                    queue.push_back(next);
                }
            }
        }
        batches.push(batch);
    }
    batches
}

/// All nodes in breadth-first order from node 0 (a group is connected).
fn breadth_first_order(graph: &GroupGraph) -> Vec<u32> {
    let mut seen = vec![false; graph.n_nodes()];
    let mut order = Vec::with_capacity(graph.n_nodes());
    let mut queue = VecDeque::from([0u32]);
    seen[0] = true;
    while let Some(node) = queue.pop_front() {
        order.push(node);
        for &next in graph.neighbours(node) {
            if !std::mem::replace(&mut seen[next as usize], true) {
                queue.push_back(next);
            }
        }
    }
    assert_eq!(order.len(), graph.n_nodes(), "a group is connected");
    order
}
