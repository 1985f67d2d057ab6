//! The plan's state and the one place that absorbs a search's result.

use std::sync::{Mutex, MutexGuard};

use super::candidates::{Candidates, Taken};
use crate::analysis::farthest_searches::Searched;
use crate::analysis::node_set::NodeSet;
use crate::analysis::records::{merge_into, Farthest, SourceSlack};
use crate::analysis::symmetry::Orbits;
use crate::analysis::GroupGraph;

/// What a group's farthest searches know so far: lower bounds on
/// eccentricity, which orbits are still candidate sources, and the records
/// of the searches run. Strategies read it and feed it searches; only
/// [`Plan::absorb_plain`], [`Plan::absorb_batch`] and
/// [`Plan::absorb_served`] change it.
pub(crate) struct Plan<'a> {
    graph: &'a GroupGraph,
    orbits: &'a Orbits,
    /// Per node, a lower bound on its eccentricity, the same over each orbit.
    bounds: Vec<u32>,
    candidates: Candidates,
    /// One node per orbit ([`is_representative`]).
    representatives: NodeSet,
    /// Per node, the records of the searches absorbed, one source per orbit
    /// weighted by its orbit's size.
    records: Vec<Farthest>,
    /// What the plain searches tell besides, which steers the sweeps and
    /// pivots.
    plain: PlainView,
    /// Whether the sweeps still run.
    sweeping: bool,
}

/// What the plain searches of a plan tell besides bounds and records.
struct PlainView {
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
    /// The nodes farthest from some sweep or known-farthest search, and
    /// their images.
    farthest: Vec<u32>,
}

/// What a plan's searches left ([`Plan::into_searched`]).
pub(crate) struct SearchedOrbits {
    /// Per node, the records of the searches, one source per orbit weighted
    /// by its orbit's size.
    pub(crate) records: Vec<Farthest>,
    /// The nodes of the orbits searched.
    pub(crate) searched: NodeSet,
    /// One node per orbit ([`is_representative`]).
    pub(crate) representatives: NodeSet,
}

/// A plan behind a lock, shared by the threads that search for it.
pub(crate) type SharedPlan<'a> = Mutex<Plan<'a>>;

/// Locks a plan that no panicking search leaves behind.
pub(crate) fn lock<'p, 'a>(plan: &'p SharedPlan<'a>) -> MutexGuard<'p, Plan<'a>> {
    plan.lock().expect("no search panics")
}

impl<'a> Plan<'a> {
    /// No searches yet: every orbit a candidate but those `reserved` for the
    /// solution searches, every bound 0.
    pub(crate) fn new(
        graph: &'a GroupGraph,
        orbits: &'a Orbits,
        reserved: Option<&NodeSet>,
        sweeping: bool,
    ) -> Plan<'a> {
        let n = graph.n_nodes();
        Plan {
            graph,
            orbits,
            bounds: vec![0; n],
            candidates: Candidates::new(n, reserved, orbits),
            representatives: NodeSet::from_fn(n, |node| is_representative(graph, orbits, node)),
            records: vec![Farthest::default(); n],
            plain: PlainView {
                nearest: vec![u32::MAX; n],
                upper_slack: vec![u32::MAX; n],
                farthest: Vec::new(),
            },
            sweeping,
        }
    }

    /// The group's graph.
    pub(crate) fn graph(&self) -> &'a GroupGraph {
        self.graph
    }

    /// The group's orbits.
    pub(crate) fn orbits(&self) -> &'a Orbits {
        self.orbits
    }

    /// Per node, a lower bound on its eccentricity, the same over each orbit.
    pub(crate) fn bounds(&self) -> &[u32] {
        &self.bounds
    }

    /// Which orbits are candidates.
    pub(crate) fn candidates(&self) -> &Candidates {
        &self.candidates
    }

    /// Per node, the least distance to a node a plain search started at.
    pub(crate) fn nearest(&self) -> &[u32] {
        &self.plain.nearest
    }

    /// Per node, the expected slack U (see [`PlainView::upper_slack`]).
    pub(crate) fn upper_slack(&self) -> &[u32] {
        &self.plain.upper_slack
    }

    /// The nodes known to be farthest from some search.
    pub(crate) fn known_farthest(&self) -> &[u32] {
        &self.plain.farthest
    }

    /// Whether the sweeps still run.
    pub(crate) fn is_sweeping(&self) -> bool {
        self.sweeping
    }

    /// Notes that the sweeps are done.
    pub(crate) fn end_sweeps(&mut self) {
        self.sweeping = false;
    }

    /// One node per candidate orbit: its smallest solved node if any, else
    /// its smallest node ([`is_representative`]).
    pub(crate) fn sources(&self) -> NodeSet {
        NodeSet::from_fn(self.graph.n_nodes(), |node| {
            self.candidates.is_candidate(node) && self.representatives.contains(node)
        })
    }

    /// Takes `source`'s orbit out of the candidates, to be searched by a
    /// plain search.
    pub(crate) fn take(&mut self, source: u32) -> Taken {
        self.candidates.take(self.orbits, source)
    }

    /// Notes the nodes farthest from a plain search (of its source; their
    /// images are farthest from the source's images).
    pub(crate) fn note_farthest(&mut self, nodes: &[u32]) {
        for &node in nodes {
            self.plain.farthest.extend(self.orbits.images_of(node));
        }
    }

    /// Absorbs the plain search `taken`, whose distances are `distances`:
    /// raises the bounds at every node and image, records the search if it
    /// is the first from its orbit, lowers the expected slacks U, and rules
    /// out the ball its slack allows around each image.
    ///
    /// Returns whether the ball held an orbit besides its own that was a
    /// candidate when the search was taken: what the search would have
    /// ruled out had it run at once, whatever searches running beside it
    /// ruled out first. Without that, a pivot running beside another whose
    /// ball covers its own counts as useless, and the pivots can stop early
    /// (one run in 120 of the group of `1A9BF0C00` on two threads left 186
    /// sources).
    pub(crate) fn absorb_plain(&mut self, taken: Taken, distances: &[u32]) -> bool {
        let Taken { source, record, at } = taken;
        // Symmetries are their own inverses: the search from the image g(w)
        // finds at node v what the search from w finds at g(v).
        let plain = &mut self.plain;
        raise_and_lower(&mut self.bounds, &mut plain.nearest, distances);
        for image in self.orbits.image_maps() {
            let at_images = image.iter().map(|&image| distances[image as usize]);
            raise_and_lower(&mut self.bounds, &mut plain.nearest, at_images);
        }
        if record {
            let count = self.orbits.orbit_size(source);
            for (record, &step) in self.records.iter_mut().zip(distances) {
                *record = record.merge(Farthest { step, count });
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
        lower_upper_slack(&mut plain.upper_slack, expected, distances);
        for image in self.orbits.image_maps() {
            let at_images = image.iter().map(|&image| distances[image as usize]);
            lower_upper_slack(&mut plain.upper_slack, expected, at_images);
        }
        // The ball around the source, read off its distances (as `balls`
        // would find it, without a search), and its images.
        let ball: Vec<u32> = (0..distances.len() as u32)
            .filter(|&node| distances[node as usize] < slack)
            .flat_map(|node| self.orbits.images_of(node))
            .collect();
        self.candidates.rule_out(&ball, at)
    }

    /// Absorbs the bit-parallel searches from `sources` (candidates, one per
    /// orbit, weighted by their orbit's size): takes their orbits, merges
    /// their records, raises the bounds, and rules out the balls their
    /// slacks allow.
    pub(crate) fn absorb_batch(&mut self, sources: &NodeSet, searched: Searched) {
        for source in sources.iter() {
            debug_assert!(self.candidates.is_candidate(source), "source {source}");
            let taken = self.candidates.take(self.orbits, source);
            debug_assert!(taken.record);
        }
        self.absorb_records(&searched.records);
        self.rule_out_balls(&searched.slacks);
    }

    /// Absorbs searches from `sources` (one per orbit, candidates or not),
    /// whose records are `records`: each recorded only if its orbit was not
    /// searched before (see [`super::hubs`]); rules out the balls of the
    /// `slacks` measured (of some of them, or none).
    pub(crate) fn absorb_extra(
        &mut self,
        sources: &NodeSet,
        records: &[Farthest],
        slacks: &[SourceSlack],
    ) {
        for source in sources.iter() {
            self.candidates.take_any(self.orbits, source);
        }
        self.absorb_records(records);
        self.rule_out_balls(slacks);
    }

    /// Rules out the balls the measured `slacks` allow (see [`balls`]).
    fn rule_out_balls(&mut self, slacks: &[SourceSlack]) {
        let ball = balls(self.graph, self.orbits, slacks);
        self.candidates.rule_out(&ball, u32::MAX);
    }

    /// Absorbs what the solution searches served: the searches from the
    /// reserved orbits of `sources`, whose records are `records` (empty
    /// when none was served). The reserved orbits they did not serve are
    /// candidates again.
    pub(crate) fn absorb_served(&mut self, sources: &[u32], records: &[Farthest]) {
        for &source in sources {
            self.candidates.serve(self.orbits, source);
        }
        if !records.is_empty() {
            self.absorb_records(records);
        }
        self.candidates.release_reserved();
    }

    /// Merges searches' records and raises the bounds to their steps,
    /// the same over each orbit.
    fn absorb_records(&mut self, records: &[Farthest]) {
        merge_into(&mut self.records, records);
        for (node, bound) in self.bounds.iter_mut().enumerate() {
            for image in self.orbits.images_of(node as u32) {
                *bound = (*bound).max(records[image as usize].step);
            }
        }
    }

    /// The records of every search absorbed.
    pub(crate) fn into_records(self) -> Vec<Farthest> {
        self.records
    }

    /// What the searches absorbed left: their records, the nodes of the
    /// orbits they searched, and one node per orbit.
    pub(crate) fn into_searched(self) -> SearchedOrbits {
        SearchedOrbits {
            records: self.records,
            searched: self.candidates.into_searched(),
            representatives: self.representatives,
        }
    }

    /// One node per orbit ([`is_representative`]).
    pub(crate) fn representatives(&self) -> &NodeSet {
        &self.representatives
    }
}

/// Whether `node` is its orbit's representative: the orbit's smallest
/// solved node if any, else its smallest node. Only the left-right mirror
/// keeps a layout solved, so the solved representatives are among the
/// solution searches' sources (one per left-right pair), which can serve
/// them.
pub(crate) fn is_representative(graph: &GroupGraph, orbits: &Orbits, node: u32) -> bool {
    let key = |node: u32| (!graph.is_solved(node), node);
    orbits.images_of(node).all(|image| key(node) <= key(image))
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
/// ([`PlainView::upper_slack`]).
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

/// The nodes nearer to some image of a measured source than its slack:
/// farthest from nobody (see [`super`]). One breadth-first pass, seeded at
/// every image with its slack, each step one less. The set is closed under
/// the symmetries.
pub(crate) fn balls(graph: &GroupGraph, orbits: &Orbits, slacks: &[SourceSlack]) -> Vec<u32> {
    let Some(largest) = slacks.iter().map(|measured| measured.slack).max() else {
        return Vec::new();
    };
    // reach[u]: the largest slack(w) - d(u, w) found, 0 for none above 0.
    let mut reach = vec![0u32; graph.n_nodes()];
    let mut by_reach: Vec<Vec<u32>> = vec![Vec::new(); largest as usize + 1];
    for &SourceSlack { source, slack } in slacks {
        for image in orbits.images_of(source) {
            if slack > reach[image as usize] {
                reach[image as usize] = slack;
                by_reach[slack as usize].push(image);
            }
        }
    }
    let mut ball = Vec::new();
    for level in (1..=largest).rev() {
        for node in std::mem::take(&mut by_reach[level as usize]) {
            if reach[node as usize] != level {
                continue;
            }
            ball.push(node);
            if level == 1 {
                continue;
            }
            for &neighbour in graph.neighbours(node) {
                if level - 1 > reach[neighbour as usize] {
                    reach[neighbour as usize] = level - 1;
                    by_reach[level as usize - 1].push(neighbour);
                }
            }
        }
    }
    ball
}
