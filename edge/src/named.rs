//! The engine's collection of named layouts as the database's rows.

use klotski::NamedLayout;
use schema::NamedLayoutRow;

/// The row of `named_layout` for one entry of the collection.
pub fn named_row(named: &NamedLayout) -> NamedLayoutRow {
    NamedLayoutRow {
        name: named.name.to_owned(),
        variant: u32::from(named.variant),
        name_traditional: named.name_traditional.to_owned(),
        pinyin: named.pinyin.to_owned(),
        english: named.english.to_owned(),
        code: named.code.to_string(),
        source: named.source.to_owned(),
        published_steps: named.published_steps,
    }
}

/// The rows of the whole collection, in its order: what a build and a
/// migration write (each keeps those whose layout the file holds).
pub fn named_rows() -> Vec<NamedLayoutRow> {
    klotski::named_layouts().iter().map(named_row).collect()
}
