//! Layouts as bitboards: decoding and encoding codes, mirrors, counts, rendering.

use std::fmt;

use crate::board::{self, block_cells, is_block_head, BOARD, COLUMN_3, ROW_4};
use crate::class::Class;
use crate::code::{Code, CodeError};
use crate::moves::Cell;

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
/// Every `Layout` is legal: it is made only from a [`Code`] or by a step from
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
    /// Decodes a raw code, checking every rule of a legal layout.
    pub(crate) fn decode(raw: u64) -> Result<Layout, CodeError> {
        if raw >> 36 != 0 {
            return Err(CodeError::TooLarge { raw });
        }
        let head = (raw >> 32) as u32;
        if !is_block_head(head) {
            return Err(CodeError::InvalidBlockAddress { address: head });
        }
        let range = raw as u32;
        let mut layout = Layout {
            head,
            horizontal: 0,
            vertical: 0,
            single: 0,
        };
        let mut covered = block_cells(head);
        let mut n_slots = 0;
        let mut n_empty = 0;
        while covered != BOARD {
            let cell = (!covered).trailing_zeros();
            let bit = 1 << cell;
            let item = (range >> (30 - 2 * n_slots)) & 0b11;
            n_slots += 1;
            match item {
                0b00 => {
                    covered |= bit;
                    n_empty += 1;
                }
                0b01 => {
                    let piece = Piece::Horizontal;
                    if bit & COLUMN_3 != 0 {
                        return Err(CodeError::OffBoard { piece, cell });
                    }
                    if covered & bit << 1 != 0 {
                        return Err(CodeError::Overlap { piece, cell });
                    }
                    layout.horizontal |= bit;
                    covered |= bit | bit << 1;
                }
                0b10 => {
                    let piece = Piece::Vertical;
                    if bit & ROW_4 != 0 {
                        return Err(CodeError::OffBoard { piece, cell });
                    }
                    if covered & bit << 4 != 0 {
                        return Err(CodeError::Overlap { piece, cell });
                    }
                    layout.vertical |= bit;
                    covered |= bit | bit << 4;
                }
                _ => {
                    layout.single |= bit;
                    covered |= bit;
                }
            }
        }
        // At most 16 cells remain beside the block, so at most 16 slots are read.
        if n_slots < 16 && range << (2 * n_slots) != 0 {
            return Err(CodeError::BitsLeftOver {
                n_slots_used: n_slots,
            });
        }
        if n_empty < 2 {
            return Err(CodeError::TooFewEmptyCells { n_empty });
        }
        Ok(layout)
    }

    /// Decodes a code known to be legal.
    #[inline]
    pub(crate) fn decode_valid(raw: u64) -> Layout {
        let head = (raw >> 32) as u32;
        let mut range = raw as u32;
        let mut layout = Layout {
            head,
            horizontal: 0,
            vertical: 0,
            single: 0,
        };
        let mut covered = block_cells(head);
        while covered != BOARD {
            let bit = 1 << (!covered).trailing_zeros();
            match range >> 30 {
                0b00 => covered |= bit,
                0b01 => {
                    layout.horizontal |= bit;
                    covered |= bit | bit << 1;
                }
                0b10 => {
                    layout.vertical |= bit;
                    covered |= bit | bit << 4;
                }
                _ => {
                    layout.single |= bit;
                    covered |= bit;
                }
            }
            range <<= 2;
        }
        layout
    }

    /// The code of this layout.
    #[inline]
    pub fn code(&self) -> Code {
        Code::from_valid(u64::from(self.head) << 32 | u64::from(self.pack_range()))
    }

    /// The 32 low bits of the code: the items in reading order, two bits each.
    #[inline]
    pub(crate) fn pack_range(&self) -> u32 {
        // Cells where an item starts: not under the block, not the second cell of a piece.
        let starts =
            BOARD & !block_cells(self.head) & !(self.horizontal << 1) & !(self.vertical << 4);
        // Item bits: 01 horizontal, 10 vertical, 11 single, 00 empty.
        let high = self.vertical | self.single;
        let low = self.horizontal | self.single;
        pack_items(starts, high, low)
    }

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
        (0..board::HEIGHT)
            .map(|y| {
                (0..board::WIDTH)
                    .map(|x| self.cell_char(x + 4 * y))
                    .collect()
            })
            .collect()
    }

    /// The board of [`Layout::rows`] under a line of column letters, each
    /// row after its number, every line indented by `indent` spaces: the
    /// names cells have in moves (`1x1 b4 down 1`: column b, row 4).
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

    fn cell_char(&self, cell: u32) -> char {
        let bit = 1 << cell;
        match self.piece_at(cell) {
            None => '.',
            Some(Piece::Block) => '#',
            Some(Piece::Single) => 'o',
            Some(Piece::Horizontal) if self.horizontal & bit != 0 => '<',
            Some(Piece::Horizontal) => '>',
            Some(Piece::Vertical) if self.vertical & bit != 0 => '^',
            Some(Piece::Vertical) => 'v',
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

/// Packs the items starting at the cells of `starts` (reading order) into the
/// code's 32 low bits, the first item in the top two bits. `high` and `low` hold
/// each item's two bits by cell.
#[inline]
fn pack_items(starts: u32, high: u32, low: u32) -> u32 {
    #[cfg(target_feature = "bmi2")]
    {
        pack_items_bmi2(starts, high, low)
    }
    #[cfg(not(target_feature = "bmi2"))]
    {
        pack_items_portable(starts, high, low)
    }
}

#[cfg(target_feature = "bmi2")]
#[inline]
fn pack_items_bmi2(starts: u32, high: u32, low: u32) -> u32 {
    use std::arch::x86_64::{_pdep_u32, _pext_u32};
    // SAFETY: compiled only when the target has BMI2.
    unsafe {
        let high = _pdep_u32(_pext_u32(high, starts), 0x5555_5555);
        let low = _pdep_u32(_pext_u32(low, starts), 0x5555_5555);
        // Item k now sits at bits 2k (high) and 2k+1 (low); reversing puts it at
        // bits 31-2k (high) and 30-2k (low): first item on top.
        (high | low << 1).reverse_bits()
    }
}

#[cfg_attr(target_feature = "bmi2", allow(dead_code))]
#[inline]
fn pack_items_portable(starts: u32, high: u32, low: u32) -> u32 {
    let mut packed = 0u64;
    let mut rest = starts;
    while rest != 0 {
        let cell = rest.trailing_zeros();
        rest &= rest - 1;
        packed = packed << 2 | u64::from((high >> cell & 1) << 1 | (low >> cell & 1));
    }
    (packed << (32 - 2 * starts.count_ones())) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(text: &str) -> Layout {
        text.parse::<Code>().unwrap().layout()
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

    #[test]
    fn portable_packing_matches() {
        for text in ["1A9BF0C00", "4FEA13400", "5DC02F800", "DAAF4CC00"] {
            let l = layout(text);
            let starts = BOARD & !block_cells(l.head) & !(l.horizontal << 1) & !(l.vertical << 4);
            let packed =
                pack_items_portable(starts, l.vertical | l.single, l.horizontal | l.single);
            assert_eq!(packed, l.pack_range());
            assert_eq!(l.code().to_string(), text);
        }
    }
}
