//! Sets of source lanes: one bit per source of a bit-parallel search.
//!
//! [`Lanes`] holds 1024 sources; [`NarrowLanes`] holds 128, for searches
//! that have few sources left (see [`super::bit_bfs`]): their sets are an
//! eighth of the size, so a sparse group's whole search state stays in
//! cache.

use std::fmt::Debug;
use std::ops::BitOrAssign;

/// Number of sources searched at once. On the project's 2-core machine 1024
/// beat 512 by 1.4x on dense groups (fewer passes over the same edges, two
/// adjacent cache lines per read); 2048 gained nothing and doubled memory.
pub(crate) const WIDTH: usize = 1024;

/// A fixed-size set of lane indexes, compiled to a few wide vector
/// instructions per operation.
pub(crate) trait LaneSet:
    Copy + Eq + Debug + Send + Sync + for<'a> BitOrAssign<&'a Self>
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
        self.words().iter().enumerate().flat_map(|(w, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    w * 64 + bit
                })
            })
        })
    }
}

macro_rules! lane_set {
    ($(#[$attr:meta])* $name:ident, $words:literal) => {
        $(#[$attr])*
        #[derive(Clone, Copy, PartialEq, Eq, Debug)]
        pub(crate) struct $name([u64; $words]);

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
    /// 128 lanes: the sets of a search with few sources left.
    #[repr(C, align(16))]
    NarrowLanes,
    2
);

/// Maps some lanes of [`Lanes`], at most 128, onto the lanes of
/// [`NarrowLanes`] in ascending order, and back.
pub(crate) struct Narrowing {
    /// Per word of a [`Lanes`]: the lanes kept in it.
    masks: [u64; 16],
    /// Per word: the narrow lane of its first kept lane.
    offsets: [u32; 16],
    /// Per narrow lane: its lane in [`Lanes`].
    wide: Vec<usize>,
}

impl Narrowing {
    /// Keeps the lanes of `kept`, which holds at most 128.
    pub(crate) fn new(kept: &Lanes) -> Narrowing {
        assert!(kept.count() as usize <= NarrowLanes::WIDTH);
        let masks: [u64; 16] = kept.0;
        let mut offsets = [0; 16];
        let mut next = 0;
        for (offset, mask) in offsets.iter_mut().zip(&masks) {
            *offset = next;
            next += mask.count_ones();
        }
        Narrowing {
            masks,
            offsets,
            wide: kept.indexes().collect(),
        }
    }

    /// The kept lanes of `lanes`, renumbered.
    #[inline]
    pub(crate) fn narrow(&self, lanes: &Lanes) -> NarrowLanes {
        let mut narrow = 0u128;
        for ((&word, &mask), &offset) in lanes.0.iter().zip(&self.masks).zip(&self.offsets) {
            if mask != 0 {
                narrow |= u128::from(extract_bits(word, mask)) << offset;
            }
        }
        NarrowLanes([narrow as u64, (narrow >> 64) as u64])
    }

    /// The kept lanes of [`Lanes`], ascending: narrow lane i stands for the
    /// i-th.
    pub(crate) fn wide_lanes(&self) -> impl Iterator<Item = usize> + '_ {
        self.wide.iter().copied()
    }

    /// The lanes of [`Lanes`] that the lanes of `narrow` stand for.
    #[inline]
    pub(crate) fn widen(&self, narrow: &NarrowLanes) -> Lanes {
        let mut wide = Lanes::EMPTY;
        for lane in narrow.indexes() {
            let lane = self.wide[lane];
            wide.0[lane / 64] |= 1 << (lane % 64);
        }
        wide
    }
}

/// The bits of `word` selected by `mask`, packed at the bottom in order
/// (the BMI2 `pext` instruction where the target has it).
#[inline]
fn extract_bits(word: u64, mask: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        // SAFETY: the target has BMI2 (checked at compile time).
        unsafe { std::arch::x86_64::_pext_u64(word, mask) }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        let (mut packed, mut out, mut rest) = (0, 0, mask);
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            if word & bit != 0 {
                packed |= 1 << out;
            }
            out += 1;
            rest &= rest - 1;
        }
        packed
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
    fn narrowing_renumbers_the_kept_lanes_in_order_and_back() {
        let kept_lanes = [1, 63, 64, 200, 511, 1023];
        let mut kept = Lanes::EMPTY;
        for lane in kept_lanes {
            kept |= &Lanes::single(lane);
        }
        let narrowing = Narrowing::new(&kept);
        let mut lanes = Lanes::single(0);
        for lane in [63, 200, 1023, 700] {
            lanes |= &Lanes::single(lane);
        }
        let narrow = narrowing.narrow(&lanes);
        assert_eq!(narrow.indexes().collect::<Vec<_>>(), [1, 3, 5]);
        assert_eq!(narrowing.widen(&narrow), lanes.and(&kept));
        // 128 kept lanes spread over all words fill both narrow words.
        let mut every_eighth = Lanes::EMPTY;
        for lane in (0..WIDTH).step_by(8) {
            every_eighth |= &Lanes::single(lane);
        }
        let narrowing = Narrowing::new(&every_eighth);
        assert_eq!(narrowing.narrow(&every_eighth).count(), 128);
        assert_eq!(
            narrowing.widen(&narrowing.narrow(&Lanes::single(1016))),
            Lanes::single(1016)
        );
    }

    #[test]
    fn extracting_bits_packs_the_selected_bits_in_order() {
        assert_eq!(extract_bits(0b1011_0110, 0b1111_0000), 0b1011);
        assert_eq!(extract_bits(0b1011_0110, 0b0101_0101), 0b0110);
        assert_eq!(extract_bits(u64::MAX, 1 << 63 | 1), 0b11);
    }
}
