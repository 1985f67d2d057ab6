//! The state of one bit-parallel search and its level step: the candidates
//! chosen, then pulled from their frontier neighbours (see [`super`]).

use super::counter::Counter;
use super::passes::Passes;
use super::Visitor;
use crate::analysis::node_set::NodeSet;
use crate::analysis::spare::{SetArray, SparedLanes};
use crate::analysis::tuning::MARK_FROM_FRONTIER_BELOW;
use crate::analysis::GroupGraph;
use crate::cancel;

/// The counter the searches run with: none, or with the `kernel-stats`
/// feature the kernel's counts.
#[cfg(not(feature = "kernel-stats"))]
pub(super) type Counting = super::counter::NoCounts;
#[cfg(feature = "kernel-stats")]
pub(super) type Counting = super::kernel_stats::KernelCounts;

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
    pub(super) fn blocked(self) -> bool {
        self == Tracking::Blocked
    }
}

/// The state of a search in sets of lanes `L`, counting its work with `C`.
pub(super) struct Search<'g, L: SparedLanes, C: Counter<L> = Counting> {
    graph: &'g GroupGraph,
    tracking: Tracking,
    /// Per node of `reached`, the sources that have reached it. A node
    /// outside `reached` has seen nothing this search, whatever its set
    /// holds: so a search starts by clearing a bitmap of one bit a node,
    /// not by filling every node's set of a bit a source.
    seen: SetArray<L>,
    /// The nodes some source has reached this search.
    reached: NodeSet,
    /// Per frontier node, the sources that reached it at the last level.
    /// Like `next` and the passes' sets, an array taken from the spares
    /// ([`crate::analysis::spare`]): a node's set is written when it arrives, before
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
    /// What the level steps did, when counted.
    pub(super) counter: C,
}

impl<'g, L: SparedLanes, C: Counter<L>> Search<'g, L, C> {
    pub(super) fn new(graph: &'g GroupGraph, tracking: Tracking) -> Search<'g, L, C> {
        let n = graph.n_nodes();
        let blocking = if tracking.blocked() { n } else { 0 };
        Search {
            graph,
            tracking,
            seen: SetArray::new(n),
            reached: NodeSet::new(n),
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
            counter: C::default(),
        }
    }

    /// Starts a search from `sources` (lane i: `sources[i]`), reporting
    /// level 0; returns the live sources.
    pub(super) fn start(&mut self, sources: &[u32], visitor: &mut impl Visitor<L>) -> L {
        for set in [
            &mut self.reached,
            &mut self.expanded,
            &mut self.touched,
            &mut self.saturated,
        ] {
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
            self.reach(source, &bit);
            self.frontier[source as usize] = bit;
            self.current.push(source);
            visitor.arrive(0, source, &bit, &L::EMPTY);
        }
        live
    }

    /// Whether no node is left to expand.
    pub(super) fn is_over(&self) -> bool {
        self.current.is_empty()
    }

    /// Searches `level`; returns the sources still live after it.
    ///
    /// Never inlined: whether the compiler inlines it into its callers
    /// flips with unrelated changes elsewhere in the crate, and inlined
    /// into the solution pass's search it ran more instructions there
    /// (callgrind; BENCHMARKS.md, "Ideas tried and rejected").
    #[inline(never)]
    pub(super) fn step(
        &mut self,
        level: u32,
        live: &L,
        kept: &L,
        visitor: &mut impl Visitor<L>,
    ) -> L {
        cancel::checkpoint();
        self.counter.start_level();
        self.enter_frontier();
        self.choose_candidates();
        let live = self.pull(level, live, kept, visitor);
        self.leave_frontier();
        // The nodes just reached are the frontier now.
        let arrivals = self.current.len();
        self.counter
            .end_level(level, self.tracking.blocked(), arrivals);
        live
    }

    /// Searches from `level` on until no node is left.
    pub(super) fn run_to_end(
        &mut self,
        level: u32,
        live: L,
        kept: &L,
        visitor: &mut impl Visitor<L>,
    ) {
        let (mut level, mut live) = (level, live);
        while !self.is_over() {
            live = self.step(level, &live, kept, visitor);
            level += 1;
        }
    }

    /// Ends the search before it is over, leaving the state as a finished
    /// search does.
    pub(super) fn abandon(&mut self) {
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
    /// (see [`Self::live_after`]); what it reads goes to the counter.
    fn pull(&mut self, level: u32, live: &L, kept: &L, visitor: &mut impl Visitor<L>) -> L {
        self.arrivals.clear();
        let mut still_live = L::EMPTY;
        let mut unblocked = L::EMPTY;
        let mut candidates = std::mem::replace(&mut self.candidates, NodeSet::new(0));
        candidates.drain(|node| {
            let node_index = node as usize;
            // Tested once: [`Self::reach`] below would test it again. (The
            // same `reach` taking this bit as an argument ran more
            // instructions in the step, callgrind: written out.)
            let was_reached = self.reached.contains(node);
            let missing = if was_reached {
                live.and_not(&self.seen[node_index])
            } else {
                *live
            };
            self.counter.candidate();
            if missing.is_empty() {
                self.counter.saturated();
                self.saturated.insert(node);
                return;
            }
            let mut arrived = L::EMPTY;
            let mut passes_block = L::EMPTY;
            for &neighbour in self.graph.neighbours(node) {
                self.counter.neighbour();
                if !self.in_frontier.contains(neighbour) {
                    continue;
                }
                let sources = &self.frontier[neighbour as usize];
                self.counter.frontier_read(sources, &missing, &arrived);
                arrived |= sources;
                if self.tracking.blocked() {
                    self.passes
                        .add_to(&mut passes_block, neighbour, sources, &mut self.counter);
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
            if was_reached {
                self.seen[node_index] |= &new;
            } else {
                self.reached.insert(node);
                self.seen[node_index] = new;
            }
            self.next[node_index] = new;
            still_live |= &new;
            self.arrivals.push(node);
            visitor.arrive(level, node, &new, &blocked);
        });
        self.candidates = candidates;
        if self.tracking.blocked() {
            Self::live_after(&still_live, &unblocked, kept)
        } else {
            still_live
        }
    }

    /// Records that `sources` have reached `node`.
    #[inline]
    fn reach(&mut self, node: u32, sources: &L) {
        let seen = &mut self.seen[node as usize];
        if self.reached.contains(node) {
            *seen |= sources;
        } else {
            self.reached.insert(node);
            *seen = *sources;
        }
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
