//! Solution searches one solved layout at a time: for sparse groups whose
//! solved layouts are nearly all blocked within a few levels, and for the
//! first levels of every source.
//!
//! A solution search from a solved layout S only matters where S is not
//! blocked (see [`crate::analysis::bit_bfs`]): a blocked arrival is never at a node's
//! least distance to a solved layout, and counts no solution. In a sparse
//! group most solved layouts sit among others, which block them within a
//! level or two, while a few at the ends of corridors stay unblocked for a
//! hundred levels. When those few are very few, a bit-parallel search
//! serves neither kind well: its 1024-lane state costs more to clear than
//! the short searches cost, and its scattered survivors keep each node busy
//! at as many levels as there are survivors. A plain search costs the nodes
//! it reaches and no more (docs/journal/analysis.md, "Sparse groups: one
//! solved layout at a time"). Where many sources run long, in the larger sparse
//! groups, the bit-parallel searches share the work and win (see
//! [`PLAIN_WHEN_LIVE_AT_MOST`](crate::analysis::tuning::PLAIN_WHEN_LIVE_AT_MOST)).
//!
//! Every batched group's solution searches start here too: a source's
//! first two levels reach a few hundred nodes, where a bit-parallel batch
//! would clear and scan state for the whole group, and only the sources
//! live after them go on to bit-parallel batches.

use super::GroupGraph;

/// The flag of [`PlainSolutionSearch::state`] for a blocked node.
const BLOCKED: u32 = 1;

/// Reusable state for plain solution searches over one graph.
pub(crate) struct PlainSolutionSearch<'g> {
    graph: &'g GroupGraph,
    /// Per node, the number of the last search that reached it (0 for
    /// none): the rest of a node's state belongs to that search, so a
    /// search clears nothing before it starts.
    reached_by: Vec<u32>,
    /// The number of the search running, or of the last one.
    search: u32,
    /// Per node reached: twice its level, plus [`BLOCKED`] when blocked.
    state: Vec<u32>,
    /// The nodes reached, level by level.
    queue: Vec<u32>,
}

impl<'g> PlainSolutionSearch<'g> {
    pub(crate) fn new(graph: &'g GroupGraph) -> PlainSolutionSearch<'g> {
        PlainSolutionSearch {
            graph,
            reached_by: vec![0; graph.n_nodes()],
            search: 0,
            state: vec![0; graph.n_nodes()],
            queue: Vec::new(),
        }
    }

    /// Searches from the solved node `source` up to `last_level`, calling
    /// `arrive(level, node)` for each node it reaches unblocked, level by
    /// level. Ends early after the first level whose nodes are all blocked:
    /// every node beyond has a blocked parent. Returns whether it is still
    /// live: it reached `last_level` with some node unblocked.
    pub(crate) fn run(
        &mut self,
        source: u32,
        last_level: u32,
        mut arrive: impl FnMut(u32, u32),
    ) -> bool {
        debug_assert!(self.graph.is_solved(source));
        self.search = self
            .search
            .checked_add(1)
            .expect("fewer searches than u32::MAX");
        let search = self.search;
        self.queue.clear();
        self.queue.push(source);
        self.reached_by[source as usize] = search;
        self.state[source as usize] = 0;
        arrive(0, source);
        let (mut start, mut level) = (0, 0);
        while level < last_level {
            let end = self.queue.len();
            let next_state = 2 * (level + 1);
            for index in start..end {
                let node = self.queue[index];
                let passes_block = self.state[node as usize] & BLOCKED != 0
                    || (node != source && self.graph.is_solved(node));
                let passed = next_state | u32::from(passes_block);
                for &next in self.graph.neighbours(node) {
                    let next = next as usize;
                    if self.reached_by[next] != search {
                        self.reached_by[next] = search;
                        self.state[next] = passed;
                        self.queue.push(next as u32);
                    } else if self.state[next] & !BLOCKED == next_state {
                        self.state[next] |= passed;
                    }
                }
            }
            level += 1;
            let mut any_unblocked = false;
            for &node in &self.queue[end..] {
                if self.state[node as usize] & BLOCKED == 0 {
                    any_unblocked = true;
                    arrive(level, node);
                }
            }
            if !any_unblocked {
                return false;
            }
            start = end;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::bit_bfs::{BitBfs, Tracking, Visitor};
    use crate::analysis::lanes::{LaneSet, Lanes};

    /// The unblocked arrivals of a bit-parallel search, by lane.
    struct Unblocked(Vec<Vec<(u32, u32)>>);

    impl Visitor for Unblocked {
        fn arrive(&mut self, level: u32, node: u32, sources: &Lanes, blocked: &Lanes) {
            for lane in sources.and_not(blocked).indexes() {
                self.0[lane].push((level, node));
            }
        }
    }

    #[test]
    fn plain_searches_report_the_unblocked_arrivals_of_bit_parallel_ones() {
        let graph = GroupGraph::build(crate::group_of("1A9BF0C00".parse().unwrap()));
        let solved = graph.solved_nodes();
        let batch = &solved[..solved.len().min(1024)];
        let mut wide = Unblocked(vec![Vec::new(); batch.len()]);
        BitBfs::new(&graph, Tracking::Blocked).run(batch, &mut wide);
        let mut plain = PlainSolutionSearch::new(&graph);
        let mut longest = 0;
        for (&source, expected) in batch.iter().zip(wide.0) {
            let mut arrivals = Vec::new();
            let live = plain.run(source, u32::MAX, |level, node| arrivals.push((level, node)));
            assert!(!live);
            arrivals.sort_unstable();
            longest = longest.max(arrivals.last().map_or(0, |&(level, _)| level));
            assert_eq!(arrivals, expected, "source {source}");
        }
        // Some search goes deep, where blocking from both sides matters.
        assert!(longest > 50, "{longest}");
    }
}
