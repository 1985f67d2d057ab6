//! Opening a database for reading, and telling apart every way a file can
//! fail to be a finished Klotski database.

use std::io;
use std::path::Path;

use rusqlite::{Connection, ErrorCode, OpenFlags};

use crate::error::{Error, ErrorKind, Result};
use crate::meta;
use crate::migrate::{APPLICATION_ID, SCHEMA_VERSION};

/// Opens `path` read-only and checks, in this order, that it exists, is an
/// SQLite database, is a Klotski database, has this crate's schema version
/// and is a finished build.
pub(crate) fn open_read_only(path: &Path) -> Result<Connection> {
    check_is_file(path)?;
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(path, flags)?;
    check_opened(conn, path)
}

/// [`open_read_only`], telling SQLite that the file does not change while
/// it is open (its `immutable` URI parameter): it then takes no file locks
/// and never reads the header again to see whether another process wrote,
/// which costs more than a lookup by key does. A file written while open
/// this way gives wrong answers; replacing it (a rename) is safe.
pub(crate) fn open_immutable(path: &Path) -> Result<Connection> {
    let Some(uri) = immutable_uri(path) else {
        // A path that is not UTF-8 cannot be written as a URI.
        return open_read_only(path);
    };
    check_is_file(path)?;
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY
        | OpenFlags::SQLITE_OPEN_NO_MUTEX
        | OpenFlags::SQLITE_OPEN_URI;
    let conn = Connection::open_with_flags(uri, flags)?;
    conn.execute_batch("PRAGMA mmap_size = 17179869184")?;
    let conn = check_opened(conn, path)?;
    // One read transaction for the connection's life: the file cannot
    // change under it, and a statement then neither begins nor ends its own
    // (taking the header's page and checking it, each time).
    conn.execute_batch("BEGIN")?;
    Ok(conn)
}

/// The `file:` URI of `path` with `immutable=1`: `%`, `?` and `#`, which
/// a URI's path cannot hold as they are, percent-encoded; `None` when the
/// path is not UTF-8.
fn immutable_uri(path: &Path) -> Option<String> {
    let mut uri = String::from("file:");
    for c in path.to_str()?.chars() {
        match c {
            '%' => uri.push_str("%25"),
            '?' => uri.push_str("%3F"),
            '#' => uri.push_str("%23"),
            c => uri.push(c),
        }
    }
    uri.push_str("?immutable=1");
    Some(uri)
}

/// The checks of [`open_read_only`] after the file is open.
fn check_opened(conn: Connection, path: &Path) -> Result<Connection> {
    check_database_header(&conn, path)?;
    check_finished(&conn, path, SCHEMA_VERSION)?;
    Ok(conn)
}

/// Checks that the database's `meta` records the schema `version` its
/// header has, and a finished build.
pub(crate) fn check_finished(conn: &Connection, path: &Path, version: u32) -> Result<()> {
    let recorded = meta::get(conn, meta::SCHEMA_VERSION).map_err(|e| read_error(path, e))?;
    if recorded.as_deref().map(meta::parse_version).transpose()? != Some(version) {
        return Err(Error::inconsistent(format!(
            "user_version is {version} but meta {} is {recorded:?}",
            meta::SCHEMA_VERSION
        )));
    }
    let complete = meta::get(conn, meta::COMPLETE).map_err(|e| read_error(path, e))?;
    if complete.as_deref() != Some(meta::flag(true)) {
        return Err(ErrorKind::Incomplete {
            path: path.to_owned(),
        }
        .into());
    }
    Ok(())
}

/// Checks the header of a Klotski database: an older schema version is
/// [`ErrorKind::Outdated`], which a migration mends.
pub(crate) fn check_database_header(conn: &Connection, path: &Path) -> Result<()> {
    check_header(conn, path, APPLICATION_ID, SCHEMA_VERSION).map_err(|error| match error.kind() {
        &ErrorKind::SchemaVersion {
            found, expected, ..
        } if (1..expected).contains(&found) => ErrorKind::Outdated {
            path: path.to_owned(),
            found,
            expected,
        }
        .into(),
        _ => error,
    })
}

/// Checks that `path` names an existing regular file, before SQLite opens
/// it (and would create it when missing).
pub(crate) fn check_is_file(path: &Path) -> Result<()> {
    let path_buf = path.to_owned();
    match path.metadata() {
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            Err(ErrorKind::Missing { path: path_buf }.into())
        }
        Ok(metadata) if !metadata.is_file() => Err(ErrorKind::NotSqlite { path: path_buf }.into()),
        _ => Ok(()),
    }
}

/// Checks that the file open in `conn` is an SQLite database with this
/// `application_id` and `PRAGMA user_version`. Reads only the header.
pub(crate) fn check_header(
    conn: &Connection,
    path: &Path,
    application_id: i32,
    version: u32,
) -> Result<()> {
    // SQLite reads the file's header only when first asked something.
    let found_id: i32 = conn
        .pragma_query_value(None, "application_id", |row| row.get(0))
        .map_err(|e| read_error(path, e))?;
    if found_id != application_id {
        return Err(ErrorKind::Foreign {
            path: path.to_owned(),
        }
        .into());
    }
    let found: u32 = conn
        .pragma_query_value(None, "user_version", |row| row.get(0))
        .map_err(|e| read_error(path, e))?;
    if found != version {
        return Err(ErrorKind::SchemaVersion {
            path: path.to_owned(),
            found,
            expected: version,
        }
        .into());
    }
    Ok(())
}

/// An SQLite error met while reading `path`: a file that is not a database
/// or a damaged one is said so; anything else stays an SQLite error.
pub(crate) fn read_error(path: &Path, error: rusqlite::Error) -> Error {
    match error.sqlite_error_code() {
        Some(ErrorCode::NotADatabase) => ErrorKind::NotSqlite {
            path: path.to_owned(),
        }
        .into(),
        Some(ErrorCode::DatabaseCorrupt) => ErrorKind::Corrupt {
            path: path.to_owned(),
            detail: error.to_string(),
        }
        .into(),
        _ => error.into(),
    }
}
