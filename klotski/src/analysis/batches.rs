//! Source batches for the bit-parallel searches, and running them over
//! worker threads.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use rayon::prelude::*;

use super::bit_bfs::{BitBfs, Tracking};
use super::lanes::{LaneSet, NarrowLanes, WIDTH};
use super::node_set::NodeSet;
use super::GroupGraph;

/// Searches from every batch, each worker thread reusing one search state
/// (large: allocating one per batch costs more than some searches) and
/// folding its batches into its own accumulator; returns the accumulators
/// (at least one).
pub(crate) fn search_batches<B: Sync, A: Send>(
    graph: &GroupGraph,
    batches: &[B],
    tracking: Tracking,
    init: impl Fn() -> A + Sync,
    search: impl Fn(&mut BitBfs, &B, &mut A) + Sync,
) -> Vec<A> {
    let per_worker = share_out(
        batches,
        || (BitBfs::new(graph, tracking), init()),
        |(bfs, accumulator), batch| search(bfs, batch, accumulator),
    );
    accumulators(per_worker, init)
}

/// [`search_batches`] over the [`Balls`] of the `wanted` nodes, each made
/// when a worker asks for its next batch.
pub(crate) fn search_balls<A: Send>(
    graph: &GroupGraph,
    wanted: &NodeSet,
    width: usize,
    tracking: Tracking,
    init: impl Fn() -> A + Sync,
    search: impl Fn(&mut BitBfs, &[u32], &mut A) + Sync,
) -> Vec<A> {
    let balls = Mutex::new(Balls::new(graph, wanted, width));
    let take = || balls.lock().expect("no ball panics").next();
    let per_worker = share_taken(
        usize::MAX,
        take,
        || (BitBfs::new(graph, tracking), init()),
        |(bfs, accumulator), batch| search(bfs, &batch, accumulator),
    );
    accumulators(per_worker, init)
}

/// The workers' accumulators, or one made by `init` when no worker ran.
fn accumulators<A>(per_worker: Vec<(BitBfs<'_>, A)>, init: impl Fn() -> A) -> Vec<A> {
    let mut accumulators: Vec<A> = per_worker
        .into_iter()
        .map(|(_, accumulator)| accumulator)
        .collect();
    if accumulators.is_empty() {
        accumulators.push(init());
    }
    accumulators
}

/// Hands the `jobs` out over the worker threads, each of which makes its
/// state with `new_worker` and runs its jobs with `run`; returns the states
/// of the workers that ran some.
///
/// Workers take the next job not yet taken, so one that starts late (its
/// thread busy elsewhere, as when the solution searches run beside a
/// sparse group's plan) or draws cheap jobs does not leave work behind;
/// a worker that finds no job left makes no state.
pub(crate) fn share_out<J: Sync, W: Send>(
    jobs: &[J],
    new_worker: impl Fn() -> W + Sync,
    run: impl Fn(&mut W, &J) + Sync,
) -> Vec<W> {
    let next = AtomicUsize::new(0);
    let take = || jobs.get(next.fetch_add(1, Ordering::Relaxed));
    share_taken(jobs.len(), take, new_worker, run)
}

/// [`share_out`] for jobs that `take` makes as they are asked for, until it
/// returns `None`, over at most `max_workers` workers.
fn share_taken<J, W: Send>(
    max_workers: usize,
    take: impl Fn() -> Option<J> + Sync,
    new_worker: impl Fn() -> W + Sync,
    run: impl Fn(&mut W, J) + Sync,
) -> Vec<W> {
    let workers = rayon::current_num_threads().clamp(1, max_workers.max(1));
    (0..workers)
        .into_par_iter()
        .filter_map(|_| {
            let first = take()?;
            let mut worker = new_worker();
            run(&mut worker, first);
            while let Some(job) = take() {
                run(&mut worker, job);
            }
            Some(worker)
        })
        .collect()
}

/// Merges per-worker results node by node into the first.
pub(crate) fn merge_all<T>(per_worker: Vec<Vec<T>>, merge: impl Fn(&mut T, &T)) -> Vec<T> {
    let mut workers = per_worker.into_iter();
    let mut merged = workers.next().unwrap_or_default();
    for other in workers {
        for (a, b) in merged.iter_mut().zip(&other) {
            merge(a, b);
        }
    }
    merged
}

/// The number of sources per batch of searches from `n_sources` sources:
/// 1024, or when they are few, as many 128-lane searches as there are
/// threads. Searches from few sources are those of sparse groups, whose
/// state fits in the cache when it is narrow, and a single search would
/// leave the other threads idle.
pub(crate) fn batch_width(n_sources: usize) -> usize {
    let threads = rayon::current_num_threads();
    if n_sources > NarrowLanes::WIDTH * threads {
        return WIDTH;
    }
    n_sources.div_ceil(threads).max(1)
}

/// The wanted nodes in batches of up to `width` that are balls, made one at
/// a time as they are asked for: the first unassigned wanted nodes a
/// breadth-first search from a seed meets. A node at distance d from a
/// ball's centre is reached by the ball's sources only at levels d - r ..=
/// d + r (r the ball's radius), so it sits in few frontiers; batches of
/// scattered sources keep every node busy for most levels. Seeds come in
/// breadth-first order from node 0, so each ball grows from the edge of the
/// region already assigned.
///
/// Made as the searches ask for them ([`search_balls`]), the balls cost no
/// time of their own: made all at once before the first search, they kept
/// one thread busy while the other waited (docs/journal/analysis.md, "Ball
/// batches made as the workers ask").
pub(crate) struct Balls<'g> {
    graph: &'g GroupGraph,
    width: usize,
    /// Per node: not wanted, or in a ball made.
    assigned: Vec<bool>,
    /// Wanted nodes in no ball yet.
    n_left: usize,
    /// The breadth-first search from node 0 that gives the seeds, only as
    /// far as the balls have needed: its queue and the nodes it has met.
    seeds: VecDeque<u32>,
    seeds_met: NodeSet,
    /// Per node, the number of the last ball whose search met it.
    met_by: Vec<u32>,
    n_made: u32,
    queue: VecDeque<u32>,
}

impl<'g> Balls<'g> {
    pub(crate) fn new(graph: &'g GroupGraph, wanted: &NodeSet, width: usize) -> Balls<'g> {
        assert!(width > 0, "a ball holds a node at least");
        let n = graph.n_nodes();
        let mut seeds_met = NodeSet::new(n);
        let mut seeds = VecDeque::new();
        if n > 0 {
            seeds.push_back(0);
            seeds_met.insert(0);
        }
        Balls {
            graph,
            width,
            assigned: (0..n as u32).map(|node| !wanted.contains(node)).collect(),
            n_left: wanted.count(),
            seeds,
            seeds_met,
            met_by: vec![u32::MAX; n],
            n_made: 0,
            queue: VecDeque::new(),
        }
    }

    /// The next unassigned node in breadth-first order from node 0.
    fn next_seed(&mut self) -> Option<u32> {
        while let Some(node) = self.seeds.pop_front() {
            for &next in self.graph.neighbours(node) {
                if !self.seeds_met.contains(next) {
                    self.seeds_met.insert(next);
                    self.seeds.push_back(next);
                }
            }
            if !self.assigned[node as usize] {
                return Some(node);
            }
        }
        None
    }
}

impl Iterator for Balls<'_> {
    type Item = Vec<u32>;

    fn next(&mut self) -> Option<Vec<u32>> {
        if self.n_left == 0 {
            return None;
        }
        let seed = self.next_seed().expect("a group is connected");
        let stamp = self.n_made;
        self.n_made += 1;
        let mut batch = Vec::with_capacity(self.width.min(self.n_left));
        self.queue.clear();
        self.queue.push_back(seed);
        self.met_by[seed as usize] = stamp;
        while let Some(node) = self.queue.pop_front() {
            if !std::mem::replace(&mut self.assigned[node as usize], true) {
                batch.push(node);
                if batch.len() == self.width {
                    break;
                }
            }
            for &next in self.graph.neighbours(node) {
                if std::mem::replace(&mut self.met_by[next as usize], stamp) != stamp {
                    self.queue.push_back(next);
                }
            }
        }
        self.n_left -= batch.len();
        Some(batch)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The nodes in breadth-first order from `start`, by a queue of its own.
    fn breadth_first(graph: &GroupGraph, start: u32) -> Vec<u32> {
        let mut met = vec![false; graph.n_nodes()];
        let mut order = vec![start];
        met[start as usize] = true;
        let mut head = 0;
        while head < order.len() {
            let node = order[head];
            head += 1;
            for &next in graph.neighbours(node) {
                if !std::mem::replace(&mut met[next as usize], true) {
                    order.push(next);
                }
            }
        }
        order
    }

    #[test]
    fn balls_are_the_first_wanted_nodes_met_from_seeds_in_breadth_first_order() {
        let graph = GroupGraph::build(crate::group_of("1A9BF0C00".parse().unwrap()));
        let n = graph.n_nodes() as u32;
        let wanted = NodeSet::from_fn(n as usize, |node| node % 3 != 1);
        let width = 100;
        let balls: Vec<Vec<u32>> = Balls::new(&graph, &wanted, width).collect();

        let from_zero = breadth_first(&graph, 0);
        let mut assigned: Vec<bool> = (0..n).map(|node| !wanted.contains(node)).collect();
        for (i, ball) in balls.iter().enumerate() {
            let seed = *from_zero
                .iter()
                .find(|&&node| !assigned[node as usize])
                .expect("a wanted node is left for every ball");
            let expected: Vec<u32> = breadth_first(&graph, seed)
                .into_iter()
                .filter(|&node| !assigned[node as usize])
                .take(width)
                .collect();
            assert_eq!(ball, &expected, "ball {i}");
            if i + 1 < balls.len() {
                assert_eq!(ball.len(), width, "ball {i}");
            }
            for &node in ball {
                assigned[node as usize] = true;
            }
        }
        assert!(
            assigned.iter().all(|&assigned| assigned),
            "every wanted node in a ball"
        );
        assert_eq!(
            balls.iter().map(Vec::len).sum::<usize>(),
            wanted.count(),
            "no node twice"
        );
    }

    #[test]
    fn no_wanted_node_makes_no_ball() {
        let graph = GroupGraph::build(crate::group_of("1A9BF0C00".parse().unwrap()));
        let none = NodeSet::new(graph.n_nodes());
        assert_eq!(Balls::new(&graph, &none, 1024).count(), 0);
    }
}
