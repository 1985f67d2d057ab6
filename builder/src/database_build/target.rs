//! The database path: what may be there before a build, the build's side
//! files beside it, and moving the finished file into place.

use std::fs::{self, File};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use schema::{Database, ErrorKind};
use tracing::info;

use crate::output::with_suffix;

/// The build's own files beside the database.
pub(super) struct Scratch {
    /// The database being written, moved to the target once checked.
    pub(super) building: PathBuf,
    /// The analysis done so far.
    pub(super) checkpoint: PathBuf,
}

impl Scratch {
    pub(super) fn beside(db: &Path) -> Scratch {
        Scratch {
            building: with_suffix(db, ".building"),
            checkpoint: with_suffix(db, ".checkpoint"),
        }
    }
}

/// Checks that a build may end by writing `db`: nothing is there, an empty
/// file (the sqlite3 shell leaves one behind when a path is mistyped), or,
/// with `force`, a complete undamaged database of this schema. Anything
/// else is refused and left untouched. Returns whether a file is there to
/// be replaced.
pub(super) fn check_target(db: &Path, force: bool) -> anyhow::Result<bool> {
    if fs::metadata(db).is_ok_and(|file| file.is_file() && file.len() == 0) {
        return Ok(true);
    }
    let existing = Database::open(db).and_then(|database| {
        database.check_integrity()?;
        database.meta()
    });
    match existing {
        Err(error) if matches!(error.kind(), ErrorKind::Missing { .. }) => Ok(false),
        Err(error) => bail!(
            "{} {}: build-db replaces only a complete database of this schema; \
             move it away or choose another --db",
            db.display(),
            what_it_is(&error)
        ),
        Ok(_) if force => Ok(true),
        Ok(meta) => bail!(
            "{} is already a complete Klotski database ({} classes, built {}): \
             pass --force to replace it",
            db.display(),
            meta.classes.len(),
            meta.build_date
        ),
    }
}

/// What a file that does not open as a finished database is, or as a
/// checkpoint.
pub(super) fn what_it_is(error: &schema::Error) -> String {
    match error.kind() {
        ErrorKind::NotSqlite { .. } => "is not an SQLite database".to_owned(),
        ErrorKind::Foreign { .. } => "is an SQLite database of something else".to_owned(),
        ErrorKind::SchemaVersion {
            found, expected, ..
        } => format!("is a Klotski database of schema version {found}, not {expected}"),
        ErrorKind::Incomplete { .. } => {
            "is a Klotski database build that did not finish".to_owned()
        }
        ErrorKind::Corrupt { detail, .. } => format!("is a damaged database ({detail})"),
        _ => format!("cannot be read as a Klotski database ({error})"),
    }
}

/// Creates the directory that will hold `db`.
pub(super) fn create_parent(db: &Path) -> anyhow::Result<()> {
    match db.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => fs::create_dir_all(parent)
            .with_context(|| format!("cannot create {}", parent.display())),
        _ => Ok(()),
    }
}

/// Removes the database file a killed build left half written.
pub(super) fn clear_building(building: &Path) -> anyhow::Result<()> {
    if building.exists() {
        info!(path = %building.display(), "replacing the file an interrupted build left");
        fs::remove_file(building)
            .with_context(|| format!("cannot remove {}", building.display()))?;
    }
    Ok(())
}

/// Moves the finished file to `db`, on disk first (the writer does not
/// sync). Unless a database was there to be `replaced`, `db` must still be
/// free: a file may have appeared there during the build.
pub(super) fn place(building: &Path, db: &Path, replaced: bool) -> anyhow::Result<()> {
    File::open(building)
        .and_then(|file| file.sync_all())
        .with_context(|| format!("cannot sync {}", building.display()))?;
    if !replaced && db.exists() {
        bail!(
            "{} appeared during the build: the new database is left at {}",
            db.display(),
            building.display()
        );
    }
    fs::rename(building, db)
        .with_context(|| format!("cannot move {} to {}", building.display(), db.display()))
}
