//! The original engine's remaining commands, end to end: `show --squares`
//! (its `--show CODE WIDTH`), `analyse-group` (its `--analy-group` and
//! `--analy-multi-group`, with `--integral` their `-integral` variants).
//! Outputs are checked byte for byte against what the original engine wrote
//! (`tests/data/original_engine.tsv`: its source built and run on the same
//! inputs) and the published per-class files, and the solution lists against
//! a search of this file's own.

mod common;

use std::collections::{HashMap, VecDeque};
use std::path::{Path, PathBuf};

use common::{check_error, data_rows, klotski, md5_of_file, stdout};
use klotski::{ClassGroups, Code};
use md5::{Digest, Md5};

/// What the original engine printed or wrote, by command and output: (MD5
/// uppercase, bytes).
fn original_outputs() -> HashMap<(String, String), (String, u64)> {
    data_rows("original_engine.tsv")
        .into_iter()
        .map(|row| {
            let key = (row[0].clone(), row[1].clone());
            (key, (row[2].to_uppercase(), row[3].parse().unwrap()))
        })
        .collect()
}

/// The MD5 the original's `command` gave `output`.
fn original_md5(command: &str, output: &str) -> String {
    let key = (command.to_string(), output.to_string());
    original_outputs()
        .remove(&key)
        .unwrap_or_else(|| panic!("no {key:?} in original_engine.tsv"))
        .0
}

/// An empty directory for one test.
fn scratch_dir(name: &str) -> PathBuf {
    common::scratch_dir("originals", name)
}

fn path_str(path: &Path) -> &str {
    path.to_str().unwrap()
}

#[test]
fn show_squares_draws_the_original_pictures() {
    let outputs = original_outputs();
    let mut n_checked = 0;
    for ((command, _), (md5, bytes)) in &outputs {
        let Some(arguments) = command.strip_prefix("--show ") else {
            continue;
        };
        let (code, width) = arguments.split_once(' ').unwrap();
        let picture = stdout(&["show", code, "--squares", width]);
        assert_eq!(picture.len() as u64, *bytes, "{command}\n{picture}");
        assert_eq!(
            format!("{:X}", Md5::digest(&picture)),
            *md5,
            "{command}\n{picture}"
        );
        if width == "4" {
            assert_eq!(
                stdout(&["show", code, "--squares"]),
                picture,
                "the default width"
            );
        }
        n_checked += 1;
    }
    assert_eq!(n_checked, 6);
    // The first lines of the classic layout in squares of one unit: the
    // frame, the margin, the 1x2 pieces either side of the block.
    let picture = stdout(&["show", "1A9BF0C00", "--squares", "1"]);
    let lines: Vec<&str> = picture.lines().collect();
    assert_eq!(lines[0], "&%".repeat(11));
    assert_eq!(lines[1], format!("&%{}&%", " ".repeat(18)));
    assert_eq!(lines[2], "&%  &%  &%&%&%  &%  &%");
    assert_eq!(lines.len(), 13);
}

#[test]
fn show_squares_refuses_bad_widths() {
    check_error(
        &["show", "1A9BF0C00", "--squares", "0"],
        2,
        "0 is not in 1..=16",
    );
    check_error(
        &["show", "1A9BF0C00", "--squares", "17"],
        2,
        "17 is not in 1..=16",
    );
    check_error(&["show", "1A9BF0C00", "--squares", "x"], 2, "invalid digit");
    check_error(
        &["show", "1A9BF0C00", "--squares", "2", "--json"],
        2,
        "cannot be used with",
    );
}

/// Writes `analyse-group ARGS --out DIR` and returns the MD5s of the files
/// `farthest_NAME.csv` and `solution_NAME.csv` (`None` when absent).
fn analyse_group(dir: &Path, args: &[&str], name: &str) -> (Option<String>, Option<String>) {
    let mut all_args = vec!["analyse-group"];
    all_args.extend(args);
    all_args.extend(["--out", path_str(dir)]);
    stdout(&all_args);
    let md5 = |kind: &str| {
        let path = dir.join(format!("{kind}_{name}.csv"));
        path.exists().then(|| md5_of_file(&path))
    };
    (md5("farthest"), md5("solution"))
}

#[test]
fn analyse_group_writes_the_original_files_of_one_group() {
    // 5-4-5-0-0 is 00557FC00, the seed of a group of 7,888 layouts: the
    // files are named after the layout's code, as the original named them.
    for (layout, code) in [("5-4-5-0-0", "00557FC00"), ("005fdd4", "005FDD400")] {
        let dir = scratch_dir(&format!("group-{code}"));
        let command = format!("--analy-group {code}");
        let (farthest, solution) = analyse_group(&dir.join("plain"), &[layout], code);
        let original = |output: &str| original_md5(&command, &format!("{output}_{code}.csv"));
        assert_eq!(farthest.unwrap(), original("farthest"), "{layout}");
        assert_eq!(solution.unwrap(), original("solution"), "{layout}");

        let integral = format!("--analy-group-integral {code}");
        let expected = original_md5(&integral, &format!("solution_{code}.csv"));
        let (farthest, solution) =
            analyse_group(&dir.join("integral"), &[layout, "--integral"], code);
        assert_eq!(farthest.unwrap(), original("farthest"), "{layout}");
        assert_eq!(solution.unwrap(), expected, "{layout} --integral");
        let only = ["--integral", "--files", "solution", layout];
        let (farthest, solution) = analyse_group(&dir.join("solution-only"), &only, code);
        assert_eq!((farthest, solution.unwrap()), (None, expected));
    }
}

/// The group of `seed` with every layout's next layouts, found here from
/// the steps alone: (codes, neighbours by index).
fn group_graph(seed: Code) -> (Vec<Code>, Vec<Vec<usize>>) {
    let mut index = HashMap::from([(seed, 0)]);
    let mut codes = vec![seed];
    let mut neighbours = Vec::new();
    while neighbours.len() < codes.len() {
        let mut next = Vec::new();
        codes[neighbours.len()].layout().for_each_step(|layout| {
            let code = layout.code();
            let n = index.len();
            let i = *index.entry(code).or_insert(n);
            if i == codes.len() {
                codes.push(code);
            }
            next.push(i);
        });
        neighbours.push(next);
    }
    (codes, neighbours)
}

/// Every layout's solutions with their distances, by distance then code,
/// searched the other way from the engine's reference: from each solved
/// layout S, a layout A has S as a solution unless some shortest path from S
/// to A meets another solved layout (A included).
fn solutions_from_the_solved(codes: &[Code], neighbours: &[Vec<usize>]) -> Vec<Vec<(u32, Code)>> {
    let mut solutions = vec![Vec::new(); codes.len()];
    for (solved, code) in codes
        .iter()
        .enumerate()
        .filter(|(_, code)| code.is_solved())
    {
        let mut distance = vec![u32::MAX; codes.len()];
        let mut blocked = vec![false; codes.len()];
        distance[solved] = 0;
        let mut queue = VecDeque::from([solved]);
        while let Some(node) = queue.pop_front() {
            blocked[node] |= node != solved && codes[node].is_solved();
            if !blocked[node] {
                solutions[node].push((distance[node], *code));
            }
            for &next in &neighbours[node] {
                if distance[next] == u32::MAX {
                    distance[next] = distance[node] + 1;
                    queue.push_back(next);
                }
                if distance[next] == distance[node] + 1 {
                    blocked[next] |= blocked[node];
                }
            }
        }
    }
    for list in &mut solutions {
        list.sort_unstable();
    }
    solutions
}

#[test]
fn integral_solutions_are_every_solution_at_its_distance() {
    let dir = scratch_dir("integral");
    let seed: Code = "00557FC00".parse().unwrap();
    analyse_group(
        &dir,
        &["00557FC00", "--integral", "--files", "solution"],
        "00557FC00",
    );
    let file = std::fs::read_to_string(dir.join("solution_00557FC00.csv")).unwrap();
    // The engine's numbers for the group, from the fast solution searches
    // of analyse-class (its group 0).
    stdout(&[
        "analyse-class",
        "5-4-5",
        "--files",
        "solution",
        "--out",
        path_str(&dir),
    ]);
    let class_file = std::fs::read_to_string(dir.join("solution_5-4-5.csv")).unwrap();

    let (codes, neighbours) = group_graph(seed);
    let expected = solutions_from_the_solved(&codes, &neighbours);
    let by_code: HashMap<Code, &Vec<(u32, Code)>> = codes.iter().copied().zip(&expected).collect();
    let lines: Vec<&str> = file.lines().collect();
    assert_eq!(lines.len(), codes.len());
    assert_eq!(lines.len(), 7_888);
    let n_listed: usize = lines
        .iter()
        .zip(class_file.lines())
        .map(|(line, class_line)| {
            let (numbers, listed) = line.rsplit_once(',').unwrap();
            assert_eq!(numbers, class_line, "the engine's numbers");
            let fields: Vec<&str> = numbers.split(',').collect();
            let code: Code = fields[0].parse().unwrap();
            let listed: Vec<(u32, Code)> = listed
                .split('-')
                .map(|entry| {
                    let (solved, step) = entry.strip_suffix(')').unwrap().split_once('(').unwrap();
                    (step.parse().unwrap(), solved.parse().unwrap())
                })
                .collect();
            assert_eq!(&listed, by_code[&code], "{line}");
            assert_eq!(listed.len().to_string(), fields[4], "{line}");
            let min_step: u32 = fields[1].parse().unwrap();
            let nearest: Vec<String> = listed
                .iter()
                .filter(|&&(step, _)| step == min_step)
                .map(|(_, solved)| solved.to_string())
                .collect();
            assert_eq!(nearest.join("-"), fields[3], "{line}");
            listed.len()
        })
        .sum();
    assert!(n_listed > 7_888, "{n_listed} solutions listed");
}

/// Writes the seed file of `class` into `dir`, as the original's `--all`
/// did: the smallest code of every group, by group_num. Checked against the
/// published seed file.
fn write_seed_file(dir: &Path, class: &str) -> PathBuf {
    let groups = ClassGroups::build(class.parse().unwrap());
    let seeds: Vec<String> = (0..groups.n_groups())
        .map(|group_num| groups.group_codes(group_num).next().unwrap().to_string())
        .collect();
    let path = dir.join(format!("{class}.txt"));
    std::fs::write(&path, seeds.join("\n")).unwrap();
    common::check_seed_files(dir, &[class.to_string()]);
    path
}

/// The published MD5s of a class's files (farthest, solution), uppercase.
fn published_class_md5s(class: &str) -> (String, String) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../klotski/tests/data/seed_class_files.tsv"
    );
    let reference = std::fs::read_to_string(path).unwrap();
    let fields: Vec<&str> = reference
        .lines()
        .map(|line| line.split('\t').collect::<Vec<&str>>())
        .find(|fields| fields[0] == class)
        .unwrap();
    (fields[2].to_uppercase(), fields[4].to_uppercase())
}

#[test]
fn analyse_group_with_a_seed_file_writes_the_class_files() {
    for class in ["2-0-2", "5-4-5"] {
        let dir = scratch_dir(&format!("seeds-{class}"));
        let seeds = write_seed_file(&dir, class);
        let seeds = path_str(&seeds);
        let (farthest, solution) = analyse_group(&dir.join("plain"), &["--seeds", seeds], class);
        let (published_farthest, published_solution) = published_class_md5s(class);
        assert_eq!(
            farthest.unwrap(),
            published_farthest,
            "farthest_{class}.csv"
        );
        assert_eq!(
            solution.unwrap(),
            published_solution,
            "solution_{class}.csv"
        );

        let args = ["--seeds", seeds, "--integral", "--files", "solution"];
        let (_, solution) = analyse_group(&dir.join("integral"), &args, class);
        let command = format!("--analy-multi-group-integral {class}.txt");
        let expected = original_md5(&command, &format!("solution_{class}.csv"));
        assert_eq!(
            solution.unwrap(),
            expected,
            "solution_{class}.csv --integral"
        );
    }
}

#[test]
fn a_seed_file_may_have_blank_lines_short_codes_and_repeated_groups() {
    let dir = scratch_dir("lenient-seeds");
    // 00557FC00 and 0055F7C00 are both in group 5-4-5-0: it is written once.
    let seeds = dir.join("chosen.txt");
    std::fs::write(&seeds, "00557fc\r\n\r\n  0055F7C00\n\n").unwrap();
    let args = ["--seeds", path_str(&seeds), "--files", "solution"];
    let (farthest, solution) = analyse_group(&dir, &args, "chosen");
    let expected = original_md5("--analy-group 00557FC00", "solution_00557FC00.csv");
    assert_eq!((farthest, solution.unwrap()), (None, expected));
}

#[test]
fn bad_seeds_give_one_line_errors() {
    let dir = scratch_dir("bad-seeds");
    let out = path_str(&dir);
    let missing = dir.join("missing.txt");
    check_error(
        &["analyse-group", "--seeds", path_str(&missing), "--out", out],
        1,
        "cannot read",
    );
    // A seed file's text, and the error it gives.
    let bad_files = [
        ("not-hex", "00557FC00\n0055F7C00\nXYZ\n", "not-hex.txt line 3: 'XYZ' is not a layout's code: character 'X' at position 0 is not a hex digit"),
        ("illegal", "\n1A9BF0C01\n", "illegal.txt line 2: '1A9BF0C01' is not a layout's code: the board is full after 11 slots but later bits are not zero"),
        ("two", "00557FC00 0055F7C00\n", "two.txt line 1: '00557FC00 0055F7C00' is not a layout's code"),
        ("empty", "\n \n", "empty.txt holds no seed codes"),
    ];
    for (name, text, expected) in bad_files {
        let path = dir.join(format!("{name}.txt"));
        std::fs::write(&path, text).unwrap();
        check_error(
            &["analyse-group", "--seeds", path_str(&path), "--out", out],
            1,
            expected,
        );
    }
    check_error(
        &["analyse-group", "1A9BF0C01", "--out", out],
        2,
        "invalid value '1A9BF0C01' for '[LAYOUT]'",
    );
    let seeds = dir.join("two.txt");
    check_error(
        &[
            "analyse-group",
            "1A9BF0C00",
            "--seeds",
            path_str(&seeds),
            "--out",
            out,
        ],
        2,
        "cannot be used with",
    );
    let output = klotski(&["analyse-group", "--out", out]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with(
            "klotski: the following required arguments were not provided: <LAYOUT|--seeds <FILE>>"
        ),
        "{stderr}"
    );
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    assert!(
        names.iter().all(|name| name.ends_with(".txt")),
        "nothing written: {names:?}"
    );
}
