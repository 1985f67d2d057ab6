//! The builder's tests' helpers: running the `klotski` binary, and reading a
//! database back as plain SQL sees it.

#![allow(dead_code)] // each test binary uses a different part

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use rusqlite::types::Value;
use rusqlite::{Connection, OpenFlags};

/// An empty directory for one test of the test file `file`, under cargo's
/// directory for test files.
pub fn scratch_dir(file: &str, name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(file).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The database at `path`, read-only.
pub fn read_only(path: &Path) -> Connection {
    Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap()
}

/// Every row of a query, its values joined by `,` as in the original CSVs.
pub fn lines(conn: &Connection, sql: &str) -> Vec<String> {
    let mut statement = conn.prepare(sql).unwrap();
    let n_columns = statement.column_count();
    statement
        .query_map([], |row| {
            let values = (0..n_columns)
                .map(|i| {
                    Ok(match row.get::<_, Value>(i)? {
                        Value::Integer(n) => n.to_string(),
                        Value::Text(text) => text,
                        Value::Null => String::new(),
                        other => panic!("{sql}: unexpected {other:?}"),
                    })
                })
                .collect::<rusqlite::Result<Vec<String>>>()?;
            Ok(values.join(","))
        })
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap()
}

/// Every table of a database, row by row, without the build date, and the
/// SQL of every table, view and index.
pub fn dump(path: &Path) -> Vec<String> {
    let conn = read_only(path);
    let queries = [
        "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name",
        "SELECT * FROM layout ORDER BY id",
        "SELECT * FROM layout_group ORDER BY jiang, bing, style, group_num",
        "SELECT * FROM layout_class ORDER BY jiang, bing, style",
        "SELECT * FROM layout_group_histogram ORDER BY jiang, bing, style, group_num, step",
        "SELECT * FROM layout_class_histogram ORDER BY jiang, bing, style, step",
        "SELECT * FROM layout_group_hardest ORDER BY jiang, bing, style, group_num, rank",
        "SELECT * FROM layout_class_hardest ORDER BY jiang, bing, style, rank",
        "SELECT * FROM meta WHERE key != 'build_date' ORDER BY key",
    ];
    let mut rows = Vec::new();
    for sql in queries {
        let table = lines(&conn, sql);
        assert!(!table.is_empty(), "{sql}");
        rows.extend(table);
    }
    // Empty in a file of classes that hold no named layout.
    rows.extend(lines(
        &conn,
        "SELECT * FROM named_layout ORDER BY name, variant",
    ));
    rows
}

/// Runs `klotski` with `args`.
pub fn klotski(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_klotski"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Bad arguments: exit code 2 for usage errors, 1 for others; one line on
/// standard error holding `expected_message`.
pub fn check_error(args: &[&str], expected_code: i32, expected_message: &str) {
    let output = klotski(args);
    assert_eq!(output.status.code(), Some(expected_code), "{args:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(stderr.contains(expected_message), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked") && !stderr.contains("backtrace"));
}

/// The standard output of a run that must succeed.
pub fn stdout(args: &[&str]) -> String {
    let output = klotski(args);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// The MD5 of a file, uppercase hex.
pub fn md5_of_file(path: &Path) -> String {
    use md5::{Digest, Md5};
    format!("{:X}", Md5::digest(std::fs::read(path).unwrap()))
}

/// The test data file `name` of `builder/tests/data`, its `#` comments and
/// header line left out, each line split at tabs.
pub fn data_rows(name: &str) -> Vec<Vec<String>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|line| !line.starts_with('#'))
        .skip(1)
        .map(|line| line.split('\t').map(str::to_string).collect())
        .collect()
}

/// Checks the seed files `J-B-S.txt` in `dir` against the original's
/// published ones (`tests/data/seed_files.tsv`): one for each of `classes`,
/// byte for byte (MD5), and no other.
pub fn check_seed_files(dir: &Path, classes: &[String]) {
    let published: std::collections::HashMap<String, String> = data_rows("seed_files.tsv")
        .into_iter()
        .map(|row| (row[0].clone(), row[2].to_uppercase()))
        .collect();
    for class in classes {
        let path = dir.join(format!("{class}.txt"));
        assert_eq!(md5_of_file(&path), published[class], "{}", path.display());
    }
    let n_seed_files = std::fs::read_dir(dir)
        .unwrap()
        .filter(|entry| {
            let name = entry.as_ref().unwrap().file_name();
            let name = name.to_string_lossy();
            name.ends_with(".txt") && name.matches('-').count() == 2
        })
        .count();
    assert_eq!(n_seed_files, classes.len(), "{}", dir.display());
}
