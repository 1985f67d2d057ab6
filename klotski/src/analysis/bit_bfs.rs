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

use std::time::Instant;

use super::kernel_stats::{self, LevelCounts, SearchKind};
use super::lanes::{LaneSet, Lanes, NarrowLanes, WIDTH};
use super::node_set::NodeSet;
use super::spare::SetArray;
use super::GroupGraph;

/// What a search tracks besides the arrivals.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Tracking {
    /// Arrivals only.
    Arrivals,
    /// Also the blocked flags. A source's search ends once it is blocked at
    /// every frontier node (it has nothing left that a solution count needs),
    /// unless the search is asked to run it to the end.
    Blocked,
}

impl Tracking {
    fn blocked(self) -> bool {
        self == Tracking::Blocked
    }
}

/// Receives what a search finds, level by level, in sets of lanes `L`
/// (lane i: the search's i-th source).
pub(crate) trait Visitor<L = Lanes> {
    /// `sources` reached `node` for the first time at `level` (level 0: the
    /// sources themselves); `blocked` is the subset for which it is blocked
    /// (empty unless the search tracks blocking). Arrivals of a level come in
    /// ascending node order.
    fn arrive(&mut self, level: u32, node: u32, sources: &L, blocked: &L);
}

/// Both visitors receive everything.
impl<L, A: Visitor<L>, B: Visitor<L>> Visitor<L> for (A, B) {
    fn arrive(&mut self, level: u32, node: u32, sources: &L, blocked: &L) {
        self.0.arrive(level, node, sources, blocked);
        self.1.arrive(level, node, sources, blocked);
    }
}

/// A visitor that may be absent.
impl<L, V: Visitor<L>> Visitor<L> for Option<V> {
    fn arrive(&mut self, level: u32, node: u32, sources: &L, blocked: &L) {
        if let Some(visitor) = self {
            visitor.arrive(level, node, sources, blocked);
        }
    }
}

/// Hands a narrow search's arrivals to a visitor in the lanes it knows.
struct Widened<'a, V>(&'a mut V);

impl<V: Visitor> Visitor<NarrowLanes> for Widened<'_, V> {
    fn arrive(&mut self, level: u32, node: u32, sources: &NarrowLanes, blocked: &NarrowLanes) {
        self.0
            .arrive(level, node, &sources.widen(), &blocked.widen());
    }
}

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
    /// there (the largest groups' batches at levels 20-32, with 1-123
    /// survivors), the survivors were searched again from level 0 in
    /// 128-lane sets: 2-3% of those groups' kernel time for levels already
    /// searched.
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

/// Hands a visitor only the arrivals of lane i at levels above `levels[i]`
/// (all of them without `levels`): a search from the survivors of stopped
/// searches ([`Survivors`]) reports only what those did not.
pub(crate) struct AfterLevels<'a, V> {
    levels: Option<&'a [u32]>,
    visitor: &'a mut V,
    /// The lanes reported at `level`, and whether they are all of them.
    allowed: (u32, Lanes, bool),
}

impl<'a, V: Visitor> AfterLevels<'a, V> {
    pub(crate) fn new(levels: Option<&'a [u32]>, visitor: &'a mut V) -> AfterLevels<'a, V> {
        AfterLevels {
            levels,
            visitor,
            allowed: (u32::MAX, Lanes::EMPTY, false),
        }
    }
}

impl<V: Visitor> Visitor for AfterLevels<'_, V> {
    fn arrive(&mut self, level: u32, node: u32, sources: &Lanes, blocked: &Lanes) {
        let Some(levels) = self.levels else {
            return self.visitor.arrive(level, node, sources, blocked);
        };
        if self.allowed.0 != level {
            let (mut allowed, mut all) = (Lanes::EMPTY, true);
            for (lane, &after) in levels.iter().enumerate() {
                if level > after {
                    allowed |= &Lanes::single(lane);
                } else {
                    all = false;
                }
            }
            self.allowed = (level, allowed, all);
        }
        // Past every lane's reported levels (most of a search), every
        // arrival passes as it is.
        if self.allowed.2 {
            return self.visitor.arrive(level, node, sources, blocked);
        }
        let sources = sources.and(&self.allowed.1);
        if !sources.is_empty() {
            let blocked = blocked.and(&self.allowed.1);
            self.visitor.arrive(level, node, &sources, &blocked);
        }
    }
}

/// The state of a search in sets of lanes `L`.
struct Search<'g, L: LaneSet> {
    graph: &'g GroupGraph,
    tracking: Tracking,
    /// Per node, the sources that have reached it; cleared as a search starts.
    seen: SetArray<L>,
    /// Per frontier node, the sources that reached it at the last level.
    /// Like `next` and the passes' sets, an array taken from the spares
    /// ([`super::spare`]): a node's set is written when it arrives, before
    /// it is read.
    frontier: SetArray<L>,
    /// The sets of the nodes reached at the level being pulled.
    next: SetArray<L>,
    /// What the frontier nodes pass on blocked, when tracking blocking.
    passes: Passes<L>,
    /// The same for the nodes reached at the level being pulled.
    next_passes: Passes<L>,
    in_frontier: NodeSet,
    /// Nodes that have been in the frontier with their neighbours marked touched.
    expanded: NodeSet,
    /// Neighbours of expanded nodes: every node that may have a frontier neighbour.
    touched: NodeSet,
    /// Nodes every live source has reached.
    saturated: NodeSet,
    /// Nodes to pull at this level.
    candidates: NodeSet,
    /// The frontier, ascending.
    current: Vec<u32>,
    /// Nodes reached at the level being pulled, ascending.
    arrivals: Vec<u32>,
}

/// Candidates are marked from the frontier's edges when the frontier has
/// fewer nodes than the open nodes divided by this.
const MARK_FROM_FRONTIER_BELOW: usize = 2;

impl<'g, L: LaneSet> Search<'g, L> {
    fn new(graph: &'g GroupGraph, tracking: Tracking) -> Search<'g, L> {
        let n = graph.n_nodes();
        let blocking = if tracking.blocked() { n } else { 0 };
        Search {
            graph,
            tracking,
            seen: SetArray::new(n),
            frontier: SetArray::new(n),
            next: SetArray::new(n),
            passes: Passes::new(blocking),
            next_passes: Passes::new(blocking),
            in_frontier: NodeSet::new(n),
            expanded: NodeSet::new(n),
            touched: NodeSet::new(n),
            saturated: NodeSet::new(n),
            candidates: NodeSet::new(n),
            current: Vec::new(),
            arrivals: Vec::new(),
        }
    }

    /// Starts a search from `sources` (lane i: `sources[i]`), reporting
    /// level 0; returns the live sources.
    fn start(&mut self, sources: &[u32], visitor: &mut impl Visitor<L>) -> L {
        self.seen.fill(L::EMPTY);
        for set in [&mut self.expanded, &mut self.touched, &mut self.saturated] {
            set.clear();
        }
        let mut order: Vec<(u32, usize)> = sources
            .iter()
            .enumerate()
            .map(|(index, &source)| (source, index))
            .collect();
        order.sort_unstable();
        self.current.clear();
        let mut live = L::EMPTY;
        for (source, index) in order {
            let bit = L::single(index);
            live |= &bit;
            self.seen[source as usize] = bit;
            self.frontier[source as usize] = bit;
            self.current.push(source);
            visitor.arrive(0, source, &bit, &L::EMPTY);
        }
        live
    }

    /// Whether no node is left to expand.
    fn is_over(&self) -> bool {
        self.current.is_empty()
    }

    /// Searches `level`; returns the sources still live after it.
    fn step(&mut self, level: u32, live: &L, kept: &L, visitor: &mut impl Visitor<L>) -> L {
        let started = kernel_stats::ENABLED.then(Instant::now);
        self.enter_frontier();
        self.choose_candidates();
        let (live, mut counts) = self.pull(level, live, kept, visitor);
        self.leave_frontier();
        if let Some(started) = started {
            counts.levels = 1;
            counts.time = started.elapsed();
            let kind = SearchKind {
                set_bytes: size_of::<L>(),
                blocked: self.tracking.blocked(),
            };
            kernel_stats::record(kind, level, &counts);
        }
        live
    }

    /// Searches from `level` on until no node is left.
    fn run_to_end(&mut self, level: u32, live: L, kept: &L, visitor: &mut impl Visitor<L>) {
        let (mut level, mut live) = (level, live);
        while !self.is_over() {
            live = self.step(level, &live, kept, visitor);
            level += 1;
        }
    }

    /// Ends the search before it is over, leaving the state as a finished
    /// search does.
    fn abandon(&mut self) {
        if self.tracking.blocked() {
            for &node in &self.current {
                self.passes.forget(node);
            }
        }
        self.current.clear();
    }

    /// Marks the frontier.
    fn enter_frontier(&mut self) {
        for &node in &self.current {
            self.in_frontier.insert(node);
        }
    }

    /// Fills `candidates` with a superset of the unsaturated neighbours of the
    /// frontier (see the module documentation).
    fn choose_candidates(&mut self) {
        let open = self.touched.count_difference(&self.saturated);
        if self.current.len() * MARK_FROM_FRONTIER_BELOW < open {
            for &node in &self.current {
                self.expanded.insert(node);
                for &neighbour in self.graph.neighbours(node) {
                    self.touched.insert(neighbour);
                    if !self.saturated.contains(neighbour) {
                        self.candidates.insert(neighbour);
                    }
                }
            }
        } else {
            for &node in &self.current {
                if !self.expanded.contains(node) {
                    self.expanded.insert(node);
                    for &neighbour in self.graph.neighbours(node) {
                        self.touched.insert(neighbour);
                    }
                }
            }
            self.candidates
                .assign_difference(&self.touched, &self.saturated);
        }
    }

    /// Pulls every candidate's new sources from its frontier neighbours; the
    /// nodes reached form the next frontier. Returns the sources still live
    /// (see [`Self::live_after`]), and what it read when the kernel counts
    /// ([`kernel_stats`]).
    fn pull(
        &mut self,
        level: u32,
        live: &L,
        kept: &L,
        visitor: &mut impl Visitor<L>,
    ) -> (L, LevelCounts) {
        self.arrivals.clear();
        let mut still_live = L::EMPTY;
        let mut unblocked = L::EMPTY;
        let mut counts = LevelCounts::default();
        let mut candidates = std::mem::replace(&mut self.candidates, NodeSet::new(0));
        candidates.drain(|node| {
            let node_index = node as usize;
            let missing = live.and_not(&self.seen[node_index]);
            if kernel_stats::ENABLED {
                counts.candidates += 1;
            }
            if missing.is_empty() {
                if kernel_stats::ENABLED {
                    counts.saturated += 1;
                }
                self.saturated.insert(node);
                return;
            }
            let mut arrived = L::EMPTY;
            let mut passes_block = L::EMPTY;
            for &neighbour in self.graph.neighbours(node) {
                if kernel_stats::ENABLED {
                    counts.neighbours += 1;
                }
                if !self.in_frontier.contains(neighbour) {
                    continue;
                }
                let sources = &self.frontier[neighbour as usize];
                if kernel_stats::ENABLED {
                    counts.count_read(sources, &missing, &arrived);
                }
                arrived |= sources;
                if self.tracking.blocked() {
                    if kernel_stats::ENABLED && self.passes.some.contains(neighbour) {
                        counts.second_sets += 1;
                    }
                    self.passes.add_to(&mut passes_block, neighbour, sources);
                    // Every source it lacks has arrived blocked (what a
                    // node passes on is part of its frontier set): no
                    // further neighbour can change what it learns.
                    if missing.and_not(&passes_block).is_empty() {
                        break;
                    }
                } else if missing.and_not(&arrived).is_empty() {
                    break;
                }
            }
            let new = arrived.and(&missing);
            if new.is_empty() {
                return;
            }
            if new == missing {
                self.saturated.insert(node);
            }
            let blocked = if self.tracking.blocked() {
                let blocked = passes_block.and(&new);
                unblocked |= &new.and_not(&blocked);
                // A solved node blocks every source but its own, which
                // reached it at level 0.
                let passed = if self.graph.is_solved(node) {
                    new
                } else {
                    blocked
                };
                self.next_passes.set(node, &passed, &new);
                blocked
            } else {
                L::EMPTY
            };
            self.seen[node_index] |= &new;
            self.next[node_index] = new;
            still_live |= &new;
            self.arrivals.push(node);
            visitor.arrive(level, node, &new, &blocked);
        });
        self.candidates = candidates;
        counts.arrivals = self.arrivals.len() as u64;
        let live = if self.tracking.blocked() {
            Self::live_after(&still_live, &unblocked, kept)
        } else {
            still_live
        };
        (live, counts)
    }

    /// The sources still live after a level of a search tracking blocking,
    /// given those that reached some node at it (`reached`) and those that
    /// reached some node unblocked: a source blocked at every node it
    /// reached is dropped unless kept. Everything a dropped source would
    /// reach later is blocked for it too (a node reached at the next level
    /// has a blocked parent), and a blocked arrival is never at a node's
    /// least distance to a solved layout (the layout that blocks it is
    /// nearer), so it has nothing left to report. Its lane may still be set
    /// in the frontier sets of this level; the next pull masks it out, as
    /// it masks every source a node has seen.
    fn live_after(reached: &L, unblocked: &L, kept: &L) -> L {
        let mut live = reached.and(kept);
        live |= unblocked;
        live
    }

    /// Unmarks the old frontier; the nodes just reached become the frontier.
    /// The old frontier's sets are left as they are: a node's set is read
    /// only while it is in the frontier, and written when it arrives.
    fn leave_frontier(&mut self) {
        for &node in &self.current {
            self.in_frontier.remove(node);
            if self.tracking.blocked() {
                self.passes.forget(node);
            }
        }
        std::mem::swap(&mut self.frontier, &mut self.next);
        std::mem::swap(&mut self.passes, &mut self.next_passes);
        std::mem::swap(&mut self.current, &mut self.arrivals);
    }
}

/// What the nodes of one frontier pass on blocked, per node: the sources
/// of its frontier set for which the nodes beyond it are blocked (those
/// for which it is blocked, or all when it is a solved layout). Most nodes
/// pass on none or all of their sources; only the others' sets are stored,
/// so the pull reads a second set for few neighbours.
struct Passes<L: LaneSet> {
    /// Nodes that pass on every source of their frontier set.
    all: NodeSet,
    /// Nodes that pass on some but not all: theirs is in `sets`.
    some: NodeSet,
    /// Per node of `some`: what it passes on. Read only for those.
    sets: SetArray<L>,
}

impl<L: LaneSet> Passes<L> {
    /// Room for `n` nodes (0 for a search not tracking blocking).
    fn new(n: usize) -> Passes<L> {
        Passes {
            all: NodeSet::new(n),
            some: NodeSet::new(n),
            sets: SetArray::new(n),
        }
    }

    /// Records that `node`, whose frontier set is `frontier`, passes on
    /// `passed` (a subset).
    fn set(&mut self, node: u32, passed: &L, frontier: &L) {
        if passed == frontier {
            self.all.insert(node);
        } else if !passed.is_empty() {
            self.some.insert(node);
            self.sets[node as usize] = *passed;
        }
    }

    /// Adds to `passed` what frontier node `node`, whose frontier set is
    /// `frontier`, passes on.
    #[inline]
    fn add_to(&self, passed: &mut L, node: u32, frontier: &L) {
        if self.all.contains(node) {
            *passed |= frontier;
        } else if self.some.contains(node) {
            *passed |= &self.sets[node as usize];
        }
    }

    /// Forgets what `node` passes on (it leaves the frontier).
    fn forget(&mut self, node: u32) {
        self.all.remove(node);
        self.some.remove(node);
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    /// The arrivals reported, as a count and an order-free fingerprint of
    /// the (source, node, level, blocked) reports.
    #[derive(Default, PartialEq, Eq, Debug)]
    struct Reports {
        count: u64,
        fingerprint: u64,
    }

    /// Records arrivals by source node.
    struct Recorder<'a> {
        sources: &'a [u32],
        reports: &'a mut Reports,
    }

    impl Visitor for Recorder<'_> {
        fn arrive(&mut self, level: u32, node: u32, sources: &Lanes, blocked: &Lanes) {
            for lane in sources.indexes() {
                let is_blocked = !blocked.and(&Lanes::single(lane)).is_empty();
                let report = u64::from(self.sources[lane]) << 40
                    | u64::from(node) << 12
                    | u64::from(level) << 1
                    | u64::from(is_blocked);
                self.reports.count += 1;
                self.reports.fingerprint = self.reports.fingerprint.wrapping_add(mix(report));
            }
        }
    }

    /// A report's contribution to the fingerprint: its hash, by a hasher
    /// whose keys are fixed.
    fn mix(report: u64) -> u64 {
        use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
        BuildHasherDefault::<DefaultHasher>::default().hash_one(report)
    }

    /// Records each lane's distance to every node.
    struct Distances(Vec<Vec<u32>>);

    impl Visitor for Distances {
        fn arrive(&mut self, level: u32, node: u32, sources: &Lanes, _blocked: &Lanes) {
            for lane in sources.indexes() {
                assert_eq!(self.0[lane][node as usize], u32::MAX, "reached twice");
                self.0[lane][node as usize] = level;
            }
        }
    }

    #[test]
    fn searches_over_the_arrays_other_searches_left_find_plain_distances() {
        // The spare arrays (`spare.rs`) come back with the sets their last
        // search left: a search writes a node's set before reading it.
        let code = "1A9BF0C00".parse().unwrap();
        let graph = GroupGraph::build(crate::group_of(code));
        let n = graph.n_nodes();
        let sources: Vec<u32> = (0..n as u32).step_by(53).collect();
        // Wide and narrow searches (over 128 sources and not), each after
        // one of its width.
        let rounds = [
            (Tracking::Blocked, 200),
            (Tracking::Arrivals, 100),
            (Tracking::Arrivals, 200),
            (Tracking::Blocked, 100),
        ];
        for (round, (tracking, width)) in rounds.into_iter().enumerate() {
            let batch = &sources[round * 50..round * 50 + width];
            let mut distances = Distances(vec![vec![u32::MAX; n]; batch.len()]);
            let mut bfs = BitBfs::new(&graph, tracking);
            // Blocking drops sources early: keep them all to the end.
            let kept = (0..batch.len()).fold(Lanes::EMPTY, |mut kept, lane| {
                kept |= &Lanes::single(lane);
                kept
            });
            let stopped = bfs.search(batch, &kept, Stop::Never, &mut distances);
            assert!(stopped.is_none());
            for (lane, &source) in batch.iter().enumerate() {
                let plain = crate::analysis::bfs::distances_from(&graph, source);
                assert!(distances.0[lane] == plain, "round {round}, source {source}");
            }
        }
    }

    #[test]
    fn survivors_searched_again_together_report_what_whole_searches_do() {
        let code = "1A9BF0C00".parse().unwrap();
        let graph = GroupGraph::build(crate::group_of(code));
        let n = graph.n_nodes() as u32;
        // Batches of solved sources stop within a few levels; one of
        // unsolved sources far from the solved layouts a hundred later.
        let solved = graph.solved_nodes();
        let unsolved: Vec<u32> = (0..n).filter(|&node| !graph.is_solved(node)).collect();
        let batches = [&solved[300..600], &solved[600..], &unsolved[5000..5200]];
        let mut bfs = BitBfs::new(&graph, Tracking::Blocked);

        let mut whole = Reports::default();
        for batch in batches {
            let mut recorder = Recorder {
                sources: batch,
                reports: &mut whole,
            };
            bfs.run(batch, &mut recorder);
        }

        let mut pooled = Reports::default();
        let (mut survivors, mut levels) = (Vec::new(), Vec::new());
        for batch in batches {
            let mut recorder = Recorder {
                sources: batch,
                reports: &mut pooled,
            };
            let stopped = bfs
                .run_until_few(batch, &mut recorder)
                .expect("these batches stop early");
            for lane in stopped.lanes.indexes() {
                survivors.push(batch[lane]);
                levels.push(stopped.level);
            }
        }
        let distinct_levels: BTreeSet<u32> = levels.iter().copied().collect();
        assert!(distinct_levels.len() > 1, "{distinct_levels:?}");
        for (sources, levels) in survivors
            .chunks(NarrowLanes::WIDTH)
            .zip(levels.chunks(NarrowLanes::WIDTH))
        {
            let mut recorder = Recorder {
                sources,
                reports: &mut pooled,
            };
            let mut after = AfterLevels::new(Some(levels), &mut recorder);
            let stopped = bfs.run_until_few(sources, &mut after);
            assert!(
                stopped.is_none(),
                "a search from at most 128 sources runs to the end"
            );
        }
        assert_eq!(pooled, whole);
    }
}
