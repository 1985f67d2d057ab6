//! What SQL users meet, on a partial build holding the classic layout's
//! class: the cookbook's queries (docs/database.md) and the plans it shows
//! for them, README.md's demo query and its output, the
//! precomputed tables against scans of `layout`, a file of the previous
//! schema migrated, and Datasette with the shipped metadata.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

mod common;

use builder::classes::{self, ClassPattern};
use builder::{build_database, BuildOptions, DEFAULT_BATCH_LAYOUTS};
use common::{dump, lines, read_only};
use schema::{Database, ErrorKind, N_HARDEST, SCHEMA_VERSION};
use serde_json::Value;

/// 5-4-1 holds the layout the cookbook's queries name (1A9BF0C00, group
/// 5-4-1-1); the 7-0-* classes add unsolvable groups and mirror pairs.
const CLASSES: &str = "5-4-1,7-0-*";

/// The classes of the databases of the previous schemas in `tests/data`.
const V1_CLASSES: &str = "0-1-0,0-2-0,1-0-*,7-0-*";

/// A database of schema version 1 (the last without the classification
/// index and the derived tables), built by `klotski build-db --classes
/// 0-1-0,0-2-0,1-0-*,7-0-*` at commit 69bccd2.
const V1_DB: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/schema-v1.db");

/// A database of schema version 2 (the last without the metric columns),
/// built by `klotski build-db --classes 0-1-0,0-2-0,1-0-*,7-0-*` at commit
/// eae3520.
const V2_DB: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/schema-v2.db");

/// A database of schema version 3 (the last without the named layouts),
/// built by `klotski build-db --classes 0-1-0,0-2-0,1-0-*,7-0-*` at commit
/// fc0b4b3.
const V3_DB: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/schema-v3.db");

/// An empty directory for one test.
fn scratch_dir(name: &str) -> PathBuf {
    common::scratch_dir("sql", name)
}

/// Builds `classes` into `db`, in-process.
fn build(db: &Path, classes: &str) {
    let patterns: Vec<ClassPattern> = classes.split(',').map(|p| p.parse().unwrap()).collect();
    let options = BuildOptions {
        db: db.to_owned(),
        classes: classes::select(&patterns),
        force: false,
        batch_layouts: DEFAULT_BATCH_LAYOUTS,
        free_space: builder::space::CHECKED,
    };
    build_database(&options).unwrap();
}

/// The shared database, built once. Named `klotski.db`, as Datasette's
/// metadata expects.
fn shared_db() -> &'static Path {
    static DB: OnceLock<PathBuf> = OnceLock::new();
    DB.get_or_init(|| {
        let db = scratch_dir("shared").join("klotski.db");
        build(&db, CLASSES);
        db
    })
}

/// A ```sql block of the cookbook, and the plan shown after it, if any.
struct Cookbook {
    sql: String,
    plan: Option<Vec<String>>,
}

/// The ```sql blocks of the cookbook, each with the ```text block that follows
/// it with nothing but blank lines between: its `EXPLAIN QUERY PLAN`.
fn cookbook_queries() -> Vec<Cookbook> {
    let cookbook = include_str!("../../docs/database.md");
    let mut blocks: Vec<(String, String)> = Vec::new();
    let mut open: Option<(String, String)> = None;
    let mut after_sql = false;
    for line in cookbook.lines() {
        match (&mut open, line.trim_end()) {
            (None, fence) if fence.starts_with("```") && fence.len() > 3 => {
                let kind = fence[3..].to_owned();
                // A plan belongs to the query just before it.
                let kind = if kind == "text" && !after_sql {
                    String::from("other")
                } else {
                    kind
                };
                open = Some((kind, String::new()));
            }
            (Some(_), "```") => {
                let block = open.take().unwrap();
                after_sql = block.0 == "sql";
                blocks.push(block);
            }
            (Some((_, text)), line) => {
                text.push_str(line);
                text.push('\n');
            }
            (None, line) => after_sql &= line.is_empty(),
        }
    }
    let mut queries: Vec<Cookbook> = Vec::new();
    for (kind, text) in blocks {
        match kind.as_str() {
            "sql" => queries.push(Cookbook {
                sql: text,
                plan: None,
            }),
            "text" => {
                queries.last_mut().unwrap().plan = Some(text.lines().map(str::to_owned).collect())
            }
            _ => {}
        }
    }
    queries
}

/// The steps of a query's plan, as `EXPLAIN QUERY PLAN` details.
fn plan(conn: &rusqlite::Connection, sql: &str) -> Vec<String> {
    let mut explain = conn.prepare(&format!("EXPLAIN QUERY PLAN {sql}")).unwrap();
    explain
        .query_map([], |row| row.get(3))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap()
}

#[test]
fn the_cookbook_queries_run_with_the_plans_it_shows() {
    let conn = read_only(shared_db());
    let queries = cookbook_queries();
    let n_plans = queries.iter().filter(|q| q.plan.is_some()).count();
    assert!(
        queries.len() >= 12 && n_plans >= 8,
        "{} queries, {n_plans} plans",
        queries.len()
    );
    for query in queries {
        let rows = lines(&conn, &query.sql);
        assert!(!rows.is_empty(), "no rows from {}", query.sql);
        if let Some(expected) = query.plan {
            assert_eq!(plan(&conn, &query.sql), expected, "{}", query.sql);
        }
    }
}

/// README.md's demo: the query of its `sqlite3 -header -column` command,
/// and the output shown after it.
struct Demo {
    sql: String,
    output: Vec<String>,
}

/// The demo of README.md's quick start: the command's double-quoted SQL,
/// and the lines of the ```text block after it.
fn readme_demo() -> Demo {
    let readme = include_str!("../../README.md");
    let command = readme
        .find("sqlite3 -header -column")
        .expect("README.md shows no `sqlite3 -header -column` command");
    let rest = &readme[command..];
    let open = rest.find('"').unwrap() + 1;
    let close = open + rest[open..].find('"').unwrap();
    let after = &rest[close..];
    let start = after.find("```text\n").expect("no output after the demo") + "```text\n".len();
    let end = start + after[start..].find("```").unwrap();
    Demo {
        sql: rest[open..close].to_owned(),
        output: after[start..end].lines().map(str::to_owned).collect(),
    }
}

#[test]
fn the_readme_demo_prints_what_the_readme_shows() {
    let demo = readme_demo();
    let conn = read_only(shared_db());
    let statement = conn.prepare(&demo.sql).unwrap();
    let columns: Vec<&str> = statement.column_names().collect();
    let shown: Vec<Vec<&str>> = demo
        .output
        .iter()
        .map(|line| line.split_whitespace().collect())
        .collect();
    assert_eq!(shown[0], columns, "the header");
    assert!(
        shown[1].len() == columns.len()
            && shown[1]
                .iter()
                .all(|dashes| dashes.chars().all(|c| c == '-')),
        "{:?}",
        demo.output[1]
    );
    let rows: Vec<String> = shown[2..].iter().map(|row| row.join(",")).collect();
    assert!(rows.len() >= 2, "{rows:?}");
    assert_eq!(rows, lines(&conn, &demo.sql), "{}", demo.sql);
}

/// The rows of `sql` on the shared database.
fn select(sql: &str) -> Vec<String> {
    lines(&read_only(shared_db()), sql)
}

#[test]
fn histograms_equal_counts_by_scanning() {
    for (column, count) in [
        ("min_solution_step", "n_min_solution_step"),
        ("farthest_step", "n_farthest_step"),
        ("min_straight_moves", "n_min_straight_moves"),
        ("min_cell_moves", "n_min_cell_moves"),
    ] {
        let scanned = select(&format!(
            "SELECT jiang, bing, style, group_num, {column}, count(*) FROM layout \
             GROUP BY jiang, bing, style, group_num, {column} ORDER BY 1, 2, 3, 4, 5"
        ));
        let stored = select(&format!(
            "SELECT jiang, bing, style, group_num, step, {count} FROM layout_group_histogram \
             WHERE {count} > 0 ORDER BY 1, 2, 3, 4, 5"
        ));
        assert!(scanned.len() > 1000, "{}", scanned.len());
        assert_eq!(stored, scanned, "{column}");
        let scanned = select(&format!(
            "SELECT jiang, bing, style, {column}, count(*) FROM layout \
             GROUP BY jiang, bing, style, {column} ORDER BY 1, 2, 3, 4"
        ));
        let stored = select(&format!(
            "SELECT jiang, bing, style, step, {count} FROM layout_class_histogram \
             WHERE {count} > 0 ORDER BY 1, 2, 3, 4"
        ));
        assert_eq!(stored, scanned, "{column}");
    }
    // Each step appears where some layout has it, for one number or another.
    let empty = select(
        "SELECT count(*) FROM layout_group_histogram \
         WHERE n_min_solution_step = 0 AND n_farthest_step = 0 \
           AND n_min_straight_moves = 0 AND n_min_cell_moves = 0",
    );
    assert_eq!(empty, ["0"]);
}

#[test]
fn hardest_tables_equal_rankings_by_sorting() {
    for (scope, key) in [
        ("group", "jiang, bing, style, group_num"),
        ("class", "jiang, bing, style"),
    ] {
        for column in [
            "min_solution_step",
            "farthest_step",
            "min_straight_moves",
            "min_cell_moves",
        ] {
            let sorted = select(&format!(
                "SELECT * FROM (SELECT {key}, row_number() OVER \
                 (PARTITION BY {key} ORDER BY {column} DESC, id) AS rank, id FROM layout) \
                 WHERE rank <= {N_HARDEST} ORDER BY {key}, rank"
            ));
            let stored = select(&format!(
                "SELECT {key}, rank, by_{column} FROM layout_{scope}_hardest ORDER BY {key}, rank"
            ));
            assert!(sorted.len() > 2 * N_HARDEST, "{}", sorted.len());
            assert_eq!(stored, sorted, "{scope} by {column}");
        }
    }
}

/// Runs `klotski args`; returns its exit code and its standard output, or
/// the last line of its standard error.
fn klotski(args: &[&str]) -> (Option<i32>, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_klotski"))
        .args(args)
        .env("RUST_LOG", "off")
        .output()
        .expect("the binary runs");
    let text = if output.status.success() {
        String::from_utf8_lossy(&output.stdout).into_owned()
    } else {
        let stderr = String::from_utf8_lossy(&output.stderr);
        stderr.lines().last().unwrap_or_default().to_owned()
    };
    (output.status.code(), text)
}

#[test]
fn migrating_a_file_of_a_previous_schema_gives_the_rows_of_a_new_build() {
    check_migration(V1_DB, 1);
    check_migration(V2_DB, 2);
    check_migration(V3_DB, 3);
}

/// A file of schema 3 of classes with named layouts gains them: the shared
/// database, without what schema 4 added, migrates back to its rows.
#[test]
fn a_migration_from_schema_3_writes_the_named_layouts() {
    let dir = scratch_dir("named");
    let old = dir.join("old.db");
    std::fs::copy(shared_db(), &old).unwrap();
    rusqlite::Connection::open(&old)
        .unwrap()
        .execute_batch(
            "DROP VIEW named_layout_errata; DROP TABLE named_layout; \
             PRAGMA user_version = 3; UPDATE meta SET value = '3' WHERE key = 'schema_version';",
        )
        .unwrap();
    let path = old.to_str().unwrap();
    let (code, out) = klotski(&["migrate", "--db", path]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("schema version 3 -> 4"), "{out}");
    let named = select("SELECT count(*) FROM named_layout");
    assert_ne!(named, ["0"]);
    assert_eq!(dump(&old), dump(shared_db()));
}

/// Migrates a copy of `fixture`, of schema version `from`, and compares it
/// with a new build of the same classes.
fn check_migration(fixture: &str, from: u32) {
    let dir = scratch_dir(&format!("migrate-{from}"));
    let old = dir.join("old.db");
    std::fs::copy(fixture, &old).unwrap();
    let error = Database::open(&old).err().unwrap();
    assert!(
        matches!(error.kind(), ErrorKind::Outdated { found, .. } if *found == from),
        "{error:?}"
    );
    let path = old.to_str().unwrap();
    assert!(
        error
            .to_string()
            .contains(&format!("run `klotski migrate --db {path}`")),
        "{error}"
    );

    let (code, out) = klotski(&["migrate", "--db", path]);
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains(&format!("schema version {from} -> {SCHEMA_VERSION}")),
        "{out}"
    );
    let fresh = dir.join("fresh.db");
    build(&fresh, V1_CLASSES);
    assert_eq!(dump(&old), dump(&fresh));
    Database::open(&old).unwrap();

    let (code, out) = klotski(&["migrate", "--db", path]);
    assert_eq!(
        (code, out.trim_end()),
        (
            Some(0),
            &*format!("{path} already has schema version {SCHEMA_VERSION}: nothing to do")
        )
    );
}

#[test]
fn a_migration_that_fails_leaves_the_file_as_it_was() {
    let dir = scratch_dir("failed");
    let old = dir.join("old.db");
    std::fs::copy(V1_DB, &old).unwrap();
    // A group row that disagrees with its layouts.
    rusqlite::Connection::open(&old)
        .unwrap()
        .execute(
            "UPDATE layout_group SET diameter = 99 WHERE group_num = 0 AND jiang = 1",
            [],
        )
        .unwrap();
    let before = std::fs::read(&old).unwrap();
    let path = old.to_str().unwrap();
    let (code, error) = klotski(&["migrate", "--db", path]);
    assert_eq!(code, Some(1), "{error}");
    assert!(
        error.contains("layout_group's row of group 1-0-0-0 disagrees with its layouts"),
        "{error}"
    );
    assert_eq!(std::fs::read(&old).unwrap(), before);

    // A sound file of schema 2 on a full disk, then on a read-only one.
    let sound = dir.join("sound.db");
    std::fs::copy(V2_DB, &sound).unwrap();
    let before = std::fs::read(&sound).unwrap();
    for (full, reason) in [
        (true, "disk I/O error"),
        (false, "attempt to write a readonly database"),
    ] {
        let (code, error) = klotski_limited(&sound, full);
        assert_eq!(code, Some(1), "{error}");
        assert!(error.contains("failed, the file is as it was"), "{error}");
        assert!(error.contains(reason), "{error}");
        assert_eq!(std::fs::read(&sound).unwrap(), before);
    }

    for (file, reason) in [
        (dir.join("missing.db"), "no database at"),
        (
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"),
            "is not an SQLite database",
        ),
    ] {
        let (code, error) = klotski(&["migrate", "--db", file.to_str().unwrap()]);
        assert_eq!(code, Some(1), "{error}");
        assert!(error.contains(reason), "{error}");
    }
}

/// Runs `klotski migrate --db db` on a full disk (`full`: no file may grow
/// past the size of `db`, as `ulimit -f` sets it) or a read-only one (the
/// file made read-only; run as another user when this one is root, whom no
/// file mode stops). Returns what [`klotski`] does.
fn klotski_limited(db: &Path, full: bool) -> (Option<i32>, String) {
    let path = db.to_str().unwrap();
    let script = if full {
        // In the 512-byte blocks of a POSIX shell; growing past the limit
        // is then an error, not a SIGXFSZ.
        let blocks = std::fs::metadata(db).unwrap().len() / 512;
        format!("trap '' XFSZ; ulimit -f {blocks}; exec \"$0\" migrate --db {path}")
    } else {
        format!("exec \"$0\" migrate --db {path}")
    };
    let mut mode = std::fs::metadata(db).unwrap().permissions();
    let writable = mode.clone();
    if !full {
        mode.set_readonly(true);
        std::fs::set_permissions(db, mode).unwrap();
    }
    // Root writes to a read-only file: then run as nobody (util-linux's
    // setpriv, in every Debian).
    let is_root = std::fs::OpenOptions::new().append(true).open(db).is_ok();
    let mut command = if !full && is_root {
        let mut command = Command::new("setpriv");
        command.args(["--reuid=65534", "--regid=65534", "--clear-groups", "sh"]);
        command
    } else {
        Command::new("sh")
    };
    let output = command
        .args(["-c", &script, env!("CARGO_BIN_EXE_klotski")])
        .env("RUST_LOG", "off")
        .output()
        .expect("sh runs");
    std::fs::set_permissions(db, writable).unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    (
        output.status.code(),
        stderr.lines().last().unwrap_or_default().to_owned(),
    )
}

/// Datasette's answer to `path` on the shared database with the shipped
/// metadata, run as docs/database.md says, within its default time limits: JSON, or
/// the page as a JSON string.
fn datasette_get(path: &str) -> Value {
    let metadata = concat!(env!("CARGO_MANIFEST_DIR"), "/../datasette/metadata.json");
    let output = Command::new("datasette")
        .arg("-i")
        .arg(shared_db())
        .args([
            "-m",
            metadata,
            "--setting",
            "suggest_facets",
            "off",
            "--get",
            path,
        ])
        .output()
        .expect("Datasette runs (pip install datasette)");
    let body = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{path}: {body} {stderr}");
    serde_json::from_str(&body).unwrap_or(Value::String(body))
}

#[test]
#[cfg_attr(missing_datasette, ignore = "needs Datasette: pip install datasette")]
fn datasette_answers_the_cookbook_pages_with_the_metadata() {
    let db = Database::open(shared_db()).unwrap();
    let class = db
        .classes()
        .unwrap()
        .into_iter()
        .find(|c| c.name() == "5-4-1")
        .unwrap();
    let table = datasette_get("/klotski/layout.json?_size=1");
    assert_eq!(table["table"], "layout");
    // Filtered by class and by group: counted through the index.
    let by_class = datasette_get("/klotski/layout.json?jiang=5&bing=4&style=1&_size=3");
    assert_eq!(by_class["filtered_table_rows_count"], class.n_layouts);
    let group = "jiang=5&bing=4&style=1&group_num=1";
    for sort in ["&_sort=group_index", ""] {
        let page = datasette_get(&format!(
            "/klotski/layout.json?{group}{sort}&_shape=objects&_size=3"
        ));
        assert_eq!(page["filtered_table_rows_count"], 25_955, "{sort}");
        let indexes: Vec<&Value> = page["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|row| &row["group_index"])
            .collect();
        assert_eq!(indexes, [0, 1, 2], "{sort}");
    }
    // The metadata: column descriptions on the table page.
    let page = datasette_get("/klotski/layout");
    assert!(page
        .as_str()
        .unwrap()
        .contains("Rank of the code among all 29,334,498 legal codes"));
    // The canned queries.
    for code in ["4WVE1", "1a9bf0c", "1A9BF0C00"] {
        let found = datasette_get(&format!(
            "/klotski/layout_by_code.json?code={code}&_shape=array"
        ));
        assert_eq!(found.as_array().unwrap().len(), 1, "{code}");
        assert_eq!(
            (&found[0]["code"], &found[0]["name"]),
            (&json("1A9BF0C00"), &json("5-4-1-1-7472")),
            "{code}"
        );
    }
    let hardest =
        datasette_get("/klotski/hardest_of_class.json?jiang=5&bing=4&style=1&_shape=array");
    assert_eq!(hardest.as_array().unwrap().len(), 100);
    assert_eq!(
        hardest[0]["by_min_solution_step"],
        json(&class.max_min_solution_code.unwrap())
    );
    assert_eq!(hardest[0]["min_solution_step"], class.max_min_solution_step);
    let histogram = datasette_get("/klotski/group_of_layout.json?code=1A9BF0C00&_shape=array");
    let rows = histogram.as_array().unwrap();
    assert_eq!(rows[0]["grp"], "5-4-1-1");
    for column in ["n_min_solution_step", "n_farthest_step"] {
        let total: u64 = rows.iter().map(|row| row[column].as_u64().unwrap()).sum();
        assert_eq!(total, 25_955, "{column}");
    }
    let in_order = datasette_get(&format!(
        "/klotski/group_layouts.json?{group}&first_group_index=7472&_shape=array"
    ));
    assert_eq!(
        (&in_order[0]["group_index"], &in_order[0]["code"]),
        (&Value::from(7472), &json("1A9BF0C00"))
    );
}

fn json(text: &str) -> Value {
    Value::String(text.to_owned())
}
