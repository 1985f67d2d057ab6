//! Reading a board drawn as text: the five rows of [`Layout::rows`], with or
//! without the column letters and row numbers of [`Layout::labelled_board`].

use std::fmt;

use crate::board::{is_block_head, HEIGHT, WIDTH};
use crate::code::{Code, CodeError};
use crate::layout::Layout;

/// Why a text is not the board of a legal layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// Not five rows of four cells (after the labels are set aside).
    Shape {
        /// How many rows of cells were found.
        n_rows: usize,
    },
    /// A row of another width.
    RowWidth {
        /// The row, from 1 at the top.
        row: u32,
        /// Its text.
        text: String,
    },
    /// A character that draws no cell.
    Character {
        /// The character.
        character: char,
        /// Its cell, e.g. `b3`.
        cell: String,
    },
    /// A piece drawn in part: `<` without `>` on its right, `^` without
    /// `v` below, or `##` not a 2x2 square.
    Broken {
        /// The cell where it starts, e.g. `b3`.
        cell: String,
    },
    /// Not exactly one 2x2 block.
    Blocks {
        /// How many top-left corners of a block were found.
        n_blocks: u32,
    },
    /// The pieces are well drawn but break a rule of the layouts.
    Illegal(CodeError),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Shape { n_rows } => write!(
                f,
                "a board is 5 rows of 4 cells (##, <>, ^ over v, o, .), this text has {n_rows} rows"
            ),
            BoardError::RowWidth { row, text } => {
                write!(f, "row {row} ('{text}') is not 4 cells wide")
            }
            BoardError::Character { character, cell } => write!(
                f,
                "'{character}' at {cell} draws no cell: use # < > ^ v o or ."
            ),
            BoardError::Broken { cell } => write!(f, "the piece at {cell} is not whole"),
            BoardError::Blocks { n_blocks } => {
                write!(f, "a board has one 2x2 block (##), this one {n_blocks}")
            }
            BoardError::Illegal(error) => write!(f, "not a legal layout: {error}"),
        }
    }
}

impl std::error::Error for BoardError {}

impl Layout {
    /// The layout a board drawn as text shows: five rows of four cells as
    /// [`Layout::rows`] draws them, each row alone on a line; the column
    /// letters and row numbers of [`Layout::labelled_board`], indentation
    /// and blank lines are set aside.
    pub fn from_board(text: &str) -> Result<Code, BoardError> {
        let rows = board_rows(text)?;
        let cells: Vec<char> = rows.iter().flat_map(|row| row.chars()).collect();
        let at = |x: u32, y: u32| cells[(x + WIDTH * y) as usize];
        let cell_name = |x: u32, y: u32| format!("{}{}", (b'a' + x as u8) as char, y + 1);
        let mut layout = Layout {
            head: 0,
            horizontal: 0,
            vertical: 0,
            single: 0,
        };
        let mut n_blocks = 0;
        for y in 0..HEIGHT {
            for x in 0..WIDTH {
                let bit = 1 << (x + WIDTH * y);
                let whole = match at(x, y) {
                    '.' | '>' | 'v' => true,
                    'o' => {
                        layout.single |= bit;
                        true
                    }
                    '<' => {
                        layout.horizontal |= bit;
                        x + 1 < WIDTH && at(x + 1, y) == '>'
                    }
                    '^' => {
                        layout.vertical |= bit;
                        y + 1 < HEIGHT && at(x, y + 1) == 'v'
                    }
                    '#' => {
                        let corner =
                            (x == 0 || at(x - 1, y) != '#') && (y == 0 || at(x, y - 1) != '#');
                        if corner {
                            n_blocks += 1;
                            layout.head = x + WIDTH * y;
                        }
                        !corner
                            || is_block_head(layout.head)
                                && [(1, 0), (0, 1), (1, 1)]
                                    .iter()
                                    .all(|&(dx, dy)| at(x + dx, y + dy) == '#')
                    }
                    character => {
                        return Err(BoardError::Character {
                            character,
                            cell: cell_name(x, y),
                        })
                    }
                };
                if !whole {
                    return Err(BoardError::Broken {
                        cell: cell_name(x, y),
                    });
                }
            }
        }
        if n_blocks != 1 {
            return Err(BoardError::Blocks { n_blocks });
        }
        // Every `>`, `v` and `#` belongs to a piece found above.
        for y in 0..HEIGHT {
            for x in 0..WIDTH {
                if at(x, y) != '.' && layout.occupied() & 1 << (x + WIDTH * y) == 0 {
                    return Err(BoardError::Broken {
                        cell: cell_name(x, y),
                    });
                }
            }
        }
        let raw = u64::from(layout.head) << 32 | u64::from(layout.pack_range());
        Code::new(raw).map_err(BoardError::Illegal)
    }
}

/// The five rows of cells of a board's text, labels set aside.
fn board_rows(text: &str) -> Result<Vec<String>, BoardError> {
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect();
    // The column letters' line, when labelled.
    let lines = match lines.first() {
        Some(&"abcd") => &lines[1..],
        _ => &lines[..],
    };
    if lines.len() != HEIGHT as usize {
        return Err(BoardError::Shape {
            n_rows: lines.len(),
        });
    }
    lines
        .iter()
        .zip(1..)
        .map(|(line, row)| {
            let cells = match line.split_once(' ') {
                Some((number, cells)) if number == row.to_string() => cells.trim(),
                _ => line,
            };
            if cells.chars().count() == WIDTH as usize {
                Ok(cells.to_owned())
            } else {
                Err(BoardError::RowWidth {
                    row,
                    text: cells.to_owned(),
                })
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::enumerate::class_codes;

    #[test]
    fn every_layout_of_a_few_classes_reads_back_from_its_board() {
        // Every piece in every place: a class of each mix, one layout in 11.
        for class in ["5-4-1", "2-6-1", "0-2-0", "7-0-3", "4-2-4"] {
            for code in class_codes(class.parse().unwrap()).into_iter().step_by(11) {
                let layout = code.layout();
                assert_eq!(Layout::from_board(&layout.labelled_board(0)), Ok(code));
                assert_eq!(Layout::from_board(&layout.labelled_board(4)), Ok(code));
                assert_eq!(Layout::from_board(&layout.rows().join("\n")), Ok(code));
            }
        }
    }

    #[test]
    fn boards_that_are_not_layouts_say_why() {
        let classic = "1A9BF0C00".parse::<Code>().unwrap().layout().rows();
        let with = |row: usize, text: &str| {
            let mut rows = classic.clone();
            rows[row] = text.to_owned();
            rows.join("\n")
        };
        let cases = [
            (classic[..4].join("\n"), "this text has 4 rows"),
            (with(0, "^##^^"), "row 1 ('^##^^') is not 4 cells wide"),
            (with(4, "x..o"), "'x' at a5 draws no cell"),
            (with(4, "<..o"), "the piece at a5 is not whole"),
            (with(4, "o.^o"), "the piece at c5 is not whole"),
            (with(1, "v#.v"), "the piece at b1 is not whole"),
            (with(4, "o.>o"), "the piece at c5 is not whole"),
            (with(0, "^..^").replace("v##v", "v..v"), "this one 0"),
            (with(4, "oooo"), "not a legal layout"),
        ];
        for (text, reason) in cases {
            let error = Layout::from_board(&text).unwrap_err().to_string();
            assert!(error.contains(reason), "{text}: {error}");
        }
    }
}
