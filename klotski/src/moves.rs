//! Moves: a step seen as what a player does, which piece goes where.
//!
//! A [`Move`] is derived from two layouts one step apart (or from a layout's
//! steps): the piece, the cell of its top-left corner before and after, and
//! the layout it gives. Its text form, the same in the CLI, the API, the
//! Python package and the web page, names the piece by its shape and goes
//! from cell to cell by the piece's top-left cell, cells named by column
//! letter and row number (`a1` top-left, `d5` bottom-right):
//!
//! - `1x2 b1-b3`: a 1x2 piece whose top cell is b1 slides two cells down;
//! - `1x1 a5-b4`: a 1x1 piece turns on its way from a5 to b4.
//!
//! The two cells are joined by an ASCII hyphen. Pieces are named by width x
//! height: `2x2` (the block), `2x1`, `1x2`, `1x1`. The text is unique among
//! a layout's moves, since a piece is named by the cell it starts from and a
//! step by where it ends; whether the piece slides straight or turns is
//! [`Move::slide`], not part of the text.

use std::fmt;

use crate::board::{block_cells, BOARD, WIDTH};
use crate::cell::Cell;
use crate::layout::{Layout, Piece};
use crate::metric::Metric;

/// A direction on the board, as the player sees it (row 1 on top).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Direction {
    /// Towards row 1.
    Up,
    /// Towards row 5, where the exit is.
    Down,
    /// Towards column a.
    Left,
    /// Towards column d.
    Right,
}

impl Direction {
    /// The lowercase word: `up`, `down`, `left`, `right`.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Up => "up",
            Direction::Down => "down",
            Direction::Left => "left",
            Direction::Right => "right",
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A straight slide: the direction and how many cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Slide {
    /// Which way the piece goes.
    pub direction: Direction,
    /// How many cells it goes, at least 1.
    pub distance: u32,
}

/// One step as a move: which piece goes where, and the layout it gives.
///
/// Made only from two layouts one step apart ([`Move::between`]) or from a
/// layout's own steps ([`Layout::moves`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    piece: Piece,
    from: Cell,
    to: Cell,
    slide: Option<Slide>,
    after: Layout,
}

impl Move {
    /// The move from `before` to `after`, or `None` when `after` is not one
    /// step from `before`.
    pub fn between(before: &Layout, after: &Layout) -> Option<Move> {
        let mut is_step = false;
        before.for_each_step(|next| is_step |= next == *after);
        is_step.then(|| Move::derive(before, after))
    }

    /// The move from `before` to `after`, known to be one step apart.
    fn derive(before: &Layout, after: &Layout) -> Move {
        let moved = |piece, from: u32, to: u32| (piece, from & !to, to & !from);
        let (piece, from_mask, to_mask) = if before.head != after.head {
            (Piece::Block, 1 << before.head, 1 << after.head)
        } else if before.horizontal != after.horizontal {
            moved(Piece::Horizontal, before.horizontal, after.horizontal)
        } else if before.vertical != after.vertical {
            moved(Piece::Vertical, before.vertical, after.vertical)
        } else {
            moved(Piece::Single, before.single, after.single)
        };
        debug_assert!(from_mask.count_ones() == 1 && to_mask.count_ones() == 1);
        let cell = |mask: u32| Cell::from_index(mask.trailing_zeros()).expect("a board cell");
        let (from, to) = (cell(from_mask), cell(to_mask));
        let free = BOARD & !before.occupied() | piece_cells(piece, from.index());
        Move {
            piece,
            from,
            to,
            slide: straight_slide(piece, from, to, free),
            after: *after,
        }
    }

    /// The piece that moves.
    pub fn piece(&self) -> Piece {
        self.piece
    }

    /// The piece's top-left cell before the move.
    pub fn from(&self) -> Cell {
        self.from
    }

    /// The piece's top-left cell after the move.
    pub fn to(&self) -> Cell {
        self.to
    }

    /// The direction and distance when the piece slides in one straight
    /// line; `None` when it turns on its way.
    pub fn slide(&self) -> Option<Slide> {
        self.slide
    }

    /// The layout the move gives.
    pub fn after(&self) -> Layout {
        self.after
    }

    /// The finest metric this move counts in: a cell move when the piece
    /// slides one cell, a straight move when it slides further in one line,
    /// otherwise a step only.
    pub fn metric(&self) -> Metric {
        match self.slide {
            Some(Slide { distance: 1, .. }) => Metric::Cell,
            Some(_) => Metric::Straight,
            None => Metric::Step,
        }
    }
}

impl fmt::Display for Move {
    /// The text form, from the piece's top-left cell to where it ends:
    /// `1x2 b1-b3`, `1x1 a5-b4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}-{}", self.piece.shape(), self.from, self.to)
    }
}

/// What a move does to the number of steps to the nearest solved layout.
/// One step changes it by one at most.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Progress {
    /// One step nearer: a move of a minimum solution.
    Nearer,
    /// As near as before.
    Same,
    /// One step farther.
    Farther,
}

impl Progress {
    /// The progress from a layout `before` steps from solved to one `after`
    /// steps from solved (both `min_solution_step`); `None` when the group
    /// has no solved layout (-1).
    pub fn between(before: i32, after: i32) -> Option<Progress> {
        if before < 0 || after < 0 {
            return None;
        }
        Some(match after.cmp(&before) {
            std::cmp::Ordering::Less => Progress::Nearer,
            std::cmp::Ordering::Equal => Progress::Same,
            std::cmp::Ordering::Greater => Progress::Farther,
        })
    }

    /// The word: `nearer`, `same` or `farther`.
    pub fn name(self) -> &'static str {
        match self {
            Progress::Nearer => "nearer",
            Progress::Same => "same",
            Progress::Farther => "farther",
        }
    }
}

impl fmt::Display for Progress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Layout {
    /// Every move from this layout, one per layout one step away, ordered by
    /// the moving piece's start cell, then by its end cell.
    pub fn moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        self.for_each_step(|after| moves.push(Move::derive(self, &after)));
        moves.sort_unstable_by_key(|step| (step.from, step.to));
        moves
    }

    /// The moves of `metric` from this layout ([`Move::metric`] admitted by
    /// it), in the order of [`Layout::moves`].
    pub fn moves_in(&self, metric: Metric) -> Vec<Move> {
        let mut moves = self.moves();
        moves.retain(|step| metric.admits(step.metric()));
        moves
    }
}

/// The cells `piece` covers with its top-left cell at `head`.
fn piece_cells(piece: Piece, head: u32) -> u32 {
    match piece {
        Piece::Block => block_cells(head),
        Piece::Horizontal => 0b11 << head,
        Piece::Vertical => 0b1_0001 << head,
        Piece::Single => 1 << head,
    }
}

/// The straight slide from `from` to `to`, when they share a row or a column
/// and the piece fits in the `free` cells at every position between.
fn straight_slide(piece: Piece, from: Cell, to: Cell, free: u32) -> Option<Slide> {
    let (direction, distance, stride) = if from.row() == to.row() {
        let dx = to.column() as i32 - from.column() as i32;
        let direction = if dx > 0 {
            Direction::Right
        } else {
            Direction::Left
        };
        (direction, dx.unsigned_abs(), dx.signum())
    } else if from.column() == to.column() {
        let dy = to.row() as i32 - from.row() as i32;
        let direction = if dy > 0 {
            Direction::Down
        } else {
            Direction::Up
        };
        (direction, dy.unsigned_abs(), dy.signum() * WIDTH as i32)
    } else {
        return None;
    };
    let clear = (1..distance).all(|k| {
        let head = (from.index() as i32 + stride * k as i32) as u32;
        piece_cells(piece, head) & !free == 0
    });
    clear.then_some(Slide {
        direction,
        distance,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Code;

    fn layout(text: &str) -> Layout {
        text.parse::<Code>().unwrap().layout()
    }

    fn texts(text: &str) -> Vec<String> {
        layout(text).moves().iter().map(Move::to_string).collect()
    }

    #[test]
    fn the_classic_layout_moves_its_four_1x1_pieces() {
        // ^##^ / v##v / ^<>^ / voov / o..o: the 1x1 pieces at b4, c4, a5, d5
        // reach the empty b5 and c5; a5 to c5 passes b5, b4 to c5 turns.
        assert_eq!(
            texts("1A9BF0C00"),
            [
                "1x1 b4-b5",
                "1x1 b4-c5",
                "1x1 c4-b5",
                "1x1 c4-c5",
                "1x1 a5-b5",
                "1x1 a5-c5",
                "1x1 d5-b5",
                "1x1 d5-c5",
            ]
        );
    }

    #[test]
    fn a_solved_layout_moves_its_block_away_from_the_exit() {
        // ^^^^ / vvvv / oo<> / .##o / .##o: a 1x1 piece drops into column a,
        // or the block slides left off the exit.
        assert_eq!(texts("DAAF4CC00"), ["1x1 a3-a4", "1x1 a3-a5", "2x2 b4-a4"]);
    }

    #[test]
    fn long_pieces_slide_and_turn() {
        // 峰回路转 (4FEA13400): the empty cells are both in row 5.
        let start = layout("4FEA13400");
        for step in start.moves() {
            let text = step.to_string();
            let (shape, rest) = text.split_once(' ').unwrap();
            assert_eq!(shape, step.piece().shape());
            assert!(rest.starts_with(&step.from().to_string()), "{text}");
            assert_ne!(step.from(), step.to(), "{text}");
        }
    }

    /// Every move's text of a class's layouts reads back as its piece and
    /// its two cells, and no two moves of a layout share a text.
    #[test]
    fn a_text_names_its_piece_and_cells_and_one_move() {
        let class = "3-4-1".parse().unwrap();
        let mut n_turns = 0;
        for code in crate::enumerate::class_codes(class).into_iter().step_by(7) {
            let moves = code.layout().moves();
            let mut seen = std::collections::HashSet::new();
            for step in &moves {
                let text = step.to_string();
                let (shape, cells) = text.split_once(' ').unwrap();
                let (from, to) = cells.split_once('-').unwrap();
                assert_eq!(shape, step.piece().shape(), "{code} {text}");
                assert_eq!(from.parse(), Ok(step.from()), "{code} {text}");
                assert_eq!(to.parse(), Ok(step.to()), "{code} {text}");
                assert!(seen.insert(text.clone()), "{code}: two moves {text}");
                n_turns += usize::from(step.slide().is_none());
            }
        }
        assert!(n_turns > 100, "{n_turns}");
    }

    #[test]
    fn each_metric_keeps_its_moves() {
        let texts_in = |metric| -> Vec<String> {
            layout("1A9BF0C00")
                .moves_in(metric)
                .iter()
                .map(Move::to_string)
                .collect()
        };
        assert_eq!(texts_in(Metric::Step).len(), 8);
        assert_eq!(
            texts_in(Metric::Straight),
            [
                "1x1 b4-b5",
                "1x1 c4-c5",
                "1x1 a5-b5",
                "1x1 a5-c5",
                "1x1 d5-b5",
                "1x1 d5-c5",
            ]
        );
        assert_eq!(
            texts_in(Metric::Cell),
            ["1x1 b4-b5", "1x1 c4-c5", "1x1 a5-b5", "1x1 d5-c5"]
        );
    }

    #[test]
    fn between_accepts_steps_only() {
        let start = layout("1A9BF0C00");
        for step in start.moves() {
            assert_eq!(Move::between(&start, &step.after()), Some(step));
        }
        assert_eq!(Move::between(&start, &start), None);
        // Two moves of one 1x1 piece may equal one move of another, since
        // 1x1 pieces are alike: pick a layout two steps away and no nearer.
        let next: Vec<Layout> = start.moves().iter().map(Move::after).collect();
        let two_away = next
            .iter()
            .flat_map(|layout| layout.moves())
            .map(|step| step.after())
            .find(|layout| *layout != start && !next.contains(layout))
            .unwrap();
        assert_eq!(Move::between(&start, &two_away), None);
        assert_eq!(
            Move::between(&start, &"4FEA13400".parse::<Code>().unwrap().layout()),
            None
        );
    }
}
