//! A small database every test can build: two classes, four groups, eight
//! layouts.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use schema::{GroupKey, LayoutNumbers, LayoutRow, MetricNumbers, Writer};

/// The engine version the fixture records.
pub const ENGINE_VERSION: &str = "test-engine";

/// Group `group_num` of class `jiang-bing-style`.
pub const fn key(jiang: u32, bing: u32, style: u32, group_num: u32) -> GroupKey {
    GroupKey {
        jiang,
        bing,
        style,
        group_num,
    }
}

/// Class 0-3-0's one group: a single layout that cannot be solved.
pub const LONE: GroupKey = key(0, 3, 0, 0);
/// Class 1-2-0's largest group, its own mirror image, with one solved layout.
pub const BIG: GroupKey = key(1, 2, 0, 0);
/// Two groups of class 1-2-0, each the mirror image of the other.
pub const LEFT: GroupKey = key(1, 2, 0, 1);
/// See [`LEFT`].
pub const RIGHT: GroupKey = key(1, 2, 0, 2);

/// A made-up code, ascending with id.
pub fn code(id: u32) -> String {
    format!("{:09X}", u64::from(id) << 28)
}

/// A layout row; the counts follow from the steps, and so do the made-up
/// numbers in the other metrics (twice and three times as many moves).
pub fn layout(
    id: u32,
    group: GroupKey,
    group_index: u32,
    farthest_step: u32,
    min_solution_step: i32,
) -> LayoutRow {
    let solvable = u32::from(min_solution_step >= 0);
    LayoutRow {
        id,
        code: code(id),
        group,
        group_index,
        is_mirror: id.is_multiple_of(2),
        // The original marked a few layouts by mistake: here id 1.
        is_mirror_as_released: id.is_multiple_of(2) || id == 1,
        numbers: LayoutNumbers {
            farthest_step,
            farthest_num: 1 + id % 3,
            min_solution_step,
            min_solution_num: solvable,
            solution_num: solvable * (1 + id % 2),
        },
        metrics: MetricNumbers {
            min_straight_moves: if solvable == 1 {
                2 * min_solution_step
            } else {
                -1
            },
            min_cell_moves: if solvable == 1 {
                3 * min_solution_step
            } else {
                -1
            },
            n_min_step_sequences: i64::from(solvable) * i64::from(1 + id),
            n_min_straight_sequences: i64::from(solvable) * i64::from(2 + id),
            n_min_cell_sequences: i64::from(solvable) << 60,
        },
    }
}

/// The fixture's layouts, in ascending id.
pub fn layouts() -> Vec<LayoutRow> {
    vec![
        layout(1, LONE, 0, 0, -1),
        layout(2, BIG, 0, 4, 2),
        layout(3, LEFT, 0, 1, -1),
        layout(4, RIGHT, 0, 1, -1),
        layout(5, BIG, 1, 3, 0),
        layout(7, LEFT, 1, 1, -1),
        layout(8, RIGHT, 1, 1, -1),
        layout(9, BIG, 2, 4, 2),
    ]
}

/// Each fixture group's mirror group.
pub fn mirrors() -> HashMap<GroupKey, u32> {
    HashMap::from([(LONE, 0), (BIG, 0), (LEFT, 2), (RIGHT, 1)])
}

/// Builds a finished database of `rows` in `dir`.
pub fn build(dir: &Path, rows: &[LayoutRow], mirrors: &HashMap<GroupKey, u32>) -> PathBuf {
    let path = dir.join("klotski.db");
    let mut writer = Writer::create(&path, ENGINE_VERSION).unwrap();
    writer.insert_layouts(rows).unwrap();
    writer.finish(mirrors, &[]).unwrap();
    path
}

/// Builds the fixture database in `dir`.
pub fn build_fixture(dir: &Path) -> PathBuf {
    build(dir, &layouts(), &mirrors())
}
