//! Lane-set arrays kept between searches, so that a search's state costs no
//! fresh memory.
//!
//! A bit-parallel search holds three to five arrays of one lane set per node
//! (a lane set is 128 bytes), and every call that runs searches made its
//! own: fresh memory costs a page fault and a page cleared by the kernel,
//! and the kernel's `clear_page` showed in a dense group's profile
//! (docs/journal/analysis.md, "Search arrays kept between searches"). An
//! array a search drops goes
//! back to its width's spares ([`SparedLanes::spares`]) and the next search of
//! a group no larger takes it as it is.
//!
//! **A spare array's sets hold what its last search left**: a search must
//! write a node's set before reading it, or clear the array first (as
//! `seen` is cleared when a search starts).
//!
//! Spares too small for an array asked for are freed before a new one is
//! made, so they hold at most what the searches running at once held, sized
//! for the largest group seen; [`release_spare_sets`] frees them all (the
//! builder does once the analysis is done).

use std::ops::{Deref, DerefMut};
use std::sync::Mutex;

use super::lanes::{LaneSet, Lanes, NarrowLanes};
use crate::analysis::tuning::MAX_SPARES;

/// The spare arrays of one lane width.
pub(crate) struct Spares<L> {
    arrays: Mutex<Vec<Vec<L>>>,
}

impl<L: LaneSet> Spares<L> {
    /// None yet.
    pub(crate) const fn new() -> Spares<L> {
        Spares {
            arrays: Mutex::new(Vec::new()),
        }
    }

    /// An array of `len` sets: the smallest spare with room for `len`,
    /// or, with none, a new one (the spares too small freed first).
    fn take(&self, len: usize) -> Vec<L> {
        let mut arrays = self.lock();
        let Some(index) = smallest_with_room(&arrays, len) else {
            arrays.clear();
            drop(arrays);
            return vec![L::EMPTY; len];
        };
        let mut array = arrays.swap_remove(index);
        drop(arrays);
        // Within the room, which an earlier search filled: no fresh pages.
        array.resize(len, L::EMPTY);
        array
    }

    /// Keeps `array` for a later search; the smallest spare is freed when
    /// there are too many.
    fn give_back(&self, array: Vec<L>) {
        if array.is_empty() {
            return;
        }
        let mut arrays = self.lock();
        arrays.push(array);
        if arrays.len() > MAX_SPARES {
            let smallest = smallest_with_room(&arrays, 0).expect("more than MAX_SPARES arrays");
            arrays.swap_remove(smallest);
        }
    }

    /// Frees every spare.
    fn release(&self) {
        self.lock().clear();
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Vec<L>>> {
        // A panic while the lock is held leaves the list whole: go on.
        self.arrays
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// The index of the array with the least room among those with room for
/// `len` sets, if any.
fn smallest_with_room<L>(arrays: &[Vec<L>], len: usize) -> Option<usize> {
    (arrays.iter().enumerate())
        .filter(|(_, array)| array.capacity() >= len)
        .min_by_key(|(_, array)| array.capacity())
        .map(|(index, _)| index)
}

/// A lane set whose width keeps spare arrays.
pub(crate) trait SparedLanes: LaneSet {
    /// The spare arrays of this width.
    fn spares() -> &'static Spares<Self>;
}

impl SparedLanes for Lanes {
    fn spares() -> &'static Spares<Lanes> {
        static SPARES: Spares<Lanes> = Spares::new();
        &SPARES
    }
}

impl SparedLanes for NarrowLanes {
    fn spares() -> &'static Spares<NarrowLanes> {
        static SPARES: Spares<NarrowLanes> = Spares::new();
        &SPARES
    }
}

/// An array of one lane set per node, taken from the spares of its width
/// and given back when dropped. Its sets hold what its last search left.
pub(crate) struct SetArray<L: LaneSet> {
    sets: Vec<L>,
    spares: &'static Spares<L>,
}

impl<L: LaneSet> SetArray<L> {
    /// An array of `len` sets from `L`'s spares; see the module
    /// documentation for what they hold.
    pub(crate) fn new(len: usize) -> SetArray<L>
    where
        L: SparedLanes,
    {
        SetArray::from_spares(L::spares(), len)
    }

    /// An array of `len` sets from `spares`.
    fn from_spares(spares: &'static Spares<L>, len: usize) -> SetArray<L> {
        let sets = if len == 0 {
            Vec::new()
        } else {
            spares.take(len)
        };
        SetArray { sets, spares }
    }
}

impl<L: LaneSet> Deref for SetArray<L> {
    type Target = [L];

    #[inline]
    fn deref(&self) -> &[L] {
        &self.sets
    }
}

impl<L: LaneSet> DerefMut for SetArray<L> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [L] {
        &mut self.sets
    }
}

impl<L: LaneSet> Drop for SetArray<L> {
    fn drop(&mut self) {
        self.spares.give_back(std::mem::take(&mut self.sets));
    }
}

/// Frees the spare arrays of every width (the searches running keep
/// theirs, and give them back when done).
pub fn release_spare_sets() {
    Lanes::spares().release();
    NarrowLanes::spares().release();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spare_rooms(spares: &Spares<NarrowLanes>) -> Vec<usize> {
        let mut rooms: Vec<usize> = spares.lock().iter().map(Vec::capacity).collect();
        rooms.sort_unstable();
        rooms
    }

    #[test]
    fn a_dropped_array_is_taken_again_as_it_was() {
        static SPARES: Spares<NarrowLanes> = Spares::new();
        let mut array = SetArray::from_spares(&SPARES, 100);
        assert_eq!(array.len(), 100);
        array[7] = NarrowLanes::single(5);
        let address = array.as_ptr();
        drop(array);
        assert_eq!(spare_rooms(&SPARES), [100]);
        // A smaller array is a prefix of the spare, with its sets as left.
        let again = SetArray::from_spares(&SPARES, 50);
        assert_eq!((again.len(), again.as_ptr()), (50, address));
        assert_eq!(again[7], NarrowLanes::single(5));
        assert!(spare_rooms(&SPARES).is_empty());
    }

    #[test]
    fn the_smallest_spare_that_fits_is_taken_and_smaller_ones_freed_for_a_larger() {
        static SPARES: Spares<NarrowLanes> = Spares::new();
        let arrays: Vec<_> = [30, 10, 20]
            .map(|len| SetArray::from_spares(&SPARES, len))
            .into();
        drop(arrays);
        assert_eq!(spare_rooms(&SPARES), [10, 20, 30]);
        let fits = SetArray::from_spares(&SPARES, 15);
        assert_eq!(spare_rooms(&SPARES), [10, 30]);
        let larger = SetArray::from_spares(&SPARES, 40);
        assert!(
            spare_rooms(&SPARES).is_empty(),
            "the spares too small freed"
        );
        drop((fits, larger));
        assert_eq!(spare_rooms(&SPARES), [20, 40]);
        SPARES.release();
        assert!(spare_rooms(&SPARES).is_empty());
    }

    #[test]
    fn at_most_max_spares_are_kept_the_largest() {
        static SPARES: Spares<NarrowLanes> = Spares::new();
        let arrays: Vec<_> = (1..=MAX_SPARES + 2)
            .map(|len| SetArray::from_spares(&SPARES, len))
            .collect();
        drop(arrays);
        assert_eq!(
            spare_rooms(&SPARES),
            (3..=MAX_SPARES + 2).collect::<Vec<_>>()
        );
    }

    #[test]
    fn an_empty_array_takes_and_keeps_nothing() {
        static SPARES: Spares<NarrowLanes> = Spares::new();
        drop(SetArray::from_spares(&SPARES, 0));
        assert!(spare_rooms(&SPARES).is_empty());
    }
}
