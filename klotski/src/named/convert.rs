//! The layouts as the sources write them, read back to codes. Each format
//! is decoded to pieces on a drawing of the board, which
//! [`Layout::from_board`] then checks against the rules of the layouts.
//!
//! The formats (the board is 4 columns x 5 rows, row 1 at the top, the
//! exit at the bottom middle, as the sources draw it):
//!
//! - `letters`: five rows of four characters joined by `/`, one character
//!   per cell: `@` empty, `A` the 2x2 block, `B`–`G` a 2x1 piece, `H`–`M` a
//!   1x2 piece, any other letter from `N` to `Z` (or `[`) a 1x1 piece; every
//!   cell of a piece carries its letter (`HAAI/HAAI/JBBK/JNOK/P@@Q`).
//! - `placements`: pieces as `kind(x,y)` separated by spaces, `(x,y)` the
//!   top-left cell from 0 (x a column, y a row): `caoCao` the 2x2 block, a
//!   kind ending in `H` a 2x1 piece, in `V` a 1x2 piece, `soldier` a 1x1
//!   piece (`caoCao(1,0) guanYuH(1,2) zhangFeiV(0,0) …`).
//! - `bottom-left`: pieces as `[[row, column], height, width]` separated by
//!   `, `: the piece's bottom-left cell, its row counted from 1 at the top
//!   and its column from 0 (`[[2, 1], 2, 2], [[3, 1], 1, 2], …`).

use std::fmt;

use crate::board::{HEIGHT, WIDTH};
use crate::board_text::BoardError;
use crate::cell::Cell;
use crate::code::Code;
use crate::layout::{Layout, Piece};

/// The format ids [`decode_source`] reads.
pub const SOURCE_FORMATS: [&str; 3] = ["letters", "placements", "bottom-left"];

/// Why a source's text is not a legal layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConvertError {
    /// A format id [`decode_source`] does not know.
    UnknownFormat {
        /// The id.
        format: String,
    },
    /// Not five rows of four cells.
    Shape {
        /// How many rows there are.
        n_rows: usize,
        /// How many cells the first row of another width has, if any.
        width: Option<usize>,
    },
    /// A character that is no piece's in this format.
    Character {
        /// The character.
        character: char,
        /// Its cell.
        cell: Cell,
    },
    /// A piece drawn in part: its shape does not fit the cells carrying
    /// its letter.
    Broken {
        /// The piece's letter.
        character: char,
        /// The cell where it starts.
        cell: Cell,
    },
    /// A piece this format cannot read.
    Piece {
        /// The piece as written.
        text: String,
    },
    /// A piece that sticks out of the board.
    OffBoard {
        /// The piece as written.
        text: String,
    },
    /// A piece over a cell another piece covers.
    Overlap {
        /// The piece as written.
        text: String,
    },
    /// The pieces are whole, but the layout breaks a rule: not one 2x2
    /// block, or fewer than two empty cells.
    Illegal(BoardError),
}

impl fmt::Display for ConvertError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConvertError::UnknownFormat { format } => write!(
                f,
                "unknown source format {format:?}: the formats are {}",
                SOURCE_FORMATS.join(", ")
            ),
            ConvertError::Shape { n_rows, width } => {
                write!(
                    f,
                    "a board is 5 rows of 4 cells, this one has {n_rows} rows"
                )?;
                match width {
                    Some(width) => write!(f, " and a row of {width}"),
                    None => Ok(()),
                }
            }
            ConvertError::Character { character, cell } => {
                write!(f, "{character:?} at {cell} is no piece of this format")
            }
            ConvertError::Broken { character, cell } => {
                write!(f, "the piece {character:?} at {cell} is not whole")
            }
            ConvertError::Piece { text } => write!(f, "{text:?} is no piece of this format"),
            ConvertError::OffBoard { text } => {
                write!(f, "the piece {text:?} sticks out of the board")
            }
            ConvertError::Overlap { text } => {
                write!(f, "the piece {text:?} covers a cell of another piece")
            }
            ConvertError::Illegal(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for ConvertError {}

/// The code of a layout written in a source's format (one of
/// [`SOURCE_FORMATS`]).
///
/// ```
/// use klotski::named::decode_source;
/// let code = decode_source("letters", "HAAI/HAAI/JBBK/JNOK/P@@Q")?;
/// assert_eq!(code.to_string(), "1A9BF0C00");
/// # Ok::<(), klotski::named::ConvertError>(())
/// ```
pub fn decode_source(format: &str, position: &str) -> Result<Code, ConvertError> {
    match format {
        "letters" => letters(position),
        "placements" => pieces(position.split_whitespace(), placement),
        "bottom-left" => pieces(bottom_left_entries(position), bottom_left),
        _ => Err(ConvertError::UnknownFormat {
            format: format.to_owned(),
        }),
    }
}

/// The piece a letter of the `letters` format stands for.
fn letter_piece(character: char) -> Option<Piece> {
    match character {
        'A' => Some(Piece::Block),
        'B'..='G' => Some(Piece::Horizontal),
        'H'..='M' => Some(Piece::Vertical),
        'N'..='[' => Some(Piece::Single),
        _ => None,
    }
}

fn letters(position: &str) -> Result<Code, ConvertError> {
    let rows: Vec<Vec<char>> = position
        .split('/')
        .map(|row| row.chars().collect())
        .collect();
    let odd_width = rows.iter().map(Vec::len).find(|&n| n != WIDTH as usize);
    if rows.len() != HEIGHT as usize || odd_width.is_some() {
        return Err(ConvertError::Shape {
            n_rows: rows.len(),
            width: odd_width,
        });
    }
    let mut drawing = Drawing::empty();
    let mut taken = [[false; WIDTH as usize]; HEIGHT as usize];
    for (y, row) in rows.iter().enumerate() {
        for (x, &character) in row.iter().enumerate() {
            let cell = Cell::at(x as u32, y as u32).expect("inside the board");
            if character == '@' || taken[y][x] {
                continue;
            }
            let piece =
                letter_piece(character).ok_or(ConvertError::Character { character, cell })?;
            let (width, height) = piece_size(piece);
            for (dx, dy) in (0..height).flat_map(|dy| (0..width).map(move |dx| (dx, dy))) {
                let whole = rows
                    .get(y + dy)
                    .and_then(|row| row.get(x + dx))
                    .is_some_and(|&other| other == character && !taken[y + dy][x + dx]);
                if !whole {
                    return Err(ConvertError::Broken { character, cell });
                }
                taken[y + dy][x + dx] = true;
            }
            drawing.draw(piece, x, y);
        }
    }
    drawing.code()
}

/// The layout of pieces written one by one, each read by `read` to a
/// piece and its top-left cell.
fn pieces<'a>(
    texts: impl Iterator<Item = &'a str>,
    read: fn(&str) -> Option<(Piece, i64, i64)>,
) -> Result<Code, ConvertError> {
    let mut drawing = Drawing::empty();
    for text in texts {
        let (piece, x, y) = read(text).ok_or_else(|| ConvertError::Piece {
            text: text.to_owned(),
        })?;
        drawing.place(piece, x, y, text)?;
    }
    drawing.code()
}

/// A piece of the `placements` format: `kind(x,y)`.
fn placement(text: &str) -> Option<(Piece, i64, i64)> {
    let (kind, rest) = text.split_once('(')?;
    let (x, y) = rest.strip_suffix(')')?.split_once(',')?;
    let piece = match kind {
        "caoCao" => Piece::Block,
        "soldier" => Piece::Single,
        _ if kind.ends_with('H') => Piece::Horizontal,
        _ if kind.ends_with('V') => Piece::Vertical,
        _ => return None,
    };
    Some((piece, x.trim().parse().ok()?, y.trim().parse().ok()?))
}

/// The entries of the `bottom-left` format, each from its `[[` to the
/// next (text before the first `[[` is an entry of its own, and no piece).
fn bottom_left_entries(position: &str) -> impl Iterator<Item = &str> {
    let mut starts: Vec<usize> = position.match_indices("[[").map(|(idx, _)| idx).collect();
    if starts.first() != Some(&0) {
        starts.insert(0, 0);
    }
    let ends: Vec<usize> = starts
        .iter()
        .skip(1)
        .copied()
        .chain([position.len()])
        .collect();
    starts
        .into_iter()
        .zip(ends)
        .map(move |(start, end)| position[start..end].trim_end_matches([',', ' ']))
}

/// A piece of the `bottom-left` format: `[[row, column], height, width]`,
/// the row of its bottom cell counted from 1 at the top.
fn bottom_left(text: &str) -> Option<(Piece, i64, i64)> {
    if !text.starts_with("[[") || !text.ends_with(']') {
        return None;
    }
    let numbers: Vec<i64> = text
        .split(|character: char| !character.is_ascii_digit())
        .filter(|number| !number.is_empty())
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    let [row, column, height, width] = numbers[..] else {
        return None;
    };
    let piece = match (width, height) {
        (2, 2) => Piece::Block,
        (2, 1) => Piece::Horizontal,
        (1, 2) => Piece::Vertical,
        (1, 1) => Piece::Single,
        _ => return None,
    };
    Some((piece, column, row - height))
}

/// A piece's width and height in cells.
fn piece_size(piece: Piece) -> (usize, usize) {
    match piece {
        Piece::Block => (2, 2),
        Piece::Horizontal => (2, 1),
        Piece::Vertical => (1, 2),
        Piece::Single => (1, 1),
    }
}

/// The board drawn as [`Layout::rows`] draws it, piece by piece.
struct Drawing {
    cells: [[char; WIDTH as usize]; HEIGHT as usize],
    /// How many 2x2 blocks are drawn: blocks side by side would read back
    /// as one broken piece, so they are counted as drawn.
    n_blocks: u32,
}

impl Drawing {
    fn empty() -> Drawing {
        Drawing {
            cells: [['.'; WIDTH as usize]; HEIGHT as usize],
            n_blocks: 0,
        }
    }

    /// Draws a piece with its top-left cell at `(x, y)`; the caller has
    /// checked that it fits over empty cells.
    fn draw(&mut self, piece: Piece, x: usize, y: usize) {
        let marks: &[(usize, usize, char)] = match piece {
            Piece::Block => &[(0, 0, '#'), (1, 0, '#'), (0, 1, '#'), (1, 1, '#')],
            Piece::Horizontal => &[(0, 0, '<'), (1, 0, '>')],
            Piece::Vertical => &[(0, 0, '^'), (0, 1, 'v')],
            Piece::Single => &[(0, 0, 'o')],
        };
        self.n_blocks += u32::from(piece == Piece::Block);
        for &(dx, dy, mark) in marks {
            self.cells[y + dy][x + dx] = mark;
        }
    }

    /// Draws a piece written as `text` with its top-left cell at `(x, y)`,
    /// checking that it lies on the board over empty cells.
    fn place(&mut self, piece: Piece, x: i64, y: i64, text: &str) -> Result<(), ConvertError> {
        let (width, height) = piece_size(piece);
        let inside = (0..=(WIDTH as usize - width) as i64).contains(&x)
            && (0..=(HEIGHT as usize - height) as i64).contains(&y);
        if !inside {
            return Err(ConvertError::OffBoard {
                text: text.to_owned(),
            });
        }
        let (x, y) = (x as usize, y as usize);
        let free = (0..height).all(|dy| (0..width).all(|dx| self.cells[y + dy][x + dx] == '.'));
        if !free {
            return Err(ConvertError::Overlap {
                text: text.to_owned(),
            });
        }
        self.draw(piece, x, y);
        Ok(())
    }

    /// The drawing's layout, checked against the rules.
    fn code(&self) -> Result<Code, ConvertError> {
        if self.n_blocks != 1 {
            return Err(ConvertError::Illegal(BoardError::Blocks {
                n_blocks: self.n_blocks,
            }));
        }
        let text: Vec<String> = self.cells.iter().map(|row| row.iter().collect()).collect();
        Layout::from_board(&text.join("\n")).map_err(ConvertError::Illegal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_error(format: &str, position: &str, expected: &str) {
        let error = decode_source(format, position).unwrap_err();
        assert_eq!(error.to_string(), expected, "{format} {position}");
    }

    #[test]
    fn letters_read_the_classic_layouts() {
        for (position, code) in [
            ("HAAI/HAAI/JBBK/JNOK/P@@Q", "1A9BF0C00"),
            ("HAAI/HAAI/NBBO/JPQK/J@@K", "1ADEF8000"),
        ] {
            assert_eq!(
                decode_source("letters", position).unwrap().to_string(),
                code
            );
        }
    }

    #[test]
    fn piece_lists_read_the_classic_layout() {
        let placements = "caoCao(1,0) guanYuH(1,2) zhangFeiV(0,0) zhaoYunV(3,0) maChaoV(0,2) \
                          huangZhongV(3,2) soldier(0,4) soldier(1,3) soldier(2,3) soldier(3,4)";
        let bottom_left = "[[2, 1], 2, 2], [[3, 1], 1, 2], [[2, 0], 2, 1], [[2, 3], 2, 1], \
                           [[4, 0], 2, 1], [[4, 3], 2, 1], [[5, 0], 1, 1], [[5, 3], 1, 1], \
                           [[4, 1], 1, 1], [[4, 2], 1, 1]";
        for (format, position) in [("placements", placements), ("bottom-left", bottom_left)] {
            let code = decode_source(format, position).unwrap();
            assert_eq!(code.to_string(), "1A9BF0C00", "{format}");
        }
    }

    #[test]
    fn piece_lists_say_which_piece_is_wrong() {
        check_error(
            "placements",
            "caoCao(1,0) guanYuX(1,2)",
            "\"guanYuX(1,2)\" is no piece of this format",
        );
        check_error(
            "placements",
            "caoCao(1,)",
            "\"caoCao(1,)\" is no piece of this format",
        );
        check_error(
            "placements",
            "caoCao(3,0)",
            "the piece \"caoCao(3,0)\" sticks out of the board",
        );
        check_error(
            "placements",
            "caoCao(1,0) soldier(2,1)",
            "the piece \"soldier(2,1)\" covers a cell of another piece",
        );
        check_error(
            "placements",
            "soldier(0,0)",
            "a board has one 2x2 block (##), this one 0",
        );
        check_error(
            "bottom-left",
            "[[2, 1], 2, 2], [[1, 1], 1, 3]",
            "\"[[1, 1], 1, 3]\" is no piece of this format",
        );
        check_error(
            "bottom-left",
            "x [[2, 1], 2, 2]",
            "\"x\" is no piece of this format",
        );
        check_error(
            "bottom-left",
            "[[2, 1], 2, 2], [[1, 0], 2, 1]",
            "the piece \"[[1, 0], 2, 1]\" sticks out of the board",
        );
    }

    #[test]
    fn errors_say_what_is_wrong() {
        check_error(
            "grid",
            "HAAI",
            "unknown source format \"grid\": the formats are letters, placements, bottom-left",
        );
        check_error(
            "letters",
            "HAAI/HAAI/JBBK/JNOK",
            "a board is 5 rows of 4 cells, this one has 4 rows",
        );
        check_error(
            "letters",
            "HAAI/HAAI/JBBK/JNOK/P@@QR",
            "a board is 5 rows of 4 cells, this one has 5 rows and a row of 5",
        );
        check_error(
            "letters",
            "HAAI/HAAI/JBBK/JNOK/P@@a",
            "'a' at d5 is no piece of this format",
        );
        // A vertical piece cut off by the bottom edge, a horizontal one by
        // another letter, a block missing a corner.
        check_error(
            "letters",
            "HAAI/HAAI/JBBK/JNOK/P@@M",
            "the piece 'M' at d5 is not whole",
        );
        check_error(
            "letters",
            "HAAI/HAAI/JBNK/JNOK/P@@Q",
            "the piece 'B' at b3 is not whole",
        );
        check_error(
            "letters",
            "HAAI/HANI/JBBK/JNOK/P@@Q",
            "the piece 'A' at b1 is not whole",
        );
        check_error(
            "letters",
            "HAAI/HAAI/JAAK/JAAK/P@@Q",
            "a board has one 2x2 block (##), this one 2",
        );
        check_error(
            "letters",
            "HNOI/HPQI/JBBK/JRSK/T@@U",
            "a board has one 2x2 block (##), this one 0",
        );
        check_error(
            "letters",
            "HAAI/HAAI/JBBK/JNOK/PRSQ",
            "not a legal layout: the layout has 0 empty cells, at least 2 are needed",
        );
    }
}
