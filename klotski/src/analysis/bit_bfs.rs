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
//! S is blocked for S or is a solved layout other than S.

use super::lanes::{Lanes, WIDTH};
use super::node_set::NodeSet;
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

/// Receives what a search finds, level by level.
pub(crate) trait Visitor {
    /// `sources` reached `node` for the first time at `level` (level 0: the
    /// sources themselves); `blocked` is the subset for which it is blocked
    /// (empty unless the search tracks blocking). Arrivals of a level come in
    /// ascending node order.
    fn arrive(&mut self, level: u32, node: u32, sources: &Lanes, blocked: &Lanes);
}

/// Both visitors receive everything.
impl<A: Visitor, B: Visitor> Visitor for (A, B) {
    fn arrive(&mut self, level: u32, node: u32, sources: &Lanes, blocked: &Lanes) {
        self.0.arrive(level, node, sources, blocked);
        self.1.arrive(level, node, sources, blocked);
    }
}

/// Reusable state for searches over one graph.
pub(crate) struct BitBfs<'g> {
    graph: &'g GroupGraph,
    tracking: Tracking,
    seen: Vec<Lanes>,
    frontier: Vec<Lanes>,
    /// The sets of the nodes reached at the level being pulled.
    next: Vec<Lanes>,
    /// Per node reached at the last level: the sources for which it is blocked.
    blocked: Vec<Lanes>,
    /// Per frontier node: the sources for which the nodes beyond it are blocked.
    passes_block: Vec<Lanes>,
    /// Per node: its index among the current sources, or `NOT_A_SOURCE`.
    source_index: Vec<u32>,
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

const NOT_A_SOURCE: u32 = u32::MAX;

/// Candidates are marked from the frontier's edges when the frontier has
/// fewer nodes than the open nodes divided by this.
const MARK_FROM_FRONTIER_BELOW: usize = 2;

impl<'g> BitBfs<'g> {
    pub(crate) fn new(graph: &'g GroupGraph, tracking: Tracking) -> BitBfs<'g> {
        let n = graph.n_nodes();
        let blocking = if tracking.blocked() { n } else { 0 };
        BitBfs {
            graph,
            tracking,
            seen: vec![Lanes::EMPTY; n],
            frontier: vec![Lanes::EMPTY; n],
            next: vec![Lanes::EMPTY; n],
            blocked: vec![Lanes::EMPTY; blocking],
            passes_block: vec![Lanes::EMPTY; blocking],
            source_index: vec![NOT_A_SOURCE; n],
            in_frontier: NodeSet::new(n),
            expanded: NodeSet::new(n),
            touched: NodeSet::new(n),
            saturated: NodeSet::new(n),
            candidates: NodeSet::new(n),
            current: Vec::new(),
            arrivals: Vec::new(),
        }
    }

    /// Searches from `sources` (distinct nodes, at most 1024) until every
    /// reachable node is reached, reporting arrivals to `visitor`. When
    /// tracking blocked flags, sources blocked everywhere drop out early.
    pub(crate) fn run(&mut self, sources: &[u32], visitor: &mut impl Visitor) {
        self.run_keeping(sources, &Lanes::EMPTY, visitor);
    }

    /// [`Self::run`], never dropping the sources of lanes `kept`: their
    /// searches run to the end even when blocked everywhere.
    pub(crate) fn run_keeping(
        &mut self,
        sources: &[u32],
        kept: &Lanes,
        visitor: &mut impl Visitor,
    ) {
        assert!(sources.len() <= WIDTH);
        self.seen.fill(Lanes::EMPTY);
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
        let mut live = Lanes::EMPTY;
        for (source, index) in order {
            let bit = Lanes::single(index);
            live |= &bit;
            self.seen[source as usize] = bit;
            self.frontier[source as usize] = bit;
            self.source_index[source as usize] = index as u32;
            if self.tracking.blocked() {
                self.blocked[source as usize] = Lanes::EMPTY;
            }
            self.current.push(source);
            visitor.arrive(0, source, &bit, &Lanes::EMPTY);
        }

        let mut level = 0;
        while !self.current.is_empty() {
            level += 1;
            self.enter_frontier();
            self.choose_candidates();
            live = self.pull(level, &live, visitor);
            self.leave_frontier();
            if self.tracking.blocked() && !live.and_not(kept).is_empty() {
                live = self.drop_blocked_sources(kept);
            }
        }
        for &source in sources {
            self.source_index[source as usize] = NOT_A_SOURCE;
        }
    }

    /// Marks the frontier, and the sources its nodes pass blocked.
    fn enter_frontier(&mut self) {
        for &node in &self.current {
            self.in_frontier.insert(node);
            if self.tracking.blocked() {
                self.passes_block[node as usize] =
                    self.blocked_beyond(node, &self.frontier[node as usize]);
            }
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
    /// nodes reached form the next frontier. Returns the sources that reached
    /// some node: the others' searches are over.
    fn pull(&mut self, level: u32, live: &Lanes, visitor: &mut impl Visitor) -> Lanes {
        self.arrivals.clear();
        let mut still_live = Lanes::EMPTY;
        let mut candidates = std::mem::replace(&mut self.candidates, NodeSet::new(0));
        candidates.drain(|node| {
            let node_index = node as usize;
            let missing = live.and_not(&self.seen[node_index]);
            if missing.is_empty() {
                self.saturated.insert(node);
                return;
            }
            let mut arrived = Lanes::EMPTY;
            let mut passes_block = Lanes::EMPTY;
            for &neighbour in self.graph.neighbours(node) {
                if !self.in_frontier.contains(neighbour) {
                    continue;
                }
                arrived |= &self.frontier[neighbour as usize];
                if self.tracking.blocked() {
                    passes_block |= &self.passes_block[neighbour as usize];
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
                self.blocked[node_index] = blocked;
                blocked
            } else {
                Lanes::EMPTY
            };
            self.seen[node_index] |= &new;
            self.next[node_index] = new;
            still_live |= &new;
            self.arrivals.push(node);
            visitor.arrive(level, node, &new, &blocked);
        });
        self.candidates = candidates;
        still_live
    }

    /// Clears the old frontier; the nodes just reached become the frontier.
    fn leave_frontier(&mut self) {
        for &node in &self.current {
            self.in_frontier.remove(node);
            self.frontier[node as usize] = Lanes::EMPTY;
        }
        std::mem::swap(&mut self.frontier, &mut self.next);
        std::mem::swap(&mut self.current, &mut self.arrivals);
    }

    /// The sources of `frontier` for which nodes beyond `node` are blocked:
    /// those for which it is blocked, and all but itself if it is solved.
    fn blocked_beyond(&self, node: u32, frontier: &Lanes) -> Lanes {
        let mut blocked = self.blocked[node as usize].and(frontier);
        if self.graph.is_solved(node) {
            let own = match self.source_index[node as usize] {
                NOT_A_SOURCE => Lanes::EMPTY,
                index => Lanes::single(index as usize),
            };
            blocked |= &frontier.and_not(&own);
        }
        blocked
    }

    /// Drops the sources blocked at every frontier node, except those of
    /// lanes `kept`, and returns the others. Everything a dropped source would
    /// reach later is blocked for it too (a node reached at the next level
    /// has a blocked parent), and a blocked arrival is never at a node's least
    /// distance to a solved layout (the layout that blocks it is nearer), so
    /// it has nothing left to report.
    fn drop_blocked_sources(&mut self, kept: &Lanes) -> Lanes {
        let mut live = Lanes::EMPTY;
        for &node in &self.current {
            let node = node as usize;
            let frontier = &self.frontier[node];
            live |= &frontier.and_not(&self.blocked[node].and_not(kept));
        }
        let frontier = &mut self.frontier;
        self.current.retain(|&node| {
            let sources = &mut frontier[node as usize];
            *sources = sources.and(&live);
            !sources.is_empty()
        });
        live
    }
}
