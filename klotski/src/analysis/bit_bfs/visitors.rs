//! What a bit-parallel search reports to: the [`Visitor`] trait and the
//! visitors that adapt another (both of two, an absent one, a narrow
//! search's lanes widened, only the arrivals after given levels).

use crate::analysis::lanes::{LaneSet, Lanes, NarrowLanes};

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
pub(super) struct Widened<'a, V>(pub(super) &'a mut V);

impl<V: Visitor> Visitor<NarrowLanes> for Widened<'_, V> {
    fn arrive(&mut self, level: u32, node: u32, sources: &NarrowLanes, blocked: &NarrowLanes) {
        self.0
            .arrive(level, node, &sources.widen(), &blocked.widen());
    }
}

/// Hands a visitor only the arrivals of lane i at levels above `levels[i]`
/// (all of them without `levels`): a search from the survivors of stopped
/// searches ([`Survivors`](super::Survivors)) reports only what those did not.
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
