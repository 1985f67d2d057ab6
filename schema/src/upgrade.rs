//! Bringing a finished database of an older schema version up to date in
//! place: the pending migrations, then the tables derived from `layout`, the
//! indexes and the planner's statistics, all in one transaction.

use std::path::Path;

use rusqlite::{Connection, OpenFlags, TransactionBehavior};

use crate::derive::{insert_details, Tallies};
use crate::error::{Error, Result};
use crate::fill::{fill_metrics, GroupMetrics};
use crate::migrate::{apply_in, create_indexes, INDEX_SORTER_PRAGMAS, MIGRATIONS, SCHEMA_VERSION};
use crate::named::{write_named_layouts, NamedLayoutRow};
use crate::open::{check_finished, check_header, check_is_file, read_error};
use crate::rows::{GroupRow, LayoutRow, GROUP_COLUMNS, LAYOUT_COLUMNS};
use crate::upgrade_progress::UpgradeProgress;

/// Layout rows between two progress reports.
const ROWS_PER_REPORT: u64 = 100_000;

/// What [`upgrade`] found and did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Upgrade {
    /// The database already had this schema version: nothing changed.
    Current {
        /// Its version.
        version: u32,
    },
    /// The database was brought from one version to another.
    Migrated {
        /// The version it had.
        from: u32,
        /// The version it has now.
        to: u32,
    },
}

/// The first schema version with the metric columns, which a migration from
/// an older one computes; the derived tables last changed with it too.
const METRICS_VERSION: u32 = 3;

/// Brings the finished Klotski database at `path` to [`SCHEMA_VERSION`]:
/// applies the pending [`MIGRATIONS`]; from a file older than schema 3,
/// fills the metric columns from `metrics` (checking its fewest steps
/// against the stored ones) and derives the tables that depend on them from
/// the layout rows (the same rows a new build writes, and the group rows are
/// checked against them); writes the `named` layouts the file holds; then
/// creates the indexes and runs `ANALYZE`. One transaction: interrupted, the
/// file keeps its old version intact.
///
/// A missing file, a file that is not SQLite, another program's database,
/// an unfinished build and a newer schema version are refused as when
/// opening; a database already of this version is left as it is.
pub fn upgrade(
    path: &Path,
    metrics: &dyn GroupMetrics,
    named: &[NamedLayoutRow],
    progress: &mut dyn UpgradeProgress,
) -> Result<Upgrade> {
    check_is_file(path)?;
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let mut conn = Connection::open_with_flags(path, flags)?;
    let from: u32 = conn
        .pragma_query_value(None, "user_version", |row| row.get(0))
        .map_err(|e| read_error(path, e))?;
    if !(1..=SCHEMA_VERSION).contains(&from) {
        // Says whether the file is foreign, or of which version.
        check_header(&conn, path, crate::APPLICATION_ID, SCHEMA_VERSION)?;
    }
    check_header(&conn, path, crate::APPLICATION_ID, from)?;
    check_finished(&conn, path, from)?;
    if from == SCHEMA_VERSION {
        return Ok(Upgrade::Current { version: from });
    }
    // As in a build, but the journal stays on disk, so that a migration
    // killed at any moment leaves the file as it was; the cache also holds
    // the pages of the derived tables.
    conn.execute_batch(INDEX_SORTER_PRAGMAS)?;
    let tx = conn.transaction_with_behavior(TransactionBehavior::Exclusive)?;
    let to = apply_in(&tx, MIGRATIONS)?;
    // The classification index reads each class in group order, the code
    // index finds the named layouts; the columns filled are in no index.
    create_indexes(&tx)?;
    if from < METRICS_VERSION {
        fill_metrics(&tx, metrics, progress)?;
        let tallies = read_layouts(&tx, progress)?;
        check_groups(&tx, &tallies)?;
        tx.execute_batch(
            "DELETE FROM layout_group_histogram; DELETE FROM layout_class_histogram; \
             DELETE FROM layout_group_hardest; DELETE FROM layout_class_hardest;",
        )?;
        insert_details(&tx, &tallies)?;
    }
    write_named_layouts(&tx, named)?;
    progress.indexing();
    tx.execute_batch("ANALYZE;")?;
    tx.commit()?;
    Ok(Upgrade::Migrated { from, to })
}

/// Tallies every layout row, in id order.
fn read_layouts(conn: &Connection, progress: &mut dyn UpgradeProgress) -> Result<Tallies> {
    let n_layouts: i64 = conn.query_row("SELECT sum(n_layouts) FROM layout_class", [], |row| {
        row.get(0)
    })?;
    progress.reading(n_layouts.unsigned_abs());
    let mut select = conn.prepare(&format!("SELECT {LAYOUT_COLUMNS} FROM layout ORDER BY id"))?;
    let mut rows = select.query([])?;
    let mut tallies = Tallies::default();
    let mut n_read = 0;
    while let Some(row) = rows.next()? {
        tallies.add(&LayoutRow::from_sql(row)?)?;
        n_read += 1;
        if n_read % ROWS_PER_REPORT == 0 {
            progress.read(ROWS_PER_REPORT);
        }
    }
    progress.read(n_read % ROWS_PER_REPORT);
    Ok(tallies)
}

/// Checks that the file's group rows are those its layout rows make.
fn check_groups(conn: &Connection, tallies: &Tallies) -> Result<()> {
    let stored: Vec<GroupRow> = conn
        .prepare(&format!(
            "SELECT {GROUP_COLUMNS} FROM layout_group ORDER BY jiang, bing, style, group_num"
        ))?
        .query_map([], GroupRow::from_sql)?
        .collect::<rusqlite::Result<_>>()?;
    let sorted = tallies.sorted();
    if stored.len() != sorted.len() {
        return Err(Error::inconsistent(format!(
            "layout_group has {} rows but the layouts make {} groups",
            stored.len(),
            sorted.len()
        )));
    }
    for (row, (key, tally)) in stored.iter().zip(sorted) {
        if *row != tally.to_row(key, row.mirror_group_num)? {
            return Err(Error::inconsistent(format!(
                "layout_group's row of group {} disagrees with its layouts",
                row.key
            )));
        }
    }
    Ok(())
}
