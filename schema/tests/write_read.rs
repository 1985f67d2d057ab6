//! Rows written by the writer come back from every query.

mod common;

use std::collections::HashMap;

use common::{build, build_fixture, code, key, layout, layouts, mirrors, BIG, LEFT, LONE, RIGHT};
use schema::{
    ClassKey, ClassRow, Database, ErrorKind, GroupFilter, GroupKey, GroupRow, HistogramRow,
    LayoutRow, NamedLayoutRow, Page, Totals, Writer,
};

fn open_fixture() -> (tempfile::TempDir, Database) {
    let dir = tempfile::tempdir().unwrap();
    let db = Database::open(&build_fixture(dir.path())).unwrap();
    (dir, db)
}

fn ids(rows: &[LayoutRow]) -> Vec<u32> {
    rows.iter().map(|row| row.id).collect()
}

fn page<C>(after: Option<C>, limit: u32) -> Page<C> {
    Page { after, limit }
}

#[test]
fn every_layout_comes_back_by_id_code_and_name() {
    let (_dir, db) = open_fixture();
    for row in layouts() {
        assert_eq!(db.layout_by_id(row.id).unwrap().as_ref(), Some(&row));
        assert_eq!(db.layout_by_code(&row.code).unwrap().as_ref(), Some(&row));
        let by_name = db.layout_by_name(row.group, row.group_index).unwrap();
        assert_eq!(by_name.as_ref(), Some(&row));
    }
}

#[test]
fn all_layouts_page_by_id() {
    let (_dir, db) = open_fixture();
    assert_eq!(db.layouts(page(None, 100)).unwrap(), layouts());
    let check = |after, limit, expected: &[u32]| {
        assert_eq!(ids(&db.layouts(page(after, limit)).unwrap()), expected);
    };
    check(None, 3, &[1, 2, 3]);
    check(Some(3), 3, &[4, 5, 7]);
    check(Some(6), 10, &[7, 8, 9]);
    check(Some(9), 10, &[]);
    check(Some(u32::MAX), 10, &[]);
    check(None, 0, &[]);
    check(None, u32::MAX, &[1, 2, 3, 4, 5, 7, 8, 9]);
}

#[test]
fn absent_layouts_are_none() {
    let (_dir, db) = open_fixture();
    assert_eq!(db.layout_by_id(6).unwrap(), None);
    assert_eq!(db.layout_by_id(u32::MAX).unwrap(), None);
    assert_eq!(db.layout_by_code(&code(6)).unwrap(), None);
    assert_eq!(db.layout_by_code("not a code").unwrap(), None);
    assert_eq!(db.layout_by_name(BIG, 3).unwrap(), None);
    assert_eq!(db.layout_by_name(BIG, u32::MAX).unwrap(), None);
    assert_eq!(db.layout_by_name(key(1, 2, 0, 3), 0).unwrap(), None);
}

#[test]
fn groups_are_derived_from_their_layouts() {
    let (_dir, db) = open_fixture();
    let big = GroupRow {
        key: BIG,
        size: 3,
        smallest_code: code(2),
        diameter: 4,
        n_solved: 1,
        max_min_solution_step: 2,
        max_min_solution_code: Some(code(2)),
        mirror_group_num: 0,
    };
    let right = GroupRow {
        key: RIGHT,
        size: 2,
        smallest_code: code(4),
        diameter: 1,
        n_solved: 0,
        max_min_solution_step: -1,
        max_min_solution_code: None,
        mirror_group_num: 1,
    };
    assert_eq!(db.group(BIG).unwrap(), Some(big.clone()));
    assert_eq!(db.group(RIGHT).unwrap(), Some(right.clone()));
    assert_eq!(db.group(key(1, 2, 0, 3)).unwrap(), None);
    assert!(big.is_self_mirror());
    assert!(!right.is_self_mirror());
}

#[test]
fn a_group_pages_by_group_index() {
    let (_dir, db) = open_fixture();
    let check = |after, limit, expected: &[u32]| {
        assert_eq!(
            ids(&db.group_layouts(BIG, page(after, limit)).unwrap()),
            expected
        );
    };
    check(None, 2, &[2, 5]);
    check(Some(1), 2, &[9]);
    check(Some(2), 2, &[]);
    check(None, 0, &[]);
    check(None, u32::MAX, &[2, 5, 9]);
    check(Some(u32::MAX), u32::MAX, &[]);
    let missing = db.group_layouts(key(1, 2, 0, 3), page(None, 10)).unwrap();
    assert!(missing.is_empty());
}

#[test]
fn large_groups_page_across_member_chunks() {
    let group = key(2, 2, 1, 0);
    let rows: Vec<LayoutRow> = (0..2500)
        .map(|i| layout(3 * i + 1, group, i, 9, -1))
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let db = Database::open(&build(dir.path(), &rows, &HashMap::from([(group, 0)]))).unwrap();
    let check = |after, limit, expected: std::ops::Range<u32>| {
        let got = ids(&db.group_layouts(group, page(after, limit)).unwrap());
        let expected: Vec<u32> = expected.map(|i| 3 * i + 1).collect();
        assert_eq!(got, expected, "after {after:?} limit {limit}");
    };
    check(None, 3, 0..3);
    check(Some(996), 5, 997..1002);
    check(Some(998), 1001, 999..2000);
    check(Some(2495), 100, 2496..2500);
    check(None, 3000, 0..2500);
    assert_eq!(
        db.layout_by_name(group, 1999).unwrap(),
        Some(rows[1999].clone())
    );
    assert_eq!(
        db.layout_by_name(group, 2499).unwrap(),
        Some(rows[2499].clone())
    );
    assert_eq!(db.layout_by_name(group, 2500).unwrap(), None);
}

#[test]
fn groups_filter_and_page_by_key() {
    let (_dir, db) = open_fixture();
    let check = |filter: GroupFilter, page: Page<GroupKey>, expected: &[GroupKey]| {
        let keys: Vec<GroupKey> = db
            .groups(&filter, page)
            .unwrap()
            .iter()
            .map(|group| group.key)
            .collect();
        assert_eq!(keys, expected, "{filter:?} {page:?}");
    };
    let all = GroupFilter::default();
    check(all, page(None, 10), &[LONE, BIG, LEFT, RIGHT]);
    check(all, page(None, 2), &[LONE, BIG]);
    check(all, page(Some(BIG), 2), &[LEFT, RIGHT]);
    check(all, page(Some(RIGHT), 2), &[]);
    let class_1_2_0 = GroupFilter {
        jiang: Some(1),
        bing: Some(2),
        style: Some(0),
        ..all
    };
    check(class_1_2_0, page(None, 10), &[BIG, LEFT, RIGHT]);
    let pairs = GroupFilter {
        min_size: Some(2),
        max_size: Some(2),
        ..all
    };
    check(pairs, page(None, 10), &[LEFT, RIGHT]);
    let singles = GroupFilter {
        max_size: Some(1),
        ..all
    };
    check(singles, page(None, 10), &[LONE]);
    let none = GroupFilter {
        bing: Some(14),
        ..all
    };
    check(none, page(None, 10), &[]);
}

#[test]
fn classes_and_totals_sum_the_groups() {
    let (_dir, db) = open_fixture();
    let expected = [
        ClassRow {
            jiang: 0,
            bing: 3,
            style: 0,
            n_layouts: 1,
            n_groups: 1,
            n_solvable_groups: 0,
            n_solved: 0,
            largest_group_size: 1,
            diameter: 0,
            max_min_solution_step: -1,
            max_min_solution_code: None,
        },
        ClassRow {
            jiang: 1,
            bing: 2,
            style: 0,
            n_layouts: 7,
            n_groups: 3,
            n_solvable_groups: 1,
            n_solved: 1,
            largest_group_size: 3,
            diameter: 4,
            max_min_solution_step: 2,
            max_min_solution_code: Some(code(2)),
        },
    ];
    assert_eq!(db.classes().unwrap(), expected);
    let totals = Totals {
        n_classes: 2,
        n_groups: 4,
        n_layouts: 8,
        n_solved: 1,
    };
    assert_eq!(db.totals().unwrap(), totals);
}

#[test]
fn meta_records_the_build() {
    let (_dir, db) = open_fixture();
    let meta = db.meta().unwrap();
    assert_eq!(meta.schema_version, schema::SCHEMA_VERSION);
    assert_eq!(meta.engine_version, common::ENGINE_VERSION);
    assert_eq!(meta.classes, ["0-3-0", "1-2-0"]);
    assert!(meta.complete);
    assert!(meta.partial);
    // e.g. 2024-05-01T12:34:56Z
    let date = meta.build_date.as_bytes();
    assert_eq!(date.len(), 20, "{}", meta.build_date);
    assert_eq!((date[4], date[10], date[19]), (b'-', b'T', b'Z'));
}

/// Writes `rows` and finishes with `mirrors`; returns the first error.
fn write_error(rows: &[LayoutRow], mirrors: &HashMap<GroupKey, u32>) -> String {
    let dir = tempfile::tempdir().unwrap();
    let mut writer = Writer::create(&dir.path().join("bad.db"), "test").unwrap();
    let result = writer
        .insert_layouts(rows)
        .and_then(|()| writer.finish(mirrors, &[]));
    let error = result.unwrap_err();
    assert!(
        matches!(error.kind(), ErrorKind::Inconsistent { .. }),
        "{error:?}"
    );
    error.to_string()
}

#[test]
fn the_writer_refuses_inconsistent_rows() {
    let check = |rows: &[LayoutRow], mirrors: &[(GroupKey, u32)], expected: &str| {
        let message = write_error(rows, &mirrors.iter().copied().collect());
        assert!(message.contains(expected), "{message:?} lacks {expected:?}");
    };
    let one = [layout(1, LONE, 0, 0, -1)];
    check(&[], &[], "at least one layout");
    check(
        &[layout(5, BIG, 0, 1, 0), layout(5, BIG, 1, 1, 0)],
        &[(BIG, 0)],
        "layout id 5 after id 5",
    );
    check(
        &[layout(5, BIG, 0, 1, 0), layout(6, BIG, 2, 1, 0)],
        &[(BIG, 0)],
        "group_index 2 but is number 1",
    );
    check(&[layout(5, BIG, 0, 1, 3)], &[(BIG, 0)], "0 solved layouts");
    let unreleased_mirror = LayoutRow {
        is_mirror_as_released: false,
        ..layout(2, BIG, 0, 1, 0)
    };
    check(&[unreleased_mirror], &[(BIG, 0)], "not as released");
    check(&one, &[], "group 0-3-0-0 has no mirror group");
    check(
        &one,
        &[(LONE, 0), (BIG, 0)],
        "group 1-2-0-0 has a mirror group but no layouts",
    );
    check(
        &one,
        &[(LONE, 1)],
        "mirror group 0-3-0-1, which does not mirror it",
    );
    let unequal = [
        layout(3, LEFT, 0, 1, -1),
        layout(4, RIGHT, 0, 1, -1),
        layout(7, LEFT, 1, 1, -1),
    ];
    check(
        &unequal,
        &[(LEFT, 2), (RIGHT, 1)],
        "which does not mirror it",
    );
    check(
        &unequal[..2],
        &[(LEFT, 2), (RIGHT, 2)],
        "which does not mirror it",
    );
}

#[test]
fn the_writer_never_overwrites_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = build_fixture(dir.path());
    let error = Writer::create(&path, "test").err().unwrap();
    assert!(
        matches!(error.kind(), ErrorKind::AlreadyExists { .. }),
        "{error:?}"
    );
    assert!(error.to_string().contains("already exists"), "{error}");
    // The existing database is untouched.
    Database::open(&path).unwrap();
}

#[test]
fn layouts_may_arrive_in_several_calls() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("klotski.db");
    let mut writer = Writer::create(&path, "test").unwrap();
    let rows = layouts();
    for chunk in rows.chunks(3) {
        writer.insert_layouts(chunk).unwrap();
    }
    writer.finish(&mirrors(), &[]).unwrap();
    let db = Database::open(&path).unwrap();
    assert_eq!(db.totals().unwrap().n_layouts, 8);
    assert_eq!(db.layout_by_name(BIG, 2).unwrap().unwrap().id, 9);
}

#[test]
fn named_layouts_are_written_when_the_file_holds_their_layout() {
    let named = |name: &str, variant, code: String, published_steps| NamedLayoutRow {
        name: name.to_owned(),
        variant,
        name_traditional: format!("{name} (traditional)"),
        pinyin: "pīn yīn".to_owned(),
        english: "Gloss".to_owned(),
        code,
        source: "https://example.org/levels".to_owned(),
        published_steps,
    };
    let held = [
        named("甲", 1, code(1), Some(3)),
        named("甲", 2, code(9), None),
        named("乙", 1, code(1), None),
    ];
    // Id 6 is no layout of the fixture, as a class a partial build omits.
    let absent = named("丙", 1, code(6), Some(7));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("klotski.db");
    let mut writer = Writer::create(&path, "test").unwrap();
    writer.insert_layouts(&layouts()).unwrap();
    let all = [held[0].clone(), absent, held[1].clone(), held[2].clone()];
    writer.finish(&mirrors(), &all).unwrap();
    let db = Database::open(&path).unwrap();
    // By name (乙 sorts before 甲 in UTF-8) and variant.
    let expected = vec![held[2].clone(), held[0].clone(), held[1].clone()];
    assert_eq!(db.named_layouts().unwrap(), expected);
}

/// (step, [n_min_solution_step, n_farthest_step, n_min_straight_moves,
/// n_min_cell_moves]) rows.
fn counts(rows: Vec<HistogramRow>) -> Vec<(i32, [u32; 4])> {
    rows.iter()
        .map(|row| {
            let numbers = [
                row.n_min_solution_step,
                row.n_farthest_step,
                row.n_min_straight_moves,
                row.n_min_cell_moves,
            ];
            (row.step, numbers)
        })
        .collect()
}

#[test]
fn histograms_count_the_layouts_by_step() {
    let (_dir, db) = open_fixture();
    // Layouts 2, 5 and 9: farthest_step 4, 3, 4; min_solution_step 2, 0, 2,
    // so (in the fixture) min_straight_moves 4, 0, 4 and min_cell_moves 6,
    // 0, 6.
    let big = [
        (0, [1, 0, 1, 1]),
        (2, [2, 0, 0, 0]),
        (3, [0, 1, 0, 0]),
        (4, [0, 2, 2, 0]),
        (6, [0, 0, 0, 2]),
    ];
    assert_eq!(counts(db.group_histogram(BIG).unwrap()), big);
    // Two layouts, unsolvable, farthest_step 1.
    assert_eq!(
        counts(db.group_histogram(LEFT).unwrap()),
        [(-1, [2, 0, 2, 2]), (1, [0, 2, 0, 0])]
    );
    let class = ClassKey {
        jiang: 1,
        bing: 2,
        style: 0,
    };
    let expected = [
        (-1, [4, 0, 4, 4]),
        (0, [1, 0, 1, 1]),
        (1, [0, 4, 0, 0]),
        (2, [2, 0, 0, 0]),
        (3, [0, 1, 0, 0]),
        (4, [0, 2, 2, 0]),
        (6, [0, 0, 0, 2]),
    ];
    assert_eq!(counts(db.class_histogram(class).unwrap()), expected);
    assert!(db.group_histogram(key(1, 2, 0, 9)).unwrap().is_empty());
}
