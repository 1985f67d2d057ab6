//! Which orbits a plan may still need to search from, and when each
//! stopped being a candidate.

use crate::analysis::node_set::NodeSet;
use crate::analysis::symmetry::Orbits;

/// A node's `removed_at` while its orbit is neither searched nor ruled out.
pub(super) const CANDIDATE: u32 = u32::MAX;

/// A node's `removed_at` while its orbit is left to the solution searches,
/// which may serve it as a farthest search.
const RESERVED: u32 = u32::MAX - 1;

/// Per node, whether its orbit is a candidate source, and if not, since
/// when. Every orbit's members share their state.
pub(crate) struct Candidates {
    /// Per node, when its orbit stopped being a candidate (was taken to be
    /// searched or was ruled out): how many searches had been taken by then.
    /// [`CANDIDATE`] while it is one, [`RESERVED`] while reserved.
    removed_at: Vec<u32>,
    /// The nodes whose orbit's search is recorded: debug builds check that
    /// no orbit is recorded twice, which would count it twice.
    searched: NodeSet,
    /// How many searches have been taken.
    n_taken: u32,
}

/// A search taken to be run.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Taken {
    /// Its source.
    pub(crate) source: u32,
    /// How many searches were taken before it.
    pub(crate) at: u32,
    /// Whether its orbit was a candidate, so that its search is recorded
    /// (no orbit is recorded twice).
    pub(crate) record: bool,
}

impl Candidates {
    /// Every orbit a candidate, but those of `reserved`.
    pub(super) fn new(n: usize, reserved: Option<&NodeSet>, orbits: &Orbits) -> Candidates {
        let mut removed_at = vec![CANDIDATE; n];
        if let Some(reserved) = reserved {
            for node in reserved.iter() {
                for image in orbits.images_of(node) {
                    removed_at[image as usize] = RESERVED;
                }
            }
        }
        Candidates {
            removed_at,
            searched: NodeSet::new(n),
            n_taken: 0,
        }
    }

    /// Whether `node`'s orbit is neither searched, ruled out nor reserved.
    #[inline]
    pub(crate) fn is_candidate(&self, node: u32) -> bool {
        self.removed_at[node as usize] == CANDIDATE
    }

    /// Per node, when its orbit stopped being a candidate ([`CANDIDATE`]
    /// while it is one).
    pub(crate) fn removed_at(&self) -> &[u32] {
        &self.removed_at
    }

    /// Whether `node`'s orbit was searched (its search recorded).
    pub(crate) fn is_searched(&self, node: u32) -> bool {
        self.searched.contains(node)
    }

    /// The nodes whose orbit's search is recorded.
    pub(super) fn into_searched(self) -> NodeSet {
        self.searched
    }

    /// Takes `source`'s orbit out of the candidates, to be searched.
    pub(super) fn take(&mut self, orbits: &Orbits, source: u32) -> Taken {
        let taken = Taken {
            source,
            at: self.n_taken,
            record: self.is_candidate(source),
        };
        self.n_taken += 1;
        if taken.record {
            self.mark_searched(orbits, source, taken.at);
        }
        taken
    }

    /// Marks the orbit of `source` searched, unless it was, by a search not
    /// taken from the candidates (candidate or not), whose records count
    /// only such orbits.
    pub(super) fn take_any(&mut self, orbits: &Orbits, source: u32) {
        if !self.searched.contains(source) {
            self.take_searched(orbits, source);
        }
    }

    /// Takes the reserved orbit of `source`, which a solution search
    /// served.
    pub(super) fn serve(&mut self, orbits: &Orbits, source: u32) {
        debug_assert_eq!(self.removed_at[source as usize], RESERVED);
        self.take_searched(orbits, source);
    }

    /// Counts a search taken now and marks the orbit of `source` searched
    /// by it.
    fn take_searched(&mut self, orbits: &Orbits, source: u32) {
        let at = self.n_taken;
        self.n_taken += 1;
        self.mark_searched(orbits, source, at);
    }

    /// Marks the orbit of `source`, searched by a search taken at `at`.
    fn mark_searched(&mut self, orbits: &Orbits, source: u32, at: u32) {
        // Checked once, before the loop: `images_of` lists a node that a
        // symmetry keeps more than once (the block alone at b1, say).
        debug_assert!(
            !self.searched.contains(source),
            "orbit of {source} recorded twice"
        );
        for image in orbits.images_of(source) {
            self.removed_at[image as usize] = at;
            self.searched.insert(image);
        }
    }

    /// Rules out the `ball` (closed under the symmetries); returns whether
    /// it held a node that was not yet removed when the search taken at
    /// `at` was taken.
    pub(super) fn rule_out(&mut self, ball: &[u32], at: u32) -> bool {
        let mut useful = false;
        for &node in ball {
            let removed_at = &mut self.removed_at[node as usize];
            useful |= *removed_at > at;
            if *removed_at == CANDIDATE {
                *removed_at = self.n_taken;
            }
        }
        useful
    }

    /// Makes the reserved orbits candidates again.
    pub(super) fn release_reserved(&mut self) {
        for removed_at in &mut self.removed_at {
            if *removed_at == RESERVED {
                *removed_at = CANDIDATE;
            }
        }
    }
}
