//! The 36-bit layout code: a layout's code and the layout of a code,
//! parsing, formatting and the errors of invalid input.

use std::fmt;
use std::str::FromStr;

use crate::board::{block_cells, is_block_head, BOARD, COLUMN_3, ROW_4};
use crate::layout::{Layout, Piece};

/// The code of a legal layout: 36 bits, written as 9 uppercase hex digits.
///
/// A `Code` always names a legal layout: every constructor validates, so code
/// that holds one never needs to check it again. Codes order as numbers, which
/// is also the order of layout ids.
///
/// ```
/// use klotski::Code;
/// let code: Code = "1a9bf0c".parse().unwrap();
/// assert_eq!(code.to_string(), "1A9BF0C00");
/// assert_eq!(code.short_form(), "1A9BF0C");
/// assert!("1A9BF0C01".parse::<Code>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Code(u64);

/// Number of hex digits in a code.
pub const CODE_DIGITS: usize = 9;

impl Code {
    /// Validates a raw 36-bit value as the code of a legal layout.
    pub fn new(raw: u64) -> Result<Code, CodeError> {
        Layout::decode(raw).map(|_| Code(raw))
    }

    /// Wraps a value known to be a legal code (produced by the engine itself).
    #[inline]
    pub(crate) fn from_valid(raw: u64) -> Code {
        debug_assert!(Layout::decode(raw).is_ok(), "{raw:09X} is not a legal code");
        Code(raw)
    }

    /// The 36-bit value.
    #[inline]
    pub fn value(self) -> u64 {
        self.0
    }

    /// The layout this code names.
    #[inline]
    pub fn layout(self) -> Layout {
        Layout::decode_valid(self.0)
    }

    /// The code without its trailing zeros (`1A9BF0C00` -> `1A9BF0C`; all zeros stay `0`).
    pub fn short_form(self) -> String {
        let full = self.to_string();
        let trimmed = full.trim_end_matches('0');
        if trimmed.is_empty() {
            "0".to_owned()
        } else {
            trimmed.to_owned()
        }
    }

    /// The 9 hex digits, uppercase, most significant first: the text
    /// without `fmt`.
    ///
    /// ```
    /// let code: klotski::Code = "1A9BF0C".parse().unwrap();
    /// assert_eq!(&code.digits(), b"1A9BF0C00");
    /// ```
    pub fn digits(self) -> [u8; CODE_DIGITS] {
        const HEX: &[u8; 16] = b"0123456789ABCDEF";
        let mut digits = [0u8; CODE_DIGITS];
        for (position, digit) in digits.iter_mut().enumerate() {
            let shift = 4 * (CODE_DIGITS - 1 - position);
            *digit = HEX[(self.0 >> shift & 0xF) as usize];
        }
        digits
    }

    /// Whether the 2x2 block is at the exit (its code starts with `D`).
    #[inline]
    pub fn is_solved(self) -> bool {
        self.0 >> 32 == u64::from(crate::board::SOLVED_HEAD)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(std::str::from_utf8(&self.digits()).expect("hex digits are ASCII"))
    }
}

impl fmt::Debug for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Code({:09X})", self.0)
    }
}

impl FromStr for Code {
    type Err = CodeError;

    /// Parses 1 to 9 hex digits, either case; missing trailing digits are zeros.
    fn from_str(text: &str) -> Result<Code, CodeError> {
        if text.is_empty() {
            return Err(CodeError::Empty);
        }
        let mut raw = 0u64;
        let mut n_digits = 0;
        for (position, character) in text.chars().enumerate() {
            let digit = character.to_digit(16).ok_or(CodeError::BadCharacter {
                character,
                position,
            })?;
            n_digits += 1;
            if n_digits > CODE_DIGITS {
                return Err(CodeError::TooLong {
                    n_chars: text.chars().count(),
                });
            }
            raw = raw << 4 | u64::from(digit);
        }
        Code::new(raw << (4 * (CODE_DIGITS - n_digits)))
    }
}

/// A layout's code and back: the code lists the items (empty cell or a
/// piece's top-left cell) in reading order, two bits each, after the
/// block's address.
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
        let mut layout = block_only(head);
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
                    check_two_cells(Piece::Horizontal, cell, covered, COLUMN_3, 1)?;
                    layout.horizontal |= bit;
                    covered |= bit | bit << 1;
                }
                0b10 => {
                    check_two_cells(Piece::Vertical, cell, covered, ROW_4, 4)?;
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
        let mut layout = block_only(head);
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
}

/// The layout with the block at `head` and nothing else: where decoding
/// starts.
fn block_only(head: u32) -> Layout {
    Layout {
        head,
        horizontal: 0,
        vertical: 0,
        single: 0,
    }
}

/// Checks a two-cell `piece` whose first cell is `cell` and whose second is
/// `step` cells further: its first cell is not on `edge` (the piece would
/// stick out) and its second is not in `covered`.
fn check_two_cells(
    piece: Piece,
    cell: u32,
    covered: u32,
    edge: u32,
    step: u32,
) -> Result<(), CodeError> {
    let bit = 1 << cell;
    if bit & edge != 0 {
        return Err(CodeError::OffBoard { piece, cell });
    }
    if covered & bit << step != 0 {
        return Err(CodeError::Overlap { piece, cell });
    }
    Ok(())
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

/// Why a value or a string is not the code of a legal layout.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CodeError {
    /// The string is empty.
    Empty,
    /// The string has more than 9 characters.
    TooLong {
        /// How many characters it has.
        n_chars: usize,
    },
    /// A character is not a hex digit.
    BadCharacter {
        /// The offending character.
        character: char,
        /// Its position in the string, from 0.
        position: usize,
    },
    /// The value has bits above bit 35.
    TooLarge {
        /// The value.
        raw: u64,
    },
    /// The first digit is not an address where the 2x2 block fits.
    InvalidBlockAddress {
        /// The address (the first hex digit).
        address: u32,
    },
    /// A piece would stick out of the board.
    OffBoard {
        /// The piece.
        piece: Piece,
        /// Its top-left cell.
        cell: u32,
    },
    /// A piece would cover a cell another piece covers.
    Overlap {
        /// The piece.
        piece: Piece,
        /// Its top-left cell.
        cell: u32,
    },
    /// Fewer than two cells are empty.
    TooFewEmptyCells {
        /// How many are.
        n_empty: u32,
    },
    /// The board is full before the code ends: the rest must be zeros.
    BitsLeftOver {
        /// How many 2-bit slots describe the board.
        n_slots_used: u32,
    },
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodeError::Empty => write!(f, "the code is empty"),
            CodeError::TooLong { n_chars } => {
                write!(
                    f,
                    "the code has {n_chars} characters, at most {CODE_DIGITS} are allowed"
                )
            }
            CodeError::BadCharacter {
                character,
                position,
            } => write!(
                f,
                "character {character:?} at position {position} is not a hex digit"
            ),
            CodeError::TooLarge { raw } => {
                write!(f, "value {raw:#X} is wider than the 36 bits of a code")
            }
            CodeError::InvalidBlockAddress { address } => write!(
                f,
                "the 2x2 block cannot have its top-left cell at address {address:X} \
                 (allowed: 0, 1, 2, 4, 5, 6, 8, 9, A, C, D, E)"
            ),
            CodeError::OffBoard { piece, cell } => {
                write!(
                    f,
                    "the {piece} at {} would stick out of the board",
                    cell_name(*cell)
                )
            }
            CodeError::Overlap { piece, cell } => write!(
                f,
                "the {piece} at {} would overlap another piece",
                cell_name(*cell)
            ),
            CodeError::TooFewEmptyCells { n_empty } => write!(
                f,
                "the layout has {n_empty} empty cell{}, at least 2 are needed",
                if *n_empty == 1 { "" } else { "s" }
            ),
            CodeError::BitsLeftOver { n_slots_used } => write!(
                f,
                "the board is full after {n_slots_used} slots but later bits are not zero"
            ),
        }
    }
}

impl std::error::Error for CodeError {}

fn cell_name(cell: u32) -> String {
    format!("cell {cell} (x={}, y={})", cell % 4, cell / 4)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_err(text: &str, expected: CodeError) {
        assert_eq!(text.parse::<Code>(), Err(expected), "{text}");
    }

    #[test]
    fn parses_and_formats() {
        for text in ["1A9BF0C00", "1a9bf0c", "1A9BF0C0", "4FEA13400", "5DC02F800"] {
            let code: Code = text.parse().unwrap();
            assert_eq!(
                code.to_string(),
                text.to_uppercase() + &"0".repeat(9 - text.len())
            );
        }
        let code: Code = "4FEA134".parse().unwrap();
        assert_eq!(code.short_form(), "4FEA134");
        assert_eq!(code.value(), 0x4_FEA1_3400);
    }

    #[test]
    fn every_error_case() {
        check_err("", CodeError::Empty);
        check_err("1A9BF0C000", CodeError::TooLong { n_chars: 10 });
        check_err(
            "1A9BG0C00",
            CodeError::BadCharacter {
                character: 'G',
                position: 4,
            },
        );
        check_err(
            " 1A9BF0C",
            CodeError::BadCharacter {
                character: ' ',
                position: 0,
            },
        );
        check_err(
            "1A9BF0C０",
            CodeError::BadCharacter {
                character: '０',
                position: 7,
            },
        );
        check_err("3", CodeError::InvalidBlockAddress { address: 3 });
        check_err("F", CodeError::InvalidBlockAddress { address: 15 });
        // 2x2 at 0; cell 2 gets a horizontal, cell 3 a horizontal: off the board.
        check_err(
            "014",
            CodeError::OffBoard {
                piece: Piece::Horizontal,
                cell: 3,
            },
        );
        // 2x2 at 1; cell 0 gets a horizontal that runs into the block.
        check_err(
            "14",
            CodeError::Overlap {
                piece: Piece::Horizontal,
                cell: 0,
            },
        );
        // 2x2 at 4; cell 0 a vertical running into the block at cell 4.
        check_err(
            "48",
            CodeError::Overlap {
                piece: Piece::Vertical,
                cell: 0,
            },
        );
        // A vertical in the bottom row.
        check_err(
            "0FFFFFF8",
            CodeError::OffBoard {
                piece: Piece::Vertical,
                cell: 16,
            },
        );
        // All 1x1: no empty cell.
        check_err("0FFFFFFFF", CodeError::TooFewEmptyCells { n_empty: 0 });
        check_err("0FFFFFFFC", CodeError::TooFewEmptyCells { n_empty: 1 });
        // 2x2 at 0, seven horizontals and two empty cells fill the board after
        // 9 slots; slot 15 is not zero.
        check_err("055540001", CodeError::BitsLeftOver { n_slots_used: 9 });
        assert_eq!(
            Code::new(1 << 36),
            Err(CodeError::TooLarge { raw: 1 << 36 })
        );
    }

    #[test]
    fn error_messages_say_why() {
        let message = |text: &str| text.parse::<Code>().unwrap_err().to_string();
        assert_eq!(
            message("1A9BG"),
            "character 'G' at position 4 is not a hex digit"
        );
        assert!(message("3").contains("address 3"));
        assert!(message("0FFFFFFFC").contains("1 empty cell,"));
    }

    #[test]
    fn portable_packing_matches() {
        for text in ["1A9BF0C00", "4FEA13400", "5DC02F800", "DAAF4CC00"] {
            let l = text.parse::<Code>().unwrap().layout();
            let starts = BOARD & !block_cells(l.head) & !(l.horizontal << 1) & !(l.vertical << 4);
            let packed =
                pack_items_portable(starts, l.vertical | l.single, l.horizontal | l.single);
            assert_eq!(packed, l.pack_range());
            assert_eq!(l.code().to_string(), text);
        }
    }
}
