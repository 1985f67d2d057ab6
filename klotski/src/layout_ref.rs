//! What a user may type to name a layout: a code (full or without trailing
//! zeros), a 5-character short code, a classification `J-B-S-G-I` or the
//! name of a named layout (横刀立马, `heng dao li ma`).

use std::fmt;
use std::str::FromStr;

use crate::class::ClassError;
use crate::classification::Classification;
use crate::code::{Code, CodeError, CODE_DIGITS};
use crate::named::{exact_names, find_named, NameLookup, NamedLayout};
use crate::short_code::{ShortCode, ShortCodeError, ALPHABET, SHORT_CODE_CHARS};

/// A layout named by its code, its short code, its classification or its
/// name.
///
/// In this order: a text with a `-` that is a classification `J-B-S-G-I`
/// is one; a text that is a legal code is a code, even when it would also
/// be a short code or a name; a text that is exactly a name (in any of its
/// forms, see [`find_named`]) is that named layout, even when it would also
/// be a short code (a 5-letter pinyin); a 5-character text is then tried as
/// a short code; last, a text that is part of one name only names it. A
/// text of code digits only (hex digits and short-code digits) is never
/// taken for a part of a name: it keeps the error of a mistyped code.
///
/// ```
/// use klotski::LayoutRef;
/// assert!(matches!("1A9BF0C".parse(), Ok(LayoutRef::Code(_))));
/// assert!(matches!("4WVE1".parse(), Ok(LayoutRef::Short(_))));
/// assert!(matches!("5-4-1-1-7472".parse(), Ok(LayoutRef::Name(_))));
/// assert!(matches!("横刀立马".parse(), Ok(LayoutRef::Named(_))));
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
    /// A named layout (关卡), by one of its names.
    Named(&'static NamedLayout),
}

impl FromStr for LayoutRef {
    type Err = LayoutRefError;

    fn from_str(text: &str) -> Result<LayoutRef, LayoutRefError> {
        if text.contains('-') {
            return text
                .parse()
                .map(LayoutRef::Name)
                .or_else(|error| named(text, true).unwrap_or(Err(LayoutRefError::Name(error))));
        }
        let code_error = match text.parse::<Code>() {
            Ok(code) => return Ok(LayoutRef::Code(code)),
            Err(error) => error,
        };
        if let Some(found) = named(text, true) {
            return found;
        }
        let n_chars = text.chars().count();
        if n_chars == SHORT_CODE_CHARS {
            if let Ok(short) = text.parse::<ShortCode>() {
                return Ok(LayoutRef::Short(short));
            }
        }
        if !is_code_text(text) {
            if let Some(found) = named(text, false) {
                return found;
            }
            if is_name_text(text) {
                return Err(unknown_name(text));
            }
        }
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

/// The longest text read as a mistyped code when it names nothing: a code
/// with one digit too many.
const MAX_TYPO_CHARS: usize = CODE_DIGITS + 1;

/// Whether a text that names nothing is told so as a name: it has letters
/// or digits and is not ASCII, or has a space, or is longer than a
/// mistyped code; other texts keep the error of a mistyped code.
fn is_name_text(text: &str) -> bool {
    text.chars().any(char::is_alphanumeric)
        && (!text.is_ascii()
            || text.contains(char::is_whitespace)
            || text.chars().count() > MAX_TYPO_CHARS)
}

/// The named layout a text names: `exact` only by a whole name, else also
/// by a part of one name; `None` when it names none.
fn named(text: &str, exact: bool) -> Option<Result<LayoutRef, LayoutRefError>> {
    let found = match exact {
        true => exact_names(text),
        false => match find_named(text) {
            NameLookup::One(named) => vec![named],
            NameLookup::Several(found) => found,
            NameLookup::Nothing { .. } => Vec::new(),
        },
    };
    match found[..] {
        [] => None,
        [named] => Some(Ok(LayoutRef::Named(named))),
        _ => Some(Err(LayoutRefError::SeveralNames {
            text: text.to_owned(),
            names: found.iter().map(|named| named.display_name()).collect(),
        })),
    }
}

/// The error of a text that names no layout, with the nearest names.
fn unknown_name(text: &str) -> LayoutRefError {
    let nearest = match find_named(text) {
        NameLookup::Nothing { nearest } => nearest,
        _ => Vec::new(),
    };
    LayoutRefError::UnknownName {
        text: text.to_owned(),
        nearest: nearest.iter().map(|named| named.display_name()).collect(),
    }
}

/// Whether every character of `text` is a hex digit or a short-code digit,
/// either case.
fn is_code_text(text: &str) -> bool {
    text.chars().all(|character| {
        character.is_ascii_hexdigit() || ALPHABET.contains(&(character.to_ascii_uppercase() as u8))
    })
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
    /// A part of several names: which one is meant is not guessed.
    SeveralNames {
        /// The text.
        text: String,
        /// The names it is part of, as shown.
        names: Vec<String>,
    },
    /// A text that is no code and part of no name.
    UnknownName {
        /// The text.
        text: String,
        /// The names nearest it, closest first.
        nearest: Vec<String>,
    },
}

/// How many names an error lists at most.
const MAX_LISTED: usize = 8;

/// Names joined by commas, with `…` past [`MAX_LISTED`].
fn name_list(names: &[String]) -> String {
    let mut listed = names[..names.len().min(MAX_LISTED)].join(", ");
    if names.len() > MAX_LISTED {
        listed.push_str(", …");
    }
    listed
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
            LayoutRefError::SeveralNames { text, names } => write!(
                f,
                "{text:?} is part of several names: {} (give the full name)",
                name_list(names)
            ),
            LayoutRefError::UnknownName { text, nearest } if nearest.is_empty() => {
                write!(f, "no layout is named {text:?}")
            }
            LayoutRefError::UnknownName { text, nearest } => write!(
                f,
                "no layout is named {text:?}; nearest names: {}",
                name_list(nearest)
            ),
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

    fn named(text: &str) -> &'static NamedLayout {
        match text.parse::<LayoutRef>() {
            Ok(LayoutRef::Named(named)) => named,
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn names_name_layouts() {
        for text in [
            "横刀立马",
            "橫刀立馬",
            "hengdaolima",
            "Héng Dāo Lì Mǎ",
            "heng-dao-li-ma",
        ] {
            assert_eq!(named(text).code.to_string(), "1A9BF0C00", "{text}");
        }
        assert_eq!(named("守口如瓶 2").display_name(), "守口如瓶 2");
        // A part of one name only.
        assert_eq!(named("刀立").name, "横刀立马");
        let error = "曹营".parse::<LayoutRef>().unwrap_err();
        let LayoutRefError::SeveralNames { ref names, .. } = error else {
            panic!("{error:?}")
        };
        assert!(names.contains(&"将拥曹营".to_owned()), "{names:?}");
        assert!(
            error
                .to_string()
                .starts_with("\"曹营\" is part of several names: "),
            "{error}"
        );
        assert!(
            error.to_string().ends_with(" (give the full name)"),
            "{error}"
        );
        let error = "横刀立码".parse::<LayoutRef>().unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("no layout is named \"横刀立码\"; nearest names: 横刀立马, "),
            "{error}"
        );
        let error = "hengdaolimx".parse::<LayoutRef>().unwrap_err();
        assert!(
            matches!(error, LayoutRefError::UnknownName { .. }),
            "{error:?}"
        );
    }

    /// Codes stay codes and short codes short codes; a name beats a short
    /// code only when it is the whole name.
    #[test]
    fn codes_come_before_names_and_whole_names_before_short_codes() {
        assert!(matches!("1A9BF0C".parse(), Ok(LayoutRef::Code(_))));
        assert!(matches!("4WVE1".parse(), Ok(LayoutRef::Short(_))));
        // 雏菊's pinyin is also a short code's digits.
        let chuju = named("chuju");
        assert_eq!(chuju.name, "雏菊");
        assert!("CHUJU".parse::<ShortCode>().is_ok());
        assert_eq!(named("CHUJU"), chuju);
        // Part of that name, in code digits: not a name, the short code's error.
        let error = "CHUJ".parse::<LayoutRef>().unwrap_err();
        assert!(
            matches!(error, LayoutRefError::ShortOfWrongLength { n_chars: 4, .. }),
            "{error:?}"
        );
        // Every name that parses as a code or a short code is checked here:
        // a whole name beats only a short code.
        for named in crate::named_layouts() {
            for form in [named.name, named.pinyin, named.english] {
                let text = form.replace(' ', "");
                if let Ok(code) = text.parse::<Code>() {
                    assert_eq!(text.parse(), Ok(LayoutRef::Code(code)), "{text}");
                }
            }
        }
    }

    /// Texts that name nothing keep the errors of a mistyped code, as the
    /// server's and Python's tests see them; texts of a name's kind get
    /// the nearest names.
    #[test]
    fn texts_that_name_nothing_keep_their_errors() {
        for (text, start) in [
            (" ", "character ' ' at position 0 is not a hex digit"),
            (
                "3",
                "the 2x2 block cannot have its top-left cell at address 3",
            ),
            ("xyz", "a short code of the wrong length"),
            ("XYZ", "a short code of the wrong length"),
            ("ZZ", "a short code of the wrong length"),
            ("nonsense", "character 'n' at position 0 is not a hex digit"),
            ("ZZZZZ", "neither a code"),
            ("a-b", "\"a-b\" is not J-B-S-G-I"),
            (
                "no such layout",
                "no layout is named \"no such layout\"; nearest names: ",
            ),
            (
                "曹操横刀",
                "no layout is named \"曹操横刀\"; nearest names: ",
            ),
        ] {
            let error = text.parse::<LayoutRef>().unwrap_err().to_string();
            assert!(error.starts_with(start), "{text:?}: {error}");
        }
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
