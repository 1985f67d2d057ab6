//! Choosing classes by name or pattern, as `--classes 5-4-*,0-3-0` says.

use std::fmt;
use std::str::FromStr;

use klotski::{Class, ClassError};

/// Classes named on the command line: one class `J-B-S`, a pattern where any
/// of the three numbers is `*` (`5-4-*`, `*-0-*`), or `standard`, the
/// ten-piece classes `5-4-*`. A pattern always matches some class.
///
/// ```
/// use builder::classes::{select, ClassPattern};
///
/// let patterns: Vec<ClassPattern> = ["standard", "0-3-0"]
///     .iter()
///     .map(|text| text.parse().unwrap())
///     .collect();
/// let names: Vec<String> = select(&patterns).iter().map(|c| c.to_string()).collect();
/// assert_eq!(names, ["0-3-0", "5-4-0", "5-4-1", "5-4-2", "5-4-3", "5-4-4", "5-4-5"]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ClassPattern {
    jiang: Option<u8>,
    bing: Option<u8>,
    style: Option<u8>,
}

impl ClassPattern {
    /// The standard classes: five two-cell pieces and four 1x1 pieces.
    pub const STANDARD: ClassPattern = ClassPattern {
        jiang: Some(5),
        bing: Some(4),
        style: None,
    };

    /// Whether `class` is one of the pattern's.
    pub fn matches(self, class: Class) -> bool {
        let fits = |wanted: Option<u8>, count: u8| wanted.is_none_or(|wanted| wanted == count);
        fits(self.jiang, class.jiang)
            && fits(self.bing, class.bing)
            && fits(self.style, class.style)
    }
}

/// The classes that any of `patterns` matches, ascending; every class when
/// `patterns` is empty. Class 7-0-0 holds no layout, but a pattern may match it.
pub fn select(patterns: &[ClassPattern]) -> Vec<Class> {
    Class::all()
        .into_iter()
        .filter(|&class| patterns.is_empty() || patterns.iter().any(|p| p.matches(class)))
        .collect()
}

impl FromStr for ClassPattern {
    type Err = ClassPatternError;

    fn from_str(text: &str) -> Result<ClassPattern, ClassPatternError> {
        if text == "standard" {
            return Ok(ClassPattern::STANDARD);
        }
        let malformed = || ClassPatternError::Malformed(text.to_owned());
        let parts: Vec<Option<u8>> = text
            .split('-')
            .map(|part| match part {
                "*" => Ok(None),
                _ if (1..=2).contains(&part.len()) && part.bytes().all(|b| b.is_ascii_digit()) => {
                    Ok(Some(part.parse().expect("one or two digits")))
                }
                _ => Err(malformed()),
            })
            .collect::<Result<_, _>>()?;
        let [jiang, bing, style] = parts[..] else {
            return Err(malformed());
        };
        if let [Some(jiang), Some(bing), Some(style)] = [jiang, bing, style] {
            // A plain class: say exactly what is wrong with it.
            Class::new(jiang.into(), bing.into(), style.into())
                .map_err(ClassPatternError::Class)?;
        }
        let pattern = ClassPattern { jiang, bing, style };
        if Class::all().into_iter().any(|class| pattern.matches(class)) {
            Ok(pattern)
        } else {
            Err(ClassPatternError::MatchesNothing(text.to_owned()))
        }
    }
}

/// Why a text is not a class pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClassPatternError {
    /// Not three numbers or `*` joined by `-`, nor `standard`.
    Malformed(String),
    /// Three numbers that are not a class.
    Class(ClassError),
    /// A pattern that no class matches.
    MatchesNothing(String),
}

impl fmt::Display for ClassPatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClassPatternError::Malformed(text) => write!(
                f,
                "{text:?} is not a class: expected J-B-S with numbers or * (e.g. 5-4-1, 5-4-*) \
                 or standard"
            ),
            ClassPatternError::Class(error) => error.fmt(f),
            ClassPatternError::MatchesNothing(text) => write!(f, "{text} matches no class"),
        }
    }
}

impl std::error::Error for ClassPatternError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(texts: &[&str]) -> Vec<String> {
        let patterns: Vec<ClassPattern> = texts.iter().map(|text| text.parse().unwrap()).collect();
        select(&patterns).iter().map(ToString::to_string).collect()
    }

    #[test]
    fn selects_classes_by_name_and_pattern() {
        assert_eq!(names(&["0-3-0"]), ["0-3-0"]);
        assert_eq!(names(&["0-3-0", "0-0-0", "0-3-0"]), ["0-0-0", "0-3-0"]);
        assert_eq!(
            names(&["standard"]),
            ["5-4-0", "5-4-1", "5-4-2", "5-4-3", "5-4-4", "5-4-5"]
        );
        assert_eq!(names(&["standard"]), names(&["5-4-*"]));
        assert_eq!(names(&["7-0-*"]).len(), 8);
        assert_eq!(names(&["*-14-*"]), ["0-14-0"]);
        assert_eq!(names(&["1-*-1"]).len(), 13);
        assert_eq!(names(&["*-*-*"]).len(), 204);
        assert_eq!(names(&[]).len(), 204);
    }

    #[test]
    fn rejects_what_is_not_a_pattern() {
        let check = |text: &str, expected: &str| {
            let message = text.parse::<ClassPattern>().unwrap_err().to_string();
            assert!(message.contains(expected), "{text}: {message}");
        };
        check("5-4", "is not a class");
        check("5-4-1-0", "is not a class");
        check("5-x-1", "is not a class");
        check("5-+4-1", "is not a class");
        check("5--1", "is not a class");
        check("100-4-1", "is not a class");
        check("Standard", "is not a class");
        check("2-0-3", "style 3 is more than jiang 2");
        check("7-1-0", "fewer than two empty cells");
        check("8-*-*", "8-*-* matches no class");
        check("*-13-1", "*-13-1 matches no class");
    }
}
