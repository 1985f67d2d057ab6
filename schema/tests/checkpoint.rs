//! The builder's checkpoint: what is saved comes back after reopening, and
//! files that are not checkpoints are recognised and left alone.

mod common;

use std::path::Path;

use common::{build_fixture, key, BIG, LONE};
use schema::{Checkpoint, CheckpointTag, ErrorKind, LayoutNumbers, MetricNumbers, SavedGroup};

fn tag() -> CheckpointTag {
    CheckpointTag {
        engine_version: "1.2.3".to_owned(),
        classes: vec!["0-3-0".to_owned(), "1-2-0".to_owned()],
    }
}

fn numbers(farthest_step: u32, n_layouts: u32) -> Vec<LayoutNumbers> {
    (0..n_layouts)
        .map(|i| LayoutNumbers {
            farthest_step,
            farthest_num: i + 1,
            min_solution_step: i as i32 - 1,
            min_solution_num: i,
            solution_num: 2 * i,
        })
        .collect()
}

fn saved(key: schema::GroupKey, farthest_step: u32, n_layouts: u32) -> SavedGroup {
    SavedGroup {
        key,
        numbers: numbers(farthest_step, n_layouts),
        metrics: (0..n_layouts)
            .map(|i| MetricNumbers {
                min_straight_moves: i as i32 - 1,
                min_cell_moves: 2 * i as i32 - 1,
                n_min_step_sequences: i64::from(i),
                n_min_straight_sequences: i64::from(i) << 32,
                n_min_cell_sequences: i64::from(i) << 60,
            })
            .collect(),
    }
}

#[test]
fn saved_groups_come_back_after_reopening() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("klotski.db.checkpoint");
    // Left by a process killed while creating a checkpoint.
    let creating = dir.path().join("klotski.db.checkpoint.creating");
    std::fs::write(&creating, "half made").unwrap();
    let mut checkpoint = Checkpoint::create(&path, &tag()).unwrap();
    assert!(!creating.exists());
    assert_eq!(checkpoint.saved_groups().unwrap(), []);
    let big = saved(BIG, 4, 3);
    let lone = saved(LONE, 0, 1);
    let other = saved(key(1, 2, 0, 1), 1, 2);
    checkpoint.save(std::slice::from_ref(&big)).unwrap();
    checkpoint.save(&[lone.clone(), other.clone()]).unwrap();
    drop(checkpoint);

    let checkpoint = Checkpoint::open(&path).unwrap();
    assert_eq!(checkpoint.tag().unwrap(), tag());
    assert_eq!(checkpoint.saved_groups().unwrap(), [lone, big, other]);
    checkpoint.delete().unwrap();
    let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn a_batch_is_saved_whole_or_not_at_all() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("checkpoint");
    let mut checkpoint = Checkpoint::create(&path, &tag()).unwrap();
    checkpoint.save(&[saved(BIG, 4, 3)]).unwrap();
    // Saving BIG again fails, and takes LONE down with it.
    let error = checkpoint
        .save(&[saved(LONE, 0, 1), saved(BIG, 4, 3)])
        .unwrap_err();
    assert!(matches!(error.kind(), ErrorKind::Sqlite(_)), "{error:?}");
    let keys: Vec<_> = checkpoint
        .saved_groups()
        .unwrap()
        .iter()
        .map(|group| group.key)
        .collect();
    assert_eq!(keys, [BIG]);
}

#[test]
fn an_existing_file_is_never_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("checkpoint");
    std::fs::write(&path, "notes").unwrap();
    let error = Checkpoint::create(&path, &tag()).err().unwrap();
    assert!(
        matches!(error.kind(), ErrorKind::AlreadyExists { .. }),
        "{error:?}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), b"notes");
}

/// Opens `path` as a checkpoint, expecting an error; checks the file is
/// unchanged and returns the error.
fn open_error(path: &Path) -> schema::Error {
    let before = std::fs::read(path).ok();
    let error = Checkpoint::open(path).err().expect("the open should fail");
    assert_eq!(
        std::fs::read(path).ok(),
        before,
        "{} changed",
        path.display()
    );
    error
}

#[test]
fn files_that_are_not_checkpoints_are_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing");
    assert!(matches!(
        open_error(&missing).kind(),
        ErrorKind::Missing { .. }
    ));
    assert!(!missing.exists());

    let text = dir.path().join("notes.txt");
    std::fs::write(&text, "not a checkpoint\n".repeat(100)).unwrap();
    assert!(matches!(
        open_error(&text).kind(),
        ErrorKind::NotSqlite { .. }
    ));

    // A finished database is an SQLite file, but not a checkpoint.
    let database = build_fixture(dir.path());
    assert!(matches!(
        open_error(&database).kind(),
        ErrorKind::Foreign { .. }
    ));

    let newer = dir.path().join("newer");
    Checkpoint::create(&newer, &tag()).unwrap();
    rusqlite::Connection::open(&newer)
        .unwrap()
        .pragma_update(None, "user_version", 3)
        .unwrap();
    assert!(matches!(
        open_error(&newer).kind(),
        ErrorKind::SchemaVersion {
            found: 3,
            expected: 2,
            ..
        }
    ));

    // Of these, only the checkpoint of another format may be discarded.
    for path in [&missing, &text, &database] {
        let before = std::fs::read(path).ok();
        Checkpoint::discard(path).unwrap_err();
        assert_eq!(std::fs::read(path).ok(), before, "{}", path.display());
    }
    Checkpoint::discard(&newer).unwrap();
    assert!(!newer.exists());
}
