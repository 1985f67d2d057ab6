//! What a user may type to name a layout: a code (full or without trailing
//! zeros) or a 5-character short code.

use std::fmt;
use std::str::FromStr;

use crate::code::{Code, CodeError};
use crate::index::AllCodes;
use crate::short_code::{ShortCode, ShortCodeError, SHORT_CODE_CHARS};

/// A layout named by its code or its short code.
///
/// A text that is a legal code is read as a code, even when it would also be a
/// short code; otherwise a 5-character text is tried as a short code.
///
/// ```
/// use klotski::LayoutRef;
/// assert!(matches!("1A9BF0C".parse(), Ok(LayoutRef::Code(_))));
/// assert!(matches!("4WVE1".parse(), Ok(LayoutRef::Short(_))));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LayoutRef {
    /// A layout code.
    Code(Code),
    /// A short code (a layout id).
    Short(ShortCode),
}

impl LayoutRef {
    /// The code, looking a short code's id up in `all`.
    pub fn resolve(self, all: &AllCodes) -> Code {
        match self {
            LayoutRef::Code(code) => code,
            LayoutRef::Short(short) => all
                .code(short.id())
                .expect("a short code's id is below N_LAYOUTS"),
        }
    }
}

impl FromStr for LayoutRef {
    type Err = LayoutRefError;

    fn from_str(text: &str) -> Result<LayoutRef, LayoutRefError> {
        let code_error = match text.parse::<Code>() {
            Ok(code) => return Ok(LayoutRef::Code(code)),
            Err(error) => error,
        };
        if text.chars().count() != SHORT_CODE_CHARS {
            return Err(LayoutRefError {
                code_error,
                short_error: None,
            });
        }
        text.parse::<ShortCode>()
            .map(LayoutRef::Short)
            .map_err(|short_error| LayoutRefError {
                code_error,
                short_error: Some(short_error),
            })
    }
}

/// Why a text names no layout: why it is not a code and, for a 5-character
/// text, why it is not a short code either.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayoutRefError {
    /// Why it is not a code.
    pub code_error: CodeError,
    /// Why it is not a short code, when it has the length of one.
    pub short_error: Option<ShortCodeError>,
}

impl fmt::Display for LayoutRefError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.short_error {
            None => write!(f, "{}", self.code_error),
            Some(short_error) => write!(
                f,
                "neither a code ({}) nor a short code ({short_error})",
                self.code_error
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
        assert!(error.short_error.is_some());
        assert!(error.to_string().starts_with("neither a code"), "{error}");
        // A text that is not a code but is a short code names a layout.
        assert!(matches!("1A9BG".parse(), Ok(LayoutRef::Short(_))));
        let error = "ZZZZZ".parse::<LayoutRef>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "neither a code (character 'Z' at position 0 is not a hex digit) nor a short code \
             (short code stands for 33554431, but ids stop at 29334497)"
        );
        let error = "XYZ".parse::<LayoutRef>().unwrap_err();
        assert_eq!(error.short_error, None);
    }
}
