//! The jiang-bing-style class of a layout.

use std::fmt;
use std::str::FromStr;

/// A class: how many two-cell pieces (`jiang`), 1x1 pieces (`bing`) and 2x1
/// pieces among the two-cell ones (`style`) a layout has. Steps never change it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Class {
    /// Number of two-cell pieces, 0..=7.
    pub jiang: u8,
    /// Number of 1x1 pieces, 0..=14.
    pub bing: u8,
    /// Number of 2x1 (horizontal) pieces, 0..=jiang.
    pub style: u8,
}

/// Cells left beside the 2x2 block.
const FREE_CELLS: u32 = 16;

impl Class {
    /// The class of a layout with these piece counts.
    pub fn from_counts(n_horizontal: u32, n_vertical: u32, n_single: u32) -> Class {
        Class {
            jiang: (n_horizontal + n_vertical) as u8,
            bing: n_single as u8,
            style: n_horizontal as u8,
        }
    }

    /// Checks that a triple can be a class: style <= jiang and at least two empty cells.
    pub fn new(jiang: u32, bing: u32, style: u32) -> Result<Class, ClassError> {
        if style > jiang {
            return Err(ClassError::StyleAboveJiang { jiang, style });
        }
        if 2 * jiang + bing + 2 > FREE_CELLS {
            return Err(ClassError::TooManyPieces { jiang, bing });
        }
        Ok(Class {
            jiang: jiang as u8,
            bing: bing as u8,
            style: style as u8,
        })
    }

    /// Every triple [`Class::new`] accepts, ascending: 204 of them, of which 7-0-0
    /// holds no layout.
    pub fn all() -> Vec<Class> {
        let mut classes = Vec::new();
        for jiang in 0..=7 {
            for bing in 0..=14 {
                for style in 0..=jiang {
                    if let Ok(class) = Class::new(jiang, bing, style) {
                        classes.push(class);
                    }
                }
            }
        }
        classes
    }

    /// Number of 2x1 pieces.
    pub fn n_horizontal(self) -> u32 {
        u32::from(self.style)
    }

    /// Number of 1x2 pieces.
    pub fn n_vertical(self) -> u32 {
        u32::from(self.jiang - self.style)
    }

    /// Number of 1x1 pieces.
    pub fn n_single(self) -> u32 {
        u32::from(self.bing)
    }

    /// Number of empty cells in every layout of the class.
    pub fn n_empty(self) -> u32 {
        FREE_CELLS - 2 * u32::from(self.jiang) - u32::from(self.bing)
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}-{}", self.jiang, self.bing, self.style)
    }
}

impl FromStr for Class {
    type Err = ClassError;

    /// Parses `J-B-S`, e.g. `5-4-1`.
    fn from_str(text: &str) -> Result<Class, ClassError> {
        let parts = parse_numbers(text, 3).ok_or_else(|| ClassError::malformed(text, "J-B-S"))?;
        Class::new(parts[0], parts[1], parts[2])
    }
}

/// Parses exactly `n` decimal numbers joined by `-`.
pub(crate) fn parse_numbers(text: &str, n: usize) -> Option<Vec<u32>> {
    let parts: Vec<u32> = text
        .split('-')
        .map(|part| {
            let plain =
                !part.is_empty() && part.len() <= 9 && part.bytes().all(|b| b.is_ascii_digit());
            plain.then(|| part.parse().ok()).flatten()
        })
        .collect::<Option<_>>()?;
    (parts.len() == n).then_some(parts)
}

/// Why a text or triple is not a class.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ClassError {
    /// Not the expected count of numbers joined by `-`.
    Malformed {
        /// The text read.
        text: String,
        /// The form expected: `J-B-S`, `J-B-S-G` or `J-B-S-G-I`.
        expected: &'static str,
    },
    /// More 2x1 pieces than two-cell pieces.
    StyleAboveJiang {
        /// Two-cell pieces.
        jiang: u32,
        /// 2x1 pieces.
        style: u32,
    },
    /// The pieces leave fewer than two empty cells.
    TooManyPieces {
        /// Two-cell pieces.
        jiang: u32,
        /// 1x1 pieces.
        bing: u32,
    },
}

impl ClassError {
    /// `text` is not numbers joined by `-` in the form `expected`.
    pub(crate) fn malformed(text: &str, expected: &'static str) -> ClassError {
        ClassError::Malformed {
            text: text.to_owned(),
            expected,
        }
    }
}

impl fmt::Display for ClassError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClassError::Malformed { text, expected } => {
                let n_numbers = expected.split('-').count();
                let example = ["5", "4", "1", "1", "7472"][..n_numbers].join("-");
                write!(
                    f,
                    "{text:?} is not {expected}: expected {n_numbers} numbers joined by '-', \
                     e.g. {example}"
                )
            }
            ClassError::StyleAboveJiang { jiang, style } => write!(
                f,
                "style {style} is more than jiang {jiang}: style counts 2x1 pieces among the two-cell pieces"
            ),
            ClassError::TooManyPieces { jiang, bing } => write!(
                f,
                "{jiang} two-cell and {bing} 1x1 pieces leave fewer than two empty cells"
            ),
        }
    }
}

impl std::error::Error for ClassError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_rejects() {
        assert_eq!("5-4-1".parse::<Class>().unwrap().to_string(), "5-4-1");
        assert_eq!("0-14-0".parse::<Class>().unwrap().n_empty(), 2);
        assert!(matches!(
            "5-4".parse::<Class>(),
            Err(ClassError::Malformed { .. })
        ));
        assert!(matches!(
            "5-4-1-0".parse::<Class>(),
            Err(ClassError::Malformed { .. })
        ));
        assert!(matches!(
            "5-+4-1".parse::<Class>(),
            Err(ClassError::Malformed { .. })
        ));
        assert!(matches!(
            "5--1".parse::<Class>(),
            Err(ClassError::Malformed { .. })
        ));
        assert_eq!(
            "2-0-3".parse::<Class>(),
            Err(ClassError::StyleAboveJiang { jiang: 2, style: 3 })
        );
        assert_eq!(
            "7-1-0".parse::<Class>(),
            Err(ClassError::TooManyPieces { jiang: 7, bing: 1 })
        );
        assert_eq!(Class::all().len(), 204);
    }
}
