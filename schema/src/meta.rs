//! The `meta` table's keys, and reading and writing them.

use std::collections::HashMap;

use rusqlite::{params, Connection, OptionalExtension};

use crate::error::{Error, Result};
use crate::rows::Meta;

/// The last migration applied.
pub(crate) const SCHEMA_VERSION: &str = "schema_version";
/// Version of the engine that computed the rows.
pub(crate) const ENGINE_VERSION: &str = "engine_version";
/// UTC time the build started.
pub(crate) const BUILD_DATE: &str = "build_date";
/// The classes included, `J-B-S` names joined by `,`.
pub(crate) const CLASSES: &str = "classes";
/// `true` once the build finished and passed its checks.
pub(crate) const COMPLETE: &str = "complete";
/// `true` when not all classes are included.
pub(crate) const PARTIAL: &str = "partial";

/// Sets `key` to `value`, replacing any value it had.
pub(crate) fn set(conn: &Connection, key: &str, value: &str) -> rusqlite::Result<()> {
    conn.prepare_cached("INSERT OR REPLACE INTO meta (key, value) VALUES (?1, ?2)")?
        .execute(params![key, value])?;
    Ok(())
}

/// The value of `key`, or `None` when it is not set.
pub(crate) fn get(conn: &Connection, key: &str) -> rusqlite::Result<Option<String>> {
    conn.query_row("SELECT value FROM meta WHERE key = ?1", [key], |row| {
        row.get(0)
    })
    .optional()
}

/// Text of a flag.
pub(crate) fn flag(value: bool) -> &'static str {
    if value {
        "true"
    } else {
        "false"
    }
}

/// Reads the whole table; every key must be set and well-formed.
pub(crate) fn read(conn: &Connection) -> Result<Meta> {
    let mut pairs: HashMap<String, String> = conn
        .prepare("SELECT key, value FROM meta")?
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let mut take = |key: &str| {
        pairs
            .remove(key)
            .ok_or_else(|| Error::inconsistent(format!("meta has no {key}")))
    };
    let schema_version = take(SCHEMA_VERSION)?;
    let engine_version = take(ENGINE_VERSION)?;
    let build_date = take(BUILD_DATE)?;
    let classes = take(CLASSES)?;
    let complete = parse_flag(COMPLETE, &take(COMPLETE)?)?;
    let partial = parse_flag(PARTIAL, &take(PARTIAL)?)?;
    Ok(Meta {
        schema_version: parse_version(&schema_version)?,
        engine_version,
        build_date,
        classes: classes
            .split(',')
            .filter(|name| !name.is_empty())
            .map(str::to_owned)
            .collect(),
        complete,
        partial,
    })
}

/// Parses a `schema_version` value.
pub(crate) fn parse_version(text: &str) -> Result<u32> {
    text.parse()
        .map_err(|_| Error::inconsistent(format!("meta {SCHEMA_VERSION} is {text:?}")))
}

/// Parses a flag written by [`flag`].
fn parse_flag(key: &str, text: &str) -> Result<bool> {
    match text {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(Error::inconsistent(format!(
            "meta {key} is {text:?}, not true or false"
        ))),
    }
}
