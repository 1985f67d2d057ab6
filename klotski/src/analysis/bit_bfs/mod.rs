//! Breadth-first search from up to 1024 sources at once over a group graph.
//!
//! Every node holds 1024-bit sets: the sources that have reached it (`seen`)
//! and those that reached it at the current level (`frontier`). A level
//! *pulls*: each candidate node ORs the frontier sets of its neighbours in
//! the frontier and keeps the sources it had not seen, so one pass over the
//! edges serves all the searches, each node's new set is written once, in
//! node order, and a node stops reading as soon as it has every source it
//! lacked. Nodes every live source has reached (*saturated*) are skipped.
//!
//! The candidates are the unsaturated neighbours of the frontier. When the
//! frontier is small against the nodes still open they are marked from the
//! frontier's edges; otherwise every open node next to a node that has been
//! in the frontier is a candidate, which costs no marking at all.
//!
//! Optionally it also tracks, per source S, the *blocked* flag of the spec's
//! solution count: a node is blocked for S when some node one level closer to
//! S is blocked for S or is a solved layout other than S. A node then reads
//! every frontier neighbour, since any of them may block a source, unless
//! every source it lacked has arrived blocked already.
//!
//! A search from at most 128 sources runs in 128-lane sets ([`NarrowLanes`]),
//! an eighth of the memory traffic. A solution search that keeps none of
//! its sources to the end can stop once at most 128 of them are live, so
//! that the survivors of several searches continue together in one narrow
//! search ([`BitBfs::run_until_few`]).

mod counter;
#[cfg(feature = "kernel-stats")]
pub(crate) mod kernel_stats;
mod level;
mod passes;
#[cfg(test)]
mod tests;
mod visitors;

pub(crate) use level::Tracking;
pub(crate) use visitors::{AfterLevels, Visitor};

use super::lanes::{LaneSet, Lanes, NarrowLanes, WIDTH};
use super::GroupGraph;
use level::Search;
use visitors::Widened;

/// Reusable state for searches from up to 1024 sources over one graph.
pub(crate) struct BitBfs<'g> {
    graph: &'g GroupGraph,
    tracking: Tracking,
    /// Each state is allocated on first use.
    wide: Option<Search<'g, Lanes>>,
    narrow: Option<Search<'g, NarrowLanes>>,
}

/// When a wide search stops before its end (see [`BitBfs::run_until_few`]).
#[derive(Clone, Copy)]
enum Stop {
    /// It runs to the end.
    Never,
    /// Once at most 128 sources are live.
    WhenFew,
}

/// The sources still live when a search stopped (see [`BitBfs::run_until_few`]).
#[derive(Debug)]
pub(crate) struct Survivors {
    /// Their lanes.
    pub(crate) lanes: Lanes,
    /// The last level whose arrivals were reported.
    pub(crate) level: u32,
}

impl<'g> BitBfs<'g> {
    pub(crate) fn new(graph: &'g GroupGraph, tracking: Tracking) -> BitBfs<'g> {
        BitBfs {
            graph,
            tracking,
            wide: None,
            narrow: None,
        }
    }

    /// Searches from `sources` (distinct nodes, at most 1024) until every
    /// reachable node is reached, reporting arrivals to `visitor`. When
    /// tracking blocked flags, sources blocked everywhere drop out early.
    pub(crate) fn run(&mut self, sources: &[u32], visitor: &mut impl Visitor) {
        let stopped = self.search(sources, &Lanes::EMPTY, Stop::Never, visitor);
        debug_assert!(stopped.is_none());
    }

    /// [`Self::run`], tracking blocked flags, but stopping once at most 128
    /// sources are live: returns those. A search from at most 128 sources
    /// runs to the end.
    ///
    /// A solution search of a sparse group drops all but a few dozen of its
    /// 1024 sources within a few levels (the solved layouts around them
    /// block them) and then runs for a hundred levels more. The survivors of
    /// several searches, searched again together from their start in
    /// 128-lane sets (arrivals up to each one's stopping level left out, see
    /// [`AfterLevels`]), cost one such tail instead of one each.
    pub(crate) fn run_until_few(
        &mut self,
        sources: &[u32],
        visitor: &mut impl Visitor,
    ) -> Option<Survivors> {
        assert!(self.tracking.blocked());
        self.search(sources, &Lanes::EMPTY, Stop::WhenFew, visitor)
    }

    /// [`Self::run`], tracking blocked flags and never dropping the sources
    /// of lanes `kept` (a solution search that also serves farthest
    /// sources), to the end.
    ///
    /// It never stops early as [`Self::run_until_few`] does: its kept
    /// sources need every level anyway, and where sources are kept (dense
    /// groups) at most 128 are live only in the last few levels. Stopped
    /// there, the survivors were searched again from level 0 in 128-lane
    /// sets, for levels already searched (docs/journal/analysis.md, "Dense
    /// groups' solution searches serve as farthest searches").
    pub(crate) fn run_keeping(
        &mut self,
        sources: &[u32],
        kept: &Lanes,
        visitor: &mut impl Visitor,
    ) {
        assert!(self.tracking.blocked());
        let stopped = self.search(sources, kept, Stop::Never, visitor);
        debug_assert!(stopped.is_none());
    }

    fn search(
        &mut self,
        sources: &[u32],
        kept: &Lanes,
        stop: Stop,
        visitor: &mut impl Visitor,
    ) -> Option<Survivors> {
        assert!(sources.len() <= WIDTH);
        let (graph, tracking) = (self.graph, self.tracking);
        if sources.len() <= NarrowLanes::WIDTH {
            let narrow = self
                .narrow
                .get_or_insert_with(|| Search::new(graph, tracking));
            let mut visitor = Widened(visitor);
            let live = narrow.start(sources, &mut visitor);
            narrow.run_to_end(1, live, &NarrowLanes::first_of(kept), &mut visitor);
            return None;
        }
        let wide = self
            .wide
            .get_or_insert_with(|| Search::new(graph, tracking));
        let mut live = wide.start(sources, visitor);
        let mut level = 1;
        let mut survivors = None;
        while !wide.is_over() {
            let stops = match stop {
                Stop::Never => false,
                Stop::WhenFew => live.count() as usize <= NarrowLanes::WIDTH,
            };
            if stops {
                wide.abandon();
                survivors = Some(Survivors {
                    lanes: live,
                    level: level - 1,
                });
                break;
            }
            live = wide.step(level, &live, kept, visitor);
            level += 1;
        }
        survivors
    }
}
