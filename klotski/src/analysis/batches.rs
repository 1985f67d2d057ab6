//! Source batches for the bit-parallel searches, and running them over
//! worker threads.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;

use super::bfs::breadth_first_order;
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
    let mut per_worker: Vec<A> = share_out(
        batches,
        || (BitBfs::new(graph, tracking), init()),
        |(bfs, accumulator), batch| search(bfs, batch, accumulator),
    )
    .into_iter()
    .map(|(_, accumulator)| accumulator)
    .collect();
    if per_worker.is_empty() {
        per_worker.push(init());
    }
    per_worker
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
    let workers = rayon::current_num_threads().clamp(1, jobs.len().max(1));
    let next = AtomicUsize::new(0);
    let take = || jobs.get(next.fetch_add(1, Ordering::Relaxed));
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

/// Splits the wanted nodes into batches of up to `width` that are balls: the first
/// unassigned wanted nodes a breadth-first search from a seed meets. A node at
/// distance d from a ball's centre is reached by the ball's sources only at
/// levels d - r ..= d + r (r the ball's radius), so it sits in few frontiers;
/// batches of scattered sources keep every node busy for most levels.
/// Seeds come in breadth-first order from node 0, so each ball grows from
/// the edge of the region already assigned.
pub(crate) fn ball_batches(graph: &GroupGraph, wanted: &NodeSet, width: usize) -> Vec<Vec<u32>> {
    // No order of the whole graph for nothing (the hubs' last rounds
    // often want no source).
    if wanted.count() == 0 {
        return Vec::new();
    }
    let n = graph.n_nodes();
    let mut assigned: Vec<bool> = (0..n as u32).map(|node| !wanted.contains(node)).collect();
    let mut visited_in = vec![usize::MAX; n];
    let mut batches: Vec<Vec<u32>> = Vec::with_capacity(n.div_ceil(width));
    let mut queue = VecDeque::new();
    for seed in breadth_first_order(graph) {
        if assigned[seed as usize] {
            continue;
        }
        let stamp = batches.len();
        let mut batch = Vec::with_capacity(width);
        queue.clear();
        queue.push_back(seed);
        visited_in[seed as usize] = stamp;
        while let Some(node) = queue.pop_front() {
            if !std::mem::replace(&mut assigned[node as usize], true) {
                batch.push(node);
                if batch.len() == width {
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
