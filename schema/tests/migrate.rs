//! The migration runner, on the schema's own migrations and on made-up ones.

use rusqlite::Connection;
use schema::{
    apply_migrations, migrate, ErrorKind, Migration, APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION,
};

fn user_version(conn: &Connection) -> u32 {
    conn.pragma_query_value(None, "user_version", |row| row.get(0))
        .unwrap()
}

fn meta_version(conn: &Connection) -> Option<String> {
    conn.query_row(
        "SELECT value FROM meta WHERE key = 'schema_version'",
        [],
        |row| row.get(0),
    )
    .ok()
}

/// Every table, view and index, with its SQL.
fn schema_objects(conn: &Connection) -> Vec<(String, String, Option<String>)> {
    conn.prepare("SELECT type, name, sql FROM sqlite_master ORDER BY type, name")
        .unwrap()
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap()
}

#[test]
fn migrations_apply_to_an_empty_database_and_record_the_version() {
    let mut conn = Connection::open_in_memory().unwrap();
    assert_eq!(migrate(&mut conn).unwrap(), SCHEMA_VERSION);
    assert_eq!(SCHEMA_VERSION, 4);
    assert_eq!(user_version(&conn), SCHEMA_VERSION);
    assert_eq!(meta_version(&conn).as_deref(), Some("4"));
    let application_id: i32 = conn
        .pragma_query_value(None, "application_id", |row| row.get(0))
        .unwrap();
    assert_eq!(application_id, APPLICATION_ID);
    let names: Vec<(String, String)> = schema_objects(&conn)
        .into_iter()
        .filter(|(_, name, _)| !name.starts_with("sqlite_"))
        .map(|(kind, name, _)| (kind, name))
        .collect();
    let expected = [
        ("index", "layout_classification"),
        ("index", "layout_code"),
        ("index", "named_layout_code"),
        ("table", "layout"),
        ("table", "layout_class"),
        ("table", "layout_class_hardest"),
        ("table", "layout_class_histogram"),
        ("table", "layout_group"),
        ("table", "layout_group_hardest"),
        ("table", "layout_group_histogram"),
        ("table", "meta"),
        ("table", "named_layout"),
        ("view", "farthest"),
        ("view", "main"),
        ("view", "named_layout_errata"),
        ("view", "solution"),
    ];
    let expected: Vec<(String, String)> = expected
        .iter()
        .map(|(kind, name)| (kind.to_string(), name.to_string()))
        .collect();
    assert_eq!(names, expected);
    let columns: Vec<String> = conn
        .prepare("SELECT name FROM pragma_table_info('layout') WHERE cid >= 14")
        .unwrap()
        .query_map([], |row| row.get(0))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap();
    assert_eq!(
        columns,
        [
            "min_straight_moves",
            "min_cell_moves",
            "n_min_step_sequences",
            "n_min_straight_sequences",
            "n_min_cell_sequences"
        ]
    );
}

#[test]
fn migrating_again_changes_nothing() {
    let mut conn = Connection::open_in_memory().unwrap();
    migrate(&mut conn).unwrap();
    let before = schema_objects(&conn);
    assert_eq!(migrate(&mut conn).unwrap(), SCHEMA_VERSION);
    assert_eq!(schema_objects(&conn), before);
}

const V1: Migration = Migration {
    version: 1,
    sql: "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
          CREATE TABLE t (a INTEGER);",
};
const V2: Migration = Migration {
    version: 2,
    sql: "ALTER TABLE t ADD COLUMN b INTEGER;",
};
const V3_BROKEN: Migration = Migration {
    version: 3,
    sql: "ALTER TABLE no_such_table ADD COLUMN c INTEGER;",
};

/// Applies each list in turn to one new database; returns the last result,
/// the recorded versions and the columns of `t`.
fn check(lists: &[&[Migration]]) -> (Result<u32, String>, u32, Option<String>, Vec<String>) {
    let mut conn = Connection::open_in_memory().unwrap();
    let mut result = Ok(0);
    for list in lists {
        result = apply_migrations(&mut conn, list).map_err(|e| {
            assert!(matches!(e.kind(), ErrorKind::Migration { .. }), "{e:?}");
            e.to_string()
        });
    }
    let columns = conn
        .prepare("SELECT name FROM pragma_table_info('t')")
        .unwrap()
        .query_map([], |row| row.get(0))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap();
    (result, user_version(&conn), meta_version(&conn), columns)
}

#[test]
fn migrations_apply_in_order() {
    let (result, version, meta, columns) = check(&[&[V1, V2]]);
    assert_eq!(result, Ok(2));
    assert_eq!((version, meta.as_deref()), (2, Some("2")));
    assert_eq!(columns, ["a", "b"]);
}

#[test]
fn only_pending_migrations_apply() {
    // V1 run twice would fail: its table exists.
    let (result, version, _, columns) = check(&[&[V1], &[V1, V2]]);
    assert_eq!(result, Ok(2));
    assert_eq!(version, 2);
    assert_eq!(columns, ["a", "b"]);
}

#[test]
fn a_failing_migration_applies_nothing() {
    let (result, version, meta, columns) = check(&[&[V1, V2, V3_BROKEN]]);
    let message = result.unwrap_err();
    assert!(message.contains("migration 3 failed"), "{message}");
    assert!(message.contains("no_such_table"), "{message}");
    assert_eq!((version, meta), (0, None));
    assert!(columns.is_empty());
}

#[test]
fn versions_must_ascend() {
    let (result, version, ..) = check(&[&[V2, V1]]);
    let message = result.unwrap_err();
    assert!(message.contains("must ascend"), "{message}");
    assert_eq!(version, 0);
}

#[test]
fn a_database_newer_than_the_migrations_is_refused() {
    let (result, version, ..) = check(&[&[V1, V2], &[V1]]);
    let message = result.unwrap_err();
    assert!(message.contains("newer"), "{message}");
    assert_eq!(version, 2);
}

#[test]
fn the_schema_migrations_ascend_from_one() {
    let versions: Vec<u32> = MIGRATIONS.iter().map(|m| m.version).collect();
    let expected: Vec<u32> = (1..=SCHEMA_VERSION).collect();
    assert_eq!(versions, expected);
}
