//! A cell of the board as moves and boards name it: column letter, row
//! number (`a1` top-left, `d5` bottom-right).

use std::fmt;
use std::str::FromStr;

use crate::board::{HEIGHT, WIDTH};

/// A cell of the board: column `a`..`d` (left to right), row `1`..`5` (top
/// to bottom). Its index `x + 4*y` is the bit of the board's cell masks.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Cell(u8);

impl Cell {
    /// The cell at column `x` (0..4) and row `y` (0..5), or `None` off the board.
    pub fn at(x: u32, y: u32) -> Option<Cell> {
        (x < WIDTH && y < HEIGHT).then(|| Cell((x + WIDTH * y) as u8))
    }

    /// The cell of index `x + 4*y`, or `None` past the board.
    pub fn from_index(index: u32) -> Option<Cell> {
        Cell::at(index % WIDTH, index / WIDTH)
    }

    /// The index `x + 4*y`.
    pub fn index(self) -> u32 {
        u32::from(self.0)
    }

    /// The column, 0 (`a`) to 3 (`d`).
    pub fn column(self) -> u32 {
        self.index() % WIDTH
    }

    /// The row, 0 (`1`) to 4 (`5`).
    pub fn row(self) -> u32 {
        self.index() / WIDTH
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let column = char::from(b'a' + self.column() as u8);
        write!(f, "{column}{}", self.row() + 1)
    }
}

/// Why a text names no cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellError {
    text: String,
}

impl fmt::Display for CellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a cell: a column a-d then a row 1-5, e.g. b3",
            self.text
        )
    }
}

impl std::error::Error for CellError {}

impl FromStr for Cell {
    type Err = CellError;

    /// Reads `a1` .. `d5`, either case.
    fn from_str(text: &str) -> Result<Cell, CellError> {
        let error = || CellError {
            text: text.to_owned(),
        };
        let &[column, row] = text.as_bytes() else {
            return Err(error());
        };
        let x = u32::from(column.to_ascii_lowercase().wrapping_sub(b'a'));
        let y = u32::from(row.wrapping_sub(b'1'));
        Cell::at(x, y).ok_or_else(error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_read_and_print_alike() {
        for index in 0..20 {
            let cell = Cell::from_index(index).unwrap();
            assert_eq!(cell.to_string().parse::<Cell>(), Ok(cell));
        }
        assert_eq!(Cell::from_index(0).unwrap().to_string(), "a1");
        assert_eq!(Cell::from_index(19).unwrap().to_string(), "d5");
        assert_eq!("B3".parse::<Cell>().unwrap().index(), 9);
        for bad in ["e1", "a0", "a6", "", "a", "a10", "1a"] {
            assert!(bad.parse::<Cell>().is_err(), "{bad}");
        }
    }
}
