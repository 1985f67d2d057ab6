//! BENCHMARKS.md is the one source of figures: every number in README.md's
//! figure table (`## The figures`) is one of the numbers in BENCHMARKS.md's
//! table of current figures, and README.zh-CN.md's table (`## 数据一览`)
//! says the same numbers row by row, so a figure changed in one and not the
//! others fails here.

use std::collections::HashSet;
use std::path::Path;

/// The repository's file `name`.
fn read(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// The rows of the first Markdown table under the heading `heading`, each
/// as its cells, the header row and the separator left out.
fn table_under(text: &str, heading: &str) -> Vec<Vec<String>> {
    let start = text
        .find(&format!("\n{heading}\n"))
        .unwrap_or_else(|| panic!("no heading {heading:?}"));
    text[start..]
        .lines()
        .skip_while(|line| !line.starts_with('|'))
        .take_while(|line| line.starts_with('|'))
        .skip(2)
        .map(|line| {
            line.trim_matches('|')
                .split('|')
                .map(|cell| cell.trim().to_owned())
                .collect()
        })
        .collect()
}

/// The numbers written in `text`: runs of digits with their thousands
/// commas and decimals (`29,334,498`, `3.62`); a range `17-25` is two.
fn numbers(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut current = String::new();
    let chars: Vec<char> = text.chars().collect();
    for (at, &c) in chars.iter().enumerate() {
        let inside = c.is_ascii_digit()
            || (matches!(c, ',' | '.')
                && !current.is_empty()
                && chars.get(at + 1).is_some_and(char::is_ascii_digit));
        if inside {
            current.push(c);
        } else if !current.is_empty() {
            found.push(std::mem::take(&mut current));
        }
    }
    found.extend((!current.is_empty()).then_some(current));
    found
}

#[test]
fn numbers_are_read_whole() {
    assert_eq!(
        numbers("29,334,498 / 203, 17 min 53.9 s; 1.6-3.3 ms, 2026-11-28."),
        [
            "29,334,498",
            "203",
            "17",
            "53.9",
            "1.6",
            "3.3",
            "2026",
            "11",
            "28"
        ]
    );
}

#[test]
fn every_figure_of_the_readme_is_one_of_the_benchmarks() {
    let benchmarks = read("BENCHMARKS.md");
    let current = table_under(&benchmarks, "## Current figures against goals");
    assert!(current.len() > 20, "{current:?}");
    let known: HashSet<String> = current.iter().flatten().flat_map(|c| numbers(c)).collect();
    let readme = read("README.md");
    let figures = table_under(&readme, "## The figures");
    assert!(figures.len() >= 5, "{figures:?}");
    for row in figures {
        let [what, figure] = &row[..] else {
            panic!("README's figure rows have two cells: {row:?}");
        };
        for number in numbers(figure) {
            assert!(
                known.contains(&number),
                "README's {what:?}: {number} is not among BENCHMARKS.md's current figures"
            );
        }
    }
}

/// The figures of a README's table, each row's numbers sorted.
fn figure_numbers(readme: &str, heading: &str) -> Vec<Vec<String>> {
    table_under(&read(readme), heading)
        .iter()
        .map(|row| {
            let mut found = numbers(&row[1]);
            found.sort();
            found
        })
        .collect()
}

#[test]
fn the_chinese_readme_has_the_figures_of_the_english_one() {
    let english = figure_numbers("README.md", "## The figures");
    let chinese = figure_numbers("README.zh-CN.md", "## 数据一览");
    assert!(english.len() >= 5, "{english:?}");
    assert_eq!(chinese, english);
}
