//! Enumeration of legal codes in ascending order, by depth-first search over
//! the items of the code (never by testing all 2^36 values).

use std::collections::HashMap;

use crate::board::{block_cells, is_block_head, BOARD, COLUMN_3, ROW_4};
use crate::buckets::Buckets;
use crate::cancel;
use crate::class::Class;
use crate::code::Code;

/// Every legal code, ascending: 29,334,498 of them.
pub fn all_codes() -> Vec<Code> {
    let mut codes = Vec::with_capacity(29_334_498);
    for_each_code(Budget::ANY, |code| codes.push(code));
    codes
}

/// Every legal code of one class, ascending.
pub fn class_codes(class: Class) -> Vec<Code> {
    let mut codes = Vec::new();
    for_each_code(Budget::of_class(class), |code| {
        cancel::checkpoint_every(codes.len());
        codes.push(code);
    });
    codes
}

/// An estimate of a class's size that orders classes roughly as their sizes:
/// the number of orders of its items, ignoring geometry.
pub(crate) fn class_size_estimate(class: Class) -> f64 {
    let counts = [
        class.n_empty(),
        class.n_horizontal(),
        class.n_vertical(),
        class.n_single(),
    ];
    let ln_factorial = |n: u32| (1..=n).map(|k| f64::from(k).ln()).sum::<f64>();
    ln_factorial(counts.iter().sum()) - counts.iter().map(|&n| ln_factorial(n)).sum::<f64>()
}

/// The completions of the last rows from a state, listed on first use: their
/// index in `tails.lists`, and the list.
fn tails_for(tails: &mut Tails, covered: u32, n_empty: u32, budget: Budget) -> (usize, &[u32]) {
    // n uncovered cells hold at most n one-cell items and n / 2 two-cell
    // pieces, so larger budgets are all alike.
    let n = (BOARD & !covered).count_ones();
    let key = TailKey {
        covered,
        n_empty: n_empty.min(2),
        budget: [
            budget.empty.min(n),
            budget.horizontal.min(n / 2),
            budget.vertical.min(n / 2),
            budget.single.min(n),
        ],
    };
    let lists = &mut tails.lists;
    let index = *tails.by_key.entry(key).or_insert_with(|| {
        let mut list = Vec::new();
        let mut search = Search {
            head: 0,
            sink: &mut |tail| list.push(tail as u32),
            tails: None,
        };
        search.fill(covered, 0, 0, key.n_empty, budget);
        lists.push(list);
        lists.len() - 1
    });
    (index, &tails.lists[index])
}

/// How many items of each kind may still be placed.
#[derive(Clone, Copy)]
struct Budget {
    empty: u32,
    horizontal: u32,
    vertical: u32,
    single: u32,
}

impl Budget {
    /// No limit but the board: a layout still needs two empty cells at the end.
    const ANY: Budget = Budget {
        empty: 16,
        horizontal: 8,
        vertical: 8,
        single: 16,
    };

    /// Exactly one class. The budgets add up to the 16 free cells, so every
    /// filled board has spent them all.
    fn of_class(class: Class) -> Budget {
        Budget {
            empty: class.n_empty(),
            horizontal: class.n_horizontal(),
            vertical: class.n_vertical(),
            single: class.n_single(),
        }
    }
}

/// Calls `emit` with every legal code within `budget`, ascending.
fn for_each_code(budget: Budget, mut emit: impl FnMut(Code)) {
    for_each_prefix(budget, |prefix, _, tail_bits| {
        for &tail in tail_bits {
            emit(Code::from_valid(
                prefix.value | u64::from(tail >> prefix.shift()),
            ));
        }
    });
}

/// Calls `each` with every prefix of legal codes within `budget`, ascending
/// (the codes of a prefix all come before those of the next), with the
/// index and the list of its completions; returns the completions.
fn for_each_prefix(budget: Budget, mut each: impl FnMut(Prefix, usize, &[u32])) -> Vec<Vec<u32>> {
    let mut tails = Tails::default();
    for head in (0..16).filter(|&h| is_block_head(h)) {
        let mut search = Search {
            head: u64::from(head) << 32,
            sink: &mut Prefixes(&mut each),
            tails: Some(&mut tails),
        };
        search.fill(block_cells(head), 0, 0, 0, budget);
    }
    tails.lists
}

/// The items of a code down to the last three rows, which decide what can
/// follow (see [`UPPER_CELLS`]).
#[derive(Clone, Copy, Debug)]
struct Prefix {
    /// The code's bits of the prefix, the rest zero.
    value: u64,
    /// Number of items in the prefix (two bits each, from bit 31 down).
    n_slots: u32,
}

impl Prefix {
    /// How far a completion (packed from bit 31 down) is shifted right to
    /// follow the prefix's items.
    fn shift(self) -> u32 {
        2 * self.n_slots
    }

    /// Whether `value` is a code with this prefix.
    fn holds(self, value: u64) -> bool {
        let low_bits = 32 - self.shift();
        value >> low_bits == self.value >> low_bits
    }

    /// The completion of `value` (a code with this prefix), packed from
    /// bit 31 down as the completions are listed.
    fn tail_of(self, value: u64) -> u32 {
        ((value << self.shift()) & u64::from(u32::MAX)) as u32
    }
}

/// What a search hands on: whole codes while listing completions, prefixes
/// with their completions while enumerating.
trait Sink {
    /// A whole code (or completion).
    fn code(&mut self, raw: u64);
    /// A prefix, with the index and the list of its completions.
    fn prefix(&mut self, prefix: Prefix, tails_index: usize, tails: &[u32]);
}

impl<F: FnMut(u64)> Sink for F {
    fn code(&mut self, raw: u64) {
        self(raw);
    }

    fn prefix(&mut self, _: Prefix, _: usize, _: &[u32]) {
        unreachable!("completions are listed to the end, without prefixes");
    }
}

/// A sink that hands prefixes to a function.
struct Prefixes<'a, F>(&'a mut F);

impl<F: FnMut(Prefix, usize, &[u32])> Sink for Prefixes<'_, F> {
    fn code(&mut self, _: u64) {
        unreachable!("codes come with prefixes when completions are listed");
    }

    fn prefix(&mut self, prefix: Prefix, tails_index: usize, tails: &[u32]) {
        (self.0)(prefix, tails_index, tails);
    }
}

/// Every legal code's id (its rank) from the structure of the enumeration,
/// in a few megabytes instead of a sorted list of all codes (eight bytes a
/// code; BENCHMARKS.md, "code -> id"): the codes'
/// prefixes down to the last three rows (23,767 of them), each with the id
/// of its first code and its list of completions (222 lists, shared between
/// prefixes). An id is a binary search among the prefixes, then one in a
/// list.
///
/// A table keyed by the code's top bits narrows the first search to the few
/// prefixes that share them (a binary search of the whole prefixes' array
/// misses the cache at most of its steps).
///
/// ```
/// use klotski::{Code, CodeRanks};
/// let ranks = CodeRanks::build();
/// let code: Code = "1A9BF0C00".parse().unwrap();
/// assert_eq!(ranks.id(code), 4_091_296);
/// ```
pub struct CodeRanks {
    /// Ascending.
    prefixes: Vec<RankedPrefix>,
    /// The prefixes by their values' bucket, `value >> BUCKET_SHIFT`.
    buckets: Buckets,
    tails: Vec<Vec<u32>>,
}

/// The bits below a bucket's key: 2^16 buckets of the 36-bit codes.
const BUCKET_SHIFT: u32 = 20;

/// A prefix with where its codes start among the ids and which list holds
/// its completions.
#[derive(Clone, Copy, Debug)]
struct RankedPrefix {
    prefix: Prefix,
    /// The id of its first code.
    first_id: u32,
    tails_index: u32,
}

impl CodeRanks {
    /// Walks the prefixes of every legal code (quick: no completion is
    /// walked twice).
    pub fn build() -> CodeRanks {
        let mut prefixes = Vec::new();
        let mut next_id = 0u32;
        let tails = for_each_prefix(Budget::ANY, |prefix, tails_index, tails| {
            if !tails.is_empty() {
                prefixes.push(RankedPrefix {
                    prefix,
                    first_id: next_id,
                    tails_index: tails_index as u32,
                });
                next_id += tails.len() as u32;
            }
        });
        let buckets = Buckets::new(
            prefixes.iter().map(|ranked| ranked.prefix.value),
            BUCKET_SHIFT,
        );
        CodeRanks {
            prefixes,
            buckets,
            tails,
        }
    }

    /// The id of `code`: its rank among all legal codes.
    pub fn id(&self, code: Code) -> u32 {
        let value = code.value();
        // Every prefix before the code's bucket is below the code, every
        // one after it above; the code's own prefix may be in an earlier
        // bucket (a prefix of few items leaves bits below the key free).
        let bucket = self.buckets.range((value >> BUCKET_SHIFT) as usize);
        let start = bucket.start;
        let after =
            start + self.prefixes[bucket].partition_point(|ranked| ranked.prefix.value <= value);
        let ranked = self.prefixes[after.checked_sub(1).expect(EVERY_CODE)];
        debug_assert!(ranked.prefix.holds(value), "{code}");
        let tails = &self.tails[ranked.tails_index as usize];
        let position = tails
            .binary_search(&ranked.prefix.tail_of(value))
            .expect(EVERY_CODE);
        ranked.first_id + position as u32
    }

    /// The code whose id is `id` (the inverse of [`CodeRanks::id`]), or
    /// `None` when `id` is not below [`crate::N_LAYOUTS`]: a short code
    /// read without the sorted list of all codes.
    ///
    /// ```
    /// let ranks = klotski::CodeRanks::build();
    /// assert_eq!(ranks.code(4_091_296).unwrap().to_string(), "1A9BF0C00");
    /// assert_eq!(ranks.code(klotski::N_LAYOUTS), None);
    /// ```
    pub fn code(&self, id: u32) -> Option<Code> {
        let after = self
            .prefixes
            .partition_point(|ranked| ranked.first_id <= id);
        // The first prefix's first id is 0, so `after` is at least 1.
        let ranked = self.prefixes[after - 1];
        let tail = *self.tails[ranked.tails_index as usize].get((id - ranked.first_id) as usize)?;
        Some(Code::from_valid(
            ranked.prefix.value | u64::from(tail) >> ranked.prefix.shift(),
        ))
    }
}

const EVERY_CODE: &str = "every legal code is enumerated";

/// The cells above the last three rows. Once they are all covered, what can
/// follow depends only on which of the last 12 cells are covered, how many
/// cells are empty so far (0, 1, or 2 and more) and the budget left: such
/// completions are listed once and appended to every prefix that needs them
/// (faster than a DFS to the end, measured side by side, at either split
/// tried).
const UPPER_CELLS: u32 = (1 << 8) - 1;

/// The state that decides the completions of the last two rows.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct TailKey {
    covered: u32,
    n_empty: u32,
    budget: [u32; 4],
}

/// Completions of the last rows, their items packed from the top bit down,
/// listed once per state.
#[derive(Default)]
struct Tails {
    by_key: HashMap<TailKey, usize>,
    lists: Vec<Vec<u32>>,
}

struct Search<'a, S: ?Sized> {
    head: u64,
    sink: &'a mut S,
    /// Completions seen so far; `None` while listing completions themselves.
    tails: Option<&'a mut Tails>,
}

impl<S: Sink + ?Sized> Search<'_, S> {
    /// Places an item at the first uncovered cell, trying items in code order
    /// (`00` < `01` < `10` < `11`) so that codes come out ascending.
    fn fill(&mut self, covered: u32, range: u32, n_slots: u32, n_empty: u32, budget: Budget) {
        if covered == BOARD {
            if n_empty >= 2 {
                self.sink.code(self.head | u64::from(range));
            }
            return;
        }
        let n_uncovered = (BOARD & !covered).count_ones();
        if n_empty + n_uncovered < 2 {
            return;
        }
        if covered & UPPER_CELLS == UPPER_CELLS {
            if let Some(tails) = self.tails.as_deref_mut() {
                // At least one cell is uncovered, so n_slots <= 15 here.
                let (index, list) = tails_for(tails, covered, n_empty, budget);
                let prefix = Prefix {
                    value: self.head | u64::from(range),
                    n_slots,
                };
                self.sink.prefix(prefix, index, list);
                return;
            }
        }
        let bit = 1 << (!covered).trailing_zeros();
        let shift = 30 - 2 * n_slots;
        if budget.empty > 0 {
            let rest = Budget {
                empty: budget.empty - 1,
                ..budget
            };
            self.fill(covered | bit, range, n_slots + 1, n_empty + 1, rest);
        }
        if budget.horizontal > 0 && bit & COLUMN_3 == 0 && covered & bit << 1 == 0 {
            let rest = Budget {
                horizontal: budget.horizontal - 1,
                ..budget
            };
            self.fill(
                covered | bit | bit << 1,
                range | 0b01 << shift,
                n_slots + 1,
                n_empty,
                rest,
            );
        }
        if budget.vertical > 0 && bit & ROW_4 == 0 && covered & bit << 4 == 0 {
            let rest = Budget {
                vertical: budget.vertical - 1,
                ..budget
            };
            self.fill(
                covered | bit | bit << 4,
                range | 0b10 << shift,
                n_slots + 1,
                n_empty,
                rest,
            );
        }
        if budget.single > 0 {
            let rest = Budget {
                single: budget.single - 1,
                ..budget
            };
            self.fill(
                covered | bit,
                range | 0b11 << shift,
                n_slots + 1,
                n_empty,
                rest,
            );
        }
    }
}
