//! Building a database file: the builder's side.

use std::collections::HashMap;
use std::path::Path;

use rusqlite::{Connection, OpenFlags, Statement};

use crate::derive::{insert_details, Tallies, DERIVE_CLASSES};
use crate::error::{Error, ErrorKind, Result};
use crate::meta;
use crate::migrate::{apply_migrations, create_indexes, INDEX_SORTER_PRAGMAS, MIGRATIONS};
use crate::named::{write_named_layouts, NamedLayoutRow};
use crate::rows::{
    GroupKey, LayoutRow, GROUP_COLUMNS, LAYOUT_COLUMNS, N_GROUP_COLUMNS, N_LAYOUT_COLUMNS,
};

/// Layout rows per INSERT statement. Multi-row statements spend less on the
/// per-statement work: faster than one row at a time on synthetic rows
/// (`bench`'s `synthetic`).
const ROWS_PER_INSERT: usize = 64;

/// Number of classes in the whole layout space; a build with fewer is partial.
pub const N_CLASSES: usize = 203;

/// Settings for a one-time bulk build, where a crash means building again:
/// no durability (`synchronous`), a rollback journal kept in memory (new
/// pages appended to the file are never journaled, so it stays small) and no
/// lock traffic; with them, the [`INDEX_SORTER_PRAGMAS`].
const BULK_PRAGMAS: &str = "
    PRAGMA journal_mode = MEMORY;
    PRAGMA synchronous = OFF;
    PRAGMA locking_mode = EXCLUSIVE;
";

/// Writes a new database: layouts in ascending id, then [`Writer::finish`].
/// The group rows, class rows and most of `meta` are derived from the layout
/// rows, so they cannot disagree with them.
///
/// The file reads as incomplete until `finish` succeeds. After an error, drop
/// the writer and build again.
pub struct Writer {
    conn: Connection,
    /// Every group met so far.
    tallies: Tallies,
}

impl Writer {
    /// Creates the file at `path`, which must not exist, with the schema's
    /// tables and no indexes, and records the engine version and the time.
    pub fn create(path: &Path, engine_version: &str) -> Result<Writer> {
        if path.exists() {
            return Err(ErrorKind::AlreadyExists {
                path: path.to_owned(),
            }
            .into());
        }
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let mut conn = Connection::open_with_flags(path, flags)?;
        conn.execute_batch(BULK_PRAGMAS)?;
        conn.execute_batch(INDEX_SORTER_PRAGMAS)?;
        apply_migrations(&mut conn, MIGRATIONS)?;
        let tx = conn.transaction()?;
        meta::set(&tx, meta::ENGINE_VERSION, engine_version)?;
        let now: String =
            tx.query_row("SELECT strftime('%Y-%m-%dT%H:%M:%SZ', 'now')", [], |row| {
                row.get(0)
            })?;
        meta::set(&tx, meta::BUILD_DATE, &now)?;
        meta::set(&tx, meta::COMPLETE, meta::flag(false))?;
        tx.commit()?;
        Ok(Writer {
            conn,
            tallies: Tallies::default(),
        })
    }

    /// Inserts layout rows, in one transaction. Ids must ascend across all
    /// calls, so codes do too and each row's `group_index` must be the number
    /// of rows of its group before it.
    pub fn insert_layouts(&mut self, rows: &[LayoutRow]) -> Result<()> {
        for row in rows {
            self.tallies.add(row)?;
        }
        let tx = self.conn.transaction()?;
        {
            let layout_insert =
                |n_rows| insert_sql("layout", LAYOUT_COLUMNS, N_LAYOUT_COLUMNS, n_rows);
            let mut insert_many = tx.prepare_cached(&layout_insert(ROWS_PER_INSERT))?;
            let mut insert_one = tx.prepare_cached(&layout_insert(1))?;
            let chunks = rows.chunks_exact(ROWS_PER_INSERT);
            let rest = chunks.remainder();
            for chunk in chunks {
                bind_layouts(&mut insert_many, chunk)?;
                insert_many.raw_execute()?;
            }
            for row in rest {
                bind_layouts(&mut insert_one, std::slice::from_ref(row))?;
                insert_one.raw_execute()?;
            }
        }
        tx.commit()?;
        Ok(())
    }

    /// Completes the database in one transaction: writes the group rows, the
    /// class rows, the histograms and hardest layouts of both and the rest of
    /// `meta`, creates the indexes, writes the `named` layouts the file
    /// holds, runs `ANALYZE` and marks the file complete.
    ///
    /// `mirror_group_nums` gives, for every group, the `group_num` of its
    /// mirror group; each pair must mirror each other, at equal sizes.
    pub fn finish(
        mut self,
        mirror_group_nums: &HashMap<GroupKey, u32>,
        named: &[NamedLayoutRow],
    ) -> Result<()> {
        if self.tallies.groups.is_empty() {
            return Err(Error::inconsistent("a database needs at least one layout"));
        }
        check_mirrors(&self.tallies, mirror_group_nums)?;
        let tx = self.conn.transaction()?;
        insert_groups(&tx, &self.tallies, mirror_group_nums)?;
        tx.execute_batch(DERIVE_CLASSES)?;
        insert_details(&tx, &self.tallies)?;
        let classes = tx
            .prepare(
                "SELECT jiang || '-' || bing || '-' || style FROM layout_class \
                 ORDER BY jiang, bing, style",
            )?
            .query_map([], |row| row.get(0))?
            .collect::<rusqlite::Result<Vec<String>>>()?;
        meta::set(&tx, meta::CLASSES, &classes.join(","))?;
        meta::set(&tx, meta::PARTIAL, meta::flag(classes.len() < N_CLASSES))?;
        create_indexes(&tx)?;
        write_named_layouts(&tx, named)?;
        tx.execute_batch("ANALYZE;")?;
        meta::set(&tx, meta::COMPLETE, meta::flag(true))?;
        tx.commit()?;
        Ok(())
    }
}

/// An INSERT of `n_rows` rows into `n_columns` `columns` of `table`.
fn insert_sql(table: &str, columns: &str, n_columns: usize, n_rows: usize) -> String {
    let row = format!("({})", vec!["?"; n_columns].join(", "));
    let rows = vec![row; n_rows].join(", ");
    format!("INSERT INTO {table} ({columns}) VALUES {rows}")
}

/// Binds the values of `rows` to an INSERT of as many rows.
fn bind_layouts(insert: &mut Statement<'_>, rows: &[LayoutRow]) -> rusqlite::Result<()> {
    let values = rows.iter().flat_map(LayoutRow::sql_values);
    for (index, value) in (1..).zip(values) {
        insert.raw_bind_parameter(index, value)?;
    }
    Ok(())
}

/// Checks that `mirror_group_nums` names a mirror group for exactly the
/// groups with layouts, and that each pair mirrors each other at equal sizes.
fn check_mirrors(tallies: &Tallies, mirror_group_nums: &HashMap<GroupKey, u32>) -> Result<()> {
    let groups = &tallies.groups;
    if let Some(key) = mirror_group_nums
        .keys()
        .find(|key| !groups.contains_key(key))
    {
        return Err(Error::inconsistent(format!(
            "group {key} has a mirror group but no layouts"
        )));
    }
    for (key, group) in groups {
        let mirror_group_num = *mirror_group_nums
            .get(key)
            .ok_or_else(|| Error::inconsistent(format!("group {key} has no mirror group")))?;
        let mirror_key = GroupKey {
            group_num: mirror_group_num,
            ..*key
        };
        let mirrors_back = mirror_group_nums.get(&mirror_key) == Some(&key.group_num);
        let same_size = groups
            .get(&mirror_key)
            .is_some_and(|mirror| mirror.n_layouts == group.n_layouts);
        if !(mirrors_back && same_size) {
            return Err(Error::inconsistent(format!(
                "group {key} has mirror group {mirror_key}, which does not mirror it"
            )));
        }
    }
    Ok(())
}

/// Inserts each group's row, in key order so that the same layouts make the
/// same rows in the same places.
fn insert_groups(
    conn: &Connection,
    tallies: &Tallies,
    mirror_group_nums: &HashMap<GroupKey, u32>,
) -> Result<()> {
    let mut insert_group = conn.prepare(&insert_sql(
        "layout_group",
        GROUP_COLUMNS,
        N_GROUP_COLUMNS,
        1,
    ))?;
    for (key, tally) in tallies.sorted() {
        // check_mirrors made sure that every group has a mirror group.
        let row = tally.to_row(key, mirror_group_nums[&key])?;
        insert_group.execute(&row.sql_values()[..])?;
    }
    Ok(())
}
