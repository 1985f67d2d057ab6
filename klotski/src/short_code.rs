//! The 5-character short code: a layout id in base 32.

use std::fmt;
use std::str::FromStr;

use crate::index::N_LAYOUTS;

/// The digits, most significant first: no `0`, `I`, `L` or `O`, so that a short
/// code is never misread.
pub const ALPHABET: &[u8; 32] = b"123456789ABCDEFGHJKMNPQRSTUVWXYZ";

/// Number of characters in a short code.
pub const SHORT_CODE_CHARS: usize = 5;

/// A layout id written as 5 base-32 digits (`11111` is id 0).
///
/// ```
/// use klotski::ShortCode;
/// let short: ShortCode = "4WVE1".parse().unwrap();
/// assert_eq!(short.id(), 4_091_296);
/// assert_eq!(ShortCode::from_id(10_399_732).unwrap().to_string(), "AXCZN");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct ShortCode(u32);

impl ShortCode {
    /// The short code of an id, or `None` when the id is not below 29,334,498.
    pub fn from_id(id: u32) -> Option<ShortCode> {
        (id < N_LAYOUTS).then_some(ShortCode(id))
    }

    /// The layout id.
    pub fn id(self) -> u32 {
        self.0
    }

    /// The 5 characters, most significant first: the text without `fmt`.
    ///
    /// ```
    /// let short = klotski::ShortCode::from_id(4_091_296).unwrap();
    /// assert_eq!(&short.digits(), b"4WVE1");
    /// ```
    pub fn digits(self) -> [u8; SHORT_CODE_CHARS] {
        let mut digits = [0u8; SHORT_CODE_CHARS];
        let mut rest = self.0;
        for digit in digits.iter_mut().rev() {
            *digit = ALPHABET[(rest % 32) as usize];
            rest /= 32;
        }
        digits
    }
}

impl fmt::Display for ShortCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(std::str::from_utf8(&self.digits()).expect("the alphabet is ASCII"))
    }
}

impl FromStr for ShortCode {
    type Err = ShortCodeError;

    /// Parses 5 characters of the alphabet, either case.
    fn from_str(text: &str) -> Result<ShortCode, ShortCodeError> {
        let n_chars = text.chars().count();
        if n_chars != SHORT_CODE_CHARS {
            return Err(ShortCodeError::WrongLength { n_chars });
        }
        let mut id = 0u32;
        for (position, character) in text.chars().enumerate() {
            let upper = character.to_ascii_uppercase();
            let digit = ALPHABET
                .iter()
                .position(|&a| char::from(a) == upper)
                .ok_or(ShortCodeError::BadCharacter {
                    character,
                    position,
                })?;
            id = id * 32 + digit as u32;
        }
        ShortCode::from_id(id).ok_or(ShortCodeError::OutOfRange { id })
    }
}

/// Why a text is not a short code.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ShortCodeError {
    /// Not 5 characters.
    WrongLength {
        /// How many there are.
        n_chars: usize,
    },
    /// A character outside the alphabet.
    BadCharacter {
        /// The character.
        character: char,
        /// Its position, from 0.
        position: usize,
    },
    /// The number is not the id of a layout.
    OutOfRange {
        /// The number.
        id: u32,
    },
}

impl fmt::Display for ShortCodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShortCodeError::WrongLength { n_chars } => {
                write!(
                    f,
                    "a short code has {SHORT_CODE_CHARS} characters, not {n_chars}"
                )
            }
            ShortCodeError::BadCharacter {
                character,
                position,
            } => write!(
                f,
                "character {character:?} at position {position} is not a short-code digit \
                 (1-9 and A-Z without I, L, O)"
            ),
            ShortCodeError::OutOfRange { id } => write!(
                f,
                "short code stands for {id}, but ids stop at {}",
                N_LAYOUTS - 1
            ),
        }
    }
}

impl std::error::Error for ShortCodeError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values_and_errors() {
        assert_eq!(ShortCode::from_id(0).unwrap().to_string(), "11111");
        assert_eq!(ShortCode::from_id(4_091_296).unwrap().to_string(), "4WVE1");
        assert_eq!("axczn".parse::<ShortCode>().unwrap().id(), 10_399_732);
        let last = ShortCode::from_id(N_LAYOUTS - 1).unwrap();
        assert_eq!(last.to_string().parse::<ShortCode>(), Ok(last));
        assert_eq!(ShortCode::from_id(N_LAYOUTS), None);
        assert_eq!(
            "1111".parse::<ShortCode>(),
            Err(ShortCodeError::WrongLength { n_chars: 4 })
        );
        assert_eq!(
            "1111O".parse::<ShortCode>(),
            Err(ShortCodeError::BadCharacter {
                character: 'O',
                position: 4
            })
        );
        assert!(matches!(
            "ZZZZZ".parse::<ShortCode>(),
            Err(ShortCodeError::OutOfRange { .. })
        ));
    }
}
