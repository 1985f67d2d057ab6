//! Layouts as bitboards: pieces, mirrors, counts, rendering (the code of a
//! layout and back: `code.rs`).

use std::fmt;

use crate::board::{self, block_cells, BOARD};
use crate::cell::Cell;
use crate::class::Class;

/// The four kinds of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// The one 2x2 block.
    Block,
    /// A 2x1 piece: 2 cells wide, 1 tall (code item `01`).
    Horizontal,
    /// A 1x2 piece: 1 cell wide, 2 tall (code item `10`).
    Vertical,
    /// A 1x1 piece (code item `11`).
    Single,
}

impl Piece {
    /// The piece's size as width x height: `2x2`, `2x1`, `1x2` or `1x1`, as
    /// move texts name it.
    pub fn shape(self) -> &'static str {
        match self {
            Piece::Block => "2x2",
            Piece::Horizontal => "2x1",
            Piece::Vertical => "1x2",
            Piece::Single => "1x1",
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Piece::Block => "2x2 block",
            Piece::Horizontal => "2x1 piece",
            Piece::Vertical => "1x2 piece",
            Piece::Single => "1x1 piece",
        })
    }
}

/// A legal layout as four cell masks: where the 2x2 block is and the top-left
/// cells of the other pieces.
///
/// Every `Layout` is legal: it is made only from a [`Code`](crate::Code) or by a step from
/// another layout.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Layout {
    /// Address of the 2x2 block's top-left cell.
    pub(crate) head: u32,
    /// Top-left cells of 2x1 pieces.
    pub(crate) horizontal: u32,
    /// Top-left cells of 1x2 pieces.
    pub(crate) vertical: u32,
    /// Cells of 1x1 pieces.
    pub(crate) single: u32,
}

impl Layout {
    /// Address of the 2x2 block's top-left cell.
    pub fn block_address(&self) -> u32 {
        self.head
    }

    /// The cells every piece covers.
    #[inline]
    pub fn occupied(&self) -> u32 {
        block_cells(self.head)
            | self.horizontal
            | self.horizontal << 1
            | self.vertical
            | self.vertical << 4
            | self.single
    }

    /// The piece covering `cell` (0..20), or `None` when it is empty.
    pub fn piece_at(&self, cell: u32) -> Option<Piece> {
        let bit = 1 << cell;
        if block_cells(self.head) & bit != 0 {
            Some(Piece::Block)
        } else if (self.horizontal | self.horizontal << 1) & bit != 0 {
            Some(Piece::Horizontal)
        } else if (self.vertical | self.vertical << 4) & bit != 0 {
            Some(Piece::Vertical)
        } else if self.single & bit != 0 {
            Some(Piece::Single)
        } else {
            None
        }
    }

    /// Number of 2x1 pieces.
    pub fn n_horizontal(&self) -> u32 {
        self.horizontal.count_ones()
    }

    /// Number of 1x2 pieces.
    pub fn n_vertical(&self) -> u32 {
        self.vertical.count_ones()
    }

    /// Number of 1x1 pieces.
    pub fn n_single(&self) -> u32 {
        self.single.count_ones()
    }

    /// Number of empty cells.
    pub fn n_empty(&self) -> u32 {
        (BOARD & !self.occupied()).count_ones()
    }

    /// The layout's jiang-bing-style class.
    pub fn class(&self) -> Class {
        Class::from_counts(self.n_horizontal(), self.n_vertical(), self.n_single())
    }

    /// Whether the 2x2 block is at the exit.
    pub fn is_solved(&self) -> bool {
        self.head == board::SOLVED_HEAD
    }

    /// The left-right reflection: (x, y) -> (3 - x, y).
    pub fn mirror_left_right(&self) -> Layout {
        Layout {
            head: self.head - self.head % 4 + 2 - self.head % 4,
            horizontal: board::mirror_columns(self.horizontal << 1),
            vertical: board::mirror_columns(self.vertical),
            single: board::mirror_columns(self.single),
        }
    }

    /// The top-bottom reflection: (x, y) -> (x, 4 - y).
    pub fn mirror_top_bottom(&self) -> Layout {
        Layout {
            head: (3 - self.head / 4) * 4 + self.head % 4,
            horizontal: board::mirror_rows(self.horizontal),
            vertical: board::mirror_rows(self.vertical << 4),
            single: board::mirror_rows(self.single),
        }
    }

    /// Whether the layout equals its left-right reflection.
    pub fn is_mirror(&self) -> bool {
        *self == self.mirror_left_right()
    }

    /// The mirror flag as the original release computed it (its `main.csv`
    /// and its `main.is_mirror` column): like [`Layout::is_mirror`], but a
    /// cell of the 2x2 block facing an empty cell across the middle counts
    /// as matching. The original looked up the type of an empty cell out of
    /// bounds and read 0, the 2x2 block's type. This marks 1,984 more layouts
    /// (block in columns 0-1, the cells beside it empty, the rest symmetric).
    pub fn is_mirror_as_released(&self) -> bool {
        (0..board::HEIGHT).all(|y| {
            (0..2).all(|x| {
                let left = self.piece_at(x + 4 * y);
                let right = self.piece_at(3 - x + 4 * y);
                match (left, right) {
                    (Some(Piece::Block), None) => true,
                    (left, right) => left == right,
                }
            })
        })
    }

    /// The board as five rows of four characters: `##` the 2x2 block, `<>` a 2x1
    /// piece, `^` over `v` a 1x2 piece, `o` a 1x1 piece, `.` an empty cell.
    pub fn rows(&self) -> Vec<String> {
        self.ascii_rows()
            .iter()
            .map(|row| row.iter().map(|&byte| char::from(byte)).collect())
            .collect()
    }

    /// The rows of [`Layout::rows`] as ASCII bytes, for writers that want
    /// no allocation (a server answering a layout).
    ///
    /// ```
    /// let code: klotski::Code = "1A9BF0C00".parse()?;
    /// assert_eq!(code.layout().ascii_rows()[2], *b"^<>^");
    /// # Ok::<(), klotski::CodeError>(())
    /// ```
    pub fn ascii_rows(&self) -> [[u8; board::WIDTH as usize]; board::HEIGHT as usize] {
        let mut rows = [[0; board::WIDTH as usize]; board::HEIGHT as usize];
        for (y, row) in (0..).zip(rows.iter_mut()) {
            for (x, cell) in (0..).zip(row.iter_mut()) {
                *cell = self.cell_byte(x + board::WIDTH * y);
            }
        }
        rows
    }

    /// The board of [`Layout::rows`] under a line of column letters, each
    /// row after its number, every line indented by `indent` spaces: the
    /// names cells have in moves (`1x1 b4-b5`: column b, row 4 to row 5).
    ///
    /// ```
    /// let code: klotski::Code = "1A9BF0C00".parse()?;
    /// assert_eq!(
    ///     code.layout().labelled_board(0),
    ///     "  abcd\n1 ^##^\n2 v##v\n3 ^<>^\n4 voov\n5 o..o\n"
    /// );
    /// # Ok::<(), klotski::CodeError>(())
    /// ```
    pub fn labelled_board(&self, indent: usize) -> String {
        let pad = " ".repeat(indent);
        let cell_name = |x, y| Cell::at(x, y).expect("on the board").to_string();
        let letters: String = (0..board::WIDTH)
            .map(|x| cell_name(x, 0).remove(0))
            .collect();
        let mut out = format!("{pad}  {letters}\n");
        for (y, row) in (0..board::HEIGHT).zip(self.rows()) {
            let number = &cell_name(0, y)[1..];
            out += &format!("{pad}{number} {row}\n");
        }
        out
    }

    fn cell_byte(&self, cell: u32) -> u8 {
        let bit = 1 << cell;
        match self.piece_at(cell) {
            None => b'.',
            Some(Piece::Block) => b'#',
            Some(Piece::Single) => b'o',
            Some(Piece::Horizontal) if self.horizontal & bit != 0 => b'<',
            Some(Piece::Horizontal) => b'>',
            Some(Piece::Vertical) if self.vertical & bit != 0 => b'^',
            Some(Piece::Vertical) => b'v',
        }
    }
}

impl fmt::Display for Layout {
    /// The rows of [`Layout::rows`], one per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.rows() {
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(text: &str) -> Layout {
        text.parse::<crate::Code>().unwrap().layout()
    }

    #[test]
    fn renders_the_classic_layout() {
        assert_eq!(
            layout("1A9BF0C00").rows(),
            ["^##^", "v##v", "^<>^", "voov", "o..o"]
        );
    }

    #[test]
    fn counts_and_class() {
        let classic = layout("1A9BF0C00");
        assert_eq!(
            (
                classic.n_horizontal(),
                classic.n_vertical(),
                classic.n_single()
            ),
            (1, 4, 4)
        );
        assert_eq!(classic.n_empty(), 2);
        assert_eq!(classic.class().to_string(), "5-4-1");
        assert!(classic.is_mirror());
        assert!(!classic.is_solved());
        assert!(layout("DAAF4CC00").is_solved());
    }

    #[test]
    fn mirrors() {
        let l = layout("4FEA13400");
        assert_eq!(l.mirror_left_right().mirror_left_right(), l);
        assert_eq!(l.mirror_top_bottom().mirror_top_bottom(), l);
        assert!(!l.is_mirror());
        let rows = l.rows();
        let mirrored: Vec<String> = l.mirror_left_right().rows();
        for (row, mirror) in rows.iter().zip(&mirrored) {
            let flipped: String = row
                .chars()
                .rev()
                .map(|c| match c {
                    '<' => '>',
                    '>' => '<',
                    c => c,
                })
                .collect();
            assert_eq!(&flipped, mirror);
        }
    }
}
