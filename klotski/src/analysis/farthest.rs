//! Farthest numbers: for every layout, how far the farthest layouts of its
//! group are and how many there are.

use std::collections::VecDeque;

use rayon::prelude::*;

use super::batches::{ball_batches, merge_all, search_batches};
use super::bit_bfs::{Tracking, Visitor};
use super::lanes::{Lanes, SlicedCounters, WIDTH};
use super::symmetry::Symmetry;
use super::GroupGraph;

/// How a group's farthest numbers are found.
pub(crate) enum Plan {
    /// Searches from these nodes, a superset of the layouts farthest from
    /// some layout, give every node's numbers ([`farthest_from`]).
    FromCandidates(Vec<bool>),
    /// Elimination failed: each orbit's representative needs its own
    /// search ([`farthest_of_each`]).
    EachOrbit {
        /// Entry `v`: node v's orbit's representative.
        representative: Vec<u32>,
        /// Entry `v`: at most node v's farthest step.
        lower_bounds: Vec<u32>,
    },
}

/// Chooses the searches that give every node's `(farthest_step,
/// farthest_num)` exactly.
///
/// Let F be the layouts that are farthest from some layout: in these graphs
/// a tiny set (24 of the 25,955 layouts of the group of `1A9BF0C00`). If a
/// set C contains F, searches from C alone give every node's eccentricity (a
/// farthest node of it is in C) and its farthest count (all of them are).
/// C is found by elimination: with lower bounds L(v) <= ecc(v), a pivot w
/// and its distances d(w, .), any u with d(u, w) < slack(w) = min over v of
/// (L(v) - d(w, v)) has, for every v, d(u, v) <= d(u, w) + d(w, v) < L(v) <=
/// ecc(v): u is farthest from nobody. On that group this leaves 40 candidates
/// and cuts the farthest pass from 26 batches of 1024 sources to 1.
pub(crate) fn plan(graph: &GroupGraph) -> Plan {
    let n = graph.n_nodes();
    if n <= WIDTH {
        return Plan::FromCandidates(vec![true; n]);
    }
    // Bounds from a few sweeps (each from the node with the largest bound so
    // far), then from the 1024 most peripheral nodes they reveal: farthest
    // layouts lie on the periphery, so most bounds become exact.
    let mut lower_bounds = vec![0u32; n];
    let mut sweep_from = 0u32;
    for _ in 0..SWEEPS {
        raise_bounds(&mut lower_bounds, &distances_from(graph, sweep_from));
        sweep_from = (0..n as u32)
            .max_by_key(|&node| (lower_bounds[node as usize], std::cmp::Reverse(node)))
            .unwrap_or(0);
    }
    let mut by_bound: Vec<u32> = (0..n as u32).collect();
    by_bound.sort_by_key(|&node| (std::cmp::Reverse(lower_bounds[node as usize]), node));
    let mut peripheral = vec![false; n];
    for &node in by_bound.iter().take(WIDTH) {
        peripheral[node as usize] = true;
    }
    let peripheral_bounds: Vec<u32> = farthest_from(graph, &peripheral)
        .into_iter()
        .map(|(step, _)| step)
        .collect();
    raise_bounds(&mut lower_bounds, &peripheral_bounds);
    let candidates = farthest_candidates(graph, &lower_bounds);
    // Where elimination fails (dense groups of small diameter, where nearly
    // every layout is farthest from some other), searching from one layout
    // per symmetry orbit is cheaper.
    let representative = orbit_representatives(graph);
    let n_representatives = representative
        .iter()
        .enumerate()
        .filter(|&(node, &rep)| rep == node as u32)
        .count();
    if candidates.iter().filter(|&&candidate| candidate).count() <= n_representatives {
        Plan::FromCandidates(candidates)
    } else {
        Plan::EachOrbit {
            representative,
            lower_bounds,
        }
    }
}

/// Most pivots tried per group. A pivot costs one plain search, a small
/// fraction of a 1024-source pass.
const MAX_PIVOTS: usize = 256;

/// Pivots in a row that rule nothing out before the search for more stops.
const MAX_USELESS_PIVOTS: usize = 8;

/// Nodes that may be farthest from some node (see [`plan`]).
/// Pivots are taken greedily: the most central node not yet ruled out.
fn farthest_candidates(graph: &GroupGraph, lower_bounds: &[u32]) -> Vec<bool> {
    let n = graph.n_nodes();
    let mut by_centrality: Vec<u32> = (0..n as u32).collect();
    by_centrality.sort_by_key(|&node| (lower_bounds[node as usize], node));
    let mut bounds = lower_bounds.to_vec();
    let mut candidate = vec![true; n];
    let (mut n_pivots, mut n_useless) = (0, 0);
    for &pivot in &by_centrality {
        if n_pivots == MAX_PIVOTS || n_useless == MAX_USELESS_PIVOTS {
            break;
        }
        if !candidate[pivot as usize] {
            continue;
        }
        n_pivots += 1;
        let distances = distances_from(graph, pivot);
        // The pivot's distances are lower bounds too; with them, bound >= d.
        raise_bounds(&mut bounds, &distances);
        let slack = bounds
            .iter()
            .zip(&distances)
            .map(|(&bound, &d)| bound - d)
            .min()
            .unwrap_or(0);
        let mut n_ruled_out = 0;
        for (candidate, &d) in candidate.iter_mut().zip(&distances) {
            if d < slack && std::mem::replace(candidate, false) {
                n_ruled_out += 1;
            }
        }
        n_useless = if n_ruled_out == 0 { n_useless + 1 } else { 0 };
    }
    candidate
}

/// Plain searches that seed the lower bounds.
const SWEEPS: usize = 4;

/// Raises each node's bound to a distance known to be at most its eccentricity.
fn raise_bounds(bounds: &mut [u32], distances: &[u32]) {
    for (bound, &d) in bounds.iter_mut().zip(distances) {
        *bound = (*bound).max(d);
    }
}

/// Single-source distances from `start` to every node.
fn distances_from(graph: &GroupGraph, start: u32) -> Vec<u32> {
    let mut distance = vec![u32::MAX; graph.n_nodes()];
    let mut queue = VecDeque::from([start]);
    distance[start as usize] = 0;
    while let Some(node) = queue.pop_front() {
        for &next in graph.neighbours(node) {
            if distance[next as usize] == u32::MAX {
                distance[next as usize] = distance[node as usize] + 1;
                queue.push_back(next);
            }
        }
    }
    distance
}

/// For every node v: the largest distance from v to a `wanted` node, and how
/// many wanted nodes are that far (distances are symmetric, so searches from
/// the wanted nodes find them).
pub(crate) fn farthest_from(graph: &GroupGraph, wanted: &[bool]) -> Vec<(u32, u32)> {
    let n = graph.n_nodes();
    let per_worker = search_batches(
        graph,
        &ball_batches(graph, wanted),
        Tracking::Arrivals,
        || vec![(0, 0); n],
        |bfs, batch, farthest| bfs.run(batch, &mut FarthestOfAll { farthest }),
    );
    merge_all(per_worker, |a, b| *a = merge_farthest(*a, *b))
}

/// The farther of two `(distance, count)` pairs, counts added on a tie.
fn merge_farthest(a: (u32, u32), b: (u32, u32)) -> (u32, u32) {
    match a.0.cmp(&b.0) {
        std::cmp::Ordering::Greater => a,
        std::cmp::Ordering::Less => b,
        std::cmp::Ordering::Equal => (a.0, a.1 + b.1),
    }
}

/// Keeps, per node, the last level at which sources arrived and how many did.
struct FarthestOfAll<'a> {
    farthest: &'a mut [(u32, u32)],
}

impl Visitor for FarthestOfAll<'_> {
    fn arrive(&mut self, level: u32, node: u32, sources: &Lanes, _blocked: &Lanes) {
        let entry = &mut self.farthest[node as usize];
        *entry = merge_farthest(*entry, (level, sources.count()));
    }
}

/// For each node, the representative of its orbit under the symmetries that
/// keep it in the group: the left-right and top-bottom mirrors and the
/// 180-degree rotation. They map steps to steps, so the farthest numbers are
/// equal over an orbit (the solution numbers are not: the exit is at the
/// bottom). The representative is the smallest solved node of the orbit, if
/// any, else its smallest node: only the left-right mirror keeps a layout
/// solved, so the solved representatives are exactly the solution sources
/// (one per left-right pair), whose searches can serve both passes.
fn orbit_representatives(graph: &GroupGraph) -> Vec<u32> {
    let key = |node: u32| (!graph.is_solved(node), node);
    (0..graph.n_nodes() as u32)
        .into_par_iter()
        .map(|node| {
            Symmetry::ALL
                .iter()
                .filter_map(|symmetry| symmetry.image_node(graph, node))
                .fold(node, |best, image| {
                    std::cmp::min_by_key(best, image, |&n| key(n))
                })
        })
        .collect()
}

/// `(node, farthest_step, farthest_num)` of every `wanted` node, from its own
/// search, given lower bounds of the farthest steps. Sources go in batches of
/// nearby nodes (see [`ball_batches`]).
pub(crate) fn farthest_of_each(
    graph: &GroupGraph,
    wanted: &[bool],
    lower_bounds: &[u32],
) -> Vec<(u32, u32, u32)> {
    let per_worker = search_batches(
        graph,
        &ball_batches(graph, wanted),
        Tracking::Arrivals,
        Vec::new,
        |bfs, batch, found: &mut Vec<(u32, u32, u32)>| {
            let mut visitor = FarthestOfEach::new(batch, lower_bounds);
            bfs.run(batch, &mut visitor);
            found.extend(visitor.of_sources(batch));
        },
    );
    per_worker.concat()
}

/// Counts, per source, the arrivals of each level; the last level with any
/// arrival is the source's farthest step. Levels below every source's lower
/// bound cannot be the last and go uncounted (in dense groups the bounds are
/// mostly exact, so only the last level or two are counted).
pub(crate) struct FarthestOfEach {
    step: Vec<u32>,
    num: Vec<u32>,
    counters: SlicedCounters,
    reached: Lanes,
    count_from: u32,
}

impl FarthestOfEach {
    /// A visitor for a search from `batch`, given lower bounds of every
    /// node's farthest step.
    pub(crate) fn new(batch: &[u32], lower_bounds: &[u32]) -> FarthestOfEach {
        let count_from = batch
            .iter()
            .map(|&source| lower_bounds[source as usize])
            .min()
            .unwrap_or(0);
        FarthestOfEach {
            step: vec![0; batch.len()],
            num: vec![0; batch.len()],
            counters: SlicedCounters::new(),
            reached: Lanes::EMPTY,
            count_from,
        }
    }

    /// After the search from `batch` has run to its end: `(source,
    /// farthest_step, farthest_num)` of each source.
    pub(crate) fn of_sources<'a>(
        &'a self,
        batch: &'a [u32],
    ) -> impl Iterator<Item = (u32, u32, u32)> + 'a {
        (0..batch.len()).map(|i| (batch[i], self.step[i], self.num[i]))
    }
}

impl Visitor for FarthestOfEach {
    fn arrive(&mut self, level: u32, _node: u32, sources: &Lanes, _blocked: &Lanes) {
        if level < self.count_from {
            return;
        }
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
