//! The vocabulary of the farthest searches: a node's record of the sources
//! farthest from it, how records merge, a source's slack, and how records
//! from one source per orbit fold into every node's farthest numbers.
//!
//! Imports nothing above the search engine: every strategy speaks it.

use std::cmp::Ordering;

use rayon::prelude::*;

use super::bit_bfs::Visitor;
use super::lanes::{LaneSet, Lanes};
use super::symmetry::Orbits;

/// Per node v, what the searches so far found: the largest distance from v
/// to a searched source, and the summed weights of the sources that far
/// (distances are symmetric, so the searches from the sources find them).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct Farthest {
    /// The largest distance to a searched source.
    pub(crate) step: u32,
    /// The summed weights of the sources at that distance.
    pub(crate) count: u32,
}

impl Farthest {
    /// The farther of two records, counts added on a tie.
    #[inline]
    pub(crate) fn merge(self, other: Farthest) -> Farthest {
        match self.step.cmp(&other.step) {
            Ordering::Greater => self,
            Ordering::Less => other,
            Ordering::Equal => Farthest {
                step: self.step,
                count: self.count + other.count,
            },
        }
    }
}

/// Merges `other` into `records`, node by node.
pub(crate) fn merge_into(records: &mut [Farthest], other: &[Farthest]) {
    for (record, &other) in records.iter_mut().zip(other) {
        *record = record.merge(other);
    }
}

/// A searched source and its slack against lower bounds L on eccentricity:
/// the least L(v) - d(source, v) over every node v. Every u with
/// d(u, source) < slack is farthest from nobody (see [`super::plan`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct SourceSlack {
    /// The source.
    pub(crate) source: u32,
    /// Its slack.
    pub(crate) slack: u32,
}

/// Keeps, per node, the last level at which counted sources arrived and
/// their summed weights: the node's [`Farthest`] record.
pub(crate) struct FarthestOfAll<'a> {
    records: &'a mut [Farthest],
    /// The counted lanes, grouped by weight.
    weights: Vec<(u32, Lanes)>,
}

impl<'a> FarthestOfAll<'a> {
    /// A visitor recording into `records`; `weights` gives each lane's
    /// weight, `None` for a lane that is not counted.
    pub(crate) fn new(
        records: &'a mut [Farthest],
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
        let record = &mut self.records[node as usize];
        // Nearer than a source already recorded: the merge would keep the
        // record, so the sources are not counted (most arrivals, as a node
        // is reached at several levels of a batch).
        if level < record.step {
            return;
        }
        let weighted: u32 = self
            .weights
            .iter()
            .map(|(weight, lanes)| weight * sources.and(lanes).count())
            .sum();
        if weighted > 0 {
            *record = record.merge(Farthest {
                step: level,
                count: weighted,
            });
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
pub(crate) fn fold_orbits(orbits: &Orbits, records: &[Farthest]) -> Vec<Farthest> {
    let order = orbits.order();
    (0..records.len() as u32)
        .into_par_iter()
        .map(|node| {
            let folded = orbits
                .images_of(node)
                .map(|image| records[image as usize])
                .fold(Farthest::default(), Farthest::merge);
            debug_assert_eq!(folded.count % order, 0, "node {node}");
            Farthest {
                step: folded.step,
                count: folded.count / order,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_merge_to_the_farther_and_add_on_a_tie() {
        let check = |a: (u32, u32), b: (u32, u32), expected: (u32, u32)| {
            let record = |(step, count)| Farthest { step, count };
            assert_eq!(record(a).merge(record(b)), record(expected));
            assert_eq!(record(b).merge(record(a)), record(expected));
        };
        check((3, 2), (5, 1), (5, 1));
        check((4, 2), (4, 7), (4, 9));
        check((0, 0), (2, 3), (2, 3));
    }
}
