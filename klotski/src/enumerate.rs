//! Enumeration of legal codes in ascending order, by depth-first search over
//! the items of the code (never by testing all 2^36 values).

use std::collections::HashMap;

use crate::board::{block_cells, is_block_head, BOARD, COLUMN_3, ROW_4};
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

/// The completions of the last rows from a state, listed on first use.
fn tails_for(tails: &mut Tails, covered: u32, n_empty: u32, budget: Budget) -> &[u32] {
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
    &tails.lists[index]
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
    for_each_prefix(budget, |prefix, tail_bits| {
        for &tail in tail_bits {
            emit(Code::from_valid(
                prefix.value | u64::from(tail >> prefix.shift()),
            ));
        }
    });
}

/// Calls `each` with every prefix of legal codes within `budget`, ascending
/// (the codes of a prefix all come before those of the next), with the
/// list of its completions.
fn for_each_prefix(budget: Budget, mut each: impl FnMut(Prefix, &[u32])) {
    let mut tails = Tails::default();
    for head in (0..16).filter(|&h| is_block_head(h)) {
        let mut search = Search {
            head: u64::from(head) << 32,
            sink: &mut Prefixes(&mut each),
            tails: Some(&mut tails),
        };
        search.fill(block_cells(head), 0, 0, 0, budget);
    }
}

/// The items of a code down to the last three rows, which decide what can
/// follow (see [`UPPER_CELLS`]).
#[derive(Clone, Copy)]
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
}

/// What a search hands on: whole codes while listing completions, prefixes
/// with their completions while enumerating.
trait Sink {
    /// A whole code (or completion).
    fn code(&mut self, raw: u64);
    /// A prefix, with the list of its completions.
    fn prefix(&mut self, prefix: Prefix, tails: &[u32]);
}

impl<F: FnMut(u64)> Sink for F {
    fn code(&mut self, raw: u64) {
        self(raw);
    }

    fn prefix(&mut self, _: Prefix, _: &[u32]) {
        unreachable!("completions are listed to the end, without prefixes");
    }
}

/// A sink that hands prefixes to a function.
struct Prefixes<'a, F>(&'a mut F);

impl<F: FnMut(Prefix, &[u32])> Sink for Prefixes<'_, F> {
    fn code(&mut self, _: u64) {
        unreachable!("codes come with prefixes when completions are listed");
    }

    fn prefix(&mut self, prefix: Prefix, tails: &[u32]) {
        (self.0)(prefix, tails);
    }
}

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
                let list = tails_for(tails, covered, n_empty, budget);
                let prefix = Prefix {
                    value: self.head | u64::from(range),
                    n_slots,
                };
                self.sink.prefix(prefix, list);
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
