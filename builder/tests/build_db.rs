//! `klotski build-db` and `klotski export --db` end to end on partial builds
//! of small classes: every row compared with the engine, the views, a killed
//! build resumed, files in the way refused. (README's SQL: `sql.rs`.)

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

mod common;
#[allow(dead_code)] // the waits this file needs, shared with the server's tests
#[path = "../../server/tests/common/lines.rs"]
mod waits;

use common::{dump, klotski, lines, read_only};
use waits::Lines;

use builder::classes::{select, ClassPattern};
use builder::export::release_order;
use builder::output::with_suffix;
use builder::{build_database, BuildOptions, DEFAULT_BATCH_LAYOUTS};
use klotski::analysis::{analyse_group, GroupGraph};
use klotski::{AllCodes, Class, ClassGroups, Code};
use schema::{Checkpoint, CheckpointTag, Database, GroupKey, GroupRow, LayoutNumbers, LayoutRow};
use schema::{MetricNumbers, Page, SavedGroup, Writer};

/// The classes of the database most tests share: one group or many, mirror
/// pairs, solvable or not, one standard class; about 30,000 layouts,
/// analysed in a fraction of a second. 7-0-0 is empty.
const SHARED_CLASSES: &str = "0-0-0,0-1-0,0-2-0,0-3-0,1-0-*,5-4-5,6-0-*,7-0-*";

fn classes(list: &str) -> Vec<Class> {
    let patterns: Vec<ClassPattern> = list.split(',').map(|p| p.parse().unwrap()).collect();
    select(&patterns)
}

/// An empty directory for one test.
fn scratch_dir(name: &str) -> PathBuf {
    common::scratch_dir("build_db", name)
}

/// The shared database, built once, in-process.
fn shared_db() -> &'static Path {
    static DB: OnceLock<PathBuf> = OnceLock::new();
    DB.get_or_init(|| {
        let db = scratch_dir("shared").join("klotski.db");
        let options = BuildOptions {
            db: db.clone(),
            classes: classes(SHARED_CLASSES),
            force: false,
            batch_layouts: DEFAULT_BATCH_LAYOUTS,
            free_space: builder::space::CHECKED,
        };
        let summary = build_database(&options).unwrap();
        assert_eq!(summary.n_classes, 21, "7-0-0 holds no layouts");
        db
    })
}

/// The rows the shared database should hold, straight from the engine
/// (whose analyser its own tests check against one search per layout), with
/// the mirror group found from every layout's mirror image.
struct Expected {
    /// In id order.
    layouts: Vec<LayoutRow>,
    /// In key order.
    groups: Vec<GroupRow>,
}

fn expected() -> &'static Expected {
    static EXPECTED: OnceLock<Expected> = OnceLock::new();
    EXPECTED.get_or_init(|| {
        let all = AllCodes::build();
        let mut layouts = Vec::new();
        let mut groups = Vec::new();
        for class in classes(SHARED_CLASSES) {
            let class_groups = ClassGroups::build(class);
            for group_num in 0..class_groups.n_groups() {
                let key = GroupKey {
                    jiang: class.jiang.into(),
                    bing: class.bing.into(),
                    style: class.style.into(),
                    group_num,
                };
                let codes: Vec<Code> = class_groups.group_codes(group_num).collect();
                let graph = GroupGraph::build(codes.clone());
                let analyses = analyse_group(&graph);
                let metrics = edge::numbers::metrics_of_graph(&graph).unwrap();
                let rows: Vec<LayoutRow> = (0u32..)
                    .zip(codes.iter().zip(analyses).zip(metrics))
                    .map(
                        |(group_index, ((&code, analysis), (_, metrics)))| LayoutRow {
                            id: all.id(code),
                            code: code.to_string(),
                            group: key,
                            group_index,
                            is_mirror: code.layout().is_mirror(),
                            is_mirror_as_released: code.layout().is_mirror_as_released(),
                            numbers: LayoutNumbers {
                                farthest_step: analysis.farthest_step,
                                farthest_num: analysis.farthest_num,
                                min_solution_step: analysis.min_solution_step,
                                min_solution_num: analysis.min_solution_num,
                                solution_num: analysis.solution_num,
                            },
                            metrics,
                        },
                    )
                    .collect();
                let mirror_group_nums: Vec<u32> = codes
                    .iter()
                    .map(|code| {
                        let image = code.layout().mirror_left_right().code();
                        class_groups.locate(image).unwrap().0
                    })
                    .collect();
                assert!(mirror_group_nums.iter().all(|&g| g == mirror_group_nums[0]));
                groups.push(group_row(key, &rows, mirror_group_nums[0]));
                layouts.extend(rows);
            }
        }
        layouts.sort_by_key(|row| row.id);
        Expected { layouts, groups }
    })
}

/// A group's row, from its layouts' rows in group_index order.
fn group_row(key: GroupKey, rows: &[LayoutRow], mirror_group_num: u32) -> GroupRow {
    let max_min_solution_step = rows
        .iter()
        .map(|r| r.numbers.min_solution_step)
        .max()
        .unwrap();
    let solvable = max_min_solution_step >= 0;
    GroupRow {
        key,
        size: rows.len() as u32,
        smallest_code: rows[0].code.clone(),
        diameter: rows.iter().map(|r| r.numbers.farthest_step).max().unwrap(),
        n_solved: rows
            .iter()
            .filter(|r| r.numbers.min_solution_step == 0)
            .count() as u32,
        max_min_solution_step,
        max_min_solution_code: rows
            .iter()
            .find(|r| solvable && r.numbers.min_solution_step == max_min_solution_step)
            .map(|r| r.code.clone()),
        mirror_group_num,
    }
}

fn all<C>() -> Page<C> {
    Page {
        after: None,
        limit: u32::MAX,
    }
}

#[test]
fn a_partial_build_matches_the_engine_row_by_row() {
    let db = Database::open(shared_db()).unwrap();
    let expected = expected();
    assert_eq!(db.layouts(all()).unwrap(), expected.layouts);
    let groups = db.groups(&Default::default(), all()).unwrap();
    assert_eq!(groups, expected.groups);
    let meta = db.meta().unwrap();
    assert_eq!(meta.engine_version, klotski::VERSION);
    assert!(meta.complete && meta.partial);
    let names: Vec<String> = classes(SHARED_CLASSES)
        .iter()
        .map(ToString::to_string)
        .filter(|name| name != "7-0-0")
        .collect();
    assert_eq!(meta.classes, names);
    let class_rows = db.classes().unwrap();
    assert_eq!(class_rows.len(), names.len());
    for class in class_rows {
        let layouts = expected.layouts.iter().filter(|row| {
            (row.group.jiang, row.group.bing, row.group.style)
                == (class.jiang, class.bing, class.style)
        });
        assert_eq!(
            class.n_layouts as usize,
            layouts.count(),
            "{}",
            class.name()
        );
    }
}

/// The original `main.csv` line of a layout.
fn main_line(row: &LayoutRow) -> String {
    let mirror = if row.is_mirror_as_released { 'Y' } else { 'N' };
    let GroupKey {
        jiang,
        bing,
        style,
        group_num,
    } = row.group;
    format!(
        "{},{},{mirror},{jiang},{bing},{style},{group_num},{}",
        row.id, row.code, row.group_index
    )
}

#[test]
fn the_views_answer_the_original_queries() {
    let conn = read_only(shared_db());
    let rows = &expected().layouts;
    let main: Vec<String> = rows.iter().map(main_line).collect();
    assert_eq!(lines(&conn, "SELECT * FROM main ORDER BY id"), main);
    // The released flag differs from the true one somewhere in these classes.
    assert!(rows.iter().any(|r| r.is_mirror_as_released != r.is_mirror));
    let farthest: Vec<String> = rows
        .iter()
        .map(|r| {
            format!(
                "{},{},{}",
                r.id, r.numbers.farthest_step, r.numbers.farthest_num
            )
        })
        .collect();
    assert_eq!(lines(&conn, "SELECT * FROM farthest ORDER BY id"), farthest);
    let solution: Vec<String> = rows
        .iter()
        .map(|r| {
            let numbers = (
                r.numbers.min_solution_step,
                r.numbers.min_solution_num,
                r.numbers.solution_num,
            );
            format!("{},{},{},{}", r.id, numbers.0, numbers.1, numbers.2)
        })
        .collect();
    assert_eq!(lines(&conn, "SELECT * FROM solution ORDER BY id"), solution);
    // Lookups by code, as the original's users made them.
    for row in rows.iter().step_by(997) {
        let sql = format!(
            "SELECT main.*, farthest_step, farthest_num, min_solution_step, min_solution_num, \
             solution_num FROM main JOIN farthest USING (id) JOIN solution USING (id) \
             WHERE code = '{}'",
            row.code
        );
        let analysis = format!(
            "{},{},{},{},{}",
            row.numbers.farthest_step,
            row.numbers.farthest_num,
            row.numbers.min_solution_step,
            row.numbers.min_solution_num,
            row.numbers.solution_num
        );
        assert_eq!(
            lines(&conn, &sql),
            [format!("{},{analysis}", main_line(row))]
        );
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs `klotski args`, which must succeed; returns its stdout and stderr.
fn succeed(args: &[&str]) -> (String, String) {
    let output = klotski(args);
    let stderr = text(&output.stderr);
    assert!(output.status.success(), "{args:?}: {stderr}");
    (text(&output.stdout), stderr)
}

/// Runs `klotski args`, which must fail with an error line naming
/// `expected`; returns stderr, where logs of the work done may precede it.
fn fail(args: &[&str], expected: &str) -> String {
    let output = klotski(args);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
    let error = stderr.lines().last().unwrap_or_default();
    assert!(error.starts_with("klotski: "), "{args:?}: {stderr}");
    assert!(error.contains(expected), "{args:?}: {stderr}");
    stderr
}

fn path_str(path: &Path) -> &str {
    path.to_str().unwrap()
}

#[test]
fn export_of_a_partial_database_has_the_lines_of_its_classes() {
    let db = path_str(shared_db());
    let dir = scratch_dir("export");
    let out = dir.join("out");
    let stderr = fail(
        &["export", "--db", db, "--out", path_str(&out)],
        "pass --allow-partial",
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(!out.exists());
    let (stdout, _) = succeed(&[
        "export",
        "--db",
        db,
        "--out",
        path_str(&out),
        "--allow-partial",
    ]);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 5, "{stdout}");
    assert!(
        lines[..4].iter().all(|line| line.contains("partial")),
        "{stdout}"
    );
    // The seed files of the classes it holds, from the groups' rows.
    assert!(
        lines[4].ends_with("21 seed files, 988 seeds (the smallest code of each group)"),
        "{stdout}"
    );
    let present: Vec<String> = classes(SHARED_CLASSES)
        .iter()
        .map(ToString::to_string)
        .filter(|class| class != "7-0-0")
        .collect();
    common::check_seed_files(&out, &present);
    let read = |name: &str| std::fs::read_to_string(out.join(name)).unwrap();

    let rows = &expected().layouts;
    let codes: Vec<&str> = rows.iter().map(|row| row.code.as_str()).collect();
    assert_eq!(read("All_Case.txt"), codes.join("\n"));
    let main: Vec<String> = rows.iter().map(main_line).collect();
    assert_eq!(read("main.csv"), main.join("\n"));

    // The original per-class files without their lists of layouts, in the
    // release order of the classes, with the release files' `\r\n`.
    let per_class = dir.join("per-class");
    let (mut farthest, mut solution) = (String::new(), String::new());
    let present = classes(SHARED_CLASSES)
        .into_iter()
        .filter(|class| class.to_string() != "7-0-0");
    for class in release_order(present) {
        let class = class.to_string();
        succeed(&["analyse-class", &class, "--out", path_str(&per_class)]);
        let file =
            |name: &str| std::fs::read_to_string(per_class.join(format!("{name}_{class}.csv")));
        for line in file("farthest").unwrap().lines() {
            let fields: Vec<&str> = line.split(',').collect();
            farthest += &format!("{},{},{}\r\n", fields[0], fields[1], fields[2]);
        }
        for line in file("solution").unwrap().lines() {
            let fields: Vec<&str> = line.split(',').collect();
            let kept = [fields[0], fields[1], fields[2], fields[4]];
            solution += &format!("{}\r\n", kept.join(","));
        }
    }
    assert_eq!(read("farthest.csv"), farthest);
    assert_eq!(read("solution.csv"), solution);
}

/// A progress line logged: its phase, and for a bar (done, len).
type ProgressLine = (String, Option<(u64, u64)>);

/// The progress lines a run logged to `stderr` (off a terminal), checked:
/// a spinner's `PHASE: T elapsed`, or a bar's `PHASE: P% (DONE/LEN UNIT),
/// T elapsed, LEFT` whose share is DONE/LEN and whose time left is unknown
/// only before anything is done. Returns them as (phase, done, len).
fn progress_lines(stderr: &str) -> Vec<ProgressLine> {
    let mut found = Vec::new();
    for line in stderr.lines() {
        let Some((_, message)) = line.split_once("INFO builder::progress: ") else {
            continue;
        };
        let (phase, rest) = message.split_once(": ").unwrap();
        let Some((percent, rest)) = rest.split_once("% (") else {
            assert!(rest.ends_with(" elapsed"), "{line}");
            found.push((phase.to_owned(), None));
            continue;
        };
        let (done, rest) = rest.split_once('/').unwrap();
        let (len, rest) = rest.split_once(' ').unwrap();
        let (done, len): (u64, u64) = (done.parse().unwrap(), len.parse().unwrap());
        assert!(done <= len, "{line}");
        let share = 100.0 * done as f64 / len as f64;
        assert_eq!(percent, format!("{share:.1}"), "{line}");
        let (_, times) = rest.split_once("), ").unwrap();
        let (_, left) = times.split_once(" elapsed, ").unwrap();
        assert_eq!(done == 0, left == "time left unknown", "{line}");
        assert!(done == 0 || (left.starts_with("about ") && left.ends_with(" left")));
        found.push((phase.to_owned(), Some((done, len))));
    }
    found
}

/// Runs `klotski args` in `dir` with standard error to a file, as under
/// nohup, logging progress every `interval` seconds (every 30 when
/// `None`); returns the progress lines it logged, checked, and the log.
fn run_logged(dir: &Path, args: &[&str], interval: Option<&str>) -> (Vec<ProgressLine>, String) {
    let log = dir.join("stderr.log");
    let mut command = Command::new(env!("CARGO_BIN_EXE_klotski"));
    command
        .args(args)
        .env_remove("KLOTSKI_PROGRESS_SECS")
        .env_remove("RUST_LOG")
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).unwrap());
    if let Some(interval) = interval {
        command.env("KLOTSKI_PROGRESS_SECS", interval);
    }
    let status = command.status().unwrap();
    let log = std::fs::read_to_string(&log).unwrap();
    assert!(status.success(), "{args:?}: {log}");
    (progress_lines(&log), log)
}

/// Whether `lines` hold one of `phase` whose count has `len` items (a
/// spinner's, without a count, when `len` is `None`).
fn has_line(lines: &[ProgressLine], phase: &str, len: Option<u64>) -> bool {
    lines
        .iter()
        .any(|(name, share)| name == phase && share.map(|(_, n)| n) == len)
}

/// Off a terminal build-db logs its progress, here every millisecond:
/// creating the indexes alone lasts longer.
#[test]
fn off_a_terminal_a_build_logs_its_progress() {
    let dir = scratch_dir("progress");
    let db = dir.join("klotski.db");
    let args = ["build-db", "--db", path_str(&db), "--classes", "0-3-0"];
    let (lines, log) = run_logged(&dir, &args, Some("0.001"));
    assert!(
        has_line(&lines, "creating indexes and statistics", None),
        "{log}"
    );
}

#[test]
fn off_a_terminal_a_migration_logs_its_progress() {
    let dir = scratch_dir("migrate-progress");
    let db = dir.join("v1.db");
    let v1 = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/schema-v1.db");
    std::fs::copy(v1, &db).unwrap();
    // A millisecond: the migration of this small file takes tens.
    let (lines, log) = run_logged(&dir, &["migrate", "--db", path_str(&db)], Some("0.001"));
    let n_layouts: i64 = read_only(&db)
        .query_row("SELECT count(*) FROM layout", [], |row| row.get(0))
        .unwrap();
    assert!(
        has_line(
            &lines,
            "deriving histograms and rankings",
            Some(n_layouts as u64)
        ),
        "{log}"
    );
}

/// Three classes of one large group each (248,248, 372,372 and 372,372
/// layouts), analysed on one thread: about 85 CPU-seconds, so over a minute.
const MINUTE_CLASSES: &str = "1-5-1,1-6-1,1-8-1";

/// The case: a build lasting over a minute, its standard error to a
/// file, logs at the default interval (30 s) the analysis's share done and
/// the time left.
#[test]
fn a_build_of_over_a_minute_logs_its_progress_to_a_file() {
    let dir = scratch_dir("minute");
    let db = dir.join("klotski.db");
    let args = [
        "build-db",
        "--db",
        path_str(&db),
        "--classes",
        MINUTE_CLASSES,
    ];
    let (lines, log) = run_logged(&dir, &[&args[..], &["--threads", "1"]].concat(), None);
    let n_layouts = 248_248 + 2 * 372_372;
    assert!(has_line(&lines, "analysing", Some(n_layouts)), "{log}");
}

/// Classes with thousands of small groups: with small batches, a build
/// commits a thousand times, so that it can be killed in the middle.
const RESUME_CLASSES: &str = "6-1-*,6-2-*";

#[test]
fn a_killed_build_resumes_to_the_same_database() {
    let dir = scratch_dir("resume");
    // One thread here, as many as there are cores below: the same rows.
    let whole = dir.join("whole.db");
    succeed(&[
        "build-db",
        "--db",
        path_str(&whole),
        "--classes",
        RESUME_CLASSES,
        "--threads",
        "1",
    ]);

    let resumed = dir.join("resumed.db");
    let build_args = [
        "build-db",
        "--db",
        path_str(&resumed),
        "--classes",
        RESUME_CLASSES,
    ];
    let mut child = Command::new(env!("CARGO_BIN_EXE_klotski"))
        .args(build_args)
        .args(["--batch-layouts", "20"])
        .env("RUST_LOG", "builder=debug")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = Lines::read(child.stderr.take().unwrap());
    for n in 1..=5 {
        stderr.until(
            &format!("saved batch {n} of 5 to kill the build at"),
            |line| line.contains("saved a batch"),
        );
    }
    child.kill().unwrap(); // SIGKILL: no chance to clean up
    child.wait().unwrap();
    assert!(!resumed.exists());
    let checkpoint = with_suffix(&resumed, ".checkpoint");
    let n_saved = Checkpoint::open(&checkpoint)
        .unwrap()
        .saved_groups()
        .unwrap()
        .len();
    let n_groups = Database::open(&whole).unwrap().totals().unwrap().n_groups as usize;
    assert!((5..n_groups).contains(&n_saved), "{n_saved} of {n_groups}");
    // As if the kill had come while the file was being written.
    let building = with_suffix(&resumed, ".building");
    std::fs::write(&building, "half written").unwrap();

    let (stdout, stderr) = succeed(&build_args);
    assert!(stderr.contains("resuming from the checkpoint"), "{stderr}");
    assert!(
        stdout.contains(&format!("resumed: {n_saved} groups")),
        "{stdout}"
    );
    assert!(!checkpoint.exists() && !building.exists());
    assert_eq!(dump(&resumed), dump(&whole));
}

#[test]
fn a_checkpoint_is_reused_only_for_the_same_build() {
    let dir = scratch_dir("checkpoint");
    let db = dir.join("klotski.db");
    let checkpoint = with_suffix(&db, ".checkpoint");
    let tag = |engine_version: &str, classes: &[&str]| CheckpointTag {
        engine_version: engine_version.to_owned(),
        classes: classes.iter().map(|name| name.to_string()).collect(),
    };
    let key = GroupKey {
        jiang: 0,
        bing: 0,
        style: 0,
        group_num: 0,
    };
    // Made-up numbers, to see whether the build took them.
    let made_up = LayoutNumbers {
        farthest_step: 99,
        farthest_num: 1,
        min_solution_step: -1,
        min_solution_num: 0,
        solution_num: 0,
    };
    let unsolvable = MetricNumbers {
        min_straight_moves: -1,
        min_cell_moves: -1,
        ..MetricNumbers::default()
    };
    let saved = |n_layouts| SavedGroup {
        key,
        numbers: vec![made_up; n_layouts],
        metrics: vec![unsolvable; n_layouts],
    };
    let check = |tag: CheckpointTag, saved: SavedGroup, expected: &str| {
        let _ = std::fs::remove_file(&db);
        Checkpoint::create(&checkpoint, &tag)
            .unwrap()
            .save(&[saved])
            .unwrap();
        let (_, stderr) = succeed(&["build-db", "--db", path_str(&db), "--classes", "0-0-0"]);
        assert!(stderr.contains(expected), "{expected}: {stderr}");
        assert!(!checkpoint.exists());
        let farthest_steps: Vec<u32> = Database::open(&db)
            .unwrap()
            .layouts(all())
            .unwrap()
            .iter()
            .map(|row| row.numbers.farthest_step)
            .collect();
        assert_eq!(farthest_steps.len(), 12);
        farthest_steps.contains(&99)
    };
    let this_build = || tag(klotski::VERSION, &["0-0-0"]);
    assert!(check(
        this_build(),
        saved(12),
        "resuming from the checkpoint"
    ));
    assert!(!check(
        tag(klotski::VERSION, &["0-0-0", "0-1-0"]),
        saved(12),
        "was made for other classes (0-0-0,0-1-0): starting clean"
    ));
    assert!(!check(
        tag("0.0.0-old", &["0-0-0"]),
        saved(12),
        "was made by engine 0.0.0-old"
    ));
    assert!(!check(
        this_build(),
        saved(11),
        "holds 11 layouts of group 0-0-0-0, which this build does not have"
    ));
}

/// A build at `db` is refused with `expected`, and leaves `in_the_way` as it was.
fn check_refused(db: &Path, in_the_way: &Path, expected: &str) {
    let before = std::fs::read(in_the_way).unwrap();
    let stderr = fail(
        &["build-db", "--db", path_str(db), "--classes", "0-0-0"],
        expected,
    );
    // Refused before any work, so the error is all there is.
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert_eq!(std::fs::read(in_the_way).unwrap(), before, "{expected}");
    assert!(!with_suffix(db, ".building").exists());
}

#[test]
fn files_in_the_way_are_refused_and_left_alone() {
    let dir = scratch_dir("refused");
    let move_it = "move it away or choose another --db";

    let text = dir.join("notes.db");
    std::fs::write(&text, "1A9BF0C00 is the classic layout.\n".repeat(200)).unwrap();
    check_refused(&text, &text, "notes.db is not an SQLite database");
    check_refused(&text, &text, move_it);

    let foreign = dir.join("foreign.db");
    rusqlite::Connection::open(&foreign)
        .unwrap()
        .execute_batch("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
        .unwrap();
    check_refused(
        &foreign,
        &foreign,
        "is an SQLite database of something else",
    );

    let unfinished = dir.join("unfinished.db");
    let mut writer = Writer::create(&unfinished, "test").unwrap();
    writer.insert_layouts(&expected().layouts[..10]).unwrap();
    drop(writer);
    check_refused(
        &unfinished,
        &unfinished,
        "a Klotski database build that did not finish",
    );

    let damaged = dir.join("damaged.db");
    let mut bytes = std::fs::read(shared_db()).unwrap();
    let last_page = bytes.len() - 4096;
    bytes[last_page..].fill(0x5A);
    std::fs::write(&damaged, bytes).unwrap();
    check_refused(&damaged, &damaged, "is a damaged database");

    let complete = dir.join("complete.db");
    succeed(&[
        "build-db",
        "--db",
        path_str(&complete),
        "--classes",
        "0-1-0",
    ]);
    check_refused(&complete, &complete, "pass --force to replace it");
    succeed(&[
        "build-db",
        "--db",
        path_str(&complete),
        "--classes",
        "0-0-0",
        "--force",
    ]);
    let meta = Database::open(&complete).unwrap().meta().unwrap();
    assert_eq!(meta.classes, ["0-0-0"]);

    let free = dir.join("free.db");
    let checkpoint = with_suffix(&free, ".checkpoint");
    std::fs::write(&checkpoint, "notes").unwrap();
    check_refused(&free, &checkpoint, "in the way of the build's checkpoint");
    assert!(!free.exists());
    std::fs::remove_file(&checkpoint).unwrap();

    fail(
        &["build-db", "--db", path_str(&free), "--classes", "7-0-0"],
        "the classes chosen hold no layouts",
    );
}

#[test]
#[cfg_attr(
    missing_sqlite3,
    ignore = "needs the sqlite3 shell: apt-get install sqlite3"
)]
fn the_stock_sqlite3_shell_reads_the_file() {
    let output = Command::new("sqlite3")
        .arg("-readonly")
        .arg(shared_db())
        .arg("SELECT count(*) FROM main; SELECT id, short_code FROM layout ORDER BY id DESC LIMIT 1;")
        .output()
        .expect("the sqlite3 shell runs (apt-get install sqlite3)");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let db = Database::open(shared_db()).unwrap();
    let n_layouts = db.totals().unwrap().n_layouts;
    let last = db.layouts(all()).unwrap().pop().unwrap().id;
    let short_code = klotski::ShortCode::from_id(last).unwrap();
    assert_eq!(
        text(&output.stdout),
        format!("{n_layouts}\n{last}|{short_code}\n")
    );
}

#[test]
fn a_build_that_would_not_fit_is_refused_before_any_work() {
    let dir = scratch_dir("space");
    let db = dir.join("klotski.db");
    let n_layouts = ClassGroups::build("0-1-0".parse().unwrap()).n_layouts() as u64;
    let error = build_database(&BuildOptions {
        db: db.clone(),
        classes: classes("0-1-0"),
        force: false,
        batch_layouts: DEFAULT_BATCH_LAYOUTS,
        free_space: Some(|_| Ok(0)),
    })
    .unwrap_err();
    let needed = builder::space::build_needs(n_layouts, 0);
    assert_eq!(
        error.to_string(),
        format!(
            "a build of {n_layouts} layouts needs about {:.1} MB free in {}, 0.0 MB are; \
             free some or pass --no-space-check",
            needed as f64 / 1e6,
            dir.display()
        )
    );
    for file in [
        &db,
        &with_suffix(&db, ".checkpoint"),
        &with_suffix(&db, ".building"),
    ] {
        assert!(!file.exists(), "{}", file.display());
    }
}

#[test]
fn an_empty_file_at_db_is_built_over() {
    let dir = scratch_dir("empty");
    let db = dir.join("klotski.db");
    std::fs::write(&db, "").unwrap();
    succeed(&[
        "build-db",
        "--db",
        path_str(&db),
        "--classes",
        "0-0-0",
        "--no-space-check",
    ]);
    let meta = Database::open(&db).unwrap().meta().unwrap();
    assert_eq!(meta.classes, ["0-0-0"]);
}
