//! The hubs' searches: from a set of sources in ball batches, each
//! source's end (its eccentricity, how many nodes are that far, and the
//! nodes of its last level) beside the records of the farthest searches.

use crate::analysis::bit_bfs::Visitor;
use crate::analysis::farthest_searches::{search_with, SlackMeter};
use crate::analysis::lanes::{LaneSet, Lanes};
use crate::analysis::node_set::NodeSet;
use crate::analysis::records::{merge_into, Farthest, SourceSlack};
use crate::analysis::symmetry::Orbits;
use crate::analysis::GroupGraph;

/// Where a source's search ended: its eccentricity and how many nodes are
/// that far.
#[derive(Clone, Copy, Debug)]
pub(super) struct End {
    pub(super) source: u32,
    pub(super) eccentricity: u32,
    pub(super) count: u32,
}

/// What searches from a set of sources found.
#[derive(Default)]
pub(super) struct Found {
    /// Per node, the records of the sources whose orbit was not
    /// `recorded` already.
    pub(super) records: Vec<Farthest>,
    /// Every source's end.
    pub(super) ends: Vec<End>,
    /// The nodes of every source's last level (a node may repeat).
    pub(super) last_levels: Vec<u32>,
    /// Every source's slack, when measured.
    pub(super) slacks: Vec<SourceSlack>,
}

/// Searches from `sources` in ball batches: the records of those whose
/// orbit is not `recorded` already (weighted by orbit size), and every
/// source's end, `bound` being a lower bound on its eccentricity; with
/// `slack_bounds`, every source's slack against them (see [`SlackMeter`]).
pub(super) fn search_ending(
    graph: &GroupGraph,
    sources: &NodeSet,
    recorded: impl Fn(u32) -> bool + Sync,
    orbits: &Orbits,
    bound: impl Fn(u32) -> u32 + Sync,
    slack_bounds: Option<&[u32]>,
) -> Found {
    let (records, per_worker) = search_with(
        graph,
        sources,
        |source| (!recorded(source)).then(|| orbits.orbit_size(source)),
        |batch| {
            let bounds = batch.iter().map(|&source| bound(source)).collect();
            (slack_bounds.map(SlackMeter::new), LastLevels::new(bounds))
        },
        |(slacks, last): (Option<SlackMeter>, LastLevels), batch, found: &mut Found| {
            if let Some(meter) = &slacks {
                found.slacks.extend(meter.slacks(batch));
            }
            let last = last.finish();
            found.last_levels.extend(last.nodes);
            found.ends.extend(batch.iter().zip(last.ends).map(
                |(&source, (eccentricity, count))| End {
                    source,
                    eccentricity,
                    count,
                },
            ));
        },
    );
    let mut found = Found {
        records,
        ..Found::default()
    };
    for worker in per_worker {
        found.add_ends(worker);
    }
    found
}

impl Found {
    /// Adds what searches from other sources found.
    pub(super) fn merge(&mut self, other: Found) {
        merge_into(&mut self.records, &other.records);
        self.add_ends(other);
    }

    /// Adds what searches from other sources found but their records.
    fn add_ends(&mut self, other: Found) {
        self.ends.extend(other.ends);
        self.last_levels.extend(other.last_levels);
        self.slacks.extend(other.slacks);
    }
}

/// Finds each lane's last level: its level and size, and its nodes.
///
/// A lane's last level is known only once the next level arrives without
/// it, so the arrivals of the last two levels are kept, and only for the
/// lanes at or past their `bounds` (lower bounds on their eccentricity):
/// a search's last levels are its few farthest nodes.
struct LastLevels {
    bounds: Vec<u32>,
    /// Per level, the lanes that arrived anywhere.
    active: Vec<Lanes>,
    /// Per level, the lanes at or past their bound, when there are any
    /// (most levels of a search have none, and their arrivals are kept by
    /// no lane).
    past_bound: Vec<Option<Lanes>>,
    /// The arrivals of the level before the current one, and of the current
    /// one, for the lanes past their bound.
    kept: [Vec<(u32, Lanes)>; 2],
    /// Per lane, the nodes of its last level.
    counts: Vec<u32>,
    /// The nodes of some lane's last level.
    nodes: Vec<u32>,
}

/// A search's last levels (see [`LastLevels`]).
struct LastLevelsFound {
    /// Per lane, its eccentricity and last level's size.
    ends: Vec<(u32, u32)>,
    /// The nodes of some lane's last level.
    nodes: Vec<u32>,
}

impl LastLevels {
    fn new(bounds: Vec<u32>) -> LastLevels {
        LastLevels {
            counts: vec![0; bounds.len()],
            bounds,
            active: Vec::new(),
            past_bound: Vec::new(),
            kept: [Vec::new(), Vec::new()],
            nodes: Vec::new(),
        }
    }

    /// Starts `level`: the level two before it is settled.
    fn start_level(&mut self, level: u32) {
        let level = level as usize;
        debug_assert_eq!(self.active.len(), level);
        let mut past_bound = Lanes::EMPTY;
        for (lane, &bound) in self.bounds.iter().enumerate() {
            if bound as usize <= level {
                past_bound |= &Lanes::single(lane);
            }
        }
        self.active.push(Lanes::EMPTY);
        self.past_bound
            .push((!past_bound.is_empty()).then_some(past_bound));
        if level >= 2 {
            let ended = self.active[level - 2].and_not(&self.active[level - 1]);
            let settled = std::mem::take(&mut self.kept[0]);
            self.settle(&settled, &ended);
        }
        self.kept.swap(0, 1);
    }

    /// Counts and notes the `arrivals` of lanes that `ended` there.
    fn settle(&mut self, arrivals: &[(u32, Lanes)], ended: &Lanes) {
        if ended.is_empty() {
            return;
        }
        for (node, lanes) in arrivals {
            let ending = lanes.and(ended);
            if ending.is_empty() {
                continue;
            }
            self.nodes.push(*node);
            for lane in ending.indexes() {
                self.counts[lane] += 1;
            }
        }
    }

    /// Settles the last two levels; returns every lane's end.
    fn finish(mut self) -> LastLevelsFound {
        let top = self.active.len();
        if top >= 2 {
            let ended = self.active[top - 2].and_not(&self.active[top - 1]);
            let settled = std::mem::take(&mut self.kept[0]);
            self.settle(&settled, &ended);
        }
        if top >= 1 {
            let ended = self.active[top - 1];
            let settled = std::mem::take(&mut self.kept[1]);
            self.settle(&settled, &ended);
        }
        let ends = (0..self.bounds.len())
            .map(|lane| {
                let single = Lanes::single(lane);
                let eccentricity = (0..top)
                    .rev()
                    .find(|&level| !self.active[level].and(&single).is_empty())
                    .unwrap_or(0);
                (eccentricity as u32, self.counts[lane])
            })
            .collect();
        LastLevelsFound {
            ends,
            nodes: self.nodes,
        }
    }
}

impl Visitor for LastLevels {
    fn arrive(&mut self, level: u32, node: u32, sources: &Lanes, _blocked: &Lanes) {
        while self.active.len() <= level as usize {
            let next = self.active.len() as u32;
            self.start_level(next);
        }
        let level = level as usize;
        self.active[level] |= sources;
        if let Some(past_bound) = &self.past_bound[level] {
            let kept = sources.and(past_bound);
            if !kept.is_empty() {
                self.kept[1].push((node, kept));
            }
        }
    }
}
