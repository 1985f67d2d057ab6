//! A legal code's id (its rank among all legal codes) and back, counted
//! rather than looked up.
//!
//! A code lists the 2x2 block's head and then one item per uncovered cell in
//! reading order (`00` empty, `01` horizontal, `10` vertical, `11` one
//! cell), so codes in ascending order are the boards filled item by item,
//! smaller items first. A code's rank is then the number of boards that
//! leave its path at some item by a smaller one: at each item, the
//! completions of each smaller item that fits. How many completions a
//! partly filled board has depends only on a small state (see [`State`]),
//! so one table of 8,064 states, counted once, answers every code with a
//! dozen reads and no search: a rank costs the same whether the table is
//! cached or not, unlike a search of sorted codes, whose steps miss the
//! cache under load.

use crate::board::{block_cells, is_block_head, BOARD, CELLS, COLUMN_3, ROW_4};
use crate::code::Code;
use crate::index::N_LAYOUTS;

/// Every legal code's id (its rank among all legal codes) and the code of
/// every id, from a table of completions counted once (its size and cost:
/// BENCHMARKS.md, "code -> id").
///
/// ```
/// use klotski::{Code, CodeRanks};
/// let ranks = CodeRanks::build();
/// let code: Code = "1A9BF0C00".parse().unwrap();
/// assert_eq!(ranks.id(code), 4_091_296);
/// assert_eq!(ranks.code(4_091_296), Some(code));
/// ```
pub struct CodeRanks {
    /// For each state, the completions that start with an item below each
    /// kind: entry `kind` is the sum over the smaller kinds that fit (so
    /// entry 0 is 0). A code's id adds one entry per item.
    below: Vec<[u32; 4]>,
    /// For each head, the id of its first code (heads where the block does
    /// not fit have no codes: theirs is the next head's).
    first_ids: [u32; 16],
}

/// The cells an item covers, shifted to its cell, by kind.
const ITEM_CELLS: [u32; 4] = [0b1, 0b11, 0b1_0001, 0b1];

/// The kind of an empty cell.
const EMPTY: u32 = 0b00;

/// What decides a partly filled board's completions: the block's head, the
/// first uncovered cell (`CELLS` once the board is full), which of the
/// three cells after it are covered (by vertical pieces above; nothing else
/// reaches past the first uncovered cell but the block) and how many cells
/// are empty so far (0, 1, or 2 and more: a legal layout needs two).
#[derive(Clone, Copy)]
struct State {
    head: u32,
    covered: u32,
    n_empty: u32,
}

/// Number of states: 16 heads, 21 first uncovered cells (the last for a full
/// board), 8 coverings of the next three cells, 3 counts of empty cells.
const N_STATES: usize = 16 * (CELLS as usize + 1) * 8 * 3;

impl State {
    /// The empty board with the block at `head`.
    fn start(head: u32) -> State {
        State {
            head,
            covered: block_cells(head),
            n_empty: 0,
        }
    }

    /// The first uncovered cell, or `CELLS` when the board is full.
    fn first_uncovered(self) -> u32 {
        (!self.covered).trailing_zeros().min(CELLS)
    }

    /// The index of this state in the tables.
    fn index(self) -> usize {
        let cell = self.first_uncovered();
        let next_three = (self.covered >> (cell + 1)) & 0b111;
        ((self.head as usize * (CELLS as usize + 1) + cell as usize) * 8 + next_three as usize) * 3
            + self.n_empty as usize
    }

    /// The board after an item of `kind` at the first uncovered cell, if it
    /// fits there.
    fn place(self, kind: u32) -> Option<State> {
        let cell = self.first_uncovered();
        let on_board = match kind {
            0b01 => (1 << cell) & COLUMN_3 == 0,
            0b10 => (1 << cell) & ROW_4 == 0,
            _ => true,
        };
        let fits =
            cell < CELLS && on_board && self.covered & ITEM_CELLS[kind as usize] << cell == 0;
        fits.then(|| self.place_fitting(kind))
    }

    /// The board after an item of `kind` known to fit (the next item of a
    /// legal code): [`State::place`] without its checks.
    #[inline]
    fn place_fitting(self, kind: u32) -> State {
        let cell = self.first_uncovered();
        State {
            covered: self.covered | ITEM_CELLS[kind as usize] << cell,
            n_empty: (self.n_empty + u32::from(kind == EMPTY)).min(2),
            ..self
        }
    }
}

impl CodeRanks {
    /// Counts every state's completions, from full boards back to empty ones.
    pub fn build() -> CodeRanks {
        let mut below = vec![[0u32; 4]; N_STATES];
        let mut completions = vec![0u32; N_STATES];
        for head in (0..16).filter(|&head| is_block_head(head)) {
            // Placing an item moves the first uncovered cell forward, so
            // counting states from the last cell back finds every successor
            // counted.
            for cell in (0..=CELLS).rev() {
                for next_three in 0..8u32 {
                    let covered =
                        ((1u32 << cell) - 1) | (next_three << (cell + 1)) | block_cells(head);
                    let covered = covered & BOARD;
                    if cell < CELLS && covered & (1 << cell) != 0 {
                        continue; // not a board whose first uncovered cell is `cell`
                    }
                    for n_empty in 0..3 {
                        let state = State {
                            head,
                            covered,
                            n_empty,
                        };
                        let index = state.index();
                        if cell == CELLS {
                            completions[index] = u32::from(n_empty >= 2);
                            continue;
                        }
                        let mut total = 0;
                        for kind in 0..4 {
                            below[index][kind as usize] = total;
                            if let Some(next) = state.place(kind) {
                                total += completions[next.index()];
                            }
                        }
                        completions[index] = total;
                    }
                }
            }
        }
        let mut first_ids = [0u32; 16];
        let mut next_id = 0;
        for head in 0..16 {
            first_ids[head as usize] = next_id;
            if is_block_head(head) {
                next_id += completions[State::start(head).index()];
            }
        }
        debug_assert_eq!(next_id, N_LAYOUTS);
        CodeRanks { below, first_ids }
    }

    /// The id of `code`: its rank among all legal codes.
    pub fn id(&self, code: Code) -> u32 {
        let value = code.value();
        let head = (value >> 32) as u32;
        let mut items = value as u32;
        let mut state = State::start(head);
        let mut id = self.first_ids[head as usize];
        while state.covered != BOARD {
            let kind = items >> 30;
            id += self.below[state.index()][kind as usize];
            state = state.place_fitting(kind);
            items <<= 2;
        }
        id
    }

    /// The code whose id is `id` (the inverse of [`CodeRanks::id`]), or
    /// `None` when `id` is not below [`crate::N_LAYOUTS`].
    ///
    /// ```
    /// let ranks = klotski::CodeRanks::build();
    /// assert_eq!(ranks.code(0).unwrap().to_string(), "000000000");
    /// assert_eq!(ranks.code(klotski::N_LAYOUTS), None);
    /// ```
    pub fn code(&self, id: u32) -> Option<Code> {
        if id >= N_LAYOUTS {
            return None;
        }
        // The last head whose codes start at or before `id` and that has codes.
        let head = (0..16u32)
            .rev()
            .find(|&head| is_block_head(head) && self.first_ids[head as usize] <= id)?;
        let mut rest = id - self.first_ids[head as usize];
        let mut state = State::start(head);
        let mut value = u64::from(head) << 32;
        let mut shift = 32;
        while state.covered != BOARD {
            // The item whose completions hold `rest`: kinds that do not fit
            // add nothing, so the last kind starting at or before it.
            let below = &self.below[state.index()];
            let kind = (0..4).rev().find(|&kind| below[kind] <= rest)?;
            rest -= below[kind];
            shift -= 2;
            value |= (kind as u64) << shift;
            state = state.place_fitting(kind as u32);
        }
        debug_assert_eq!(rest, 0);
        Some(Code::from_valid(value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::enumerate::all_codes;

    /// Counts a state's completions by filling the board every way, as the
    /// definition says: the slow reference for the table.
    fn completions_by_search(state: State) -> u32 {
        if state.covered == BOARD {
            return u32::from(state.n_empty >= 2);
        }
        (0..4)
            .filter_map(|kind| state.place(kind))
            .map(completions_by_search)
            .sum()
    }

    #[test]
    fn every_head_counts_what_a_search_of_its_boards_finds() {
        let ranks = CodeRanks::build();
        let mut ends = ranks.first_ids[1..].to_vec();
        ends.push(N_LAYOUTS);
        for head in 0..16 {
            let counted = ends[head as usize] - ranks.first_ids[head as usize];
            let searched = if is_block_head(head) {
                completions_by_search(State::start(head))
            } else {
                0
            };
            assert_eq!(counted, searched, "head {head}");
        }
    }

    #[test]
    fn ids_of_a_sample_are_positions_among_the_enumerated_codes() {
        let codes = all_codes();
        let ranks = CodeRanks::build();
        for id in (0..N_LAYOUTS).step_by(7_919).chain([0, 1, N_LAYOUTS - 1]) {
            let code = codes[id as usize];
            assert_eq!(ranks.id(code), id, "{code}");
            assert_eq!(ranks.code(id), Some(code), "{id}");
        }
    }

    #[test]
    fn only_fitting_items_are_placed() {
        // The block at 0 covers cells 0, 1, 4 and 5.
        let start = State::start(0);
        assert_eq!(start.first_uncovered(), 2);
        assert!(start.place(0b01).is_some());
        let after = start.place(0b01).unwrap();
        assert_eq!(after.first_uncovered(), 6);
        assert!(after.place(0b01).is_some());
        let corner = start.place(0b11).unwrap();
        assert_eq!(corner.first_uncovered(), 3);
        assert!(
            corner.place(0b01).is_none(),
            "a horizontal piece off the board"
        );
        assert!(corner.place(0b10).is_some());
    }
}
