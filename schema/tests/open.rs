//! Opening tells apart every way a file can fail to be a finished database.

mod common;

use std::path::Path;

use common::{build_fixture, layouts};
use rusqlite::Connection;
use schema::{Database, ErrorKind, Writer};

/// Opens `path`, expecting an error whose message names the fix; returns it.
fn open_error(path: &Path) -> schema::Error {
    let error = Database::open(path).err().expect("the open should fail");
    let message = error.to_string();
    assert!(message.contains("run `klotski build-db`"), "{message}");
    assert!(message.contains(&path.display().to_string()), "{message}");
    error
}

#[test]
fn a_finished_database_opens() {
    let dir = tempfile::tempdir().unwrap();
    let db = Database::open(&build_fixture(dir.path())).unwrap();
    db.check_integrity().unwrap();
}

#[test]
fn an_immutable_open_reads_the_same_whatever_the_path_holds() {
    let dir = tempfile::tempdir().unwrap();
    let built = build_fixture(dir.path());
    // Characters a URI's path cannot hold as they are.
    let odd = dir.path().join("a ?b#c%20d.db");
    std::fs::rename(&built, &odd).unwrap();
    let plain = Database::open(&odd).unwrap();
    let immutable = Database::open_immutable(&odd).unwrap();
    let code = layouts()[0].code.clone();
    let row = immutable.layout_by_code(&code).unwrap().expect("stored");
    assert_eq!(Some(row), plain.layout_by_code(&code).unwrap());
    // The checks of a plain open apply: a missing file is refused.
    let missing = dir.path().join("a ?b#c.db");
    let error = Database::open_immutable(&missing).err().expect("missing");
    assert!(matches!(error.kind(), ErrorKind::Missing { .. }), "{error}");
}

#[test]
fn a_damaged_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = build_fixture(dir.path());
    let mut bytes = std::fs::read(&path).unwrap();
    let page_size = 4096;
    assert!(bytes.len() > 2 * page_size, "{} bytes", bytes.len());
    // Every page but the first (the header and the table of tables).
    for byte in &mut bytes[page_size..] {
        *byte = 0x5A;
    }
    std::fs::write(&path, &bytes).unwrap();
    let error = Database::open(&path)
        .and_then(|db| db.check_integrity())
        .unwrap_err();
    assert!(
        matches!(error.kind(), ErrorKind::Corrupt { .. }),
        "{error:?}"
    );
    let message = open_error_message(&error, &path);
    assert!(message.contains("is damaged"), "{message}");
}

#[test]
fn a_damaged_page_found_by_the_integrity_check() {
    let dir = tempfile::tempdir().unwrap();
    let path = build_fixture(dir.path());
    let mut bytes = std::fs::read(&path).unwrap();
    let page_size = 4096;
    let last_page = bytes.len() - page_size;
    for byte in &mut bytes[last_page..] {
        *byte = 0x5A;
    }
    std::fs::write(&path, &bytes).unwrap();
    let db = Database::open(&path).unwrap();
    let error = db.check_integrity().unwrap_err();
    assert!(
        matches!(error.kind(), ErrorKind::Corrupt { .. }),
        "{error:?}"
    );
    open_error_message(&error, &path);
}

/// The message of an error about `path`, which must name it and the fix.
fn open_error_message(error: &schema::Error, path: &Path) -> String {
    let message = error.to_string();
    assert!(message.contains("run `klotski build-db`"), "{message}");
    assert!(message.contains(&path.display().to_string()), "{message}");
    message
}

#[test]
fn a_missing_file() {
    let dir = tempfile::tempdir().unwrap();
    let error = open_error(&dir.path().join("nothing.db"));
    assert!(
        matches!(error.kind(), ErrorKind::Missing { .. }),
        "{error:?}"
    );
    assert!(error.to_string().starts_with("no database at"), "{error}");
}

#[test]
fn files_that_are_not_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let text = dir.path().join("notes.txt");
    std::fs::write(&text, "1A9BF0C00 is the classic layout.\n".repeat(200)).unwrap();
    for path in [text.as_path(), dir.path()] {
        let error = open_error(path);
        assert!(
            matches!(error.kind(), ErrorKind::NotSqlite { .. }),
            "{error:?}"
        );
        assert!(
            error.to_string().contains("not an SQLite database"),
            "{error}"
        );
    }
}

#[test]
fn sqlite_files_of_something_else() {
    let dir = tempfile::tempdir().unwrap();
    let other = dir.path().join("other.db");
    Connection::open(&other)
        .unwrap()
        .execute_batch("CREATE TABLE meta (key TEXT, value TEXT);")
        .unwrap();
    let empty = dir.path().join("empty.db");
    std::fs::write(&empty, "").unwrap();
    for path in [other, empty] {
        let error = open_error(&path);
        assert!(
            matches!(error.kind(), ErrorKind::Foreign { .. }),
            "{error:?}"
        );
        assert!(error.to_string().contains("not a Klotski one"), "{error}");
    }
}

#[test]
fn an_unfinished_build() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("half.db");
    let mut writer = Writer::create(&path, "test").unwrap();
    writer.insert_layouts(&layouts()).unwrap();
    drop(writer);
    let error = open_error(&path);
    assert!(
        matches!(error.kind(), ErrorKind::Incomplete { .. }),
        "{error:?}"
    );
    assert!(error.to_string().contains("did not finish"), "{error}");
}

#[test]
fn another_schema_version() {
    let dir = tempfile::tempdir().unwrap();
    let path = build_fixture(dir.path());
    Connection::open(&path)
        .unwrap()
        .pragma_update(None, "user_version", 99)
        .unwrap();
    let error = open_error(&path);
    assert!(
        matches!(
            error.kind(),
            ErrorKind::SchemaVersion {
                found: 99,
                expected: schema::SCHEMA_VERSION,
                ..
            }
        ),
        "{error:?}"
    );
}

#[test]
fn versions_that_disagree() {
    let dir = tempfile::tempdir().unwrap();
    let path = build_fixture(dir.path());
    Connection::open(&path)
        .unwrap()
        .execute(
            "UPDATE meta SET value = '7' WHERE key = 'schema_version'",
            [],
        )
        .unwrap();
    let error = Database::open(&path).err().unwrap();
    assert!(
        matches!(error.kind(), ErrorKind::Inconsistent { .. }),
        "{error:?}"
    );
}
