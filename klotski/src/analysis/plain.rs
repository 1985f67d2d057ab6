//! The plain (single-source) searches of a group's farthest plan: the
//! sweeps, which give lower bounds on eccentricity, and in sparse groups the
//! pivots, which rule out layouts (see [`farthest::plan`] for the argument).
//!
//! A sparse group is a web of long corridors (a ball of 1024 layouts has a
//! radius of [`SPARSE_RADIUS`] or more), and few of its layouts are farthest
//! from another (24 of the 25,955 layouts of the group of `1A9BF0C00`).
//! There a bit-parallel search gains little: its sources are scattered, so a
//! node hears from them at about as many levels as there are sources, and a
//! plain search costs about what one lane of a batch does. So a sparse
//! group's plain searches are kept as farthest searches: the sweeps start
//! at the ends of the corridors and find most of the farthest layouts, and
//! the pivots are chosen to rule out the layouts left, mostly by *ascent*
//! ([`PlainSearches::ascent`]): the most peripheral layout not yet ruled
//! out is covered by the ball expected to hold it with the most room. Every
//! search counts for its whole symmetry orbit: the bounds are raised at
//! every image, the ball a pivot rules out is ruled out around every image,
//! and the orbit's other members are neither searched again nor counted
//! twice.
//!
//! [`farthest::plan`]: super::farthest::plan

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard};

use rayon::prelude::*;

use super::farthest::{merge_farthest, Plan};
use super::lanes::WIDTH;
use super::symmetry::Orbits;
use super::GroupGraph;

/// Groups where a ball of 1024 nodes has at least this radius are sparse.
const SPARSE_RADIUS: usize = 8;

/// Sweeps from the node with the largest bound so far; all the sweeps of a
/// dense group.
const DOUBLE_SWEEPS: usize = 4;

/// Most sweeps per sparse group. Sweeps run one after another, pivots side
/// by side, and the pivots by ascent do what later sweeps did: on the group
/// of `1A9BF0C00` a plan with 16 took 55-58 searches, and the group's
/// median time was 30% less than with 32 (measured side by side).
const MAX_SWEEPS: usize = 16;

/// Pivots taken from the most central nodes before the ascents: their
/// balls are the largest where slacks are small everywhere (without them
/// the group of `000557C00` took 20% longer, measured side by side).
const OPENING_PIVOTS: usize = 4;

/// Pivots in a row that are useless (their ball holds no orbit besides
/// their own that was a candidate when they were taken) before the search
/// for more stops: the orbits left are searched in bit-parallel batches.
const MAX_USELESS_PIVOTS: usize = 8;

/// The first plain search of a group's plan, from node 0: it tells whether
/// the group is sparse.
pub(crate) struct FirstSweep {
    distances: Vec<u32>,
    /// The radius of the smallest ball around node 0 holding 1024 nodes.
    radius: usize,
}

impl FirstSweep {
    pub(crate) fn of(graph: &GroupGraph) -> FirstSweep {
        let distances = distances_from(graph, 0);
        let radius = ball_radius(&distances);
        FirstSweep { distances, radius }
    }

    /// Whether the group is sparse: long corridors, where a ball of 1024
    /// nodes has a radius of [`SPARSE_RADIUS`] or more. Few of its layouts
    /// can be farthest from another.
    pub(crate) fn is_sparse(&self) -> bool {
        self.radius >= SPARSE_RADIUS
    }
}

/// The radius of the smallest ball around the start of `distances` holding
/// 1024 nodes (one more than the depth when the group is smaller).
fn ball_radius(distances: &[u32]) -> usize {
    let mut per_level = vec![0usize; 1 + *distances.iter().max().unwrap_or(&0) as usize];
    for &d in distances {
        per_level[d as usize] += 1;
    }
    let mut within = 0;
    per_level
        .iter()
        .position(|&count| {
            within += count;
            within >= WIDTH
        })
        .unwrap_or(per_level.len())
}

/// Lower bounds on every node's eccentricity, the same over each orbit, from
/// [`DOUBLE_SWEEPS`] sweeps, the first of them `first`: all the plain
/// searches of a dense group, where a batch of 1024 sources is a ball of
/// small radius r and costs about 2r + 1 plain searches.
pub(crate) fn sweep_bounds(graph: &GroupGraph, orbits: &Orbits, first: FirstSweep) -> Vec<u32> {
    let state = Mutex::new(PlanState::new(graph, orbits));
    sweep(&state, first, DOUBLE_SWEEPS);
    into_inner(state).searches.bounds
}

/// The plan of a sparse group, whose first sweep is `first`.
///
/// The sweeps come first: 2r + 1 of them (at most [`MAX_SWEEPS`]), r the
/// radius of a ball of 1024 nodes around node 0, about what one batch costs
/// in plain searches. The first few start at the node with the largest
/// bound so far, which finds the ends of the group; the later ones at the
/// node farthest from every search so far and its images, which spreads
/// them over the periphery, where the farthest layouts lie. On the group of
/// `1A9BF0C00` they make all but 4 of the 25,955 bounds exact. Meanwhile the
/// thread that finished the solution searches searches the layouts known to
/// be farthest from a search so far ([`search_known_farthest`]). Then the
/// pivots ([`Pivots`]), taken by whichever thread is free: the
/// [`OPENING_PIVOTS`] most central nodes, then one ascent per candidate
/// left, most peripheral first, until [`MAX_USELESS_PIVOTS`] in a row are
/// useless ([`PlainSearches::add`]), then the most central nodes not yet
/// searched or ruled out, until as many in a row are useless again. The
/// plan's sources are the orbits left, one node each.
pub(crate) fn sparse_plan<R: Send>(
    graph: &GroupGraph,
    orbits: &Orbits,
    first: FirstSweep,
    beside: impl FnOnce() -> R + Send,
) -> (Plan, R) {
    let n_sweeps = (2 * first.radius + 1).min(MAX_SWEEPS);
    let state = Mutex::new(PlanState::new(graph, orbits));
    let sweeping = AtomicBool::new(true);
    let ((), beside) = rayon::join(
        || {
            sweep(&state, first, n_sweeps);
            sweeping.store(false, Ordering::Relaxed);
            // Whichever thread is free takes the next pivot: the other one
            // once `beside` and the known farthest layouts are done.
            (0..rayon::current_num_threads())
                .into_par_iter()
                .for_each(|_| {
                    loop {
                        // The lock is released before the search.
                        let next = lock(&state).take_pivot();
                        let Some(pivot) = next else { break };
                        let distances = distances_from(graph, pivot.taken.source);
                        lock(&state).add_pivot(pivot, &distances);
                    }
                });
        },
        || {
            let beside = beside();
            search_known_farthest(&state, &sweeping);
            beside
        },
    );
    (into_inner(state).searches.into_plan(), beside)
}

/// Runs `n_sweeps` sweeps, the first of them `first`, into `state`. The
/// first [`DOUBLE_SWEEPS`] start at the node with the largest bound so far;
/// the later ones at the node farthest from every search so far. Every
/// start is a candidate: no node is searched twice.
fn sweep(state: &Mutex<PlanState>, first: FirstSweep, n_sweeps: usize) {
    let graph = lock(state).searches.graph;
    // A start is taken when chosen, so that no other search takes it.
    let mut next = (lock(state).searches.take(0), first.distances);
    for done in 1.. {
        let farthest = farthest_nodes(&next.1);
        let mut state = lock(state);
        let searches = &mut state.searches;
        searches.add(next.0, &next.1);
        searches.note_farthest(&farthest);
        if done == n_sweeps {
            return;
        }
        let Some(start) = searches.next_sweep(done >= DOUBLE_SWEEPS) else {
            return;
        };
        let taken = searches.take(start);
        drop(state);
        next = (taken, distances_from(graph, start));
    }
}

/// While the sweeps run, searches the candidates known to be farthest from
/// a search so far (a sweep's farthest layouts, for one), until there are
/// none or the sweeps are done. They are farthest from somebody, so they
/// are searched in any plan: here the core the sweeps leave free searches
/// them, where the pivots would later. Their balls are empty (a farthest
/// layout has no slack), so unlike pivots chosen early (whose balls, drawn
/// by bounds still rising, swallow nodes the final bounds would make
/// better pivots) they rule out nothing, and they make bounds exact
/// sooner. On the group of `1A9BF0C00` they take 5 or 6 of the
/// pivots' searches off the time after the sweeps.
fn search_known_farthest(state: &Mutex<PlanState>, sweeping: &AtomicBool) {
    let graph = lock(state).searches.graph;
    loop {
        let next = {
            let searches = &mut lock(state).searches;
            if !sweeping.load(Ordering::Relaxed) {
                return;
            }
            match searches.known_farthest() {
                Some(source) => searches.take(source),
                None => return,
            }
        };
        let distances = distances_from(graph, next.source);
        let farthest = farthest_nodes(&distances);
        let searches = &mut lock(state).searches;
        searches.add(next, &distances);
        searches.note_farthest(&farthest);
    }
}

/// The nodes at the largest of the `distances`: farthest from their search.
fn farthest_nodes(distances: &[u32]) -> Vec<u32> {
    let farthest_step = distances.iter().copied().max().unwrap_or(0);
    (0..distances.len() as u32)
        .filter(|&node| distances[node as usize] == farthest_step)
        .collect()
}

/// Locks state that no panicking search leaves behind.
fn lock<T>(state: &Mutex<T>) -> MutexGuard<'_, T> {
    state.lock().expect("no plain search panics")
}

/// The state behind a lock no panicking search leaves behind.
fn into_inner<T>(state: Mutex<T>) -> T {
    state.into_inner().expect("no plain search panics")
}

/// A plan's plain searches and, once the sweeps are done, how its pivots
/// are chosen, taken by whichever thread is free.
struct PlanState<'a> {
    searches: PlainSearches<'a>,
    /// How the next pivot is chosen.
    pivots: Pivots,
    /// The pivots running now.
    running: Vec<Pivot>,
    /// How many pivots in a row were useless.
    n_useless: usize,
}

/// A pivot taken to be searched, and the candidate it was chosen to rule
/// out, if any (pivots by ascent have one).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Pivot {
    taken: Taken,
    target: Option<u32>,
}

/// How a plan chooses its pivots: a few of the most central nodes, then
/// by ascent, then by centrality again once [`MAX_USELESS_PIVOTS`] ascents
/// in a row were useless.
enum Pivots {
    /// Before the sweeps end: no pivots yet.
    NotYet,
    /// The first pivots: the most central nodes, whose balls are the
    /// largest, and how many more to take.
    Opening(std::vec::IntoIter<u32>, usize),
    /// For the most peripheral candidate, the node whose ball is expected
    /// to hold it with the most room ([`PlainSearches::ascent`]).
    Ascent,
    /// The nodes not yet considered as pivots, most central first.
    Centrality(std::vec::IntoIter<u32>),
}

impl<'a> PlanState<'a> {
    /// No searches yet, and no pivots.
    fn new(graph: &'a GroupGraph, orbits: &'a Orbits) -> PlanState<'a> {
        PlanState {
            searches: PlainSearches::new(graph, orbits),
            pivots: Pivots::NotYet,
            running: Vec::new(),
            n_useless: 0,
        }
    }

    /// The next pivot, its orbit taken, or `None` when the pivots stop.
    fn take_pivot(&mut self) -> Option<Pivot> {
        let searches = &mut self.searches;
        let running = &mut self.running;
        let pivot = loop {
            match &mut self.pivots {
                Pivots::NotYet => {
                    self.pivots = Pivots::Opening(searches.by_centrality(), OPENING_PIVOTS);
                }
                Pivots::Opening(_, 0) => self.pivots = Pivots::Ascent,
                Pivots::Opening(by_centrality, left) => {
                    *left -= 1;
                    break searches.central_pivot(by_centrality)?;
                }
                Pivots::Ascent if self.n_useless >= MAX_USELESS_PIVOTS => {
                    self.pivots = Pivots::Centrality(searches.by_centrality());
                    self.n_useless = 0;
                }
                Pivots::Ascent => {
                    let target = searches
                        .most_peripheral(|node| running.iter().all(|r| r.target != Some(node)))?;
                    let ascent = searches.ascent(target);
                    let source = searches.pivot_of(target, ascent, |node| {
                        running.iter().all(|r| r.taken.source != node)
                    });
                    break Pivot {
                        taken: searches.take(source),
                        target: Some(target),
                    };
                }
                Pivots::Centrality(_) if self.n_useless >= MAX_USELESS_PIVOTS => return None,
                Pivots::Centrality(by_centrality) => {
                    break searches.central_pivot(by_centrality)?
                }
            }
        };
        running.push(pivot);
        Some(pivot)
    }

    /// Adds the search from a pivot [`PlanState::take_pivot`] gave.
    fn add_pivot(&mut self, pivot: Pivot, distances: &[u32]) {
        let useful = self.searches.add(pivot.taken, distances);
        self.n_useless = if useful { 0 } else { self.n_useless + 1 };
        self.running.retain(|&running| running != pivot);
    }
}

/// A plan's plain searches so far.
struct PlainSearches<'a> {
    graph: &'a GroupGraph,
    orbits: &'a Orbits,
    /// Per node, a lower bound on its eccentricity, the same over each orbit.
    bounds: Vec<u32>,
    /// Per node, the least distance to a searched node or one of its images.
    nearest: Vec<u32>,
    /// Per node v, U(v), the slack a search from v is expected to have at
    /// most: the least, over the searches so far (from w, images included),
    /// of ecc(w) - d(w, v) and slack(w) + d(w, v). Against any lower bounds
    /// L on eccentricity, the slack of v is at most
    /// L(w) - d(v, w) <= ecc(w) - d(w, v). Slack is 1-Lipschitz, as
    /// L(u) - d(v, u) <= L(u) - d(w, u) + d(w, v), so against w's bounds it
    /// is at most slack(w) + d(w, v) (bounds rise later, so that term is an
    /// estimate). Each term is 1-Lipschitz in v, so U is too. It only steers
    /// the choice of pivots.
    upper_slack: Vec<u32>,
    /// Per node, the records of the searches (as
    /// [`super::farthest::farthest_records`] makes them), one source per
    /// orbit.
    records: Vec<(u32, u32)>,
    /// Per node, when its orbit stopped being a candidate (was taken to be
    /// searched or was ruled out): how many searches had been taken by then.
    /// [`CANDIDATE`] while it is one.
    removed_at: Vec<u32>,
    /// How many searches have been taken.
    n_taken: u32,
    /// The nodes farthest from some sweep or known-farthest search, and
    /// their images (pivots, searched once the sweeps are done, add none).
    farthest: Vec<u32>,
}

/// A node's `removed_at` while its orbit is neither searched nor ruled out.
const CANDIDATE: u32 = u32::MAX;

/// A search taken to be run.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Taken {
    source: u32,
    /// How many searches were taken before it.
    at: u32,
    /// Whether its orbit was a candidate, so that its search is recorded
    /// (no orbit is recorded twice).
    record: bool,
}

impl<'a> PlainSearches<'a> {
    /// No searches yet.
    fn new(graph: &'a GroupGraph, orbits: &'a Orbits) -> PlainSearches<'a> {
        let n = graph.n_nodes();
        PlainSearches {
            graph,
            orbits,
            bounds: vec![0; n],
            nearest: vec![u32::MAX; n],
            upper_slack: vec![u32::MAX; n],
            records: vec![(0, 0); n],
            removed_at: vec![CANDIDATE; n],
            n_taken: 0,
            farthest: Vec::new(),
        }
    }

    /// Whether `node`'s orbit is neither searched nor ruled out.
    fn is_candidate(&self, node: u32) -> bool {
        self.removed_at[node as usize] == CANDIDATE
    }

    /// Takes `source`'s orbit out of the candidates, to be searched.
    fn take(&mut self, source: u32) -> Taken {
        let taken = Taken {
            source,
            at: self.n_taken,
            record: self.is_candidate(source),
        };
        self.n_taken += 1;
        if taken.record {
            for image in self.orbits.images_of(source) {
                self.removed_at[image as usize] = taken.at;
            }
        }
        taken
    }

    /// Adds the search `taken`, whose distances are `distances`: raises the
    /// bounds, records the search if it is the first from its orbit, lowers
    /// the expected slacks U, and rules out the ball its slack allows around
    /// each image.
    ///
    /// Returns whether the ball held an orbit besides its own that was a
    /// candidate when the search was taken: what the search would have
    /// ruled out had it run at once, whatever searches running beside it
    /// ruled out first. Without that, a pivot running beside another whose
    /// ball covers its own counts as useless, and the pivots can stop early
    /// (one run in 120 of the group of `1A9BF0C00` on two threads left 186
    /// sources).
    fn add(&mut self, taken: Taken, distances: &[u32]) -> bool {
        let Taken { source, record, at } = taken;
        // Symmetries are their own inverses: the search from the image g(w)
        // finds at node v what the search from w finds at g(v).
        raise_and_lower(&mut self.bounds, &mut self.nearest, distances);
        for image in self.orbits.image_maps() {
            let at_images = image.iter().map(|&image| distances[image as usize]);
            raise_and_lower(&mut self.bounds, &mut self.nearest, at_images);
        }
        if record {
            let weight = self.orbits.orbit_size(source);
            for (record, &d) in self.records.iter_mut().zip(distances) {
                *record = merge_farthest(*record, (d, weight));
            }
        }
        // The bounds are at least the distances now: the slack is >= 0.
        let slack = self
            .bounds
            .iter()
            .zip(distances)
            .map(|(&bound, &d)| bound - d)
            .min()
            .unwrap_or(0);
        let eccentricity = distances.iter().copied().max().unwrap_or(0);
        let expected = (eccentricity, slack);
        lower_upper_slack(&mut self.upper_slack, expected, distances);
        for image in self.orbits.image_maps() {
            let at_images = image.iter().map(|&image| distances[image as usize]);
            lower_upper_slack(&mut self.upper_slack, expected, at_images);
        }
        let mut useful = false;
        for (node, &d) in distances.iter().enumerate() {
            if d < slack && self.removed_at[node] > at {
                useful = true;
                if self.removed_at[node] == CANDIDATE {
                    for image in self.orbits.images_of(node as u32) {
                        self.removed_at[image as usize] = self.n_taken;
                    }
                }
            }
        }
        useful
    }

    /// The next sweep's start among the candidates: the node with the
    /// largest bound, or when `spread`, the node farthest from every search
    /// so far (largest bound among those); `None` when there is none.
    fn next_sweep(&self, spread: bool) -> Option<u32> {
        // The key (nearest, bound, smaller node first), packed into one word
        // so that the search for the largest vectorises: fields of 21 bits
        // hold any distance and node of a group (under a million layouts).
        const FIELD: u32 = (1 << 21) - 1;
        // The top bit, set for a candidate, puts every candidate first.
        let key = |(node, ((&bound, &nearest), &removed_at)): (usize, ((&u32, &u32), &u32))| {
            let nearest = if spread { nearest.min(FIELD) } else { 0 };
            (u64::from(removed_at == CANDIDATE) << 63)
                | (u64::from(nearest) << 42)
                | (u64::from(bound) << 21)
                | u64::from(FIELD - node as u32)
        };
        let best = (self.bounds.iter().zip(&self.nearest).zip(&self.removed_at))
            .enumerate()
            .map(key)
            .max()
            .filter(|&best| best >> 63 == 1)?;
        Some(FIELD - (best as u32 & FIELD))
    }

    /// The candidate with the largest bound that `allowed` lets through
    /// (smallest first on a tie), if any.
    fn most_peripheral(&self, allowed: impl Fn(u32) -> bool) -> Option<u32> {
        (0..self.bounds.len() as u32)
            .filter(|&node| self.is_candidate(node) && allowed(node))
            .max_by_key(|&node| (self.bounds[node as usize], std::cmp::Reverse(node)))
    }

    /// The nodes reached from `target` by steps that each raise the expected
    /// slack U ([`Self::upper_slack`]) by one, `target` first;
    /// only `target` when it is known to be farthest from some search (U
    /// is 0 there).
    ///
    /// A node w's ball holds `target` when d(w, target) < slack(w) <= U(w).
    /// U is 1-Lipschitz, so U(w) - d(w, target) <= U(target): the most room
    /// is at the nodes where equality holds, which are those of the ascent.
    fn ascent(&self, target: u32) -> Vec<u32> {
        let upper = &self.upper_slack;
        let mut reached = vec![target];
        if upper[target as usize] == 0 {
            return reached;
        }
        let mut seen = vec![false; upper.len()];
        seen[target as usize] = true;
        let mut next = 0;
        while let Some(&node) = reached.get(next) {
            next += 1;
            for &neighbour in self.graph.neighbours(node) {
                if upper[neighbour as usize] == upper[node as usize] + 1
                    && !std::mem::replace(&mut seen[neighbour as usize], true)
                {
                    reached.push(neighbour);
                }
            }
        }
        reached
    }

    /// The pivot to rule out `target`, from its `ascent`: the node with the
    /// largest U, which makes the largest ball if the bound is close, among
    /// those not yet searched that `allowed` lets through (else `target`).
    /// When the bound is not close, the search lowers U around the pivot,
    /// and the next ascent ends elsewhere.
    fn pivot_of(&self, target: u32, ascent: Vec<u32>, allowed: impl Fn(u32) -> bool) -> u32 {
        ascent
            .into_iter()
            .filter(|&node| node == target || self.nearest[node as usize] > 0 && allowed(node))
            .max_by_key(|&node| (self.upper_slack[node as usize], std::cmp::Reverse(node)))
            .unwrap_or(target)
    }

    /// The next candidate of `by_centrality`, taken as a pivot, if any.
    fn central_pivot(&mut self, by_centrality: &mut std::vec::IntoIter<u32>) -> Option<Pivot> {
        let source = by_centrality.find(|&node| self.is_candidate(node))?;
        Some(Pivot {
            taken: self.take(source),
            target: None,
        })
    }

    /// Every node, most central (smallest bound) first.
    fn by_centrality(&self) -> std::vec::IntoIter<u32> {
        let bounds = &self.bounds;
        let mut by_centrality: Vec<u32> = (0..bounds.len() as u32).collect();
        by_centrality.sort_by_key(|&node| (bounds[node as usize], node));
        by_centrality.into_iter()
    }

    /// Notes the nodes farthest from a search (of its source; their images
    /// are farthest from the source's images), for [`Self::known_farthest`].
    fn note_farthest(&mut self, nodes: &[u32]) {
        for &node in nodes {
            self.farthest.extend(self.orbits.images_of(node));
        }
    }

    /// The candidate known to be farthest from a search so far that is
    /// farthest from every search (smallest first on a tie), if any.
    fn known_farthest(&self) -> Option<u32> {
        self.farthest
            .iter()
            .copied()
            .filter(|&node| self.is_candidate(node))
            .max_by_key(|&node| (self.nearest[node as usize], std::cmp::Reverse(node)))
    }

    /// The plan: the searches' records and bounds, and one source per orbit
    /// of the candidates left, its smallest node.
    fn into_plan(self) -> Plan {
        let sources = (0..self.graph.n_nodes() as u32)
            .map(|node| {
                self.is_candidate(node) && self.orbits.images_of(node).all(|image| node <= image)
            })
            .collect();
        Plan {
            sources,
            bounds: self.bounds,
            searched: self.records,
        }
    }
}

/// Raises every node's bound to its distance, and lowers its nearest
/// distance to it.
fn raise_and_lower(
    bounds: &mut [u32],
    nearest: &mut [u32],
    distances: impl IntoIterator<Item = impl std::borrow::Borrow<u32>>,
) {
    for ((bound, nearest), d) in bounds.iter_mut().zip(nearest).zip(distances) {
        let d = *d.borrow();
        (*bound, *nearest) = ((*bound).max(d), (*nearest).min(d));
    }
}

/// Lowers every node's expected slack U to what a search with this
/// `(eccentricity, slack)` and these `distances` allows
/// ([`PlainSearches::upper_slack`]).
fn lower_upper_slack(
    upper_slack: &mut [u32],
    (eccentricity, slack): (u32, u32),
    distances: impl IntoIterator<Item = impl std::borrow::Borrow<u32>>,
) {
    for (upper, d) in upper_slack.iter_mut().zip(distances) {
        let d = *d.borrow();
        *upper = (*upper).min((eccentricity - d).min(slack + d));
    }
}

/// Single-source distances from `start` to every node.
///
/// Branch-free in the inner loop: every neighbour is written to the queue's
/// tail, which moves on only for a node not seen before, and its distance is
/// the least of the old one and this level's. Whether a neighbour was seen
/// is a coin toss to the branch predictor; without the branch a search takes
/// about half the time (0.27 ms against 0.5 ms on the group of `1A9BF0C00`).
pub(crate) fn distances_from(graph: &GroupGraph, start: u32) -> Vec<u32> {
    let n = graph.n_nodes();
    let mut distance = vec![u32::MAX; n];
    // One slot more than nodes: a seen neighbour is written past the tail.
    let mut queue = vec![0u32; n + 1];
    queue[0] = start;
    distance[start as usize] = 0;
    let (mut head, mut tail) = (0, 1);
    while head < tail {
        let node = queue[head];
        head += 1;
        let next_distance = distance[node as usize] + 1;
        for &next in graph.neighbours(node) {
            let old = distance[next as usize];
            queue[tail] = next;
            tail += usize::from(old == u32::MAX);
            distance[next as usize] = old.min(next_distance);
        }
    }
    distance
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::batches::merge_all;
    use crate::analysis::farthest::{count, every_orbit, farthest_records, fold_orbits};

    #[test]
    fn a_sparse_plan_and_its_sources_give_the_numbers_of_searches_from_every_orbit() {
        let graph = GroupGraph::build(crate::group_of("1A9BF0C00".parse().unwrap()));
        let orbits = Orbits::of(&graph);
        let first = FirstSweep::of(&graph);
        assert!(first.is_sparse());
        let (plan, ()) = sparse_plan(&graph, &orbits, first, || ());
        let every = every_orbit(&graph, &orbits);
        let weight = |source| orbits.orbit_size(source);
        let rest = farthest_records(&graph, &plan.sources, weight, None).records;
        let planned = merge_all(vec![plan.searched, rest], |a, b| {
            *a = merge_farthest(*a, *b)
        });
        let every = farthest_records(&graph, &every, weight, None).records;
        assert_eq!(fold_orbits(&orbits, &planned), fold_orbits(&orbits, &every));
    }

    #[test]
    fn a_sparse_plan_leaves_few_sources_however_its_pivots_interleave() {
        // Pivots run beside each other on every thread; the stop rule must
        // not mistake a pivot whose ball another one ruled out first for a
        // useless one. Counting so left about 200 sources in one run in ten
        // on four threads.
        let graph = GroupGraph::build(crate::group_of("1A9BF0C00".parse().unwrap()));
        let orbits = Orbits::of(&graph);
        let n_orbits = count(&every_orbit(&graph, &orbits));
        for n_threads in [2, 3, 4, 4, 4, 4] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(n_threads)
                .build()
                .unwrap();
            let (plan, ()) =
                pool.install(|| sparse_plan(&graph, &orbits, FirstSweep::of(&graph), || ()));
            // The sweeps and pivots rule out or search all but a few orbits.
            assert!(
                count(&plan.sources) * 100 < n_orbits,
                "{} sources left on {n_threads} threads",
                count(&plan.sources)
            );
        }
    }

    /// A plan's state after its first `n_sweeps` sweeps.
    fn swept<'a>(graph: &'a GroupGraph, orbits: &'a Orbits, n_sweeps: usize) -> PlanState<'a> {
        let state = Mutex::new(PlanState::new(graph, orbits));
        sweep(&state, FirstSweep::of(graph), n_sweeps);
        into_inner(state)
    }

    #[test]
    fn sweeps_start_at_candidates_and_known_farthest_layouts_are_farthest() {
        let graph = GroupGraph::build(crate::group_of("1A9BF0C00".parse().unwrap()));
        let orbits = Orbits::of(&graph);
        let mut searches = swept(&graph, &orbits, DOUBLE_SWEEPS).searches;
        // Every sweep searched an orbit not searched before: each was taken
        // as a candidate (and the double sweeps, from farthest layouts, rule
        // out nothing).
        let mut taken_at: Vec<u32> = (0..graph.n_nodes() as u32)
            .filter(|&node| !searches.is_candidate(node))
            .map(|node| searches.removed_at[node as usize])
            .collect();
        taken_at.sort_unstable();
        taken_at.dedup();
        assert_eq!(taken_at, (0..DOUBLE_SWEEPS as u32).collect::<Vec<_>>());
        let next = searches.next_sweep(true).unwrap();
        assert!(searches.is_candidate(next));
        // A known farthest layout is as far from some search as it can be.
        let farthest = searches.known_farthest().unwrap();
        assert!(searches.is_candidate(farthest));
        let taken = searches.take(farthest);
        let distances = distances_from(&graph, farthest);
        let eccentricity = |node: u32| *distances_from(&graph, node).iter().max().unwrap();
        assert!((0..graph.n_nodes() as u32)
            .filter(|&node| !searches.is_candidate(node) && node != farthest)
            .any(|node| distances[node as usize] == eccentricity(node)));
        // It rules out nothing.
        let candidates = (0..graph.n_nodes() as u32)
            .filter(|&node| searches.is_candidate(node))
            .count();
        assert!(!searches.add(taken, &distances));
        assert_eq!(
            (0..graph.n_nodes() as u32)
                .filter(|&node| searches.is_candidate(node))
                .count(),
            candidates
        );
    }

    #[test]
    fn expected_slacks_are_1_lipschitz_and_ascents_end_where_they_have_most_room() {
        let graph = GroupGraph::build(crate::group_of("1A9BF0C00".parse().unwrap()));
        let orbits = Orbits::of(&graph);
        let mut state = swept(&graph, &orbits, MAX_SWEEPS);
        let mut n_ascents = 0;
        while n_ascents < 12 {
            let pivot = state.take_pivot().unwrap();
            n_ascents += usize::from(pivot.target.is_some());
            state.add_pivot(pivot, &distances_from(&graph, pivot.taken.source));
        }
        let searches = &state.searches;
        let upper = &searches.upper_slack;
        for node in 0..graph.n_nodes() as u32 {
            for &neighbour in graph.neighbours(node) {
                assert!(upper[node as usize].abs_diff(upper[neighbour as usize]) <= 1);
            }
        }
        // The ascent from a target is every node w with the most room,
        // U(w) - d(w, target) = U(target), and the pivot is one of them.
        let mut targets = vec![searches.most_peripheral(|_| true).unwrap()];
        targets.extend(
            (0..graph.n_nodes() as u32)
                .filter(|&node| searches.is_candidate(node))
                .step_by(97),
        );
        for target in targets {
            let distances = distances_from(&graph, target);
            let room =
                |node: u32| i64::from(upper[node as usize]) - i64::from(distances[node as usize]);
            let mut ascent = searches.ascent(target);
            assert_eq!(ascent[0], target);
            let pivot = searches.pivot_of(target, ascent.clone(), |_| true);
            assert!(ascent.contains(&pivot));
            if upper[target as usize] == 0 {
                assert_eq!(ascent, [target]);
                continue;
            }
            ascent.sort_unstable();
            let most_room: Vec<u32> = (0..graph.n_nodes() as u32)
                .filter(|&node| room(node) == room(target))
                .collect();
            assert_eq!(ascent, most_room, "target {target}");
        }
    }

    #[test]
    fn plain_distances_agree_with_the_reference() {
        let graph = GroupGraph::build(crate::group_of("1A9BF0C00".parse().unwrap()));
        for start in [0, 4_321, 24_153, graph.n_nodes() as u32 - 1] {
            let distances = distances_from(&graph, start);
            let farthest_step = *distances.iter().max().unwrap();
            let farthest_num = distances.iter().filter(|&&d| d == farthest_step).count();
            let min_solution_step = (0..graph.n_nodes() as u32)
                .filter(|&node| graph.is_solved(node))
                .map(|node| distances[node as usize] as i32)
                .min();
            let reference = crate::analysis::reference::analyse_layout(&graph, start).analysis;
            assert_eq!(farthest_step, reference.farthest_step);
            assert_eq!(farthest_num as u32, reference.farthest_num);
            assert_eq!(min_solution_step, Some(reference.min_solution_step));
        }
    }
}
