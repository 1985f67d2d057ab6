//! Reading the table of named layouts: a header line, then one
//! tab-separated row per name (or variant of a name).

use std::fmt;

use super::NamedLayout;
use crate::code::Code;

/// The table's columns, in order, as its header names them.
pub const COLUMNS: [&str; 10] = [
    "name",
    "variant",
    "name_traditional",
    "pinyin",
    "english",
    "code",
    "published_steps",
    "source",
    "source_format",
    "source_position",
];

/// One row of the table: the named layout and the layout as its source
/// writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedRow {
    /// The named layout the row gives.
    pub named: NamedLayout,
    /// The format the source writes the layout in (one of
    /// [`SOURCE_FORMATS`](super::SOURCE_FORMATS)).
    pub source_format: &'static str,
    /// The layout as the source writes it, made one line.
    pub source_position: &'static str,
    /// The row's line in the table, from 1 (the header is line 1).
    pub line: usize,
}

/// Why a table of named layouts cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for TableError {}

/// The rows of a table of named layouts: the header must name
/// [`COLUMNS`], every row has them all; a name and a variant are required,
/// the step count may be empty.
pub fn parse_table(text: &'static str) -> Result<Vec<NamedRow>, TableError> {
    let mut lines = text.lines().enumerate();
    let header = lines.next().map(|(_, line)| line).unwrap_or_default();
    if header.split('\t').ne(COLUMNS) {
        return Err(TableError {
            line: 1,
            reason: format!("the header must be the columns {}", COLUMNS.join(", ")),
        });
    }
    lines
        .map(|(idx, line)| {
            parse_row(line, idx + 1).map_err(|reason| TableError {
                line: idx + 1,
                reason,
            })
        })
        .collect()
}

fn parse_row(line: &'static str, line_num: usize) -> Result<NamedRow, String> {
    let fields: Vec<&'static str> = line.split('\t').collect();
    let [name, variant, name_traditional, pinyin, english, code, steps, source, source_format, source_position] =
        fields[..]
    else {
        return Err(format!("{} columns, not {}", fields.len(), COLUMNS.len()));
    };
    let required = [
        ("name", name),
        ("name_traditional", name_traditional),
        ("pinyin", pinyin),
        ("english", english),
        ("source", source),
        ("source_format", source_format),
        ("source_position", source_position),
    ];
    if let Some((column, _)) = required.iter().find(|(_, value)| value.trim().is_empty()) {
        return Err(format!("the {column} is empty"));
    }
    let variant = match variant.parse::<u8>() {
        Ok(variant) if variant >= 1 => variant,
        _ => return Err(format!("variant {variant:?} is not a number from 1")),
    };
    let code = code
        .parse::<Code>()
        .map_err(|error| format!("code {code:?}: {error}"))?;
    let published_steps = match steps {
        "" => None,
        steps => Some(
            steps
                .parse::<u32>()
                .map_err(|_| format!("published_steps {steps:?} is not a number"))?,
        ),
    };
    Ok(NamedRow {
        named: NamedLayout {
            name,
            variant,
            name_traditional,
            pinyin,
            english,
            code,
            published_steps,
            source,
        },
        source_format,
        source_position,
        line: line_num,
    })
}
