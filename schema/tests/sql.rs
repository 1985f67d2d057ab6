//! What people see who query the file with plain SQL: the views, the
//! generated columns and the query plans.

mod common;

use common::{build_fixture, code};
use rusqlite::types::Value;
use rusqlite::{Connection, OpenFlags};

fn open_fixture() -> (tempfile::TempDir, Connection) {
    let dir = tempfile::tempdir().unwrap();
    let path = build_fixture(dir.path());
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    (dir, conn)
}

/// The column names and rows of a query.
fn select(conn: &Connection, sql: &str) -> (Vec<String>, Vec<Vec<Value>>) {
    let mut statement = conn.prepare(sql).unwrap();
    let names = statement.column_names().map(str::to_owned).collect();
    let n_columns = statement.column_count();
    let rows = statement
        .query_map([], |row| (0..n_columns).map(|i| row.get(i)).collect())
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap();
    (names, rows)
}

fn int(value: i64) -> Value {
    Value::Integer(value)
}

fn text(value: &str) -> Value {
    Value::Text(value.to_owned())
}

#[test]
fn lookups_by_code_use_the_index() {
    let (_dir, conn) = open_fixture();
    for sql in [
        "SELECT * FROM layout WHERE code = ?1",
        "SELECT * FROM main WHERE code = ?1",
    ] {
        let plan: Vec<String> = conn
            .prepare(&format!("EXPLAIN QUERY PLAN {sql}"))
            .unwrap()
            .query_map([code(2)], |row| row.get(3))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap();
        assert_eq!(
            plan,
            ["SEARCH layout USING INDEX layout_code (code=?)"],
            "{sql}"
        );
    }
}

#[test]
fn the_views_have_the_original_columns() {
    let (_dir, conn) = open_fixture();
    let (names, rows) = select(&conn, "SELECT * FROM main WHERE id IN (1, 2) ORDER BY id");
    let expected_names = [
        "id",
        "code",
        "is_mirror",
        "jiang_num",
        "bing_num",
        "style_num",
        "group_num",
        "group_index",
    ];
    assert_eq!(names, expected_names);
    let expected = [
        // Not a mirror image, but marked as one in the original release.
        [
            int(1),
            text(&code(1)),
            text("Y"),
            int(0),
            int(3),
            int(0),
            int(0),
            int(0),
        ],
        [
            int(2),
            text(&code(2)),
            text("Y"),
            int(1),
            int(2),
            int(0),
            int(0),
            int(0),
        ],
    ];
    assert_eq!(rows, expected);

    let (names, rows) = select(&conn, "SELECT * FROM farthest WHERE id = 2");
    assert_eq!(names, ["id", "farthest_step", "farthest_num"]);
    assert_eq!(rows, [[int(2), int(4), int(3)]]);

    let (names, rows) = select(
        &conn,
        "SELECT * FROM solution WHERE id IN (1, 5) ORDER BY id",
    );
    let expected_names = [
        "id",
        "min_solution_step",
        "min_solution_num",
        "solution_num",
    ];
    assert_eq!(names, expected_names);
    assert_eq!(
        rows,
        [
            [int(1), int(-1), int(0), int(0)],
            [int(5), int(0), int(1), int(2)]
        ]
    );
}

#[test]
fn short_codes_are_the_id_in_base_32() {
    let mut conn = Connection::open_in_memory().unwrap();
    schema::migrate(&mut conn).unwrap();
    let cases = [
        (0, "11111"),
        (31, "1111Z"),
        (32, "11121"),
        (4_091_296, "4WVE1"),
        (10_399_732, "AXCZN"),
        (29_334_497, "VZ7Z2"),
    ];
    for (id, short_code) in cases {
        conn.execute(
            "INSERT INTO layout (id, code, jiang, bing, style, group_num, group_index, \
             is_mirror, is_mirror_as_released, farthest_step, farthest_num, min_solution_step, \
             min_solution_num, solution_num) \
             VALUES (?1, printf('%09X', ?1), 0, 0, 0, 0, 0, 0, 0, 0, 1, -1, 0, 0)",
            [id],
        )
        .unwrap();
        let got: String = conn
            .query_row("SELECT short_code FROM layout WHERE id = ?1", [id], |row| {
                row.get(0)
            })
            .unwrap();
        assert_eq!(got, short_code, "id {id}");
    }
}

#[test]
fn groups_know_whether_they_are_their_own_mirror() {
    let (_dir, conn) = open_fixture();
    let (_, rows) = select(
        &conn,
        "SELECT group_num, mirror_group_num, is_self_mirror FROM layout_group \
         WHERE jiang = 1 ORDER BY group_num",
    );
    let expected = [
        [int(0), int(0), int(1)],
        [int(1), int(2), int(0)],
        [int(2), int(1), int(0)],
    ];
    assert_eq!(rows, expected);
}
