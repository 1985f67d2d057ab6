//! Farthest numbers: for every layout, how far the farthest layouts of its
//! group are and how many there are.

use rayon::prelude::*;

use super::batches::{ball_batches, batch_width, merge_all, search_batches};
use super::bit_bfs::{Tracking, Visitor};
use super::lanes::{LaneSet, Lanes, WIDTH};
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
/// Pivots are plain searches, one at a time, and pay only in sparse groups.
/// In a dense group the plan keeps every orbit and gives its bounds to
/// [`super::sampled`], whose farthest searches measure the slacks of
/// thousands of pivots at once.
pub(crate) fn plan(
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
    let sparse = first_sweep.is_sparse();
    let mut lower_bounds = sweep_bounds(graph, first_sweep);
    let mut candidates = vec![true; n];
    if sparse {
        // The sweeps' bounds may leave few enough candidates for one batch.
        candidates = farthest_candidates(graph, &lower_bounds, orbits.order(), candidates);
        let sources = orbit_representatives(graph, orbits, &candidates);
        if count(&sources) <= WIDTH {
            return Plan {
                sources,
                bounds: lower_bounds,
                searched: Vec::new(),
            };
        }
    }
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
    if sparse {
        candidates = farthest_candidates(graph, &lower_bounds, orbits.order(), candidates);
    }
    let mut sources = orbit_representatives(graph, orbits, &candidates);
    for (source, searched) in sources.iter_mut().zip(peripheral) {
        *source &= !searched;
    }
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

/// One source per orbit of all the group's layouts: the sources of [`plan`]
/// when no layout is ruled out.
pub(crate) fn every_orbit(graph: &GroupGraph, orbits: &Orbits) -> Vec<bool> {
    orbit_representatives(graph, orbits, &vec![true; graph.n_nodes()])
}

/// Most pivots tried per group. A pivot costs one plain search, a small
/// fraction of a 1024-source pass.
const MAX_PIVOTS: usize = 256;

/// Pivots in a row that are not worth their search (see [`worth_of_a_pivot`])
/// before the search for more stops.
const MAX_USELESS_PIVOTS: usize = 8;

/// The nodes of `candidate` that may be farthest from some node (see
/// [`plan`]) in a group with `order` symmetries. Pivots are taken greedily:
/// the most central node not yet ruled out.
fn farthest_candidates(
    graph: &GroupGraph,
    lower_bounds: &[u32],
    order: u32,
    mut candidate: Vec<bool>,
) -> Vec<bool> {
    let n = graph.n_nodes();
    let mut by_centrality: Vec<u32> = (0..n as u32).collect();
    by_centrality.sort_by_key(|&node| (lower_bounds[node as usize], node));
    let mut bounds = lower_bounds.to_vec();
    let (mut n_pivots, mut n_useless) = (0, 0);
    let mut worth = 0;
    for &pivot in &by_centrality {
        if n_pivots == MAX_PIVOTS || n_useless == MAX_USELESS_PIVOTS {
            break;
        }
        if !candidate[pivot as usize] {
            continue;
        }
        n_pivots += 1;
        let distances = distances_from(graph, pivot);
        if n_pivots == 1 {
            worth = worth_of_a_pivot(&distances, order);
        }
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
        n_useless = if n_ruled_out < worth {
            n_useless + 1
        } else {
            0
        };
    }
    candidate
}

/// How many nodes a pivot must rule out to pay for its search, judged from
/// the distances from the first (most central) pivot.
///
/// A pivot costs one plain search. A batch of 1024 sources costs about one
/// plain search per level over which a node hears from its sources: about
/// 2r + 1 levels for a ball of radius r holding 1024 nodes (on 2-3-0, r = 3
/// and a batch costs about 9 plain searches). Ruling out a whole orbit of
/// `order` nodes saves one source, so a pivot pays when it rules out
/// 1024 / (2r + 1) orbits. In sparse groups (long corridors, r in the
/// dozens) a few nodes are worth a pivot.
fn worth_of_a_pivot(distances: &[u32], order: u32) -> usize {
    WIDTH * order as usize / (2 * ball_radius(distances) + 1)
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

/// Sweeps from the node with the largest bound so far.
const DOUBLE_SWEEPS: usize = 4;

/// Most sweeps per group.
const MAX_SWEEPS: usize = 32;

/// Groups where a ball of 1024 nodes has at least this radius are sparse.
const SPARSE_RADIUS: usize = 8;

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

/// Lower bounds on every node's eccentricity from plain searches
/// (*sweeps*), the first of them `first`.
///
/// The first sweeps start at the node with the largest bound so far, which
/// finds the ends of the group. That is all in dense groups, where a batch
/// of 1024 sources is a ball of small radius r and costs about 2r + 1 plain
/// searches (see [`worth_of_a_pivot`]). Sparse groups (long corridors, r of
/// [`SPARSE_RADIUS`] or more) get 2r + 1 sweeps, up to 32: the later ones
/// start at the node farthest from every sweep so far, which spreads them
/// over the periphery, where the farthest layouts lie, and makes most bounds
/// exact (the group of `1A9BF0C00`: 175 candidate orbits after the pivots,
/// against 1,433 with the double sweeps alone).
fn sweep_bounds(graph: &GroupGraph, first: FirstSweep) -> Vec<u32> {
    let n = graph.n_nodes();
    let mut bounds = vec![0u32; n];
    let mut nearest_sweep = vec![u32::MAX; n];
    let n_sweeps = if first.is_sparse() {
        (2 * first.radius + 1).min(MAX_SWEEPS)
    } else {
        DOUBLE_SWEEPS
    };
    let mut next_sweep = Some(first.distances);
    let mut done = 0;
    while let Some(distances) = next_sweep.take() {
        raise_bounds(&mut bounds, &distances);
        for (nearest, &d) in nearest_sweep.iter_mut().zip(&distances) {
            *nearest = (*nearest).min(d);
        }
        done += 1;
        let key = |node: u32| {
            let node_index = node as usize;
            let spread = if done < DOUBLE_SWEEPS {
                0
            } else {
                nearest_sweep[node_index]
            };
            (spread, bounds[node_index], std::cmp::Reverse(node))
        };
        if done < n_sweeps {
            let sweep_from = (0..n as u32).max_by_key(|&node| key(node)).unwrap_or(0);
            next_sweep = Some(distances_from(graph, sweep_from));
        }
    }
    bounds
}

/// Raises each node's bound to a distance known to be at most its eccentricity.
pub(crate) fn raise_bounds(bounds: &mut [u32], distances: &[u32]) {
    for (bound, &d) in bounds.iter_mut().zip(distances) {
        *bound = (*bound).max(d);
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

/// The sources of [`plan`]: one node per orbit whose members are
/// all `candidates`, its smallest solved node if any, else its smallest
/// node. Only the left-right mirror keeps a layout solved, so the solved
/// sources are among the solution searches' sources (one per left-right
/// pair), which can serve both.
fn orbit_representatives(graph: &GroupGraph, orbits: &Orbits, candidates: &[bool]) -> Vec<bool> {
    let key = |node: u32| (!graph.is_solved(node), node);
    (0..graph.n_nodes() as u32)
        .into_par_iter()
        .map(|node| {
            orbits
                .images_of(node)
                .all(|image| candidates[image as usize] && key(node) <= key(image))
        })
        .collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every node's numbers from searching `sources`, folded over the orbits.
    fn numbers_from(graph: &GroupGraph, orbits: &Orbits, sources: &[bool]) -> Vec<(u32, u32)> {
        let records =
            farthest_records(graph, sources, |source| orbits.orbit_size(source), None).records;
        fold_orbits(orbits, &records)
    }

    #[test]
    fn searches_from_layouts_the_plan_rules_out_change_no_number() {
        // A sparse group: the plan keeps a few hundred of its 25,955 layouts.
        let graph = GroupGraph::build(crate::group_of("1A9BF0C00".parse().unwrap()));
        let orbits = Orbits::of(&graph);
        let every = every_orbit(&graph, &orbits);
        let plan = plan(&graph, &orbits, &every, FirstSweep::of(&graph));
        assert!(
            plan.searched.is_empty(),
            "sweeps and pivots leave few sources"
        );
        let planned = plan.sources;
        assert!(count(&planned) * 10 < count(&every));
        assert_eq!(
            numbers_from(&graph, &orbits, &planned),
            numbers_from(&graph, &orbits, &every)
        );
    }

    #[test]
    fn a_pivot_is_worth_the_orbits_a_batch_level_costs() {
        // 1 node at distance 0, 20 at 1, 400 at 2, 8000 at 3: a ball of 1024
        // nodes has radius 3, so a batch costs about 7 plain searches.
        let distances: Vec<u32> = [(0, 1), (1, 20), (2, 400), (3, 8000)]
            .iter()
            .flat_map(|&(d, count)| std::iter::repeat_n(d, count))
            .collect();
        assert_eq!(worth_of_a_pivot(&distances, 4), 1024 * 4 / 7);
        assert_eq!(worth_of_a_pivot(&distances, 1), 1024 / 7);
        // A small group: no ball holds 1024 nodes, the radius is its depth + 1.
        assert_eq!(worth_of_a_pivot(&[0, 1, 1, 2], 1), 1024 / 7);
    }
}
