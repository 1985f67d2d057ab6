//! Enumeration of legal codes in ascending order, by depth-first search over
//! the items of the code (never by testing all 2^36 values).

use std::collections::HashMap;

use crate::board::{block_cells, is_block_head, BOARD, COLUMN_3, ROW_4};
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
    for_each_code(Budget::of_class(class), |code| codes.push(code));
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
    tails.entry(key).or_insert_with(|| {
        let mut list = Vec::new();
        let mut search = Search {
            head: 0,
            emit: &mut |tail| list.push(tail as u32),
            tails: None,
        };
        search.fill(covered, 0, 0, key.n_empty, budget);
        list
    })
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
    let mut tails = HashMap::new();
    for head in (0..16).filter(|&h| is_block_head(h)) {
        let mut search = Search {
            head: u64::from(head) << 32,
            emit: &mut |raw| emit(Code::from_valid(raw)),
            tails: Some(&mut tails),
        };
        search.fill(block_cells(head), 0, 0, 0, budget);
    }
}

/// The cells above the last three rows. Once they are all covered, what can
/// follow depends only on which of the last 12 cells are covered, how many
/// cells are empty so far (0, 1, or 2 and more) and the budget left: such
/// completions are listed once and appended to every prefix that needs them
/// (2.3x faster than a DFS to the end when the split is at row 3, 3.2x at
/// row 2, measured side by side).
const UPPER_CELLS: u32 = (1 << 8) - 1;

/// The state that decides the completions of the last two rows.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct TailKey {
    covered: u32,
    n_empty: u32,
    budget: [u32; 4],
}

/// Completions of the last rows: their items packed from the top bit down.
type Tails = HashMap<TailKey, Vec<u32>>;

struct Search<'a, F> {
    head: u64,
    emit: &'a mut F,
    /// Completions seen so far; `None` while listing completions themselves.
    tails: Option<&'a mut Tails>,
}

impl<F: FnMut(u64)> Search<'_, F> {
    /// Places an item at the first uncovered cell, trying items in code order
    /// (`00` < `01` < `10` < `11`) so that codes come out ascending.
    fn fill(&mut self, covered: u32, range: u32, n_slots: u32, n_empty: u32, budget: Budget) {
        if covered == BOARD {
            if n_empty >= 2 {
                (self.emit)(self.head | u64::from(range));
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
                for &tail in tails_for(tails, covered, n_empty, budget) {
                    (self.emit)(self.head | u64::from(range | tail >> (2 * n_slots)));
                }
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
