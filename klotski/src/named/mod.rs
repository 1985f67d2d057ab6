//! The named layouts (关卡) of the puzzle: 横刀立马, 指挥若定, 兵分三路 …,
//! as public collections publish them, with the fewest steps each source
//! found.
//!
//! The data is one reviewed table compiled in,
//! `klotski/data/named_layouts.tsv`: per name its traditional characters,
//! pinyin, an English name, the layout's code, the source's step count and
//! the layout exactly as the source writes it, which [`decode_source`]
//! reads back (the tests check every row against its code). One name given
//! to different layouts is kept as numbered variants (`守口如瓶 2`); a
//! layout with several names has one row per name.
//!
//! [`find_named`] reads what a user types (characters, pinyin with or
//! without tones, English, a variant number); [`search_named`] lists every
//! name containing a text; [`names_of`] gives a layout's names.
//!
//! ```
//! use klotski::named::{find_named, NameLookup};
//! let NameLookup::One(named) = find_named("heng dao li ma") else { panic!() };
//! assert_eq!(named.name, "横刀立马");
//! assert_eq!(named.code.to_string(), "1A9BF0C00");
//! assert_eq!(named.published_steps, Some(81));
//! ```

mod convert;
mod fold;
mod lookup;
mod table;

use std::sync::OnceLock;

use crate::code::Code;

pub use convert::{decode_source, ConvertError, SOURCE_FORMATS};
pub(crate) use lookup::exact_names;
pub use lookup::{find_named, search_named, NameLookup, N_NEAREST};
pub use table::{parse_table, NamedRow, TableError, COLUMNS};

/// The table of named layouts, as compiled in.
pub const NAMED_LAYOUTS_TSV: &str = include_str!("../../data/named_layouts.tsv");

/// A named layout: one name (or one variant of a name) and its layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedLayout {
    /// The name in simplified characters, without a variant number.
    pub name: &'static str,
    /// Which of the layouts bearing this name, from 1: variant 1 is the
    /// plain name, the most widely published.
    pub variant: u8,
    /// The name in traditional characters.
    pub name_traditional: &'static str,
    /// The name in pinyin with tone marks, syllables separated by spaces.
    pub pinyin: &'static str,
    /// The name in English: a customary one, else a plain gloss.
    pub english: &'static str,
    /// The layout.
    pub code: Code,
    /// The fewest steps the source publishes, if it publishes a number (it
    /// may count moves another way: see `docs/named.md`).
    pub published_steps: Option<u32>,
    /// Where the layout is published: the address of the file or page.
    pub source: &'static str,
}

impl NamedLayout {
    /// The name as shown: `守口如瓶` for variant 1, `守口如瓶 2` for the others.
    pub fn display_name(&self) -> String {
        match self.variant {
            1 => self.name.to_owned(),
            variant => format!("{} {variant}", self.name),
        }
    }
}

/// Every named layout, in the table's order (by name, then variant); the
/// table is read once.
pub fn named_layouts() -> &'static [NamedLayout] {
    static NAMED: OnceLock<Vec<NamedLayout>> = OnceLock::new();
    NAMED.get_or_init(|| {
        parse_table(NAMED_LAYOUTS_TSV)
            .expect("the compiled-in table is checked by the tests")
            .into_iter()
            .map(|row| row.named)
            .collect()
    })
}

/// Every name of a layout (none for most layouts), in the table's order.
pub fn names_of(code: Code) -> Vec<&'static NamedLayout> {
    named_layouts()
        .iter()
        .filter(|named| named.code == code)
        .collect()
}

#[cfg(test)]
mod tests;
