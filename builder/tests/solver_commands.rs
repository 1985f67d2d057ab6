//! The solver commands end to end (`solve`, `path`, `moves`, `group`,
//! `layers`): their answers against the engine, a plain breadth-first search
//! and a database built here, their JSON and their move texts against the
//! service's over that database, and their errors.
//!
//! The service's answers are asked of its router (the `server` library, a
//! dev-dependency); this test lives here, not in `server`, because only the
//! builder's own tests can run the `klotski` binary
//! (`CARGO_BIN_EXE_klotski`).

mod common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use builder::{build_database, BuildOptions, DEFAULT_BATCH_LAYOUTS};
use common::{klotski, stdout};
use klotski::{ClassGroups, Code};
use serde_json::Value;

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&stdout(args)).unwrap()
}

/// Classes of the test database: one group each (0-2-0, 1-0-0), and many
/// groups, most with no solved layout (7-0-3).
const CLASSES: [&str; 3] = ["0-2-0", "1-0-0", "7-0-3"];

/// A database of [`CLASSES`], built once per test binary.
fn test_db() -> &'static str {
    static DB: OnceLock<(tempfile::TempDir, PathBuf)> = OnceLock::new();
    let (_, path) = DB.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("solver.db");
        let options = BuildOptions {
            db: path.clone(),
            classes: CLASSES.iter().map(|c| c.parse().unwrap()).collect(),
            force: false,
            batch_layouts: DEFAULT_BATCH_LAYOUTS,
            free_space: builder::space::CHECKED,
        };
        build_database(&options).unwrap();
        (dir, path)
    });
    path.to_str().unwrap()
}

/// The stored `min_solution_step` of `code`.
fn stored_min_step(db: &str, code: &str) -> i64 {
    let conn = rusqlite::Connection::open(Path::new(db)).unwrap();
    conn.query_row(
        "SELECT min_solution_step FROM layout WHERE code = ?1",
        [code],
        |row| row.get(0),
    )
    .unwrap()
}

/// The number of steps from `from` to the first layer of a plain
/// breadth-first search that holds a layout `found` accepts.
fn bfs_steps(from: Code, found: impl Fn(&Code) -> bool) -> usize {
    let mut layer = BTreeSet::from([from]);
    let mut seen = layer.clone();
    let mut steps = 0;
    while !layer.iter().any(&found) {
        let mut next_layer = BTreeSet::new();
        for code in &layer {
            code.layout().for_each_step(|next| {
                if seen.insert(next.code()) {
                    next_layer.insert(next.code());
                }
            });
        }
        assert!(
            !next_layer.is_empty(),
            "nothing sought is reachable from {from}"
        );
        layer = next_layer;
        steps += 1;
    }
    steps
}

/// The number of steps between two layouts, by a plain breadth-first search.
fn bfs_distance(from: Code, to: Code) -> usize {
    bfs_steps(from, |code| *code == to)
}

/// The codes at the end of each step line, checked to follow from `start`
/// one move at a time.
fn step_codes(start: Code, text: &str) -> Vec<Code> {
    let mut current = start;
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(fields[0], (i + 1).to_string(), "{line}");
            let code: Code = fields.last().unwrap().parse().unwrap();
            let step = klotski::Move::between(&current.layout(), &code.layout());
            assert_eq!(
                step.unwrap().to_string(),
                fields[1..fields.len() - 1].join(" ")
            );
            current = code;
            code
        })
        .collect()
}

/// The classic layouts the web page's start view lists (`CLASSICS` in
/// `server/web/views.js`), each with the fewest steps its source
/// publishes (the collection's `published_steps`, which the page shows
/// beside its name).
fn the_pages_famous_layouts() -> Vec<(Code, usize)> {
    let page = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../server/web/views.js"),
    )
    .unwrap();
    let list = page
        .split_once("const CLASSICS = [")
        .and_then(|(_, after)| after.split_once(']'))
        .expect("views.js lists CLASSICS")
        .0;
    list.split(',')
        .map(|code| code.trim().trim_matches('\'').parse::<Code>().unwrap())
        .map(|code| {
            let published = klotski::names_of(code)
                .iter()
                .find_map(|named| named.published_steps)
                .unwrap_or_else(|| panic!("{code} has a published count"));
            (code, published as usize)
        })
        .collect()
}

#[test]
fn the_famous_layouts_solve_in_their_known_steps() {
    let famous = the_pages_famous_layouts();
    assert_eq!(famous.len(), 5, "{famous:?}");
    for (start, steps) in famous {
        let codes = step_codes(start, &stdout(&["solve", &start.to_string()]));
        assert_eq!(codes.len(), steps, "{start}");
        assert!(codes.last().unwrap().is_solved());
        assert!(codes[..steps - 1].iter().all(|code| !code.is_solved()));
        assert_eq!(bfs_steps(start, |code| code.is_solved()), steps, "{start}");
    }
    // Named by classification, with boards: each step line and its board.
    let boards = stdout(&["solve", "5-4-1-1-7472", "--boards"]);
    assert!(boards.starts_with("       abcd\n     1 ^##^\n"), "{boards}");
    assert_eq!(boards.lines().filter(|l| l.contains("##")).count(), 2 * 82);
}

#[test]
fn solve_and_moves_agree_with_the_database() {
    let db = test_db();
    let mut n_checked = 0;
    for class in CLASSES {
        let groups = ClassGroups::build(class.parse().unwrap());
        for &code in groups.codes().iter().step_by(41) {
            let code = code.to_string();
            let stored = stored_min_step(db, &code);
            let searched = klotski(&["solve", &code, "--json"]);
            let walked = klotski(&["solve", &code, "--json", "--db", db]);
            if stored < 0 {
                for output in [searched, walked] {
                    assert_eq!(output.status.code(), Some(1));
                    let stderr = String::from_utf8(output.stderr).unwrap();
                    assert!(
                        stderr.contains("its group has no solved layout"),
                        "{stderr}"
                    );
                }
            } else {
                assert_eq!(searched.stdout, walked.stdout, "{code}");
                let answer: Value = serde_json::from_slice(&walked.stdout).unwrap();
                assert_eq!(answer["min_solution_step"], stored);
                assert_eq!(answer["moves"].as_array().unwrap().len() as i64, stored);
            }
            let computed = json(&["moves", &code, "--json"]);
            let read = json(&["moves", &code, "--json", "--db", db]);
            assert_eq!(computed, read, "{code}");
            for valued in read["moves"].as_array().unwrap() {
                let next = valued["move"]["code"].as_str().unwrap();
                let next_stored = stored_min_step(db, next);
                assert_eq!(valued["solution"]["min_step"], next_stored);
                let nearer = stored >= 0 && next_stored == stored - 1;
                assert_eq!(valued["progress"] == "nearer", nearer, "{code} to {next}");
            }
            n_checked += 1;
        }
    }
    assert!(n_checked > 50, "{n_checked}");
}

/// The service over `db`: the JSON of a GET of `uri`, which must succeed.
fn service_json(db: &str, uri: &str) -> Value {
    use tower::ServiceExt;
    let app =
        server::app(server::AppState::open(Path::new(db), server::Config::default()).unwrap());
    let request = axum::http::Request::get(uri)
        .body(axum::body::Body::empty())
        .unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let response = app.oneshot(request).await.unwrap();
        let status = response.status();
        let body = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap();
        assert!(status.is_success(), "{uri}: {status}");
        serde_json::from_slice(&body).unwrap()
    })
}

#[test]
fn the_json_of_moves_solve_and_path_is_the_services() {
    let db = test_db();
    let mut n_moves = 0;
    let mut n_solved = 0;
    for class in CLASSES {
        let groups = ClassGroups::build(class.parse().unwrap());
        let codes = groups.codes();
        for metric in ["step", "straight", "cell"] {
            let (flag, query) = (["--metric", metric], format!("?metric={metric}"));
            for &code in codes.iter().step_by(codes.len() / 4) {
                let code = code.to_string();
                let answer = service_json(db, &format!("/case/{code}/moves{query}"));
                let moves = ["moves", &code, "--json", flag[0], flag[1]];
                assert_eq!(
                    json(&[&moves[..], &["--db", db]].concat()),
                    answer,
                    "{code}"
                );
                assert_eq!(json(&moves), answer, "{code}");
                n_moves += answer["moves"].as_array().unwrap().len();
                if stored_min_step(db, &code) >= 0 {
                    let answer = service_json(db, &format!("/case/{code}/solution{query}"));
                    let solve = ["solve", &code, "--json", flag[0], flag[1]];
                    assert_eq!(
                        json(&[&solve[..], &["--db", db]].concat()),
                        answer,
                        "{code}"
                    );
                    assert_eq!(json(&solve), answer, "{code} searched");
                    n_solved += 1;
                }
            }
            // Across the largest group, first code to last.
            let group: Vec<Code> = groups.group_codes(0).collect();
            let (from, to) = (group[0].to_string(), group[group.len() - 1].to_string());
            let answer = service_json(db, &format!("/path/{from}/{to}{query}"));
            assert_eq!(
                json(&["path", &from, &to, "--json", flag[0], flag[1]]),
                answer,
                "{from} to {to}"
            );
        }
    }
    // Moves with and without a slide, solved and unsolvable groups.
    assert!(
        n_moves > 20 && n_solved > 4,
        "{n_moves} moves, {n_solved} solved"
    );
}

/// The text of a move the service writes (`move` of its answers), checked
/// to be the one notation: the piece's shape, then its top-left cell before
/// and after joined by an ASCII hyphen (`1x2 d3-d4`, `1x1 b5-c4`).
fn notation(step: &Value) -> &str {
    let text = step["text"].as_str().unwrap();
    let field = |name: &str| step[name].as_str().unwrap();
    let written = format!("{} {}-{}", field("piece"), field("from"), field("to"));
    assert_eq!(text, written, "{step}");
    text
}

/// One notation for a step everywhere: for a sample of each class's layouts,
/// every move the service's `/case/{code}/moves` writes is written alike by
/// `moves` (its table, in the same order), by `info` (its next layouts) and,
/// along a minimum solution, by the service's `/case/{code}/solution` and
/// `solve`.
#[test]
fn a_step_is_written_alike_by_the_service_and_every_command() {
    let db = test_db();
    let (mut shapes, mut n_moves, mut n_turns, mut n_solved) = (BTreeSet::new(), 0, 0, 0);
    for class in CLASSES {
        let groups = ClassGroups::build(class.parse().unwrap());
        let codes = groups.codes();
        for &code in codes.iter().step_by(codes.len() / 6) {
            let code = code.to_string();
            let answer = service_json(db, &format!("/case/{code}/moves"));
            let steps: Vec<&Value> = answer["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|valued| &valued["move"])
                .collect();
            let table = stdout(&["moves", &code, "--db", db]);
            let rows: Vec<&str> = table.lines().skip(1).collect();
            assert_eq!(rows.len(), steps.len(), "{table}");
            let mut listed = Vec::new();
            for (row, step) in rows.iter().zip(&steps) {
                let (text, after) = (notation(step), step["code"].as_str().unwrap());
                assert!(row.starts_with(&format!("{text}  {after}  ")), "{row}");
                listed.push(format!("  {text}  {after}"));
                shapes.insert(step["piece"].as_str().unwrap().to_owned());
                n_turns += usize::from(step["direction"].is_null());
            }
            n_moves += steps.len();
            let info = stdout(&["info", &code, "--db", db]);
            let (_, next) = info.split_once("next layouts").unwrap();
            let mut next: Vec<&str> = next.lines().skip(1).collect();
            listed.sort();
            next.sort_unstable();
            assert_eq!(next, listed, "{code}");
            if stored_min_step(db, &code) > 0 {
                let answer = service_json(db, &format!("/case/{code}/solution"));
                let solve = stdout(&["solve", &code, "--db", db]);
                let lines: Vec<&str> = solve.lines().collect();
                let moves = answer["moves"].as_array().unwrap();
                assert_eq!(lines.len(), moves.len(), "{solve}");
                for (i, (line, step)) in lines.iter().zip(moves).enumerate() {
                    let (number, rest) = line.trim_start().split_once("  ").unwrap();
                    assert_eq!(number, (i + 1).to_string(), "{line}");
                    let after = step["code"].as_str().unwrap();
                    assert_eq!(rest, format!("{}  {after}", notation(step)), "{line}");
                }
                n_solved += 1;
            }
        }
    }
    // Every piece, slides and turns, solved and unsolvable groups.
    assert_eq!(
        shapes,
        BTreeSet::from(["1x1", "1x2", "2x1", "2x2"].map(String::from))
    );
    assert!(
        n_moves > 50 && n_turns > 0 && n_solved > 2,
        "{n_moves} moves, {n_turns} turns, {n_solved} solved"
    );
}

#[test]
fn paths_have_the_breadth_first_distance() {
    let groups = ClassGroups::build("0-2-0".parse().unwrap());
    let codes = groups.codes();
    for (from, to) in [(0, codes.len() - 1), (5, 700), (1000, 3), (42, 42)] {
        let (from, to) = (codes[from], codes[to]);
        let lines = stdout(&["path", &from.to_string(), &to.to_string()]);
        let steps = step_codes(from, &lines);
        assert_eq!(steps.len(), bfs_distance(from, to), "{from} to {to}");
        assert_eq!(steps.last().copied().unwrap_or(from), to);
        let answer = json(&["path", &from.to_string(), &to.to_string(), "--json"]);
        assert_eq!(answer["step"], steps.len());
    }
    let output = klotski(&["path", "000000000", "0C0000000"]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("are in different groups"), "{stderr}");
}

#[test]
fn group_and_layers_list_the_whole_group() {
    let groups = ClassGroups::build("7-0-3".parse().unwrap());
    let members: Vec<String> = groups.group_codes(0).map(|c| c.to_string()).collect();
    let start = &members[members.len() / 2];
    let output = klotski(&["group", start]);
    let listed: Vec<&str> = std::str::from_utf8(&output.stdout)
        .unwrap()
        .lines()
        .collect();
    assert_eq!(listed, members);
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains(&format!("{} layouts", members.len())),
        "{stderr}"
    );

    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("layers.csv");
    let sizes = stdout(&["layers", start, "--out", csv.to_str().unwrap()]);
    let csv = std::fs::read_to_string(csv).unwrap();
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("layer,code,previous,next"));
    let rows: Vec<Vec<&str>> = lines.map(|line| line.split(',').collect()).collect();
    assert_eq!(rows.len(), members.len());
    let layer_of = |code: &str| rows.iter().find(|row| row[1] == code).unwrap()[0];
    for row in &rows {
        let layer: u32 = row[0].parse().unwrap();
        for previous in row[2].split_whitespace() {
            assert_eq!(layer_of(previous).parse::<u32>().unwrap() + 1, layer);
        }
        for next in row[3].split_whitespace() {
            assert_eq!(layer_of(next).parse::<u32>().unwrap(), layer + 1);
        }
        assert_eq!(row[2].is_empty(), layer == 0, "{row:?}");
    }
    // The sizes printed are the rows per layer.
    for line in sizes.lines().skip(1) {
        let (layer, size) = line.trim().split_once("  ").unwrap();
        let n = rows.iter().filter(|row| row[0] == layer).count();
        assert_eq!(size.trim(), n.to_string(), "layer {layer}");
    }
}

#[test]
fn every_command_reads_a_classification() {
    let board = stdout(&["show", "1A9BF0C00"]);
    assert_eq!(stdout(&["show", "5-4-1-1-7472"]), board);
    let output = klotski(&["show", "5-4-1-1-99999"]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(
        stderr,
        "klotski: group 5-4-1-1 has 25955 layouts: group_index 99999 is past its end\n"
    );
    let output = klotski(&["moves", "5-4-1"]);
    assert_eq!(output.status.code(), Some(2));
    let info = stdout(&["info", "1A9BF0C00"]);
    assert!(
        info.contains("next layouts          8\n  1x1 b4-b5  1A98FCC00\n"),
        "{info}"
    );
}

/// `info --db` reads the five numbers and the group's summary from the
/// database; they equal the numbers `info` computes, and the rows SQL reads.
#[test]
fn info_reads_the_stored_numbers_with_db() {
    let db = test_db();
    let conn = rusqlite::Connection::open(Path::new(db)).unwrap();
    let mut n_checked = 0;
    for class in CLASSES {
        let groups = ClassGroups::build(class.parse().unwrap());
        let codes = groups.codes();
        for code in [codes[0], codes[codes.len() / 2], codes[codes.len() - 1]] {
            let code = code.to_string();
            let stored = json(&["info", &code, "--db", db, "--json"]);
            let mut searched = json(&["info", &code, "--json"]);
            assert_eq!(searched["group"], Value::Null);
            searched["group"] = stored["group"].clone();
            assert_eq!(stored, searched, "{code}");
            let row: [i64; 5] = conn
                .query_row(
                    "SELECT min_solution_step, min_solution_num, solution_num, farthest_step, \
                     farthest_num FROM layout WHERE code = ?1",
                    [&code],
                    |row| {
                        Ok([
                            row.get(0)?,
                            row.get(1)?,
                            row.get(2)?,
                            row.get(3)?,
                            row.get(4)?,
                        ])
                    },
                )
                .unwrap();
            let names = [
                "min_solution_step",
                "min_solution_num",
                "solution_num",
                "farthest_step",
                "farthest_num",
            ];
            for (name, value) in names.iter().zip(row) {
                assert_eq!(stored[name], value, "{code} {name}");
            }
            let group: (i64, i64, i64, Option<String>) = conn
                .query_row(
                    "SELECT g.diameter, g.n_solved, g.max_min_solution_step, \
                     g.max_min_solution_code FROM layout l JOIN layout_group g \
                     USING (jiang, bing, style, group_num) WHERE l.code = ?1",
                    [&code],
                    |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?)),
                )
                .unwrap();
            assert_eq!(stored["group"]["diameter"], group.0);
            assert_eq!(stored["group"]["n_solved"], group.1);
            assert_eq!(stored["group"]["max_min_solution_step"], group.2);
            assert_eq!(
                stored["group"]["max_min_solution_code"],
                serde_json::json!(group.3)
            );
            let text = stdout(&["info", &code, "--db", db]);
            let diameter = format!("group diameter        {}\n", group.0);
            assert!(text.contains(&diameter), "{text}");
            n_checked += 1;
        }
    }
    assert_eq!(n_checked, 3 * CLASSES.len());
    let output = klotski(&["info", "1A9BF0C00", "--db", db]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("1A9BF0C00 (class 5-4-1) is not in"),
        "{stderr}"
    );
}
