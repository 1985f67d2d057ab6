//! What a user may type to name a layout: a code (full or without trailing
//! zeros), a 5-character short code or a classification `J-B-S-G-I`.

use std::fmt;
use std::str::FromStr;

use crate::class::ClassError;
use crate::classification::Classification;
use crate::code::{Code, CodeError, CODE_DIGITS};
use crate::short_code::{ShortCode, ShortCodeError, ALPHABET, SHORT_CODE_CHARS};

/// A layout named by its code, its short code or its classification.
///
/// A text with a `-` is read as a classification `J-B-S-G-I`. Otherwise a
/// text that is a legal code is read as a code, even when it would also be a
/// short code; failing that, a 5-character text is tried as a short code.
///
/// ```
/// use klotski::LayoutRef;
/// assert!(matches!("1A9BF0C".parse(), Ok(LayoutRef::Code(_))));
/// assert!(matches!("4WVE1".parse(), Ok(LayoutRef::Short(_))));
/// assert!(matches!("5-4-1-1-7472".parse(), Ok(LayoutRef::Name(_))));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LayoutRef {
    /// A layout code.
    Code(Code),
    /// A short code (a layout id).
    Short(ShortCode),
    /// A classification `J-B-S-G-I`, which may name no layout: its class
    /// has fewer groups, or its group fewer layouts.
    Name(Classification),
}

impl FromStr for LayoutRef {
    type Err = LayoutRefError;

    fn from_str(text: &str) -> Result<LayoutRef, LayoutRefError> {
        if text.contains('-') {
            return text
                .parse()
                .map(LayoutRef::Name)
                .map_err(LayoutRefError::Name);
        }
        let code_error = match text.parse::<Code>() {
            Ok(code) => return Ok(LayoutRef::Code(code)),
            Err(error) => error,
        };
        let n_chars = text.chars().count();
        if n_chars != SHORT_CODE_CHARS {
            if matches!(code_error, CodeError::BadCharacter { .. }) && is_short_code_text(text) {
                return Err(LayoutRefError::ShortOfWrongLength {
                    n_chars,
                    code_error,
                });
            }
            return Err(LayoutRefError::Code(code_error));
        }
        text.parse::<ShortCode>()
            .map(LayoutRef::Short)
            .map_err(|short_error| LayoutRefError::CodeOrShort {
                code_error,
                short_error,
            })
    }
}

/// Whether every character of `text` is a short-code digit, either case.
fn is_short_code_text(text: &str) -> bool {
    text.chars()
        .all(|character| ALPHABET.contains(&(character.to_ascii_uppercase() as u8)))
}

/// Why a text names no layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayoutRefError {
    /// Not a code, and not 5 characters long, so not a short code either.
    Code(CodeError),
    /// Short-code digits, some of them not hex digits, but not 5 of them: a
    /// short code with a character missing or one too many (`4WVE`).
    ShortOfWrongLength {
        /// How many characters the text has.
        n_chars: usize,
        /// Why it is not a code.
        code_error: CodeError,
    },
    /// A 5-character text that is neither a code nor a short code.
    CodeOrShort {
        /// Why it is not a code.
        code_error: CodeError,
        /// Why it is not a short code.
        short_error: ShortCodeError,
    },
    /// A text with a `-` that is not a classification `J-B-S-G-I`.
    Name(ClassError),
}

impl fmt::Display for LayoutRefError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LayoutRefError::Code(code_error) => write!(f, "{code_error}"),
            LayoutRefError::CodeOrShort {
                code_error,
                short_error,
            } => write!(
                f,
                "neither a code ({code_error}) nor a short code ({short_error})"
            ),
            LayoutRefError::ShortOfWrongLength {
                n_chars,
                code_error,
            } => write!(
                f,
                "a short code of the wrong length: short codes have {SHORT_CODE_CHARS} \
                 characters, not {n_chars} (nor is it a code of 1 to {CODE_DIGITS} hex digits: \
                 {code_error})"
            ),
            LayoutRefError::Name(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for LayoutRefError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_both_readings_for_five_characters() {
        // `I` is neither a hex digit nor a short-code digit.
        let error = "1A9BI".parse::<LayoutRef>().unwrap_err();
        assert!(matches!(error, LayoutRefError::CodeOrShort { .. }));
        assert!(error.to_string().starts_with("neither a code"), "{error}");
        // A text that is not a code but is a short code names a layout.
        assert!(matches!("1A9BG".parse(), Ok(LayoutRef::Short(_))));
        let error = "ZZZZZ".parse::<LayoutRef>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "neither a code (character 'Z' at position 0 is not a hex digit) nor a short code \
             (short code stands for 33554431, but ids stop at 29334497)"
        );
        // Characters of neither alphabet: only the code's error is told.
        let error = "XY+".parse::<LayoutRef>().unwrap_err();
        assert!(matches!(error, LayoutRefError::Code(_)));
    }

    #[test]
    fn short_codes_of_the_wrong_length_are_called_so() {
        let error = "4WVE".parse::<LayoutRef>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "a short code of the wrong length: short codes have 5 characters, not 4 (nor is it \
             a code of 1 to 9 hex digits: character 'W' at position 1 is not a hex digit)"
        );
        for text in ["XYZ", "4wve", "4WVE12", "4WVE1234"] {
            let error = text.parse::<LayoutRef>().unwrap_err();
            assert!(
                matches!(error, LayoutRefError::ShortOfWrongLength { n_chars, .. } if n_chars == text.len()),
                "{text}: {error:?}"
            );
        }
        // Hex digits alone read as a code, whatever its length.
        let error = "1A9BF0C001".parse::<LayoutRef>().unwrap_err();
        assert!(matches!(
            error,
            LayoutRefError::Code(CodeError::TooLong { n_chars: 10 })
        ));
        // `0`, `I`, `L` and `O` are no short-code digits.
        let error = "4WVO".parse::<LayoutRef>().unwrap_err();
        assert!(matches!(error, LayoutRefError::Code(_)), "{error:?}");
    }

    #[test]
    fn classifications_are_names() {
        let name = "5-4-1-1-7472".parse::<LayoutRef>().unwrap();
        assert_eq!(name, LayoutRef::Name("5-4-1-1-7472".parse().unwrap()));
        let error = "5-4-1-1".parse::<LayoutRef>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "\"5-4-1-1\" is not J-B-S-G-I: expected 5 numbers joined by '-', e.g. 5-4-1-1-7472"
        );
        let error = "5-4-9-0-0".parse::<LayoutRef>().unwrap_err();
        assert!(error.to_string().contains("style 9"), "{error}");
    }
}
