//! Breadth-first search from up to 512 sources at once over a group graph.
//!
//! Every node holds three 512-bit sets: the sources that have reached it
//! (`seen`), those that reached it at the current level (`frontier`), and
//! those arriving at the next level (`next`). A level pushes each frontier
//! node's set to its neighbours, then keeps at each touched node the sources
//! it had not seen: one pass over the edges of the frontier serves all 512
//! searches.
//!
//! Optionally it also tracks, per source S, the *blocked* flag of the spec's
//! solution count: a node is blocked for S when some node one level closer to
//! S is blocked for S or is a solved layout other than S.

use super::lanes::{Lanes, WIDTH};
use super::GroupGraph;

/// Receives what a search finds, level by level.
pub(crate) trait Visitor {
    /// `sources` reached `node` for the first time at `level` (level 0: the
    /// sources themselves); `blocked` is the subset for which it is blocked
    /// (empty unless the search tracks blocking).
    fn arrive(&mut self, level: u32, node: u32, sources: &Lanes, blocked: &Lanes);

    /// Every arrival at `level` has been reported.
    fn level_done(&mut self, _level: u32) {}
}

/// Reusable state for searches over one graph.
pub(crate) struct BitBfs<'g> {
    graph: &'g GroupGraph,
    track_blocked: bool,
    seen: Vec<Lanes>,
    frontier: Vec<Lanes>,
    next: Vec<Lanes>,
    blocked: Vec<Lanes>,
    next_blocked: Vec<Lanes>,
    /// Per node: its index among the current sources, or `NOT_A_SOURCE`.
    source_index: Vec<u32>,

    current: Vec<u32>,
    touched: Vec<u32>,
}

const NOT_A_SOURCE: u32 = u32::MAX;

impl<'g> BitBfs<'g> {
    pub(crate) fn new(graph: &'g GroupGraph, track_blocked: bool) -> BitBfs<'g> {
        let n = graph.n_nodes();
        let blocking = if track_blocked { n } else { 0 };
        BitBfs {
            graph,
            track_blocked,
            seen: vec![Lanes::EMPTY; n],
            frontier: vec![Lanes::EMPTY; n],
            next: vec![Lanes::EMPTY; n],
            blocked: vec![Lanes::EMPTY; blocking],
            next_blocked: vec![Lanes::EMPTY; blocking],
            source_index: vec![NOT_A_SOURCE; n],
            current: Vec::new(),
            touched: Vec::new(),
        }
    }

    /// Searches from `sources` (distinct nodes, at most 512) until every
    /// reachable node is reached, reporting arrivals to `visitor`.
    pub(crate) fn run(&mut self, sources: &[u32], visitor: &mut impl Visitor) {
        assert!(sources.len() <= WIDTH);
        self.seen.fill(Lanes::EMPTY);
        self.current.clear();
        for (index, &source) in sources.iter().enumerate() {
            let bit = Lanes::single(index);
            self.seen[source as usize] = bit;
            self.frontier[source as usize] = bit;
            self.source_index[source as usize] = index as u32;
            if self.track_blocked {
                self.blocked[source as usize] = Lanes::EMPTY;
            }
            self.current.push(source);
            visitor.arrive(0, source, &bit, &Lanes::EMPTY);
        }
        visitor.level_done(0);

        let mut level = 0;
        while !self.current.is_empty() {
            level += 1;
            self.push_frontier();
            self.settle_touched(level, visitor);
            if !self.current.is_empty() {
                visitor.level_done(level);
            }
            if self.track_blocked {
                self.drop_blocked_sources();
            }
        }
        for &source in sources {
            self.source_index[source as usize] = NOT_A_SOURCE;
        }
    }

    /// Sends every frontier node's sources (and blocked flags) to its neighbours.
    fn push_frontier(&mut self) {
        self.touched.clear();
        for &node in &self.current {
            let sources = std::mem::replace(&mut self.frontier[node as usize], Lanes::EMPTY);
            let passes_block = self
                .track_blocked
                .then(|| self.blocked_beyond(node, &sources));
            for &neighbour in self.graph.neighbours(node) {
                let next = &mut self.next[neighbour as usize];
                if next.is_empty() {
                    self.touched.push(neighbour);
                }
                *next |= &sources;
                if let Some(passes_block) = &passes_block {
                    self.next_blocked[neighbour as usize] |= passes_block;
                }
            }
        }
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

    /// Drops the sources blocked at every frontier node. Everything they would
    /// reach later is blocked for them too (a node reached at the next level
    /// has a blocked parent), and a blocked arrival is never at a node's least
    /// distance to a solved layout (the layout that blocks it is nearer), so
    /// such a source has nothing left to report.
    fn drop_blocked_sources(&mut self) {
        let mut live = Lanes::EMPTY;
        for &node in &self.current {
            let node = node as usize;
            live |= &self.frontier[node].and_not(&self.blocked[node]);
        }
        let graph_frontier = &mut self.frontier;
        self.current.retain(|&node| {
            let sources = &mut graph_frontier[node as usize];
            *sources = sources.and(&live);
            !sources.is_empty()
        });
    }

    /// Keeps the new arrivals at each touched node; they form the next frontier.
    fn settle_touched(&mut self, level: u32, visitor: &mut impl Visitor) {
        self.current.clear();
        for &node in &self.touched {
            let node_index = node as usize;
            let arrived = std::mem::replace(&mut self.next[node_index], Lanes::EMPTY);
            let new = arrived.and_not(&self.seen[node_index]);
            let blocked = if self.track_blocked {
                let blocked =
                    std::mem::replace(&mut self.next_blocked[node_index], Lanes::EMPTY).and(&new);
                self.blocked[node_index] = blocked;
                blocked
            } else {
                Lanes::EMPTY
            };
            if new.is_empty() {
                continue;
            }
            self.seen[node_index] |= &new;
            self.frontier[node_index] = new;
            self.current.push(node);
            visitor.arrive(level, node, &new, &blocked);
        }
    }
}
