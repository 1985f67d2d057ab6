//! The schema's SQL and the runner that applies it.
//!
//! The SQL lives in the crate's own `migrations/` directory
//! (`schema/migrations/`, so the crate packages alone) and is compiled into
//! it, so the binaries need no checkout. A database records the
//! last migration applied twice: in `PRAGMA user_version`, which any tool can
//! read without knowing the schema, and in `meta.schema_version`.

use rusqlite::{Connection, Transaction};

use crate::error::{Error, Result};
use crate::meta;

/// One step of the schema: SQL that takes a database from the previous
/// version to `version`.
#[derive(Clone, Copy, Debug)]
pub struct Migration {
    /// The version the database has once `sql` ran; versions start at 1.
    pub version: u32,
    /// The statements, run as one batch.
    pub sql: &'static str,
}

/// The schema's migrations, in order. A migration only changes tables and
/// indexes; the tables derived from `layout` are filled by the writer, or,
/// in a database migrated from an older version, by [`upgrade`](crate::upgrade).
pub const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        sql: include_str!("../migrations/0001_initial.sql"),
    },
    Migration {
        version: 2,
        sql: include_str!("../migrations/0002_histograms_and_hardest.sql"),
    },
    Migration {
        version: 3,
        sql: include_str!("../migrations/0003_metrics.sql"),
    },
    Migration {
        version: 4,
        sql: include_str!("../migrations/0004_named_layouts.sql"),
    },
];

/// The schema version this crate writes and reads.
pub const SCHEMA_VERSION: u32 = MIGRATIONS[MIGRATIONS.len() - 1].version;

/// `PRAGMA application_id` of a Klotski database: `KLOT` in ASCII, as set by
/// the first migration.
pub const APPLICATION_ID: i32 = 0x4B4C_4F54;

/// The indexes of the current schema. Kept out of [`MIGRATIONS`] so that the
/// builder can create them after the bulk load; every statement is
/// `IF NOT EXISTS`.
pub const INDEXES: &str = include_str!("../migrations/indexes.sql");

/// Settings for creating the [`INDEXES`] of a full database, as the builder
/// and the upgrade do: room for the index sorter, and up to four helper
/// threads: faster than two on 2 cores, for a little more memory; eight were
/// no faster (docs/journal/build.md, "Indexes after the load, four sorter
/// threads").
pub(crate) const INDEX_SORTER_PRAGMAS: &str = "
    PRAGMA cache_size = -262144;
    PRAGMA threads = 4;
";

/// Brings a database to the newest schema: the pending [`MIGRATIONS`], then
/// the [`INDEXES`]. Returns the schema version.
pub fn migrate(conn: &mut Connection) -> Result<u32> {
    let version = apply_migrations(conn, MIGRATIONS)?;
    create_indexes(conn)?;
    Ok(version)
}

/// Creates the [`INDEXES`] that do not exist yet.
pub fn create_indexes(conn: &Connection) -> Result<()> {
    conn.execute_batch(INDEXES)?;
    Ok(())
}

/// Applies, in order and inside one transaction, the migrations whose version
/// is above the database's, and records the last one in `PRAGMA user_version`
/// and in `meta.schema_version`. Returns the version the database then has.
///
/// The versions must ascend, and the first migration must create the `meta`
/// table. Nothing is applied when any migration fails, or when the database
/// is newer than the last migration.
pub fn apply_migrations(conn: &mut Connection, migrations: &[Migration]) -> Result<u32> {
    if let Some(pair) = migrations
        .windows(2)
        .find(|pair| pair[0].version >= pair[1].version)
    {
        return Err(Error::migration(format!(
            "version {} follows version {}: versions must ascend",
            pair[1].version, pair[0].version
        )));
    }
    let tx = conn.transaction()?;
    let version = apply_in(&tx, migrations)?;
    tx.commit()?;
    Ok(version)
}

/// Applies the migrations whose version is above the database's inside the
/// transaction `tx`, as [`apply_migrations`] does, whose checks the
/// versions have passed.
pub(crate) fn apply_in(tx: &Transaction<'_>, migrations: &[Migration]) -> Result<u32> {
    let newest = migrations.last().map_or(0, |migration| migration.version);
    let current: u32 = tx.pragma_query_value(None, "user_version", |row| row.get(0))?;
    if current > newest {
        return Err(Error::migration(format!(
            "the database has version {current}, newer than the newest migration, {newest}"
        )));
    }
    for migration in migrations.iter().filter(|m| m.version > current) {
        let failed = |error: rusqlite::Error| {
            Error::migration(format!("migration {} failed: {error}", migration.version))
        };
        tx.execute_batch(migration.sql).map_err(failed)?;
        tx.pragma_update(None, "user_version", migration.version)
            .map_err(failed)?;
        meta::set(tx, meta::SCHEMA_VERSION, &migration.version.to_string()).map_err(failed)?;
    }
    Ok(current.max(newest))
}
