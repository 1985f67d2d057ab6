//! The engine's collection of named layouts as the database's rows, and
//! the JSON of a layout's names, alike in `klotski info --json` and the
//! service's answers.

use klotski::{Code, NamedLayout};
use schema::NamedLayoutRow;
use serde::Serialize;

/// One name of a layout, in every script the collection gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NameJson {
    /// The name as shown: simplified characters, and the variant number
    /// when it is not the plain name (`守口如瓶 2`). What a layout argument
    /// takes back.
    #[cfg_attr(feature = "openapi", schema(example = "横刀立马"))]
    pub display: String,
    /// The name in simplified characters, without the variant number.
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "横刀立马"))]
    pub name: &'static str,
    /// 1 for the plain name; 2, 3, ... for the other layouts sources give
    /// the same name.
    #[cfg_attr(feature = "openapi", schema(example = 1))]
    pub variant: u8,
    /// The name in traditional characters.
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "橫刀立馬"))]
    pub name_traditional: &'static str,
    /// Hanyu pinyin with tone marks.
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "héng dāo lì mǎ"))]
    pub pinyin: &'static str,
    /// The customary English name, or a plain gloss.
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub english: &'static str,
    /// The other variants of this name, as shown (`守口如瓶 2`): other
    /// layouts that sources give the same name.
    pub variants: Vec<String>,
}

impl NameJson {
    /// The JSON of one entry of the collection.
    pub fn new(named: &'static NamedLayout) -> NameJson {
        NameJson {
            display: named.display_name(),
            name: named.name,
            variant: named.variant,
            name_traditional: named.name_traditional,
            pinyin: named.pinyin,
            english: named.english,
            variants: klotski::named_layouts()
                .iter()
                .filter(|other| other.name == named.name && other.variant != named.variant)
                .map(NamedLayout::display_name)
                .collect(),
        }
    }

    /// The names of `code`: none for most layouts.
    pub fn of(code: Code) -> Vec<NameJson> {
        klotski::names_of(code)
            .into_iter()
            .map(NameJson::new)
            .collect()
    }
}

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
