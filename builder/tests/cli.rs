//! The `klotski` binary end to end: output of each subcommand and one-line
//! errors with a non-zero exit for bad input.

mod common;

use common::{check_error, check_seed_files, data_rows, klotski, md5_of_file, stdout};

#[test]
fn show_prints_the_board_for_codes_and_short_codes() {
    let board = "  abcd\n1 ^##^\n2 v##v\n3 ^<>^\n4 voov\n5 o..o\n";
    assert_eq!(stdout(&["show", "1A9BF0C00"]), board);
    assert_eq!(stdout(&["show", "1a9bf0c"]), board);
    assert_eq!(stdout(&["show", "4WVE1"]), board);
    let plain = "^##^\nv##v\n^<>^\nvoov\no..o\n";
    assert_eq!(stdout(&["show", "4WVE1", "--plain"]), plain);
}

/// The cell a move names holds the piece it moves: `1x1 b4-b5` read
/// off the drawn board, for every move of a few layouts.
#[test]
fn the_board_coordinates_are_those_of_the_moves() {
    for layout in ["1A9BF0C00", "4FEA13400", "DAAF4CC00"] {
        let board = stdout(&["show", layout]);
        let lines: Vec<&str> = board.lines().collect();
        assert_eq!(lines[0], "  abcd");
        let info = json(&["info", layout, "--json"]);
        for next in info["next"].as_array().unwrap() {
            let from = next["from"].as_str().unwrap().as_bytes();
            let column = usize::from(from[0] - b'a');
            let row: usize = (from[1] as char).to_digit(10).unwrap() as usize;
            assert!(lines[row].starts_with(&format!("{row} ")), "{board}");
            let drawn = lines[row].as_bytes()[2 + column] as char;
            let expected = match next["piece"].as_str().unwrap() {
                "2x2" => '#',
                "2x1" => '<',
                "1x2" => '^',
                "1x1" => 'o',
                other => panic!("{other}"),
            };
            assert_eq!(drawn, expected, "{layout} {next}: {board}");
        }
    }
}

fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&stdout(args)).unwrap()
}

#[test]
fn show_json_has_the_code_and_rows() {
    let answer = json(&["show", "4WVE1", "--json"]);
    assert_eq!(
        answer,
        serde_json::json!({
            "code": "1A9BF0C00",
            "rows": ["^##^", "v##v", "^<>^", "voov", "o..o"],
        })
    );
}

#[test]
fn info_names_the_layout_and_its_group() {
    let info = stdout(&["info", "1A9BF0C00"]);
    for line in [
        "code                  1A9BF0C00",
        "short code            4WVE1",
        "id                    4091296",
        "classification        5-4-1-",
        "is_mirror             true",
        "group size            25955",
        // The famous layout's 81 steps, and its group's farthest layouts.
        "min_solution_step     81\n",
        "farthest_step         ",
        "next layouts          8\n  1x1 b4-b5  1A98FCC00\n",
    ] {
        assert!(info.contains(line), "{line} not in {info}");
    }
    let info = stdout(&["info", "AXCZN"]);
    assert!(info.contains("code                  4FEA13400"), "{info}");
    assert!(info.contains("group size            81340"), "{info}");
    assert!(info.contains("min_solution_step     138\n"), "{info}");
}

/// `info --json` and `analyse --json` against the text of the same
/// commands: the same values under the same names.
#[test]
fn info_and_analyse_json_match_their_text() {
    let info = json(&["info", "1A9BF0C00", "--json"]);
    let text = stdout(&["info", "1A9BF0C00"]);
    let analyse = json(&["analyse", "1A9BF0C00", "--json"]);
    let analyse_text = stdout(&["analyse", "1A9BF0C00"]);
    assert_eq!(info["short_code"], "4WVE1");
    assert_eq!(info["id"], 4091296);
    assert_eq!(info["group"], serde_json::Value::Null, "no --db");
    assert_eq!(info["next"].as_array().unwrap().len(), 8);
    assert_eq!(info["next"][0]["text"], "1x1 b4-b5");
    for name in [
        "min_solution_step",
        "min_solution_num",
        "solution_num",
        "farthest_step",
        "farthest_num",
    ] {
        let value = info[name].as_i64().unwrap();
        assert_eq!(analyse[name], value, "{name}");
        for text in [&text, &analyse_text] {
            let line = text.lines().find(|line| line.starts_with(name)).unwrap();
            assert!(line.ends_with(&format!(" {value}")), "{line}");
        }
    }
    assert_eq!(info["min_solution_step"], 81);
    assert_eq!(analyse["group_size"], info["group_size"]);
    let min_solutions = analyse["min_solutions"].as_array().unwrap();
    assert_eq!(
        min_solutions.len() as i64,
        analyse["min_solution_num"].as_i64().unwrap()
    );
    let farthest = analyse["farthest"].as_array().unwrap();
    assert_eq!(
        farthest.len() as i64,
        analyse["farthest_num"].as_i64().unwrap()
    );
}

#[test]
fn group_json_lists_the_text_codes() {
    let answer = json(&["group", "0-1-0-0-0", "--json"]);
    let codes: Vec<String> = stdout(&["group", "0-1-0-0-0"])
        .lines()
        .map(str::to_owned)
        .collect();
    assert_eq!(answer["code"], codes[0]);
    assert_eq!(answer["group_size"], 192);
    assert_eq!(answer["codes"], serde_json::json!(codes));
}

#[test]
fn completions_cover_every_subcommand() {
    let bash = stdout(&["completions", "bash"]);
    for name in SUBCOMMANDS {
        assert!(bash.contains(name), "{name} not in the bash script");
    }
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        let script = stdout(&["completions", shell]);
        assert!(script.contains("build-db"), "{shell}: {script}");
    }
}

#[test]
fn the_man_pages_cover_every_subcommand() {
    let page = stdout(&["man"]);
    assert!(page.starts_with(".ie"), "{page}");
    assert!(page.contains(".TH klotski 1"), "{page}");
    for name in SUBCOMMANDS {
        let roff_name = name.replace('-', "\\-");
        assert!(
            page.contains(&format!("klotski\\-{roff_name}(1)")),
            "{name}"
        );
    }
    let dir = std::env::temp_dir().join(format!("klotski-man-{}", std::process::id()));
    let written = stdout(&["man", "--out", dir.to_str().unwrap()]);
    assert_eq!(written.lines().count(), SUBCOMMANDS.len() + 1, "{written}");
    assert_eq!(
        std::fs::read_to_string(dir.join("klotski.1")).unwrap(),
        page
    );
    for name in SUBCOMMANDS {
        let sub_page = std::fs::read_to_string(dir.join(format!("klotski-{name}.1"))).unwrap();
        assert!(sub_page.contains(".SH SYNOPSIS"), "{name}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
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
    check_error(&["frobnicate"], 2, "unrecognized subcommand");
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

/// The subcommands, as `klotski help` lists them.
const SUBCOMMANDS: &[&str] = &[
    "show",
    "info",
    "moves",
    "solve",
    "path",
    "group",
    "graph",
    "layers",
    "export",
    "analyse",
    "analyse-class",
    "analyse-group",
    "build-db",
    "migrate",
    "completions",
    "man",
];

#[test]
fn run_bare_it_prints_the_command_list() {
    let output = klotski(&[]);
    assert_eq!(output.status.code(), Some(2), "clap's code for no command");
    let help = String::from_utf8(output.stderr).unwrap();
    assert!(help.contains("Usage: klotski <COMMAND>"), "{help}");
    for name in SUBCOMMANDS {
        assert!(
            help.contains(&format!("\n  {name} ")),
            "{name} not in {help}"
        );
    }
    assert_eq!(stdout(&["help"]), help);
    assert_eq!(stdout(&["--help"]), help);
}

#[test]
fn help_and_version_print_to_standard_output() {
    let help = stdout(&["help", "solve"]);
    assert!(
        help.contains("Usage: klotski solve [OPTIONS] <LAYOUT>"),
        "{help}"
    );
    assert!(help.contains("--json"), "{help}");
    assert_eq!(stdout(&["solve", "--help"]), help);
    assert_eq!(
        stdout(&["--version"]),
        format!("klotski {}\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn typos_get_suggestions_on_one_line() {
    check_error(
        &["shwo", "4WVE1"],
        2,
        "klotski: unrecognized subcommand 'shwo' (did you mean 'show'?)",
    );
    check_error(
        &["solve", "--jsn", "4WVE1"],
        2,
        "unexpected argument '--jsn' found (did you mean '--json'?)",
    );
    check_error(
        &[
            "analyse-class",
            "0-3-0",
            "--out",
            "x",
            "--files",
            "solutoin",
        ],
        2,
        "(did you mean 'solution'?)",
    );
    check_error(&["completions", "bsh"], 2, "(did you mean 'bash'?)");
}

/// A missing argument: the error, then the usage line.
fn check_missing(args: &[&str], missing: &str, usage: &str) {
    let output = klotski(args);
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        format!(
            "klotski: the following required arguments were not provided: {missing}\n\
             Usage: {usage}\n"
        )
    );
}

#[test]
fn a_missing_argument_prints_the_usage() {
    check_missing(&["solve"], "<LAYOUT>", "klotski solve <LAYOUT>");
    check_missing(&["show"], "<LAYOUT>", "klotski show <LAYOUT>");
    check_missing(&["export"], "--out <OUT>", "klotski export --out <OUT>");
    check_missing(
        &["export", "--out", "x", "--allow-partial"],
        "--db <PATH>",
        "klotski export --out <OUT> --db <PATH> --allow-partial",
    );
}

#[test]
fn a_short_code_of_the_wrong_length_is_called_so() {
    check_error(
        &["show", "4WVE"],
        2,
        "invalid value '4WVE' for '<LAYOUT>': a short code of the wrong length: short codes \
         have 5 characters, not 4",
    );
    check_error(
        &["info", "4WVE12"],
        2,
        "short codes have 5 characters, not 6",
    );
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
    // Beside them, as the original's --all wrote them: the seed files of
    // all 203 classes.
    let classes: Vec<String> = data_rows("seed_files.tsv")
        .into_iter()
        .map(|row| row[0].clone())
        .collect();
    assert_eq!(classes.len(), 203);
    check_seed_files(&out, &classes);
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

/// Ctrl-C (SIGINT) stops the command's computation at the engine's next
/// checkpoint: it exits as one killed by the signal would (130), saying
/// so on one line. The analysis of the largest group (2-6-1-0) takes
/// seconds; the signal comes half a second in.
#[test]
fn ctrl_c_stops_the_computation_and_says_so() {
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_klotski"))
        .args(["analyse", "00006FFF0"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(500));
    let sent = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "klotski: stopped by Ctrl-C\n"
    );
    assert_eq!(out.status.code(), Some(130));
}
