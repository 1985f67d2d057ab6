//! Hubs: a dense group's farthest numbers where elimination would search
//! many orbits (nearly all of them, or the fifth to a third its sample
//! leaves), from fewer.
//!
//! Elimination (see [`super`]) must search F, every layout farthest from
//! some layout, and in many dense groups it cannot tell F from the rest: it
//! searches nearly every orbit where F is a fifth of them (2-7-1-0). Hubs
//! need no F; they certify a layout's numbers from other layouts' searches.
//!
//! Let S be the searched layouts (whole orbits), h one of them with
//! eccentricity e whose farthest layouts F(h) (those e steps away) are all
//! in S, and v a neighbour of h whose largest distance to a layout of S,
//! m(v), is more than e. Every layout u outside S has d(u, h) <= e - 1,
//! so d(u, v) <= e < m(v): v's farthest layouts are all in S and m(v) is
//! its eccentricity, so the searches' records at v are v's numbers. v is
//! then *certified*, and so is h. A certified layout is itself such an h,
//! so certification spreads along every edge where m rises, with no search.
//!
//! Every layout with no neighbour one step more central must be a hub (or
//! be searched for its own numbers), and if exactly those are hubs, every
//! other layout is certified, by induction on eccentricity: in the groups
//! where hubs pay, a large share of the orbits with their farthest layouts
//! (docs/journal/analysis.md, "Hubs in large dense groups"). The
//! eccentricities are unknown, so hubs are chosen in rounds by the lower
//! bounds of the moment (max of the plan's and the records' m):
//! 1. the hubs: the orbits left with no neighbour of a smaller bound (in
//!    the first round only the [`FIRST_HUBS`] of smallest bound: their
//!    farthest layouts, most of F, make m nearly exact for the rounds
//!    after);
//! 2. their searches, keeping each lane's eccentricity and last level;
//! 3. the layouts of those last levels not yet searched, searched (their
//!    own searches give their numbers);
//! 4. certification spread from every hub.
//!
//! The orbits still left after [`MAX_ROUNDS`] are searched for their own
//! numbers. Every number is exact whatever hubs are chosen; the choice
//! decides only how much is searched. Where F is most of the orbits, the
//! hubs' farthest layouts are nearly everything, searched as scattered
//! sources (more reads per search than a ball of elimination's): the
//! first round is a probe, and when it finds more than
//! [`MAX_FARTHEST_PER_HUB`] farthest orbits per hub, elimination finishes
//! the plan instead. Where F is small, elimination's sample rules out most
//! orbits and hubs would search more: the probe's first [`SIGN_HUBS`] hubs
//! are a sign, and when they find few farthest orbits
//! ([`MIN_SIGN_PERCENT`]), elimination finishes the plan, starting from
//! the balls their slacks rule out (hubs are central: slacks of 3-7, where
//! the sample's are 2-4).

mod ends;

use super::{step, Plan, SearchedOrbits};
use crate::analysis::node_set::NodeSet;
use crate::analysis::records::{fold_orbits, merge_into, Farthest};
use crate::analysis::symmetry::Orbits;
use crate::analysis::tuning::{
    FIRST_HUBS, MAX_FARTHEST_PER_HUB, MAX_ROUNDS, MIN_SIGN_PERCENT, SIGN_HUBS, TRY_FROM_ORBITS,
    TRY_WHEN_LEFT_EIGHTHS,
};
use crate::analysis::GroupGraph;
use ends::{search_ending, End, Found};

/// Whether hubs should be tried on a dense plan that leaves `n_left`
/// orbits of its `n_orbits` to search.
pub(crate) fn worth_trying(n_left: usize, n_orbits: usize) -> bool {
    n_orbits >= TRY_FROM_ORBITS && n_left * 8 > n_orbits * TRY_WHEN_LEFT_EIGHTHS
}

/// Finishes a dense `plan` with hubs, or with elimination when the
/// probe's sign or the whole probe says hubs would not pay; returns every
/// node's farthest numbers (folded over the orbits, see [`fold_orbits`]).
pub(crate) fn finish(plan: Plan) -> Vec<Farthest> {
    let mut probe = Probe::sign(&plan);
    if probe.says_sample(&plan) {
        return eliminate(plan, probe);
    }
    probe.grow(&plan);
    if probe.declines(&plan) {
        eliminate(plan, probe)
    } else {
        by_hubs(plan, probe)
    }
}

/// The first round's hubs searched so far and what their searches found.
pub(crate) struct Probe {
    pub(super) hubs: NodeSet,
    found: Found,
    /// The first round's other hubs, by bound.
    more: Vec<u32>,
}

impl Probe {
    /// Chooses the first round's hubs for `plan`, the [`FIRST_HUBS`]
    /// orbits with no neighbour of a smaller bound with the smallest
    /// bounds, and searches the first [`SIGN_HUBS`] of them, measuring
    /// their slacks.
    pub(crate) fn sign(plan: &Plan) -> Probe {
        let bounds = plan.bounds();
        let mut hubs: Vec<u32> = local_minima(plan.graph(), plan.representatives(), bounds)
            .iter()
            .collect();
        hubs.sort_by_key(|&hub| (bounds[hub as usize], hub));
        hubs.truncate(FIRST_HUBS);
        let more = hubs.split_off(SIGN_HUBS.min(hubs.len()));
        let hubs = NodeSet::from_nodes(plan.graph().n_nodes(), hubs);
        let sign = step("hubs: the sign", &hubs);
        let found = search_hubs(plan, &hubs, true);
        drop(sign);
        Probe { hubs, found, more }
    }

    /// Searches the first round's other hubs too.
    pub(crate) fn grow(&mut self, plan: &Plan) {
        let more = NodeSet::from_nodes(self.hubs.bound(), std::mem::take(&mut self.more));
        let rest = step("hubs: the rest of the probe", &more);
        let found = search_hubs(plan, &more, false);
        drop(rest);
        self.found.merge(found);
        self.hubs.union_with(&more);
    }

    /// Whether the hubs searched find so few farthest orbits that
    /// elimination's sample would search fewer sources (see [`SIGN_HUBS`]).
    pub(crate) fn says_sample(&self, plan: &Plan) -> bool {
        self.n_farthest(plan) * 100 < self.hubs.count() * MIN_SIGN_PERCENT
    }

    /// Whether the hubs searched find so many farthest orbits that
    /// elimination would search fewer sources (see
    /// [`MAX_FARTHEST_PER_HUB`]).
    fn declines(&self, plan: &Plan) -> bool {
        self.n_farthest(plan) > self.hubs.count() * MAX_FARTHEST_PER_HUB
    }

    /// How many orbits of the hubs' last levels are not searched.
    fn n_farthest(&self, plan: &Plan) -> usize {
        let (candidates, orbits) = (plan.candidates(), plan.orbits());
        let mut farthest = NodeSet::new(self.hubs.bound());
        for &node in &self.found.last_levels {
            for image in orbits.images_of(node) {
                if !candidates.is_searched(image) && !self.hubs.contains(image) {
                    farthest.insert(image);
                }
            }
        }
        let representatives = plan.representatives();
        farthest
            .iter()
            .filter(|&node| representatives.contains(node))
            .count()
    }
}

/// Searches from `hubs`, orbits of `plan` (records kept for those not
/// searched already), with the plan's bounds, and with `measure_slacks`
/// their slacks against them.
fn search_hubs(plan: &Plan, hubs: &NodeSet, measure_slacks: bool) -> Found {
    let (candidates, bounds) = (plan.candidates(), plan.bounds());
    search_ending(
        plan.graph(),
        hubs,
        |source| candidates.is_searched(source),
        plan.orbits(),
        |source| bounds[source as usize],
        measure_slacks.then_some(bounds),
    )
}

/// Elimination after the probe: its searches absorbed, the balls of the
/// slacks measured ruled out, then the sample and every candidate left
/// (see [`super::eliminate`]).
pub(crate) fn eliminate(mut plan: Plan, probe: Probe) -> Vec<Farthest> {
    plan.absorb_extra(&probe.hubs, &probe.found.records, &probe.found.slacks);
    super::eliminate(plan)
}

/// Hubs after the probe: the rounds, then the orbits left searched for
/// their own numbers.
pub(crate) fn by_hubs(plan: Plan, probe: Probe) -> Vec<Farthest> {
    let (graph, orbits) = (plan.graph(), plan.orbits());
    let Certified {
        mut numbers,
        uncertified,
        bounds,
    } = certify(plan, probe);
    let own = step("hubs: the orbits left uncertified", &uncertified);
    let found = search_ending(
        graph,
        &uncertified,
        |_| true,
        orbits,
        |source| bounds[source as usize].max(numbers[source as usize].step),
        None,
    );
    drop(own);
    set_own_numbers(&mut numbers, orbits, &found.ends);
    numbers
}

/// Gives the orbit of each `ends` source the numbers its search found.
fn set_own_numbers(numbers: &mut [Farthest], orbits: &Orbits, ends: &[End]) {
    for end in ends {
        for image in orbits.images_of(end.source) {
            numbers[image as usize] = Farthest {
                step: end.eccentricity,
                count: end.count,
            };
        }
    }
}

/// What the rounds leave.
pub(crate) struct Certified {
    /// Every node's numbers: exact at every node whose orbit is certified
    /// or was searched for its own numbers.
    pub(crate) numbers: Vec<Farthest>,
    /// The representatives of the orbits neither.
    pub(crate) uncertified: NodeSet,
    /// The plan's lower bounds on eccentricity.
    bounds: Vec<u32>,
}

/// The rounds of hubs, the probe's first.
pub(crate) fn certify(plan: Plan, probe: Probe) -> Certified {
    let (graph, orbits) = (plan.graph(), plan.orbits());
    let n = graph.n_nodes();
    let bounds = plan.bounds().to_vec();
    let SearchedOrbits {
        mut records,
        mut searched,
        representatives,
    } = plan.into_searched();
    let representative_of: Vec<u32> = (0..n as u32)
        .map(|node| {
            orbits
                .images_of(node)
                .find(|&image| representatives.contains(image))
                .expect("every orbit has a representative")
        })
        .collect();
    let mut numbers = fold_orbits(orbits, &records);
    let mut certified = NodeSet::new(n);
    let mut all_hubs = NodeSet::new(n);
    let mut own: Vec<End> = Vec::new();
    let mut round = Some((probe.hubs, probe.found));
    for _ in 0..MAX_ROUNDS {
        let (hubs, found) = match round.take() {
            Some(probe) => probe,
            None => {
                let lower: Vec<u32> = (0..n)
                    .map(|node| bounds[node].max(numbers[node].step))
                    .collect();
                let left = NodeSet::from_fn(n, |node| {
                    representatives.contains(node) && !certified.contains(node)
                });
                let hubs = local_minima(graph, &left, &lower);
                if hubs.count() == 0 {
                    break;
                }
                let _step = step("hubs: a later round's hubs", &hubs);
                let found = search_ending(
                    graph,
                    &hubs,
                    |source| searched.contains(source),
                    orbits,
                    |source| lower[source as usize],
                    None,
                );
                (hubs, found)
            }
        };
        absorb(&mut records, &mut searched, orbits, &hubs, &found.records);
        all_hubs.union_with(&hubs);
        // Their farthest layouts, searched; those searches give their own
        // numbers.
        let mut farthest = NodeSet::new(n);
        for &node in &found.last_levels {
            let representative = representative_of[node as usize];
            if !searched.contains(representative) {
                farthest.insert(representative);
            }
        }
        let lower = |source: u32| bounds[source as usize].max(numbers[source as usize].step);
        let their_farthest = step("hubs: a round's farthest layouts", &farthest);
        let found = search_ending(
            graph,
            &farthest,
            |source| searched.contains(source),
            orbits,
            lower,
            None,
        );
        drop(their_farthest);
        absorb(
            &mut records,
            &mut searched,
            orbits,
            &farthest,
            &found.records,
        );
        own.extend(found.ends);
        numbers = fold_orbits(orbits, &records);
        certified = certified_by(graph, orbits, &all_hubs, &numbers);
    }
    // The orbits not certified whose own search gave their numbers.
    let own: Vec<End> = own
        .into_iter()
        .filter(|end| !certified.contains(end.source))
        .collect();
    set_own_numbers(&mut numbers, orbits, &own);
    for end in &own {
        for image in orbits.images_of(end.source) {
            certified.insert(image);
        }
    }
    let uncertified = NodeSet::from_fn(n, |node| {
        representatives.contains(node) && !certified.contains(node)
    });
    Certified {
        numbers,
        uncertified,
        bounds,
    }
}

/// The nodes the `hubs` certify (whole orbits), directly or through nodes
/// they certify: a hub's farthest layouts are all searched, and so are
/// those of a node v next to a certified node y with m(v) > m(y), m being
/// the records' step in `numbers` (see the module documentation).
fn certified_by(
    graph: &GroupGraph,
    orbits: &Orbits,
    hubs: &NodeSet,
    numbers: &[Farthest],
) -> NodeSet {
    let mut certified = NodeSet::new(graph.n_nodes());
    let mut queue: Vec<u32> = Vec::new();
    let certify = |node: u32, certified: &mut NodeSet, queue: &mut Vec<u32>| {
        for image in orbits.images_of(node) {
            if !certified.contains(image) {
                certified.insert(image);
                queue.push(image);
            }
        }
    };
    for hub in hubs.iter() {
        certify(hub, &mut certified, &mut queue);
    }
    while let Some(node) = queue.pop() {
        let step = numbers[node as usize].step;
        for &neighbour in graph.neighbours(node) {
            if numbers[neighbour as usize].step > step && !certified.contains(neighbour) {
                certify(neighbour, &mut certified, &mut queue);
            }
        }
    }
    certified
}

/// Merges `found` into `records` and marks the orbits of `sources` searched.
fn absorb(
    records: &mut [Farthest],
    searched: &mut NodeSet,
    orbits: &Orbits,
    sources: &NodeSet,
    found: &[Farthest],
) {
    merge_into(records, found);
    for source in sources.iter() {
        for image in orbits.images_of(source) {
            searched.insert(image);
        }
    }
}

/// The nodes of `among` with no neighbour of a smaller `bound`.
fn local_minima(graph: &GroupGraph, among: &NodeSet, bound: &[u32]) -> NodeSet {
    NodeSet::from_fn(graph.n_nodes(), |node| {
        among.contains(node)
            && graph
                .neighbours(node)
                .iter()
                .all(|&neighbour| bound[neighbour as usize] >= bound[node as usize])
    })
}
