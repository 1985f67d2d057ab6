//! Sets of source lanes: one bit per source of a bit-parallel search.
//!
//! [`Lanes`] holds 1024 sources; [`NarrowLanes`] holds 128, for searches
//! from few sources (see [`super::bit_bfs`]): their sets are an eighth of
//! the size, so a sparse group's whole search state stays in cache.

use std::fmt::Debug;
use std::ops::BitOrAssign;

use super::node_set::bit_indexes;

/// Number of sources searched at once: 1024 beat 512 on dense groups (fewer
/// passes over the same edges, two adjacent cache lines per read); 2048
/// gained nothing and doubled memory (docs/journal/analysis.md,
/// "Bit-parallel searches that pull, 1024 lanes").
pub(crate) const WIDTH: usize = 1024;

/// A fixed-size set of lane indexes, compiled to a few wide vector
/// instructions per operation.
pub(crate) trait LaneSet:
    Copy + Eq + Debug + Send + Sync + 'static + for<'a> BitOrAssign<&'a Self>
{
    /// Number of lanes.
    const WIDTH: usize;
    const EMPTY: Self;
    /// The set holding only `index`.
    fn single(index: usize) -> Self;
    fn is_empty(&self) -> bool;
    fn and_not(&self, other: &Self) -> Self;
    fn and(&self, other: &Self) -> Self;
    fn count(&self) -> u32;
    /// The words, lane `64 * w + b` being bit `b` of word `w`.
    fn words(&self) -> &[u64];

    /// The indexes in the set, ascending.
    fn indexes(&self) -> impl Iterator<Item = usize> + '_ {
        bit_indexes(self.words())
    }
}

macro_rules! lane_set {
    ($(#[$attr:meta])* $name:ident, $words:literal) => {
        $(#[$attr])*
        #[derive(Clone, Copy, Eq, Debug)]
        pub(crate) struct $name([u64; $words]);

        // Word by word, inline: the derived comparison of the array calls
        // `memcmp`, which showed in a dense group's profile (`perf`).
        impl PartialEq for $name {
            #[inline]
            fn eq(&self, other: &$name) -> bool {
                self.0
                    .iter()
                    .zip(&other.0)
                    .fold(0, |acc, (a, b)| acc | (a ^ b))
                    == 0
            }
        }

        impl LaneSet for $name {
            const WIDTH: usize = $words * 64;
            const EMPTY: $name = $name([0; $words]);

            #[inline]
            fn single(index: usize) -> $name {
                let mut lanes = $name::EMPTY;
                lanes.0[index / 64] = 1 << (index % 64);
                lanes
            }

            #[inline]
            fn is_empty(&self) -> bool {
                self.0.iter().fold(0, |acc, &word| acc | word) == 0
            }

            #[inline]
            fn and_not(&self, other: &$name) -> $name {
                $name(std::array::from_fn(|i| self.0[i] & !other.0[i]))
            }

            #[inline]
            fn and(&self, other: &$name) -> $name {
                $name(std::array::from_fn(|i| self.0[i] & other.0[i]))
            }

            #[inline]
            fn count(&self) -> u32 {
                self.0.iter().map(|word| word.count_ones()).sum()
            }

            #[inline]
            fn words(&self) -> &[u64] {
                &self.0
            }
        }

        impl BitOrAssign<&$name> for $name {
            #[inline]
            fn bitor_assign(&mut self, other: &$name) {
                for (word, other) in self.0.iter_mut().zip(&other.0) {
                    *word |= other;
                }
            }
        }
    };
}

lane_set!(
    /// 1024 lanes in two cache lines, aligned so that a set never straddles
    /// a third.
    #[repr(C, align(64))]
    Lanes,
    16
);

lane_set!(
    /// 128 lanes: the sets of a search from few sources.
    #[repr(C, align(16))]
    NarrowLanes,
    2
);

impl NarrowLanes {
    /// The lanes of `lanes` below 128: a search from at most 128 sources
    /// uses the first lanes of either width.
    #[inline]
    pub(crate) fn first_of(lanes: &Lanes) -> NarrowLanes {
        NarrowLanes([lanes.0[0], lanes.0[1]])
    }

    /// The same lanes in a [`Lanes`].
    #[inline]
    pub(crate) fn widen(&self) -> Lanes {
        let mut wide = Lanes::EMPTY;
        wide.0[..2].copy_from_slice(&self.0);
        wide
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let mut set = Lanes::single(3);
        set |= &Lanes::single(700);
        assert_eq!(set.indexes().collect::<Vec<_>>(), [3, 700]);
        assert_eq!(set.count(), 2);
        assert_eq!(set.and(&Lanes::single(3)), Lanes::single(3));
        assert_eq!(set.and_not(&Lanes::single(3)), Lanes::single(700));
        assert!(!set.is_empty() && Lanes::EMPTY.is_empty());
        let narrow = NarrowLanes::single(100);
        assert_eq!(narrow.indexes().collect::<Vec<_>>(), [100]);
    }

    #[test]
    fn the_first_128_lanes_convert_both_ways() {
        let mut lanes = Lanes::single(0);
        for lane in [63, 64, 127, 128, 700] {
            lanes |= &Lanes::single(lane);
        }
        let narrow = NarrowLanes::first_of(&lanes);
        assert_eq!(narrow.indexes().collect::<Vec<_>>(), [0, 63, 64, 127]);
        assert_eq!(
            narrow.widen().indexes().collect::<Vec<_>>(),
            [0, 63, 64, 127]
        );
    }
}
