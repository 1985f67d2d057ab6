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
    let path_buf = path.to_owned();
    match path.metadata() {
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Err(ErrorKind::Missing { path: path_buf }.into())
        }
        Ok(metadata) if !metadata.is_file() => {
            return Err(ErrorKind::NotSqlite { path: path_buf }.into())
        }
        _ => {}
    }
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(path, flags)?;
    // SQLite reads the file's header only when first asked something.
    let application_id: i32 =
        match conn.pragma_query_value(None, "application_id", |row| row.get(0)) {
            Err(e) if e.sqlite_error_code() == Some(ErrorCode::NotADatabase) => {
                return Err(ErrorKind::NotSqlite { path: path_buf }.into())
            }
            result => result?,
        };
    if application_id != APPLICATION_ID {
        return Err(ErrorKind::Foreign { path: path_buf }.into());
    }
    let found: u32 = conn.pragma_query_value(None, "user_version", |row| row.get(0))?;
    if found != SCHEMA_VERSION {
        return Err(ErrorKind::SchemaVersion {
            path: path_buf,
            found,
            expected: SCHEMA_VERSION,
        }
        .into());
    }
    let recorded = meta::get(&conn, meta::SCHEMA_VERSION)?;
    if recorded.as_deref().map(meta::parse_version).transpose()? != Some(found) {
        return Err(Error::inconsistent(format!(
            "user_version is {found} but meta {} is {recorded:?}",
            meta::SCHEMA_VERSION
        )));
    }
    if meta::get(&conn, meta::COMPLETE)?.as_deref() != Some(meta::flag(true)) {
        return Err(ErrorKind::Incomplete { path: path_buf }.into());
    }
    Ok(conn)
}
