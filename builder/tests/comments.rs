//! No comment in the code's sources carries a measured figure or a date: a
//! comment says why, and a measured number lives in BENCHMARKS.md (or the
//! journal), which the comment names. A measurement in a comment goes stale
//! as the code changes; BENCHMARKS.md says when and on what it was taken.
//!
//! A figure here is a number followed by a unit of time or size (`12 ms`,
//! `3.6 GB`), a ratio (`1.4x`, `30%`), a rate (`84,700 requests/s`), or a
//! date (`2026-11-28`). Inline code (between backticks) and fenced examples
//! in doc comments are left alone. A threshold or a default is written as
//! the constant's name, or in words, not in a unit.

use std::path::{Path, PathBuf};

/// The source folders checked, from the repository's top.
const CHECKED: &[&str] = &[
    "klotski/src",
    "klotski/benches",
    "schema/src",
    "builder/src",
    "builder/build.rs",
    "edge/src",
    "bench/src",
    "probe/src",
    "server/build.rs",
    "server/src",
    "python/src",
];

/// The units a figure is measured in, each a whole word after its number.
const UNITS: &[&str] = &[
    "ns", "us", "µs", "ms", "s", "min", "KB", "MB", "GB", "KiB", "MiB", "GiB",
];

/// The repository's top folder.
fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_owned()
}

/// Every `.rs` file at or under `path`.
fn rust_files(path: &Path) -> Vec<PathBuf> {
    if path.is_file() {
        return vec![path.to_owned()];
    }
    let mut files = Vec::new();
    let mut folders = vec![path.to_owned()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// A comment line's words with its inline code (between backticks) blanked.
fn without_inline_code(text: &str) -> String {
    let mut inside = false;
    text.chars()
        .map(|c| {
            if c == '`' {
                inside = !inside;
                ' '
            } else if inside {
                ' '
            } else {
                c
            }
        })
        .collect()
}

/// Whether a comment's text holds a figure: a number and a unit, a ratio, a
/// rate or a date.
fn has_figure(text: &str) -> bool {
    let chars: Vec<char> = without_inline_code(text).chars().collect();
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    let mut at = 0;
    while at < chars.len() {
        let starts_number = chars[at].is_ascii_digit()
            && (at == 0 || !(is_word(chars[at - 1]) || matches!(chars[at - 1], '.' | ',')));
        if !starts_number {
            at += 1;
            continue;
        }
        let start = at;
        while at < chars.len()
            && (chars[at].is_ascii_digit()
                || (matches!(chars[at], ',' | '.')
                    && chars.get(at + 1).is_some_and(char::is_ascii_digit)))
        {
            at += 1;
        }
        let number: String = chars[start..at].iter().collect();
        let rest: String = chars[at..].iter().collect();
        if is_date(&number, &rest) || is_ratio(&rest) || has_unit(&rest) {
            return true;
        }
    }
    false
}

/// `2026` and `-11-28`: a date.
fn is_date(number: &str, rest: &str) -> bool {
    let rest: Vec<char> = rest.chars().take(6).collect();
    number.len() == 4
        && number.starts_with("20")
        && rest.len() == 6
        && rest[0] == '-'
        && rest[3] == '-'
        && [1, 2, 4, 5].iter().all(|&i| rest[i].is_ascii_digit())
}

/// `%`, or `x` ending a word: a ratio.
fn is_ratio(rest: &str) -> bool {
    let mut chars = rest.chars();
    match chars.next() {
        Some('%') => true,
        Some('x') => !chars.next().is_some_and(|c| c.is_alphanumeric()),
        _ => false,
    }
}

/// A unit of [`UNITS`], or a word and `/s` (a rate), after an optional space.
fn has_unit(rest: &str) -> bool {
    let rest = rest.strip_prefix(' ').unwrap_or(rest);
    let rest = rest.strip_prefix("million ").unwrap_or(rest);
    let word: String = rest.chars().take_while(|c| c.is_alphabetic()).collect();
    if word.is_empty() {
        return false;
    }
    let after = &rest[word.len()..];
    let ends_word = !after.starts_with(|c: char| c.is_alphanumeric() || c == '_');
    (UNITS.contains(&word.as_str()) && ends_word)
        || (after.starts_with("/s") && !after[2..].starts_with(char::is_alphanumeric))
}

/// The comment lines of a Rust source that hold a figure, as
/// `path:line: text`; fenced examples in doc comments are skipped.
fn figures_in(path: &Path) -> Vec<String> {
    let source = std::fs::read_to_string(path).unwrap();
    let name = path.strip_prefix(repo()).unwrap_or(path).display();
    let mut fenced = false;
    let mut found = Vec::new();
    for (index, line) in source.lines().enumerate() {
        let Some(comment) = line.trim_start().strip_prefix("//") else {
            continue;
        };
        let text = comment.trim_start_matches(['/', '!']).trim();
        if text.starts_with("```") {
            fenced = !fenced;
        } else if !fenced && has_figure(text) {
            found.push(format!("{name}:{}: {}", index + 1, line.trim()));
        }
    }
    found
}

#[test]
fn figures_are_recognised() {
    for text in [
        "took 12 ms against 30 ms",
        "(10.7 per hub, 3% faster)",
        "1.4x over 512",
        "a file of 2,651.7 MB",
        "at 84,700 requests/s",
        "0.89 million rows/s",
        "measured on 2026-11-28",
        "up to 2 s for the largest",
        "about 240 MiB",
    ] {
        assert!(has_figure(text), "{text:?} holds a figure");
    }
    for text in [
        "a 2x1 piece on the 4x5 board",
        "all 29,334,498 layouts, 1024 lanes",
        "the MD5s of the release",
        "every 30 seconds by default",
        "`1m 05s` as written",
        "2^22 four-byte entries; u64 counts; 36-bit codes",
        "classes 5-4-1 and 2-6-1-0",
    ] {
        assert!(!has_figure(text), "{text:?} holds no figure");
    }
}

#[test]
fn no_comment_carries_a_measured_figure_or_a_date() {
    let root = repo();
    let files: Vec<PathBuf> = CHECKED
        .iter()
        .flat_map(|path| rust_files(&root.join(path)))
        .collect();
    assert!(files.len() > 100, "only {} files", files.len());
    let found: Vec<String> = files.iter().flat_map(|file| figures_in(file)).collect();
    assert!(
        found.is_empty(),
        "comments with a measured figure or a date (a comment says why; the \
         figure goes to BENCHMARKS.md, and the comment names its row):\n{}",
        found.join("\n")
    );
}

#[test]
fn every_crate_is_checked() {
    let root = repo();
    for crate_dir in [
        "klotski", "schema", "builder", "edge", "bench", "probe", "server", "python",
    ] {
        let source = format!("{crate_dir}/src");
        assert!(
            CHECKED.contains(&source.as_str()),
            "{source} is not checked"
        );
        assert!(root.join(&source).is_dir(), "{source}");
    }
}
