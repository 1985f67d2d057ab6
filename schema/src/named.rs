//! The `named_layout` table: the classic named layouts whose layout is in
//! the file, written by a build and by a migration through the same code.

use rusqlite::{params, Connection, Row};

use crate::error::Result;

/// One row of `named_layout`: a name (and its variant) and its layout.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NamedLayoutRow {
    /// The name in simplified characters, without the variant number.
    pub name: String,
    /// 1 for the plain name; 2, 3, ... for the other layouts of that name.
    pub variant: u32,
    /// The name in traditional characters.
    pub name_traditional: String,
    /// Hanyu pinyin with tone marks.
    pub pinyin: String,
    /// The customary English name, or a plain gloss.
    pub english: String,
    /// The layout's code: 9 uppercase hex digits.
    pub code: String,
    /// The address of the collection the layout was taken from.
    pub source: String,
    /// The fewest steps the source publishes, if any.
    pub published_steps: Option<u32>,
}

/// The columns of `named_layout` read into a [`NamedLayoutRow`], in its
/// field order.
const NAMED_COLUMNS: &str =
    "name, variant, name_traditional, pinyin, english, code, source, published_steps";

impl NamedLayoutRow {
    fn from_sql(row: &Row<'_>) -> rusqlite::Result<NamedLayoutRow> {
        Ok(NamedLayoutRow {
            name: row.get(0)?,
            variant: row.get(1)?,
            name_traditional: row.get(2)?,
            pinyin: row.get(3)?,
            english: row.get(4)?,
            code: row.get(5)?,
            source: row.get(6)?,
            published_steps: row.get(7)?,
        })
    }
}

/// Replaces the rows of `named_layout` by those of `rows` whose layout the
/// file holds (a partial build holds some classes only). Returns how many
/// it wrote. Needs the index on `layout.code`.
pub(crate) fn write_named_layouts(conn: &Connection, rows: &[NamedLayoutRow]) -> Result<usize> {
    conn.execute("DELETE FROM named_layout", [])?;
    let mut insert = conn.prepare(&format!(
        "INSERT INTO named_layout ({NAMED_COLUMNS}) \
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 WHERE EXISTS (SELECT 1 FROM layout WHERE code = ?6)"
    ))?;
    let mut n_written = 0;
    for row in rows {
        n_written += insert.execute(params![
            row.name,
            row.variant,
            row.name_traditional,
            row.pinyin,
            row.english,
            row.code,
            row.source,
            row.published_steps,
        ])?;
    }
    Ok(n_written)
}

/// Every row of `named_layout`, by name and variant.
pub(crate) fn read_named_layouts(conn: &Connection) -> Result<Vec<NamedLayoutRow>> {
    let rows = conn
        .prepare(&format!(
            "SELECT {NAMED_COLUMNS} FROM named_layout ORDER BY name, variant"
        ))?
        .query_map([], NamedLayoutRow::from_sql)?
        .collect::<rusqlite::Result<_>>()?;
    Ok(rows)
}
