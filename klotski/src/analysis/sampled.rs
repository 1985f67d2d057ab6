//! Farthest searches of groups with many candidate sources: a sample first,
//! whose searches rule out most of the rest.
//!
//! In a dense group the plain searches of [`farthest::plan`] rule out few
//! layouts, yet few are farthest from another there too (1% of the largest
//! group of 4-3-3). A search from a node w measures w's *slack* against the
//! lower bounds L on eccentricity: the least L(v) - d(w, v) over every node
//! v, 0 when some v is at least L(v) away. Every u with d(u, w) < slack(w)
//! is farthest from nobody, as [`farthest::plan`] shows, and so are its
//! images when the bounds are the same over each orbit. A bit-parallel
//! search measures the slack of each of its sources for one OR per arrival,
//! so a random sample of the sources, searched first, rules out a ball
//! around each of them, and the searches are farthest searches like any
//! other: nothing is spent twice. Slacks are small in dense groups (mostly
//! 2-4), but the balls of a sample of one source in 16 cover most of the
//! group: on the largest group of 4-3-3 the sample and the sources it left
//! cost a third of searching every source.

use super::batches::merge_all;
use super::bit_bfs::Visitor;
use super::farthest::{self, count, merge_farthest, raise_bounds, steps, Plan};
use super::lanes::{LaneSet, Lanes, WIDTH};
use super::solutions::ServedFarthest;
use super::symmetry::Orbits;
use super::GroupGraph;

/// Sources are sampled when at least this many are left to search.
const SAMPLE_AT_LEAST: usize = 4 * WIDTH;

/// One source in this many is sampled: the share that searched the largest
/// group of 4-3-3 the fastest (one in 8 was as fast, one in 32 slower).
const ONE_IN: u32 = 16;

/// Every node's farthest records (for [`farthest::fold_orbits`]) from
/// searches of the plan's sources: those the plan ran, those the solution
/// searches served, a sample of the rest in rounds while they are many, and
/// what the sample did not rule out.
pub(crate) fn farthest_records(
    graph: &GroupGraph,
    orbits: &Orbits,
    plan: Plan,
    served: ServedFarthest,
) -> Vec<(u32, u32)> {
    let Plan {
        mut sources,
        mut bounds,
        searched,
    } = plan;
    for &source in &served.sources {
        sources[source as usize] = false;
    }
    let weight = |source| orbits.orbit_size(source);
    let mut parts = Vec::new();
    raise_bounds(&mut bounds, &steps(&served.records));
    if !searched.is_empty() {
        parts.push(searched);
    }
    for round in 0..ONE_IN {
        let n_sources = count(&sources);
        if n_sources < SAMPLE_AT_LEAST {
            break;
        }
        let same_bounds = same_over_orbits(orbits, &bounds);
        let sample = sample(&sources, round);
        let searched = farthest::farthest_records(graph, &sample, weight, Some(&same_bounds));
        let ruled_out = ruled_out(graph, orbits, &searched.slacks);
        for ((source, sampled), ruled_out) in sources.iter_mut().zip(sample).zip(ruled_out) {
            *source &= !sampled && !ruled_out;
        }
        raise_bounds(&mut bounds, &steps(&searched.records));
        parts.push(searched.records);
        if count(&sources) * FEWER_BY > n_sources * (FEWER_BY - 1) {
            break;
        }
    }
    parts.push(farthest::farthest_records(graph, &sources, weight, None).records);
    // `served.records` is empty when no source was served: nothing to merge.
    if !served.records.is_empty() {
        parts.push(served.records);
    }
    merge_all(parts, |a, b| *a = merge_farthest(*a, *b))
}

/// Each node's bound raised to the largest over its orbit: eccentricity is
/// the same over an orbit, so this is a lower bound too.
fn same_over_orbits(orbits: &Orbits, bounds: &[u32]) -> Vec<u32> {
    (0..bounds.len() as u32)
        .map(|node| {
            orbits
                .images_of(node)
                .map(|image| bounds[image as usize])
                .max()
                .unwrap_or(0)
        })
        .collect()
}

/// About one in [`ONE_IN`] of the sources, spread over the ids by
/// Fibonacci hashing (ids near each other are layouts near each other);
/// each round takes another slice of the hashes.
fn sample(sources: &[bool], round: u32) -> Vec<bool> {
    (0..sources.len() as u32)
        .map(|node| {
            let slice = node.wrapping_mul(0x9E37_79B9) / (u32::MAX / ONE_IN + 1);
            sources[node as usize] && slice == round
        })
        .collect()
}

/// Sampling goes on while a round leaves fewer than this share of its
/// sources unsearched: (FEWER_BY - 1) / FEWER_BY.
const FEWER_BY: usize = 4;

/// Slacks are measured up to this; a larger one counts as this (less rules
/// out less, so that is safe).
const MAX_SLACK: u32 = 16;

/// Measures every source's slack against lower bounds on eccentricity: the
/// least `bound(v) - d(w, v)` over the nodes v its search reaches, 0 when
/// some v is at least `bound(v)` away, at most [`MAX_SLACK`].
pub(crate) struct SlackMeter<'a> {
    bounds: &'a [u32],
    /// Entry t: the sources whose search met some v with `bound(v) - d = t`.
    met_at: [Lanes; MAX_SLACK as usize],
}

impl<'a> SlackMeter<'a> {
    pub(crate) fn new(bounds: &'a [u32]) -> SlackMeter<'a> {
        SlackMeter {
            bounds,
            met_at: [Lanes::EMPTY; MAX_SLACK as usize],
        }
    }

    /// Every source with its slack, `sources[i]` being lane i's.
    pub(crate) fn slacks<'s>(
        &'s self,
        sources: &'s [u32],
    ) -> impl Iterator<Item = (u32, u32)> + 's {
        sources.iter().enumerate().map(|(lane, &source)| {
            let lane = Lanes::single(lane);
            let slack = (0..MAX_SLACK)
                .find(|&t| !self.met_at[t as usize].and(&lane).is_empty())
                .unwrap_or(MAX_SLACK);
            (source, slack)
        })
    }
}

impl Visitor for SlackMeter<'_> {
    fn arrive(&mut self, level: u32, node: u32, sources: &Lanes, _blocked: &Lanes) {
        let slack = self.bounds[node as usize].saturating_sub(level);
        if slack < MAX_SLACK {
            self.met_at[slack as usize] |= sources;
        }
    }
}

/// The nodes nearer to some image of a measured source than its slack:
/// farthest from nobody. One breadth-first pass, seeded at every image
/// with its slack, each step one less.
fn ruled_out(graph: &GroupGraph, orbits: &Orbits, slacks: &[(u32, u32)]) -> Vec<bool> {
    // reach[u]: the largest slack(w) - d(u, w) found, 0 for none above 0.
    let mut reach = vec![0u32; graph.n_nodes()];
    let mut by_reach: Vec<Vec<u32>> = vec![Vec::new(); MAX_SLACK as usize + 1];
    for &(source, slack) in slacks {
        for image in orbits.images_of(source) {
            if slack > reach[image as usize] {
                reach[image as usize] = slack;
                by_reach[slack as usize].push(image);
            }
        }
    }
    for level in (2..=MAX_SLACK).rev() {
        for node in std::mem::take(&mut by_reach[level as usize]) {
            if reach[node as usize] != level {
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
    reach.iter().map(|&reach| reach > 0).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::farthest::{every_orbit, fold_orbits};
    use crate::analysis::plain::{distances_from, FirstSweep};

    /// A dense group of 5-1-4 (20,664 layouts) where few layouts are
    /// farthest from another, with its orbits and plan.
    fn dense_group() -> (GroupGraph, Orbits, Plan) {
        let graph = GroupGraph::build(crate::group_of("00019D400".parse().unwrap()));
        let orbits = Orbits::of(&graph);
        let first_sweep = FirstSweep::of(&graph);
        assert!(!first_sweep.is_sparse());
        let (plan, ()) = farthest::plan(
            &graph,
            &orbits,
            &every_orbit(&graph, &orbits),
            first_sweep,
            || (),
        );
        (graph, orbits, plan)
    }

    #[test]
    fn slacks_and_the_nodes_they_rule_out_are_those_of_plain_searches() {
        let (graph, orbits, plan) = dense_group();
        let bounds = same_over_orbits(&orbits, &plan.bounds);
        let sample = sample(&plan.sources, 0);
        let weight = |source| orbits.orbit_size(source);
        let searched = farthest::farthest_records(&graph, &sample, weight, Some(&bounds));
        assert_eq!(searched.slacks.len(), count(&sample));
        let mut pivots = Vec::new();
        for &(source, slack) in &searched.slacks {
            let distances = distances_from(&graph, source);
            let plain = bounds
                .iter()
                .zip(&distances)
                .map(|(&bound, &d)| bound.saturating_sub(d))
                .min()
                .unwrap()
                .min(MAX_SLACK);
            assert_eq!(slack, plain, "source {source}");
            for image in orbits.images_of(source) {
                pivots.push((distances_from(&graph, image), slack));
            }
        }
        let by_definition: Vec<bool> = (0..graph.n_nodes())
            .map(|node| pivots.iter().any(|(d, slack)| d[node] < *slack))
            .collect();
        let ruled_out = ruled_out(&graph, &orbits, &searched.slacks);
        assert_eq!(ruled_out, by_definition);
        // The sample rules out most of the group.
        assert!(
            count(&ruled_out) * 4 > graph.n_nodes() * 3,
            "{}",
            count(&ruled_out)
        );
    }

    #[test]
    fn sampled_searches_give_the_numbers_of_searches_from_every_orbit() {
        let (graph, orbits, plan) = dense_group();
        assert!(count(&plan.sources) >= SAMPLE_AT_LEAST);
        let none_served = ServedFarthest {
            sources: Vec::new(),
            records: Vec::new(),
        };
        let sampled = farthest_records(&graph, &orbits, plan, none_served);
        let every = farthest::farthest_records(
            &graph,
            &every_orbit(&graph, &orbits),
            |source| orbits.orbit_size(source),
            None,
        );
        assert_eq!(
            fold_orbits(&orbits, &sampled),
            fold_orbits(&orbits, &every.records)
        );
    }
}
