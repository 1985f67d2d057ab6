//! The `klotski` binary end to end: output of each subcommand and one-line
//! errors with a non-zero exit for bad input.

mod common;

use common::{klotski, stdout};

/// Bad arguments: exit code 2 for usage errors, 1 for others; one line on stderr.
fn check_error(args: &[&str], expected_code: i32, expected_message: &str) {
    let output = klotski(args);
    assert_eq!(output.status.code(), Some(expected_code), "{args:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(stderr.contains(expected_message), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked") && !stderr.contains("backtrace"));
}

#[test]
fn show_prints_the_board_for_codes_and_short_codes() {
    let board = "^##^\nv##v\n^<>^\nvoov\no..o\n";
    assert_eq!(stdout(&["show", "1A9BF0C00"]), board);
    assert_eq!(stdout(&["show", "1a9bf0c"]), board);
    assert_eq!(stdout(&["show", "4WVE1"]), board);
}

#[test]
fn info_names_the_layout_and_its_group() {
    let info = stdout(&["info", "1A9BF0C00"]);
    for line in [
        "code            1A9BF0C00",
        "short code      4WVE1",
        "id              4091296",
        "classification  5-4-1-",
        "is_mirror       true",
        "group size      25955",
    ] {
        assert!(info.contains(line), "{line} not in {info}");
    }
    let info = stdout(&["info", "AXCZN"]);
    assert!(info.contains("code            4FEA13400"), "{info}");
    assert!(info.contains("group size      81340"), "{info}");
}

#[test]
fn bad_arguments_give_one_line_errors() {
    check_error(&["show", "1A9BF0C01"], 2, "later bits are not zero");
    check_error(&["show", "1A9BI"], 2, "neither a code");
    check_error(
        &["info", "3"],
        2,
        "2x2 block cannot have its top-left cell at address 3",
    );
    check_error(
        &["show"],
        2,
        "required arguments were not provided: <LAYOUT>",
    );
    check_error(&["frobnicate"], 2, "unrecognized subcommand");
    check_error(&["export"], 2, "--out");
    check_error(&["export", "--out", "x", "--allow-partial"], 2, "--db");
    check_error(
        &["build-db", "--classes", "0-3-0,2-0-3"],
        2,
        "style 3 is more than jiang 2",
    );
    check_error(
        &["build-db", "--classes", "8-*-*"],
        2,
        "8-*-* matches no class",
    );
    check_error(&["build-db", "--threads", "0"], 2, "--threads");
}

fn md5_of_file(path: &std::path::Path) -> String {
    use md5::{Digest, Md5};
    use std::io::Read;
    let mut file = std::fs::File::open(path).unwrap();
    let mut hasher = Md5::new();
    let mut buffer = vec![0; 1 << 20];
    loop {
        let n = file.read(&mut buffer).unwrap();
        if n == 0 {
            break;
        }
        hasher.update(&buffer[..n]);
    }
    format!("{:X}", hasher.finalize())
}

#[test]
fn export_reproduces_the_original_release_files() {
    let out = std::env::temp_dir().join(format!("klotski-export-{}", std::process::id()));
    stdout(&["export", "--out", out.to_str().unwrap()]);
    assert_eq!(
        md5_of_file(&out.join("All_Case.txt")),
        "EEB931800E1B6EB10D46DB4DD6A1561F"
    );
    assert_eq!(
        md5_of_file(&out.join("main.csv")),
        "4B99D2AD0B919CDE2D0FDE6F7010E698"
    );
    let names: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    assert!(
        names.iter().all(|name| !name.ends_with(".partial")),
        "{names:?}"
    );
    std::fs::remove_dir_all(&out).unwrap();
}

/// Classes whose analysis files take under a second each to write (from the
/// recorded run in BENCHMARKS.md); the larger ones are checked there.
const QUICK_CLASSES: &[&str] = &[
    "0-0-0", "7-0-7", "1-0-1", "1-0-0", "7-0-6", "0-1-0", "6-0-0", "7-0-1", "6-0-6", "7-0-2",
    "2-0-2", "2-0-0", "7-0-5", "7-0-4", "5-0-5", "7-0-3", "2-0-1", "5-0-0", "6-1-0", "3-0-3",
    "6-0-5", "3-0-0", "4-0-4", "0-14-0", "0-2-0", "6-1-6", "6-2-0", "4-0-0", "1-1-1", "6-0-1",
    "1-1-0", "6-2-6", "6-0-4", "3-0-2", "6-0-2", "3-0-1", "5-0-4", "6-0-3", "5-0-1", "4-0-3",
    "6-1-5", "4-0-1", "5-1-5", "5-1-0", "6-1-1", "6-2-5", "6-2-1", "6-1-4", "6-1-2", "5-4-5",
    "6-1-3", "6-2-4", "6-2-2", "6-2-3",
];

/// The published MD5s of each class's files: (farthest, solution).
fn seed_class_md5s() -> std::collections::HashMap<String, (String, String)> {
    let reference = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../klotski/tests/data/seed_class_files.tsv"
    ))
    .unwrap();
    reference
        .lines()
        .skip(1)
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let md5s = (fields[2].to_uppercase(), fields[4].to_uppercase());
            (fields[0].to_string(), md5s)
        })
        .collect()
}

#[test]
fn analyse_class_reproduces_the_original_per_class_files() {
    let md5s = seed_class_md5s();
    let out = std::env::temp_dir().join(format!("klotski-classes-{}", std::process::id()));
    for &class in QUICK_CLASSES {
        stdout(&["analyse-class", class, "--out", out.to_str().unwrap()]);
        let md5 = |name: &str| md5_of_file(&out.join(format!("{name}_{class}.csv")));
        assert_eq!(md5("farthest"), md5s[class].0, "farthest_{class}.csv");
        assert_eq!(md5("solution"), md5s[class].1, "solution_{class}.csv");
    }
    std::fs::remove_dir_all(&out).unwrap();
}

/// Larger classes whose solution files alone take a second or two (the
/// farthest files need a reference search per layout).
const SOLUTION_ONLY_CLASSES: &[&str] = &["1-10-1", "2-3-0", "4-4-0"];

#[test]
fn analyse_class_solution_files_of_larger_classes() {
    let md5s = seed_class_md5s();
    let out = std::env::temp_dir().join(format!("klotski-solutions-{}", std::process::id()));
    for &class in SOLUTION_ONLY_CLASSES {
        let out_arg = out.to_str().unwrap();
        stdout(&[
            "analyse-class",
            class,
            "--out",
            out_arg,
            "--files",
            "solution",
        ]);
        let solution = out.join(format!("solution_{class}.csv"));
        assert_eq!(
            md5_of_file(&solution),
            md5s[class].1,
            "solution_{class}.csv"
        );
        assert!(!out.join(format!("farthest_{class}.csv")).exists());
    }
    std::fs::remove_dir_all(&out).unwrap();
}
