//! BENCHMARKS.md is the one source of figures: each row of README.md's
//! figure table (`## The figures`) names its row of BENCHMARKS.md's table of
//! current figures (its "what" is the start of that row's first cell), and
//! every number of the README's figure is in that row's "current" cell;
//! README.zh-CN.md's table (`## 数据一览`) says the same numbers row by row.
//! So a figure changed in one and not the others fails here.

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

/// A cell's text as its row is named: without bold marks, trimmed.
fn row_name(cell: &str) -> String {
    cell.replace("**", "").trim().to_owned()
}

/// The row of BENCHMARKS' `current` table that README's `what` names: the
/// one row whose first cell starts with it.
fn named_row<'a>(current: &'a [Vec<String>], what: &str) -> &'a [String] {
    let name = row_name(what);
    let named: Vec<&Vec<String>> = current
        .iter()
        .filter(|row| row_name(&row[0]).starts_with(&name))
        .collect();
    match named[..] {
        [row] => row,
        [] => panic!("README's {what:?} names no row of BENCHMARKS.md's current figures"),
        _ => panic!(
            "README's {what:?} names {} rows of BENCHMARKS.md",
            named.len()
        ),
    }
}

#[test]
fn a_row_is_named_by_the_start_of_its_first_cell() {
    let current = table_under(
        "\n## T\n\n| figure | current |\n| --- | --- |\n| **full build**, 2 cores | 17 min |\n\
         | full build, schema 2 | 16 min |\n| the file | 2,652 MB |\n",
        "## T",
    );
    assert_eq!(named_row(&current, "full build, 2 cores")[1], "17 min");
    assert_eq!(named_row(&current, "full build, schema")[1], "16 min");
    assert_eq!(named_row(&current, "the file")[1], "2,652 MB");
}

#[test]
#[should_panic(expected = "names 2 rows")]
fn a_name_of_two_rows_is_refused() {
    let current = table_under(
        "\n## T\n\n| figure | current |\n| --- | --- |\n| full build, a | 1 |\n| full build, b | 2 |\n",
        "## T",
    );
    named_row(&current, "full build");
}

#[test]
fn every_figure_of_the_readme_is_its_benchmarks_rows() {
    let benchmarks = read("BENCHMARKS.md");
    let current = table_under(&benchmarks, "## Current figures against goals");
    assert!(current.len() > 20, "{current:?}");
    let readme = read("README.md");
    let figures = table_under(&readme, "## The figures");
    assert!(figures.len() >= 5, "{figures:?}");
    for row in figures {
        let [what, figure] = &row[..] else {
            panic!("README's figure rows have two cells: {row:?}");
        };
        let named = named_row(&current, what);
        let known = numbers(&named[1]);
        for number in numbers(figure) {
            assert!(
                known.contains(&number),
                "README's {what:?}: {number} is not in its BENCHMARKS.md row's current figure {:?}",
                named[1]
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
