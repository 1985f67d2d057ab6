//! The commands README.md, README.zh-CN.md and CONTRIBUTING.md give exist,
//! in their shell blocks and their inline code alike:
//!
//! - `cargo SUB ...`: the subcommand exists, and so does every package
//!   (`-p`), test target (`--test`), binary (`--bin`), feature
//!   (`--features`) and path (`--path`) it names, as `cargo metadata` lists
//!   them;
//! - `klotski SUB ...`, also after `cargo run ... --bin klotski --`: the
//!   subcommand exists, and every `--option` it is given is in its
//!   `--help`;
//! - `bash FILE`, `pip install ./DIR`, `python -m MODULE PATH`: the file
//!   or folder exists.
//!
//! The other programs they name are not the project's (`apt-get`, `curl`,
//! `sqlite3`; README's SQL itself runs in `sql.rs`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};
use serde_json::Value;

/// The documents whose commands are checked.
const DOCUMENTS: [&str; 3] = ["README.md", "README.zh-CN.md", "CONTRIBUTING.md"];

/// The languages of the fenced blocks that hold shell commands (in a
/// `console` block, the lines after a `$ ` prompt).
const SHELL_LANGUAGES: [&str; 4] = ["sh", "bash", "shell", "console"];

/// The repository's top folder.
fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_owned()
}

/// Every command line of a Markdown text: the lines of its shell blocks
/// (a line ending in `\` joined to the next, comments dropped) and its
/// inline code.
fn command_lines(markdown: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut in_shell_block = false;
    for event in Parser::new(markdown) {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(language))) => {
                in_shell_block = SHELL_LANGUAGES.contains(&language.as_ref());
            }
            Event::End(TagEnd::CodeBlock) => in_shell_block = false,
            Event::Text(text) if in_shell_block => {
                let joined = text.replace("\\\n", " ");
                lines.extend(joined.lines().map(|line| {
                    let line = line.strip_prefix("$ ").unwrap_or(line);
                    let command = line.split(" #").next().unwrap_or(line);
                    let command = command.split(" | ").next().unwrap_or(command);
                    command.trim().to_owned()
                }));
            }
            Event::Code(code) => lines.push(code.trim().to_owned()),
            _ => {}
        }
    }
    lines
}

/// A package of the workspace as `cargo metadata` lists it.
struct Package {
    /// Each target's name with its kinds (`bin`, `test`, `lib`, ...).
    targets: BTreeMap<String, Vec<String>>,
    features: Vec<String>,
}

/// The workspace's packages, by name.
fn packages() -> BTreeMap<String, Package> {
    let out = Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--no-deps",
            "--format-version",
            "1",
            "--offline",
        ])
        .current_dir(repo())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let metadata: Value = serde_json::from_slice(&out.stdout).unwrap();
    let strings = |value: &Value| -> Vec<String> {
        value
            .as_array()
            .unwrap()
            .iter()
            .map(|item| item.as_str().unwrap().to_owned())
            .collect()
    };
    metadata["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|package| {
            let targets = package["targets"]
                .as_array()
                .unwrap()
                .iter()
                .map(|target| {
                    let name = target["name"].as_str().unwrap().to_owned();
                    (name, strings(&target["kind"]))
                })
                .collect();
            let features = package["features"]
                .as_object()
                .unwrap()
                .keys()
                .cloned()
                .collect();
            let name = package["name"].as_str().unwrap().to_owned();
            (name, Package { targets, features })
        })
        .collect()
}

/// The value after each `flag` among `words` (`-p X`, `--test=Y`).
fn values<'a>(words: &[&'a str], flag: &str) -> Vec<&'a str> {
    let mut found = Vec::new();
    for (i, word) in words.iter().enumerate() {
        if *word == flag {
            found.extend(words.get(i + 1).copied());
        } else if let Some(value) = word.strip_prefix(flag).and_then(|w| w.strip_prefix('=')) {
            found.push(value);
        }
    }
    found
}

/// What is wrong with a `cargo` command, and the `klotski` command it
/// runs (the words after `--bin klotski --`), if any.
fn check_cargo(words: &[&str], packages: &BTreeMap<String, Package>) -> Vec<String> {
    let mut wrong = Vec::new();
    let subcommand = words[1];
    let help = Command::new(env!("CARGO"))
        .args([subcommand, "--help"])
        .output()
        .unwrap();
    if !help.status.success() {
        wrong.push(format!("cargo has no subcommand {subcommand}"));
    }
    let (own, _) = words
        .iter()
        .position(|&word| word == "--")
        .map_or((words, &[][..]), |at| words.split_at(at));
    let named: Vec<&Package> = values(own, "-p")
        .into_iter()
        .chain(values(own, "--package"))
        .filter_map(|name| {
            let package = packages.get(name);
            if package.is_none() {
                wrong.push(format!("no package {name}"));
            }
            package
        })
        .collect();
    let has_target = |name: &str, kind: &str| {
        named.iter().any(|package| {
            package
                .targets
                .get(name)
                .is_some_and(|kinds| kinds.iter().any(|k| k == kind))
        })
    };
    for (flag, kind) in [("--test", "test"), ("--bin", "bin"), ("--bench", "bench")] {
        for name in values(own, flag) {
            if !has_target(name, kind) {
                wrong.push(format!("no {kind} target {name} in the packages named"));
            }
        }
    }
    for feature in values(own, "--features") {
        if !named
            .iter()
            .any(|package| package.features.iter().any(|f| f == feature))
        {
            wrong.push(format!("no feature {feature} in the packages named"));
        }
    }
    for path in values(own, "--path") {
        if !repo().join(path).join("Cargo.toml").exists() {
            wrong.push(format!("no package at {path}"));
        }
    }
    wrong
}

/// What is wrong with a `klotski` command: a subcommand it lacks, or an
/// option its `--help` does not list.
fn check_klotski(words: &[&str]) -> Vec<String> {
    let Some(&subcommand) = words.get(1).filter(|word| !word.starts_with('-')) else {
        return Vec::new();
    };
    let help = Command::new(env!("CARGO_BIN_EXE_klotski"))
        .args([subcommand, "--help"])
        .output()
        .unwrap();
    if !help.status.success() {
        return vec![format!("klotski has no subcommand {subcommand}")];
    }
    let help = String::from_utf8(help.stdout).unwrap();
    words[2..]
        .iter()
        .filter(|word| word.starts_with("--"))
        .map(|word| word.split('=').next().unwrap())
        .filter(|option| {
            !help
                .split(|c: char| !(c.is_alphanumeric() || c == '-'))
                .any(|word| word == *option)
        })
        .map(|option| format!("klotski {subcommand} has no option {option}"))
        .collect()
}

/// What is wrong with one command line (nothing for another program's).
fn check_line(line: &str, packages: &BTreeMap<String, Package>) -> Vec<String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let exists = |path: &str| {
        if repo().join(path).exists() {
            Vec::new()
        } else {
            vec![format!("no {path}")]
        }
    };
    match words.as_slice() {
        ["cargo", _, ..] => {
            let mut wrong = check_cargo(&words, packages);
            if let Some(at) = words
                .windows(3)
                .position(|w| w == ["--bin", "klotski", "--"])
            {
                let mut run = vec!["klotski"];
                run.extend(&words[at + 3..]);
                wrong.extend(check_klotski(&run));
            }
            wrong
        }
        ["klotski", ..] => check_klotski(&words),
        ["bash", file, ..] => exists(file),
        ["pip", "install", rest @ ..] => rest
            .iter()
            .filter(|word| word.starts_with("./"))
            .flat_map(|path| exists(path))
            .collect(),
        ["python" | "python3", "-m", _, rest @ ..] => rest
            .iter()
            .filter(|word| word.contains('/'))
            .flat_map(|path| exists(path))
            .collect(),
        _ => Vec::new(),
    }
}

#[test]
fn every_command_of_the_readmes_and_contributing_exists() {
    let packages = packages();
    let mut wrong = Vec::new();
    let mut n_checked = 0;
    for document in DOCUMENTS {
        let markdown = std::fs::read_to_string(repo().join(document)).unwrap();
        for line in command_lines(&markdown) {
            let first = line.split_whitespace().next().unwrap_or("");
            if ["cargo", "klotski", "bash", "pip", "python", "python3"].contains(&first) {
                n_checked += 1;
            }
            for error in check_line(&line, &packages) {
                wrong.push(format!("{document}: `{line}`: {error}"));
            }
        }
    }
    assert!(n_checked >= 10, "only {n_checked} commands found");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_command_that_does_not_exist_is_found() {
    let packages = packages();
    for (line, error) in [
        ("cargo test -p server --test api", "no test target api"),
        ("cargo test -p serverx", "no package serverx"),
        (
            "cargo run -p builder --bin klotsky",
            "no bin target klotsky",
        ),
        ("cargo test -p klotski --features fast", "no feature fast"),
        ("cargo install --path nowhere", "no package at nowhere"),
        ("cargo frobnicate", "cargo has no subcommand frobnicate"),
        (
            "klotski solvex 1A9BF0C00",
            "klotski has no subcommand solvex",
        ),
        (
            "klotski export --dbx x",
            "klotski export has no option --dbx",
        ),
        (
            "cargo run --release -p builder --bin klotski -- build-db --classez 5-4-1",
            "klotski build-db has no option --classez",
        ),
        ("bash .ci/walk", "no .ci/walk"),
        ("pip install ./pythonx pytest", "no ./pythonx"),
    ] {
        let wrong = check_line(line, &packages);
        assert!(
            wrong.iter().any(|found| found.contains(error)),
            "{line}: {wrong:?}"
        );
    }
    for line in [
        "cargo test -p server --test api_case",
        "cargo run --release -p server --bin klotski-server -- --db x",
        "cargo test -p klotski --features kernel-stats --lib",
        "klotski export --db data/klotski.db --out data/",
        "sqlite3 anything at all",
    ] {
        assert_eq!(check_line(line, &packages), Vec::<String>::new(), "{line}");
    }
}
