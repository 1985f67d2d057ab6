//! Farthest numbers: for every layout, how far the farthest layouts of its
//! group are and how many there are.

use rayon::prelude::*;

use super::batches::{ball_batches, batch_width, merge_all, search_batches};
use super::bit_bfs::{Tracking, Visitor};
use super::lanes::{LaneSet, Lanes, WIDTH};
use super::plain::{self, FirstSweep};
use super::sampled::SlackMeter;
use super::symmetry::Orbits;
use super::GroupGraph;

/// Chooses the sources whose searches give every node's `(farthest_step,
/// farthest_num)` exactly, once their records are folded over the orbits
/// ([`farthest_records`], [`fold_orbits`]): one node per symmetry orbit of
/// the layouts that may be farthest from another.
///
/// Let F be the layouts that are farthest from some layout: in sparse
/// groups a tiny set (24 of the 25,955 layouts of the group of
/// `1A9BF0C00`). If a set C contains F, searches from C alone give every
/// node's eccentricity (a farthest node of it is in C) and its farthest
/// count (all of them are). C is found by elimination: with lower bounds
/// L(v) <= ecc(v), a pivot w and its distances d(w, .), any u with d(u, w) <
/// slack(w) = min over v of (L(v) - d(w, v)) has, for every v, d(u, v) <=
/// d(u, w) + d(w, v) < L(v) <= ecc(v): u is farthest from nobody.
///
/// F is closed under the group's symmetries (they keep distances), so one
/// search per orbit of C is enough.
///
/// Searches from more sources give the same numbers: a node u outside F is
/// nearer to every v than v's farthest nodes, so it never adds to v's count.
///
/// `every_orbit` is [`every_orbit`]'s answer, which the caller has.
///
/// Pivots are plain searches, chosen one by one by the centrality order
/// and what the earlier ones ruled out, and pay only in sparse groups
/// ([`plain::sparse_plan`], whose searches count as farthest searches). In
/// a dense group the plan keeps every orbit, searches the 1024 most
/// peripheral ones for bounds, and gives the bounds to [`super::sampled`],
/// whose farthest searches measure the slacks of thousands of pivots at
/// once.
///
/// `beside` runs beside the plan; in a sparse group, the thread that
/// finishes it then helps the plan while its sweeps run.
pub(crate) fn plan<R: Send>(
    graph: &GroupGraph,
    orbits: &Orbits,
    every_orbit: &[bool],
    first_sweep: FirstSweep,
    beside: impl FnOnce() -> R + Send,
) -> (Plan, R) {
    if graph.n_nodes() > WIDTH && first_sweep.is_sparse() {
        return plain::sparse_plan(graph, orbits, first_sweep, beside);
    }
    rayon::join(
        || dense_plan(graph, orbits, every_orbit, first_sweep),
        beside,
    )
}

/// The plan of a dense group, or of one no larger than a batch (whose
/// sources are every orbit, without bounds).
fn dense_plan(
    graph: &GroupGraph,
    orbits: &Orbits,
    every_orbit: &[bool],
    first_sweep: FirstSweep,
) -> Plan {
    let n = graph.n_nodes();
    if n <= WIDTH {
        return Plan {
            sources: every_orbit.to_vec(),
            bounds: vec![0; n],
            searched: Vec::new(),
        };
    }
    let mut lower_bounds = plain::sweep_bounds(graph, orbits, first_sweep);
    // Bounds from the 1024 most peripheral orbits the sweeps reveal: farthest
    // layouts lie on the periphery, so most bounds become exact. Their
    // searches are farthest searches like any other, from representatives
    // that are not solved, so that no solution search serves them too.
    let mut by_bound: Vec<u32> = (0..n as u32)
        .filter(|&node| every_orbit[node as usize] && !graph.is_solved(node))
        .collect();
    by_bound.sort_by_key(|&node| (std::cmp::Reverse(lower_bounds[node as usize]), node));
    let mut peripheral = vec![false; n];
    for &node in by_bound.iter().take(WIDTH) {
        peripheral[node as usize] = true;
    }
    let searched = farthest_records(graph, &peripheral, |node| orbits.orbit_size(node), None);
    raise_bounds(&mut lower_bounds, &steps(&searched.records));
    let sources = every_orbit
        .iter()
        .zip(peripheral)
        .map(|(&source, searched)| source && !searched)
        .collect();
    Plan {
        sources,
        bounds: lower_bounds,
        searched: searched.records,
    }
}

/// What [`plan`] found.
pub(crate) struct Plan {
    /// The sources of the farthest searches, one per orbit.
    pub(crate) sources: Vec<bool>,
    /// Per node, a lower bound on its eccentricity.
    pub(crate) bounds: Vec<u32>,
    /// The records of the farthest searches the plan ran (empty if none),
    /// whose sources are not among `sources`.
    pub(crate) searched: Vec<(u32, u32)>,
}

/// The distances of farthest records: lower bounds on eccentricity.
pub(crate) fn steps(records: &[(u32, u32)]) -> Vec<u32> {
    records.iter().map(|&(step, _)| step).collect()
}

/// How many nodes are in the set.
pub(crate) fn count(nodes: &[bool]) -> usize {
    nodes.iter().filter(|&&node| node).count()
}

/// One source per orbit of all the group's layouts, the sources of a dense
/// group's [`plan`]: its smallest solved node if any, else its smallest
/// node. Only the left-right mirror keeps a layout solved, so the solved
/// sources are among the solution searches' sources (one per left-right
/// pair), which can serve both.
pub(crate) fn every_orbit(graph: &GroupGraph, orbits: &Orbits) -> Vec<bool> {
    let key = |node: u32| (!graph.is_solved(node), node);
    (0..graph.n_nodes() as u32)
        .into_par_iter()
        .map(|node| orbits.images_of(node).all(|image| key(node) <= key(image)))
        .collect()
}

/// Raises each node's bound to a distance known to be at most its eccentricity.
pub(crate) fn raise_bounds(bounds: &mut [u32], distances: &[u32]) {
    for (bound, &d) in bounds.iter_mut().zip(distances) {
        *bound = (*bound).max(d);
    }
}

/// What searches from a set of sources found.
pub(crate) struct Searched {
    /// Per node v: the largest distance from v to a source, and the summed
    /// weights of the sources that far.
    pub(crate) records: Vec<(u32, u32)>,
    /// Per source, when measured: the source and its slack.
    pub(crate) slacks: Vec<(u32, u32)>,
}

/// Per node v, from searches started at the `sources`: the largest distance
/// from v to a source, and the summed `weight`s of the sources that far
/// (distances are symmetric, so the searches from the sources find them).
/// With lower `bounds` on eccentricity, also every source's slack against
/// them (see [`SlackMeter`]).
pub(crate) fn farthest_records(
    graph: &GroupGraph,
    sources: &[bool],
    weight: impl Fn(u32) -> u32 + Sync,
    bounds: Option<&[u32]>,
) -> Searched {
    let n = graph.n_nodes();
    let n_sources = count(sources);
    let per_worker = search_batches(
        graph,
        &ball_batches(graph, sources, batch_width(n_sources)),
        Tracking::Arrivals,
        || Searched {
            records: vec![(0, 0); n],
            slacks: Vec::new(),
        },
        |bfs, batch, searched| {
            let weights = batch.iter().map(|&source| Some(weight(source)));
            let records = FarthestOfAll::new(&mut searched.records, weights);
            let mut visitor = (records, bounds.map(SlackMeter::new));
            bfs.run(batch, &mut visitor);
            if let Some(meter) = visitor.1 {
                searched.slacks.extend(meter.slacks(batch));
            }
        },
    );
    let slacks = per_worker
        .iter()
        .flat_map(|searched| searched.slacks.iter().copied())
        .collect();
    let records = merge_all(
        per_worker
            .into_iter()
            .map(|searched| searched.records)
            .collect(),
        |a, b| *a = merge_farthest(*a, *b),
    );
    Searched { records, slacks }
}

/// The farther of two `(distance, count)` pairs, counts added on a tie.
pub(crate) fn merge_farthest(a: (u32, u32), b: (u32, u32)) -> (u32, u32) {
    match a.0.cmp(&b.0) {
        std::cmp::Ordering::Greater => a,
        std::cmp::Ordering::Less => b,
        std::cmp::Ordering::Equal => (a.0, a.1 + b.1),
    }
}

/// Keeps, per node, the last level at which counted sources arrived and
/// their summed weights.
pub(crate) struct FarthestOfAll<'a> {
    records: &'a mut [(u32, u32)],
    /// The counted lanes, grouped by weight.
    weights: Vec<(u32, Lanes)>,
}

impl<'a> FarthestOfAll<'a> {
    /// A visitor recording into `records`; `weights` gives each lane's
    /// weight, `None` for a lane that is not counted.
    pub(crate) fn new(
        records: &'a mut [(u32, u32)],
        weights: impl Iterator<Item = Option<u32>>,
    ) -> FarthestOfAll<'a> {
        let mut by_weight: Vec<(u32, Lanes)> = Vec::new();
        for (lane, weight) in weights.enumerate() {
            let Some(weight) = weight else { continue };
            match by_weight.iter_mut().find(|(w, _)| *w == weight) {
                Some((_, lanes)) => *lanes |= &Lanes::single(lane),
                None => by_weight.push((weight, Lanes::single(lane))),
            }
        }
        FarthestOfAll {
            records,
            weights: by_weight,
        }
    }
}

impl Visitor for FarthestOfAll<'_> {
    fn arrive(&mut self, level: u32, node: u32, sources: &Lanes, _blocked: &Lanes) {
        let weighted: u32 = self
            .weights
            .iter()
            .map(|(weight, lanes)| weight * sources.and(lanes).count())
            .sum();
        if weighted > 0 {
            let record = &mut self.records[node as usize];
            *record = merge_farthest(*record, (level, weighted));
        }
    }
}

/// Every node's `(farthest_step, farthest_num)` from the records of
/// searches from one source per orbit, each weighted by its orbit's size.
///
/// With G the group's symmetries and g(c) the images of a source c, the
/// searches from c's orbit reach v as c reaches the images g(v). Summing
/// c's weight |G| / |stabiliser of c| over every g counts each member of
/// c's orbit |G| times, so the weights summed over v's images at the
/// largest level, divided by |G|, count the layouts farthest from v.
pub(crate) fn fold_orbits(orbits: &Orbits, records: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let order = orbits.order();
    (0..records.len() as u32)
        .into_par_iter()
        .map(|node| {
            let (step, weighted) = orbits
                .images_of(node)
                .map(|image| records[image as usize])
                .fold((0, 0), merge_farthest);
            debug_assert_eq!(weighted % order, 0, "node {node}");
            (step, weighted / order)
        })
        .collect()
}
