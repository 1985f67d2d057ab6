//! Sorted code sets with fast code -> position lookups, and the global id space.

use crate::buckets::Buckets;
use crate::code::Code;
use crate::enumerate;

/// A sorted set of codes with an O(1)-expected `position` lookup.
///
/// A table of bucket starts keyed by the top bits of the code narrows each
/// lookup to a few codes (about one on average), then a binary search finishes
/// it: one or two cache misses and no allocation.
pub struct CodeIndex {
    codes: Vec<Code>,
    buckets: Buckets,
    shift: u32,
}

/// Most bucket bits: 2^22 four-byte entries for all 29 million codes.
const MAX_BUCKET_BITS: u32 = 22;

impl CodeIndex {
    /// Indexes `codes`, which must be strictly ascending.
    pub fn new(codes: Vec<Code>) -> CodeIndex {
        debug_assert!(
            codes.windows(2).all(|pair| pair[0] < pair[1]),
            "codes must be ascending"
        );
        assert!(codes.len() < u32::MAX as usize, "positions are u32");
        let bucket_bits = (usize::BITS - codes.len().leading_zeros()).clamp(1, MAX_BUCKET_BITS);
        let shift = 36 - bucket_bits;
        let buckets = Buckets::new(codes.iter().map(|code| code.value()), shift);
        CodeIndex {
            codes,
            buckets,
            shift,
        }
    }

    /// The position of `code` in the set, or `None` when it is absent.
    #[inline]
    pub fn position(&self, code: Code) -> Option<u32> {
        let bucket = self.buckets.range((code.value() >> self.shift) as usize);
        let start = bucket.start;
        let found = self.codes[bucket].binary_search(&code).ok()?;
        Some((start + found) as u32)
    }

    /// The code at `position`, or `None` past the end.
    #[inline]
    pub fn code(&self, position: u32) -> Option<Code> {
        self.codes.get(position as usize).copied()
    }

    /// All codes, ascending.
    pub fn codes(&self) -> &[Code] {
        &self.codes
    }

    /// Number of codes.
    pub fn len(&self) -> usize {
        self.codes.len()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.codes.is_empty()
    }
}

/// Every legal code with its id (its rank among all codes).
///
/// ```no_run
/// use klotski::{AllCodes, Code};
/// let all = AllCodes::build();
/// let code: Code = "1A9BF0C00".parse().unwrap();
/// assert_eq!(all.id(code), 4_091_296);
/// assert_eq!(all.code(4_091_296), Some(code));
/// ```
pub struct AllCodes {
    index: CodeIndex,
}

/// Number of legal layouts.
pub const N_LAYOUTS: u32 = 29_334_498;

impl AllCodes {
    /// Enumerates every legal code, eight bytes each.
    pub fn build() -> AllCodes {
        let codes = enumerate::all_codes();
        debug_assert_eq!(codes.len(), N_LAYOUTS as usize);
        AllCodes {
            index: CodeIndex::new(codes),
        }
    }

    /// The id of a code. Every [`Code`] is legal, so every code has one.
    #[inline]
    pub fn id(&self, code: Code) -> u32 {
        self.index
            .position(code)
            .expect("every legal code is enumerated")
    }

    /// The code with this id, or `None` when `id >= N_LAYOUTS`.
    #[inline]
    pub fn code(&self, id: u32) -> Option<Code> {
        self.index.code(id)
    }

    /// All codes in id order.
    pub fn codes(&self) -> &[Code] {
        self.index.codes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_of_present_and_absent_codes() {
        let codes: Vec<Code> = ["1A9BF0C00", "4FEA13400", "5DC02F800", "DAAF4CC00"]
            .iter()
            .map(|text| text.parse().unwrap())
            .collect();
        let index = CodeIndex::new(codes.clone());
        for (position, &code) in codes.iter().enumerate() {
            assert_eq!(index.position(code), Some(position as u32));
            assert_eq!(index.code(position as u32), Some(code));
        }
        assert_eq!(index.position("DAA7F3000".parse().unwrap()), None);
        assert_eq!(index.code(4), None);
        assert!(CodeIndex::new(Vec::new()).position(codes[0]).is_none());
    }
}
