//! A table of where each run of sorted 36-bit values with the same top bits
//! starts: a lookup narrows a search of the values to one bucket, about one
//! cache miss instead of a binary search's dozen. [`crate::CodeIndex`]
//! keeps one.

use std::ops::Range;

/// Bucket starts over a sorted sequence of 36-bit values; a value's bucket
/// is `value >> shift`. The caller keeps the shift: a constant one makes
/// a lookup faster (criterion).
pub(crate) struct Buckets {
    /// Entry k: the position of the first value whose bucket is k or more.
    starts: Vec<u32>,
}

impl Buckets {
    /// The buckets of `values` (ascending, fewer than 2^32), each value in
    /// bucket `value >> shift`.
    pub(crate) fn new(values: impl Iterator<Item = u64>, shift: u32) -> Buckets {
        let n_buckets = 1u64 << (36 - shift);
        let mut starts = Vec::with_capacity(n_buckets as usize + 1);
        let mut position = 0u32;
        let mut values = values.peekable();
        for bucket in 0..=n_buckets {
            while values.next_if(|&value| value >> shift < bucket).is_some() {
                position += 1;
            }
            starts.push(position);
        }
        Buckets { starts }
    }

    /// The positions of the values in `bucket`: every value before them is
    /// in an earlier bucket, every one after in a later one.
    #[inline]
    pub(crate) fn range(&self, bucket: usize) -> Range<usize> {
        self.starts[bucket] as usize..self.starts[bucket + 1] as usize
    }
}
