//! What the frontier nodes of a search tracking blocking pass on blocked.

use super::counter::Counter;
use crate::analysis::node_set::NodeSet;
use crate::analysis::spare::{SetArray, SparedLanes};

/// What the nodes of one frontier pass on blocked, per node: the sources
/// of its frontier set for which the nodes beyond it are blocked (those
/// for which it is blocked, or all when it is a solved layout). Most nodes
/// pass on none or all of their sources; only the others' sets are stored,
/// so the pull reads a second set for few neighbours.
pub(super) struct Passes<L: SparedLanes> {
    /// Nodes that pass on every source of their frontier set.
    all: NodeSet,
    /// Nodes that pass on some but not all: theirs is in `sets`.
    some: NodeSet,
    /// Per node of `some`: what it passes on. Read only for those.
    sets: SetArray<L>,
}

impl<L: SparedLanes> Passes<L> {
    /// Room for `n` nodes (0 for a search not tracking blocking).
    pub(super) fn new(n: usize) -> Passes<L> {
        Passes {
            all: NodeSet::new(n),
            some: NodeSet::new(n),
            sets: SetArray::new(n),
        }
    }

    /// Records that `node`, whose frontier set is `frontier`, passes on
    /// `passed` (a subset).
    ///
    /// Always inlined, as [`Self::add_to`]: both run in the level step's
    /// pull, and whether the compiler inlines them there varied from build
    /// to build with unrelated changes.
    #[inline(always)]
    pub(super) fn set(&mut self, node: u32, passed: &L, frontier: &L) {
        if passed == frontier {
            self.all.insert(node);
        } else if !passed.is_empty() {
            self.some.insert(node);
            self.sets[node as usize] = *passed;
        }
    }

    /// Adds to `passed` what frontier node `node`, whose frontier set is
    /// `frontier`, passes on; a second set read goes to `counter`.
    #[inline(always)]
    pub(super) fn add_to(
        &self,
        passed: &mut L,
        node: u32,
        frontier: &L,
        counter: &mut impl Counter<L>,
    ) {
        if self.all.contains(node) {
            *passed |= frontier;
        } else if self.some.contains(node) {
            counter.second_set();
            *passed |= &self.sets[node as usize];
        }
    }

    /// Forgets what `node` passes on (it leaves the frontier).
    pub(super) fn forget(&mut self, node: u32) {
        self.all.remove(node);
        self.some.remove(node);
    }
}
