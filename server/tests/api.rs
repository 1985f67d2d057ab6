//! Every route on a real database of small classes, checked against the
//! engine: the answers, the paging, and every error path.

mod common;

use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
use std::rc::Rc;
use std::time::Duration;

use axum::http::StatusCode;
use common::{all_codes, app_with, build_db, get, test_app, test_db, CLASSES};
use klotski::analysis::{reference, shortest_in_every_metric, GroupGraph};
use klotski::{paths, Class, ClassGroups, Code, Metric, Move, ShortCode};
use serde_json::{json, Value};
use server::Config;

fn code(text: &str) -> Code {
    text.parse().unwrap()
}

/// Every layout of the test database, class by class.
fn every_layout() -> Vec<Code> {
    CLASSES
        .iter()
        .flat_map(|class| klotski::enumerate::class_codes(class.parse::<Class>().unwrap()))
        .collect()
}

/// For each layout of `code`'s group, its distance to the nearest solved
/// layout, by a breadth-first search from all solved layouts at once.
fn distances_to_solved(code: Code) -> HashMap<Code, u32> {
    let graph = GroupGraph::build(klotski::group_of(code));
    let mut distance = vec![u32::MAX; graph.n_nodes()];
    let mut queue: VecDeque<u32> = graph.solved_nodes().into();
    for &node in &queue {
        distance[node as usize] = 0;
    }
    while let Some(node) = queue.pop_front() {
        for &next in graph.neighbours(node) {
            if distance[next as usize] == u32::MAX {
                distance[next as usize] = distance[node as usize] + 1;
                queue.push_back(next);
            }
        }
    }
    (0..graph.n_nodes() as u32)
        .filter(|&node| distance[node as usize] != u32::MAX)
        .map(|node| (graph.code(node), distance[node as usize]))
        .collect()
}

/// Every layout of the test database with its group's distances to solved
/// (one map per group, shared by its layouts).
fn every_layout_with_distances() -> Vec<(Code, Rc<HashMap<Code, u32>>)> {
    let mut by_group: HashMap<Vec<Code>, Rc<HashMap<Code, u32>>> = HashMap::new();
    every_layout()
        .into_iter()
        .map(|code| {
            let distance = by_group
                .entry(klotski::group_of(code))
                .or_insert_with(|| Rc::new(distances_to_solved(code)));
            (code, Rc::clone(distance))
        })
        .collect()
}

/// Whether one step turns `a` into `b`.
fn adjacent(a: Code, b: Code) -> bool {
    let mut found = false;
    a.layout().for_each_step(|next| found |= next.code() == b);
    found
}

fn codes_of(value: &Value) -> Vec<Code> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|text| code(text.as_str().unwrap()))
        .collect()
}

#[tokio::test]
async fn case_matches_the_engine_for_every_layout() {
    let app = test_app();
    let all = all_codes();
    let mut n_checked = 0;
    for class in CLASSES {
        let groups = ClassGroups::build(class.parse().unwrap());
        for group_num in 0..groups.n_groups() {
            let graph = GroupGraph::build(groups.group_codes(group_num).collect());
            let [step, straight, cell] = shortest_in_every_metric(&graph).unwrap();
            for group_index in 0..groups.group_size(group_num) {
                let layout_code = graph.code(group_index);
                let numbers = reference::analyse_layout(&graph, group_index).analysis;
                let node = group_index as usize;
                let layout = layout_code.layout();
                let class_parts: Vec<u32> = class.split('-').map(|n| n.parse().unwrap()).collect();
                let id = all.id(layout_code);
                let expected = json!({
                    "code": layout_code.to_string(),
                    "short_code": ShortCode::from_id(id).unwrap().to_string(),
                    "id": id,
                    "classification": {
                        "name": format!("{class}-{group_num}-{group_index}"),
                        "jiang": class_parts[0], "bing": class_parts[1], "style": class_parts[2],
                        "group_num": group_num, "group_index": group_index,
                    },
                    "group": {"name": format!("{class}-{group_num}"), "size": groups.group_size(group_num)},
                    "is_mirror": layout.is_mirror(),
                    "solved": layout.is_solved(),
                    "farthest": {"step": numbers.farthest_step, "num": numbers.farthest_num},
                    "solution": {
                        "min_step": numbers.min_solution_step,
                        "min_num": numbers.min_solution_num,
                        "num": numbers.solution_num,
                    },
                    "metrics": {
                        "min_straight_moves": straight[node].moves,
                        "min_cell_moves": cell[node].moves,
                        "n_min_step_sequences": step[node].n_sequences,
                        "n_min_straight_sequences": straight[node].n_sequences,
                        "n_min_cell_sequences": cell[node].n_sequences,
                    },
                    "board": layout.rows(),
                });
                let (status, body) = get(&app, &format!("/case/{layout_code}")).await;
                assert_eq!((status, &body), (StatusCode::OK, &expected));
                n_checked += 1;
            }
        }
    }
    assert_eq!(n_checked, 12 + 192 + 1440 + 132 + 1036 + 88);
}

#[tokio::test]
async fn a_code_is_answered_from_its_own_row_even_where_ids_are_not_ranks() {
    // A layout and a neighbour with other numbers swap ids in a copy: a
    // lookup by a code's id finds the other layout, and must not answer
    // with it, for the layout or for its moves.
    let app = test_app();
    let numbers = |body: &Value| {
        json!([
            body["code"],
            body["classification"],
            body["farthest"],
            body["solution"]
        ])
    };
    let a = code("08");
    let (_, case_a) = get(&app, &format!("/case/{a}")).await;
    let (_, moves_a) = get(&app, &format!("/case/{a}/moves")).await;
    let mut b_and_case = None;
    for step in a.layout().moves() {
        let b = step.after().code();
        let (_, case_b) = get(&app, &format!("/case/{b}")).await;
        if case_b["farthest"] != case_a["farthest"] || case_b["solution"] != case_a["solution"] {
            b_and_case = Some((b, case_b));
            break;
        }
    }
    let (b, case_b) = b_and_case.expect("a neighbour with other numbers");
    let (id_a, id_b) = (all_codes().id(a), all_codes().id(b));
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("swapped.db");
    std::fs::copy(test_db(), &copy).unwrap();
    rusqlite::Connection::open(&copy)
        .unwrap()
        .execute_batch(&format!(
            "PRAGMA foreign_keys = OFF;
             UPDATE layout SET id = -1 WHERE id = {id_a};
             UPDATE layout SET id = {id_a} WHERE id = {id_b};
             UPDATE layout SET id = {id_b} WHERE id = -1;"
        ))
        .unwrap();
    let swapped = app_with(&copy, Config::default());
    for (layout, before) in [(a, &case_a), (b, &case_b)] {
        let (status, after) = get(&swapped, &format!("/case/{layout}")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(numbers(&after), numbers(before), "{layout}");
    }
    let (_, moves_after) = get(&swapped, &format!("/case/{a}/moves")).await;
    assert_eq!(moves_after, moves_a);
}

#[tokio::test]
async fn every_spelling_of_a_layout_is_the_same_case() {
    let app = test_app();
    // A 1-0-0 layout whose code has trailing zeros.
    let layout_code = code("08");
    let id = all_codes().id(layout_code);
    let short = ShortCode::from_id(id).unwrap().to_string();
    // A short code that is also a legal code would be read as a code.
    assert!(short.parse::<Code>().is_err(), "{short}");
    let (_, by_code) = get(&app, "/case/080000000").await;
    let name = by_code["classification"]["name"]
        .as_str()
        .unwrap()
        .to_owned();
    for spelling in [
        "080000000",
        "08",
        "0800",
        &short,
        &short.to_lowercase(),
        &name,
    ] {
        let (status, body) = get(&app, &format!("/case/{spelling}")).await;
        assert_eq!((status, &body), (StatusCode::OK, &by_code), "{spelling}");
    }
    let (status, body) = get(&app, &format!("/classification/{name}")).await;
    assert_eq!((status, &body), (StatusCode::OK, &by_code));
}

#[tokio::test]
async fn solution_of_every_layout_walks_to_a_solved_layout() {
    let app = test_app();
    let mut n_solvable = 0;
    for (layout_code, distance) in every_layout_with_distances() {
        let (status, body) = get(&app, &format!("/case/{layout_code}/solution")).await;
        let Some(&steps) = distance.get(&layout_code) else {
            assert_eq!(status, StatusCode::NOT_FOUND, "{layout_code}");
            assert_eq!(body["error"], "no_solution");
            assert!(
                body["detail"]
                    .as_str()
                    .unwrap()
                    .contains("which has no solved layout"),
                "{body}"
            );
            continue;
        };
        n_solvable += 1;
        assert_eq!(status, StatusCode::OK, "{layout_code}: {body}");
        assert_eq!(body["code"], layout_code.to_string());
        assert_eq!(body["min_solution_step"], steps);
        let path = codes_of(&body["layouts"]);
        assert_eq!(path.len(), steps as usize + 1);
        assert_eq!(path[0], layout_code);
        assert!(path.last().unwrap().is_solved());
        for (i, pair) in path.windows(2).enumerate() {
            assert!(adjacent(pair[0], pair[1]), "{pair:?}");
            assert_eq!(distance[&pair[1]], steps - 1 - i as u32);
        }
        check_moves(&path, &body["moves"]);
    }
    assert!(n_solvable > 1500, "{n_solvable}");
}

/// `moves` are the moves between the consecutive layouts of `path`, each
/// with the layout it gives.
fn check_moves(path: &[Code], moves: &Value) {
    let moves = moves.as_array().unwrap();
    assert_eq!(moves.len() + 1, path.len());
    for (pair, step) in path.windows(2).zip(moves) {
        let expected = Move::between(&pair[0].layout(), &pair[1].layout()).unwrap();
        assert_eq!(step["text"], expected.to_string());
        assert_eq!(step["code"], pair[1].to_string());
        assert_eq!(step["piece"], expected.piece().shape());
        assert_eq!(step["from"], expected.from().to_string());
        assert_eq!(step["to"], expected.to().to_string());
    }
}

#[tokio::test]
async fn moves_of_every_layout_are_its_steps_valued_by_the_engine() {
    let app = test_app();
    let mut n_best = 0;
    for (layout_code, distance) in every_layout_with_distances() {
        let steps = |code: &Code| distance.get(code).map_or(-1, |&d| d as i64);
        let (status, body) = get(&app, &format!("/case/{layout_code}/moves")).await;
        assert_eq!(status, StatusCode::OK, "{layout_code}: {body}");
        assert_eq!(body["min_solution_step"], steps(&layout_code));
        let moves = body["moves"].as_array().unwrap();
        let mut expected: Vec<Move> = layout_code.layout().moves();
        assert_eq!(moves.len(), expected.len(), "{layout_code}");
        let mut last_rank = 0;
        for valued in moves {
            let next = code(valued["move"]["code"].as_str().unwrap());
            let position = expected.iter().position(|m| m.after().code() == next);
            let step = expected.remove(position.expect("a move is a step"));
            assert_eq!(valued["move"]["text"], step.to_string());
            assert_eq!(valued["solution"]["min_step"], steps(&next));
            let (here, there) = (steps(&layout_code), steps(&next));
            let (progress, rank) = match (here, there) {
                (-1, _) => (Value::Null, 0),
                _ if there < here => (json!("nearer"), 0),
                _ if there == here => (json!("same"), 1),
                _ => (json!("farther"), 2),
            };
            assert_eq!(valued["progress"], progress, "{layout_code} {step}");
            assert_eq!(valued["best"], there >= 0 && there == here - 1);
            assert!(rank >= last_rank, "{layout_code}: not best first");
            last_rank = rank;
            n_best += usize::from(valued["best"] == true);
        }
    }
    assert!(n_best > 1500, "{n_best}");
}

#[tokio::test]
async fn layers_match_the_engine_search() {
    let app = test_app();
    for (i, layout_code) in every_layout().into_iter().enumerate() {
        if i % 97 != 0 {
            continue;
        }
        let graph = GroupGraph::build(klotski::group_of(layout_code));
        let report = reference::analyse_layout(&graph, graph.node(layout_code).unwrap());
        let (status, body) = get(&app, &format!("/case/{layout_code}/layers?limit=3")).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let layers = body["layers"].as_array().unwrap();
        assert_eq!(layers.len() as u32, report.analysis.farthest_step + 1);
        assert_eq!(body["group"]["size"], graph.n_nodes());
        let sizes: u64 = layers.iter().map(|l| l["size"].as_u64().unwrap()).sum();
        assert_eq!(sizes, graph.n_nodes() as u64);
        assert_eq!(layers[0]["codes"], json!([layout_code.to_string()]));
        let last = layers.last().unwrap();
        assert_eq!(last["size"], report.analysis.farthest_num);
        let listed = codes_of(&last["codes"]);
        assert_eq!(listed, report.farthest[..listed.len()]);
        assert!(listed.len() == report.farthest.len().min(3));
    }
    let (_, sizes_only) = get(&app, "/case/000000000/layers").await;
    assert_eq!(sizes_only["layers"][1]["codes"], json!([]));
}

#[tokio::test]
async fn farthest_and_min_solutions_match_the_engine_and_page() {
    let app = test_app();
    for (i, layout_code) in every_layout().into_iter().enumerate() {
        if i % 23 != 0 {
            continue;
        }
        let graph = GroupGraph::build(klotski::group_of(layout_code));
        let report = reference::analyse_layout(&graph, graph.node(layout_code).unwrap());
        let numbers = report.analysis;

        let (status, body) = get(&app, &format!("/case/{layout_code}/farthest?limit=1000")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(body["code"], layout_code.to_string());
        assert_eq!(body["farthest_step"], numbers.farthest_step);
        assert_eq!(body["farthest_num"], numbers.farthest_num);
        assert_eq!(codes_of(&body["layouts"]), report.farthest);
        assert_eq!(body["next"], Value::Null);

        let (status, body) = get(&app, &format!("/case/{layout_code}/min-solutions")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(body["min_solution_step"], numbers.min_solution_step);
        assert_eq!(body["min_solution_num"], numbers.min_solution_num);
        assert_eq!(codes_of(&body["layouts"]), report.min_solutions);

        // Pages of 3, cursor after cursor, give the whole list once.
        let mut paged = Vec::new();
        let mut uri = format!("/case/{layout_code}/farthest?limit=3");
        loop {
            let (status, body) = get(&app, &uri).await;
            assert_eq!(status, StatusCode::OK);
            let page = codes_of(&body["layouts"]);
            assert!(page.len() <= 3);
            paged.extend(page);
            match body["next"].as_str() {
                Some(next) => uri = format!("/case/{layout_code}/farthest?limit=3&after={next}"),
                None => break,
            }
        }
        assert_eq!(paged, report.farthest);
    }
}

/// Whether one move of `metric` turns `a` into `b`.
fn adjacent_in(a: Code, b: Code, metric: Metric) -> bool {
    Move::between(&a.layout(), &b.layout()).is_some_and(|step| metric.admits(step.metric()))
}

/// `/solution`, `/moves` and `/path` in each metric, on every layout of two
/// classes: as long as the engine's fewest moves of that metric, each move
/// one of that metric, the moves valued by the engine's numbers.
#[tokio::test]
async fn solution_moves_and_path_in_every_metric() {
    let app = test_app();
    for class in ["0-2-0", "1-0-0"] {
        let groups = ClassGroups::build(class.parse().unwrap());
        for group_num in 0..groups.n_groups() {
            let graph = GroupGraph::build(groups.group_codes(group_num).collect());
            let shortest = shortest_in_every_metric(&graph).unwrap();
            let moves_of = |code: Code, metric: Metric| {
                shortest[metric.idx()][graph.node(code).unwrap() as usize].moves
            };
            for node in 0..graph.n_nodes() as u32 {
                let start = graph.code(node);
                for metric in Metric::ALL {
                    let query = format!("?metric={metric}");
                    let fewest = moves_of(start, metric);
                    let (status, body) = get(&app, &format!("/case/{start}/solution{query}")).await;
                    if fewest >= 0 {
                        assert_eq!(status, StatusCode::OK, "{body}");
                        assert_eq!(
                            (&body["min_solution_step"], &body["metric"]),
                            (&json!(fewest), &json!(metric.name()))
                        );
                        let path = codes_of(&body["layouts"]);
                        assert_eq!(path.len(), fewest as usize + 1);
                        assert!(path.last().unwrap().is_solved());
                        assert!(path
                            .windows(2)
                            .all(|pair| adjacent_in(pair[0], pair[1], metric)));
                    } else {
                        assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
                    }
                    let (status, body) = get(&app, &format!("/case/{start}/moves{query}")).await;
                    assert_eq!(status, StatusCode::OK, "{body}");
                    let listed: BTreeSet<(String, i64)> = body["moves"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|valued| {
                            let after = valued["move"]["code"].as_str().unwrap().to_owned();
                            (after, valued["min_moves"].as_i64().unwrap())
                        })
                        .collect();
                    let expected: BTreeSet<(String, i64)> = start
                        .layout()
                        .moves_in(metric)
                        .iter()
                        .map(|step| {
                            let after = step.after().code();
                            (after.to_string(), moves_of(after, metric).into())
                        })
                        .collect();
                    assert_eq!(listed, expected, "{start} {metric}");
                }
            }
            // A path from the first layout to the last, in each metric.
            let (from, to) = (graph.code(0), graph.code(graph.n_nodes() as u32 - 1));
            for metric in Metric::ALL {
                let (status, body) = get(&app, &format!("/path/{from}/{to}?metric={metric}")).await;
                assert_eq!(status, StatusCode::OK, "{body}");
                let path = codes_of(&body["layouts"]);
                let back = paths::shortest_path_in(
                    &graph,
                    graph.node(to).unwrap(),
                    graph.node(from).unwrap(),
                    metric,
                );
                assert_eq!(path.len(), back.unwrap().len(), "{from} {to} {metric}");
                assert!(path
                    .windows(2)
                    .all(|pair| adjacent_in(pair[0], pair[1], metric)));
                assert_eq!(body["metric"], metric.name());
            }
        }
    }
}

#[tokio::test]
async fn path_is_a_shortest_path_within_a_group() {
    let app = test_app();
    let groups = ClassGroups::build("0-2-0".parse().unwrap());
    let codes = groups.codes();
    let graph = GroupGraph::build(codes.to_vec());
    for (from, to) in [(0, codes.len() - 1), (5, 700), (1000, 3), (42, 42)] {
        let (from, to) = (codes[from], codes[to]);
        let (status, body) = get(&app, &format!("/path/{from}/{to}")).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let path = codes_of(&body["layouts"]);
        let distance = reference::analyse_layout(&graph, graph.node(from).unwrap());
        // The path's length is the distance: to is no farther than farthest.
        assert!(path.len() - 1 <= distance.analysis.farthest_step as usize);
        assert_eq!(body["step"], path.len() - 1);
        assert_eq!((path[0], *path.last().unwrap()), (from, to));
        assert!(path.windows(2).all(|pair| adjacent(pair[0], pair[1])));
        // Shortest: the search from `to` finds `from` at that distance.
        let back = paths::shortest_path(&graph, graph.node(to).unwrap(), graph.node(from).unwrap());
        assert_eq!(back.unwrap().len(), path.len());
        check_moves(&path, &body["moves"]);
        let (_, again) = get(&app, &format!("/path/{from}/{to}")).await;
        assert_eq!(again, body, "the same answer every time");
    }
    // Distances from the engine for one pair, by a plain BFS.
    let (from, to) = (codes[0], codes[codes.len() - 1]);
    let (_, body) = get(&app, &format!("/path/{from}/{to}")).await;
    let mut layer = BTreeSet::from([from]);
    let mut seen = layer.clone();
    let mut steps = 0;
    while !layer.contains(&to) {
        let mut next_layer = BTreeSet::new();
        for c in &layer {
            c.layout().for_each_step(|next| {
                if seen.insert(next.code()) {
                    next_layer.insert(next.code());
                }
            });
        }
        layer = next_layer;
        steps += 1;
    }
    assert_eq!(body["step"], steps);
}

#[tokio::test]
async fn groups_and_their_cases() {
    let app = test_app();
    let groups = ClassGroups::build("7-0-3".parse().unwrap());
    for group_num in [0, 1, groups.n_groups() - 1] {
        let codes: Vec<Code> = groups.group_codes(group_num).collect();
        let name = format!("7-0-3-{group_num}");
        let (status, body) = get(&app, &format!("/group/{name}")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(body["name"], name);
        assert_eq!([&body["jiang"], &body["bing"], &body["style"]], [7, 0, 3]);
        assert_eq!(body["group_num"], group_num);
        assert_eq!(body["size"], codes.len());
        assert_eq!(body["smallest_code"], codes[0].to_string());
        let mirror = codes[0].layout().mirror_left_right().code();
        let mirror_num = groups.locate(mirror).unwrap().0;
        assert_eq!(body["mirror_group"], format!("7-0-3-{mirror_num}"));
        assert_eq!(body["is_self_mirror"], mirror_num == group_num);
        let n_solved = codes.iter().filter(|c| c.is_solved()).count();
        assert_eq!(body["n_solved"], n_solved);
        if n_solved == 0 {
            assert_eq!(body["max_min_solution_step"], -1);
            assert_eq!(body["max_min_solution_code"], Value::Null);
        }

        // All its cases, two at a time.
        let mut paged = Vec::new();
        let mut uri = format!("/group/{name}/cases?limit=2");
        loop {
            let (status, body) = get(&app, &uri).await;
            assert_eq!(status, StatusCode::OK);
            assert_eq!(body["size"], codes.len());
            for case in body["cases"].as_array().unwrap() {
                assert_eq!(case["group_index"], paged.len());
                paged.push(code(case["code"].as_str().unwrap()));
            }
            match body["next"].as_u64() {
                Some(next) => uri = format!("/group/{name}/cases?limit=2&after={next}"),
                None => break,
            }
        }
        assert_eq!(paged, codes);
    }
}

/// Histogram lists as the API writes them, from counts by step.
fn histogram_json(counts: &BTreeMap<i32, [u32; 4]>) -> Value {
    let list = |which: usize| -> Vec<Value> {
        counts
            .iter()
            .filter(|(_, n)| n[which] > 0)
            .map(|(step, n)| json!({"step": step, "count": n[which]}))
            .collect()
    };
    json!({
        "min_solution_step": list(0),
        "farthest_step": list(1),
        "min_straight_moves": list(2),
        "min_cell_moves": list(3),
    })
}

/// Every group's and class's histogram against the reference analysis of
/// every layout.
#[tokio::test]
async fn histograms_count_the_engine_numbers() {
    let app = test_app();
    for class in CLASSES {
        let groups = ClassGroups::build(class.parse().unwrap());
        let mut class_counts = BTreeMap::new();
        for group_num in 0..groups.n_groups() {
            let graph = GroupGraph::build(groups.group_codes(group_num).collect());
            let [_, straight, cell] = shortest_in_every_metric(&graph).unwrap();
            let mut counts: BTreeMap<i32, [u32; 4]> = BTreeMap::new();
            for node in 0..graph.n_nodes() as u32 {
                let numbers = reference::analyse_layout(&graph, node).analysis;
                let farthest_step = i32::try_from(numbers.farthest_step).unwrap();
                let numbers = [
                    numbers.min_solution_step,
                    farthest_step,
                    straight[node as usize].moves,
                    cell[node as usize].moves,
                ];
                for (which, step) in numbers.into_iter().enumerate() {
                    counts.entry(step).or_default()[which] += 1;
                    class_counts.entry(step).or_insert([0; 4])[which] += 1;
                }
            }
            let name = format!("{class}-{group_num}");
            let (status, body) = get(&app, &format!("/group/{name}/histogram")).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            let expected = json!({
                "group": name,
                "size": graph.n_nodes(),
                "histogram": histogram_json(&counts),
            });
            assert_eq!(body, expected);
        }
        let (status, body) = get(&app, &format!("/class/{class}")).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["class"]["name"], class);
        assert_eq!(body["class"]["n_groups"], groups.n_groups());
        assert_eq!(body["histogram"], histogram_json(&class_counts));
    }
}

#[tokio::test]
async fn groups_filter_and_page() {
    let app = test_app();
    let n_groups: u32 = CLASSES
        .iter()
        .map(|class| ClassGroups::build(class.parse().unwrap()).n_groups())
        .sum();
    let mut names = Vec::new();
    let mut uri = "/groups?limit=7".to_owned();
    loop {
        let (status, body) = get(&app, &uri).await;
        assert_eq!(status, StatusCode::OK);
        for group in body["groups"].as_array().unwrap() {
            names.push(group["name"].as_str().unwrap().to_owned());
        }
        match body["next"].as_str() {
            Some(next) => uri = format!("/groups?limit=7&after={next}"),
            None => break,
        }
    }
    assert_eq!(names.len(), n_groups as usize);
    assert_eq!(names[0], "0-0-0-0");
    assert_eq!(names.last().unwrap(), "7-0-7-1");

    let (_, body) = get(&app, "/groups?jiang=7&style=3&min_size=2&max_size=4").await;
    let sizes = ClassGroups::build("7-0-3".parse().unwrap());
    let expected = (0..sizes.n_groups())
        .filter(|&g| (2..=4).contains(&sizes.group_size(g)))
        .count();
    let listed = body["groups"].as_array().unwrap();
    assert_eq!(listed.len(), expected);
    assert!(listed.iter().all(|g| g["jiang"] == 7 && g["style"] == 3));
    let (_, body) = get(&app, "/groups?bing=2&after=&limit=").await;
    let names: Vec<&str> = body["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["0-2-0-0"]);
}

#[tokio::test]
async fn stats_and_health_describe_the_partial_database() {
    let app = test_app();
    let (status, body) = get(&app, "/stats").await;
    assert_eq!(status, StatusCode::OK);
    let names: Vec<&str> = body["classes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|class| class["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, CLASSES);
    assert_eq!(body["partial"], true);
    assert_eq!(body["schema_version"], schema::SCHEMA_VERSION);
    assert_eq!(body["engine_version"], klotski::VERSION);
    let totals = &body["totals"];
    assert_eq!(totals["n_classes"], 6);
    assert_eq!(totals["n_layouts"], 12 + 192 + 1440 + 132 + 1036 + 88);
    let n_solved = every_layout().iter().filter(|c| c.is_solved()).count();
    assert_eq!(totals["n_solved"], n_solved);
    let class_707 = &body["classes"][5];
    assert_eq!(class_707["n_layouts"], 88);
    assert_eq!(class_707["n_groups"], 2);
    assert_eq!(class_707["largest_group_size"], 44);

    let (status, body) = get(&app, "/health").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        body,
        json!({"status": "ok", "partial": true, "n_classes": 6})
    );
}

/// `uri` answers `status` with error `error` and a detail containing `detail`.
async fn check_error(app: &axum::Router, uri: &str, status: StatusCode, error: &str, detail: &str) {
    let (got_status, body) = get(app, uri).await;
    assert_eq!(got_status, status, "{uri}: {body}");
    assert_eq!(body["error"], error, "{uri}: {body}");
    let got_detail = body["detail"].as_str().unwrap();
    assert!(
        got_detail.contains(detail),
        "{uri}: {got_detail:?} lacks {detail:?}"
    );
    assert_eq!(body.as_object().unwrap().len(), 2, "{uri}: {body}");
}

#[tokio::test]
async fn errors_say_what_is_wrong() {
    let app = test_app();
    let held = "6 of 203 classes: 0-0-0, 0-1-0, 0-2-0, 1-0-0, 7-0-3, 7-0-7";
    let bad = StatusCode::BAD_REQUEST;
    let absent = StatusCode::NOT_FOUND;
    let unsolvable = every_layout()
        .into_iter()
        .find(|c| !distances_to_solved(*c).contains_key(c))
        .unwrap();
    let cases: &[(&str, StatusCode, &str, &str)] = &[
        // Malformed layouts: the codec's own message.
        ("/case/1A9BF0C01", bad, "invalid_layout", "the board is full after 11 slots but later bits are not zero"),
        ("/case/ZZZZZ", bad, "invalid_layout", "neither a code (character 'Z' at position 0 is not a hex digit) nor a short code (short code stands for 33554431, but ids stop at 29334497)"),
        ("/case/3", bad, "invalid_layout", "cannot have its top-left cell at address 3"),
        ("/case/1A9BF0C000", bad, "invalid_layout", "the code has 10 characters, at most 9 are allowed"),
        ("/case/%20", bad, "invalid_layout", "character ' ' at position 0 is not a hex digit"),
        ("/case/%FF", bad, "invalid_request", "UTF-8"),
        ("/case/0FFFFFFFF/solution", bad, "invalid_layout", "at least 2 are needed"),
        ("/case/xyz/farthest", bad, "invalid_layout", "is not a hex digit"),
        ("/case/xyz/min-solutions", bad, "invalid_layout", "is not a hex digit"),
        ("/path/1A9BF0C00/ZZ", bad, "invalid_layout", "is not a hex digit"),
        ("/path/ZZ/1A9BF0C00", bad, "invalid_layout", "is not a hex digit"),
        ("/case/5-4-1/moves", bad, "invalid_layout", "\"5-4-1\" is not J-B-S-G-I"),
        ("/case/xyz/moves", bad, "invalid_layout", "is not a hex digit"),
        ("/case/xyz/layers", bad, "invalid_layout", "is not a hex digit"),
        ("/case/000000000/layers?limit=101", bad, "invalid_request", "limit 101 is out of range: 0 to 100 codes per layer"),
        ("/case/000000000/solution?metric=cells", bad, "invalid_request", "'cells' is not a metric: step, straight or cell"),
        ("/case/000000000/moves?metric=1", bad, "invalid_request", "'1' is not a metric: step, straight or cell"),
        ("/path/000000000/000000000?metric=steps", bad, "invalid_request", "'steps' is not a metric: step, straight or cell"),
        // Well-formed but not in this partial database.
        ("/case/1A9BF0C00", absent, "not_found", &format!("layout 1A9BF0C00 (class 5-4-1) is not in this database, which holds {held}")),
        ("/case/4WVE1", absent, "not_found", &format!("short code 4WVE1 (id 4091296) is not in this database, which holds {held}")),
        ("/case/1A9BF0C00/solution", absent, "not_found", "class 5-4-1"),
        ("/case/1A9BF0C00/farthest", absent, "not_found", "class 5-4-1"),
        ("/case/1A9BF0C00/min-solutions", absent, "not_found", "class 5-4-1"),
        ("/case/1A9BF0C00/moves", absent, "not_found", "class 5-4-1"),
        ("/case/1A9BF0C00/layers", absent, "not_found", "class 5-4-1"),
        ("/case/5-4-1-1-7472", absent, "not_found", &format!("class 5-4-1 is not in this database, which holds {held}")),
        ("/case/1-0-0-0-132", absent, "not_found", "group 1-0-0-0 has 132 layouts: group_index 132 is past its end"),
        ("/path/1A9BF0C00/000000000", absent, "not_found", "class 5-4-1"),
        // Names.
        ("/classification/5-4-1", bad, "invalid_name", "not a classification: \"5-4-1\" is not J-B-S-G-I: expected 5 numbers joined by '-', e.g. 5-4-1-1-7472"),
        ("/classification/2-0-3-0-0", bad, "invalid_name", "style 3 is more than jiang 2"),
        ("/classification/7-2-0-0-0", bad, "invalid_name", "leave fewer than two empty cells"),
        ("/classification/1-0-0-0-132", absent, "not_found", "group 1-0-0-0 has 132 layouts: group_index 132 is past its end"),
        ("/classification/1-0-0-1-0", absent, "not_found", "class 1-0-0 has one group, 1-0-0-0: there is no group 1-0-0-1"),
        ("/classification/5-4-1-1-7472", absent, "not_found", &format!("class 5-4-1 is not in this database, which holds {held}")),
        ("/classification/7-0-0-0-0", absent, "not_found", "class 7-0-0 has no layouts"),
        ("/group/5-4", bad, "invalid_name", "not a group name: \"5-4\" is not J-B-S-G: expected 4 numbers joined by '-', e.g. 5-4-1-1"),
        ("/group/5-4-1", bad, "invalid_name", "\"5-4-1\" is not J-B-S-G"),
        ("/group/5-4-1-0", absent, "not_found", "class 5-4-1 is not in this database"),
        ("/group/7-0-7-2", absent, "not_found", "class 7-0-7 has 2 groups, 7-0-7-0 to 7-0-7-1: there is no group 7-0-7-2"),
        ("/group/7-0-7-2/cases", absent, "not_found", "there is no group 7-0-7-2"),
        ("/group/x/cases", bad, "invalid_name", "\"x\" is not J-B-S-G"),
        ("/group/7-0-7-2/histogram", absent, "not_found", "there is no group 7-0-7-2"),
        ("/group/7-0-0-0/histogram", absent, "not_found", "class 7-0-0 has no layouts, so no group 7-0-0-0"),
        ("/class/5-4-1", absent, "not_found", "class 5-4-1 is not in this database, which holds 6 of 203 classes"),
        ("/class/7-0-0", absent, "not_found", "class 7-0-0 has no layouts"),
        ("/class/7-0", bad, "invalid_name", "not a class name: \"7-0\" is not J-B-S: expected 3 numbers joined by '-', e.g. 5-4-1"),
        ("/class/8-0-0", bad, "invalid_name", "not a class name: "),
        // Queries.
        ("/group/1-0-0-0/cases?limit=0", bad, "invalid_request", "limit 0 is out of range: a page holds 1 to 1000 items"),
        ("/group/1-0-0-0/cases?limit=1001", bad, "invalid_request", "limit 1001 is out of range"),
        ("/group/1-0-0-0/cases?limit=abc", bad, "invalid_request", "invalid digit found in string"),
        ("/group/1-0-0-0/cases?after=-1", bad, "invalid_request", "invalid digit"),
        ("/group/1-0-0-0/cases?limit=99999999999", bad, "invalid_request", "number too large"),
        ("/group/1-0-0-0/cases?page=2", bad, "invalid_request", "unknown field `page`"),
        ("/case/000000000/farthest?after=XYZ", bad, "invalid_code", "not a layout code: character 'X' at position 0 is not a hex digit"),
        ("/case/000000000/min-solutions?limit=0", bad, "invalid_request", "limit 0 is out of range"),
        ("/groups?after=1-0", bad, "invalid_name", "not a group name"),
        ("/groups?jiang=x", bad, "invalid_request", "jiang"),
        ("/groups?limit=5000", bad, "invalid_request", "limit 5000 is out of range"),
        // Searches that have no answer.
        (&format!("/case/{unsolvable}/solution"), absent, "no_solution", "which has no solved layout"),
        ("/path/000000000/0C0000000", absent, "different_groups", "000000000 is in group 0-0-0-0 and 0C0000000 in group 0-1-0-0: no sequence of steps joins them"),
        // Routes.
        ("/nope", absent, "no_route", "no route for GET /nope"),
        ("/case", absent, "no_route", "no route for GET /case"),
        ("/case/1A9BF0C00/", absent, "no_route", "no route"),
    ];
    for &(uri, status, error, detail) in cases {
        check_error(&app, uri, status, error, detail).await;
    }
    let long = "A".repeat(5000);
    check_error(
        &app,
        &format!("/case/{long}"),
        bad,
        "invalid_layout",
        "5000 characters",
    )
    .await;
    check_error(
        &app,
        &format!("/classification/{long}"),
        bad,
        "invalid_name",
        "is not J-B-S-G-I",
    )
    .await;

    let (status, body) = common::call(&app, "POST", "/case/000000000").await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(body["error"], "method_not_allowed");
    assert_eq!(
        body["detail"],
        "/case/000000000 answers GET and HEAD only, not POST"
    );
}

#[tokio::test]
async fn answers_that_need_no_blocking_thread_are_never_late() {
    // The time limit itself is tested in the crate, on a handler that sleeps.
    let config = Config {
        request_timeout: Duration::ZERO,
        ..Config::default()
    };
    let app = app_with(test_db(), config);
    let class = ClassGroups::build("0-2-0".parse().unwrap());
    let code = class.codes()[100];
    let name = class.classify(code).expect("in its class");
    // No query, or point lookups on the request's own thread.
    for uri in [
        "/stats".to_string(),
        "/openapi.json".to_string(),
        format!("/case/{code}"),
        format!("/case/{code}/moves"),
        format!("/classification/{name}"),
    ] {
        let (status, _) = get(&app, &uri).await;
        assert_eq!(status, StatusCode::OK, "{uri}");
    }
    // A search waits on a blocking thread: with no time at all, it is late.
    let (status, _) = get(&app, &format!("/case/{code}/layers")).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
}

/// The fuzz test's inputs, from a seeded generator.
struct FuzzInput(fastrand::Rng);

impl FuzzInput {
    fn below(&mut self, n: usize) -> usize {
        self.0.usize(..n)
    }

    /// A path segment or query value: mostly plausible text, some random
    /// bytes (percent-encoded, so not always UTF-8).
    fn text(&mut self, codes: &[Code]) -> String {
        const PIECES: &[&str] = &[
            "0",
            "1",
            "7",
            "9",
            "A",
            "D",
            "F",
            "f",
            "Z",
            "z",
            "-",
            "--",
            "4WVE1",
            "11111",
            "1A9BF0C",
            "DC",
            "00000000",
            "4294967296",
            "-1",
            "+1",
            " ",
            "%20",
            "%00",
            "%FF",
            "%E5%8D%8E",
            "..",
            "%2F",
            "x",
            "ZZZZZ",
            "7-0-3-",
            "0-0-0-0-",
            "99999999999",
        ];
        match self.below(4) {
            0 => codes[self.below(codes.len())].short_form(),
            1 => {
                let n = self.below(40);
                (0..n).map(|_| format!("%{:02X}", self.0.u8(..))).collect()
            }
            _ => {
                let n = 1 + self.below(6);
                (0..n).map(|_| PIECES[self.below(PIECES.len())]).collect()
            }
        }
    }
}

#[tokio::test]
async fn no_input_gets_a_server_error() {
    let app = test_app();
    let codes = every_layout();
    let mut rng = FuzzInput(fastrand::Rng::with_seed(2024));
    let routes = [
        "/case/{}",
        "/case/{}/solution",
        "/case/{}/farthest",
        "/case/{}/min-solutions",
        "/case/{}/moves",
        "/case/{}/layers",
        "/classification/{}",
        "/path/{}/{}",
        "/group/{}",
        "/group/{}/cases",
        "/groups",
    ];
    let keys = [
        "after", "limit", "jiang", "bing", "style", "min_size", "max_size", "x",
    ];
    let mut seen = HashMap::new();
    for round in 0..2400 {
        let route = routes[round % routes.len()];
        let mut uri = String::new();
        for (i, part) in route.split("{}").enumerate() {
            if i > 0 {
                uri.push_str(&rng.text(&codes));
            }
            uri.push_str(part);
        }
        if rng.below(2) == 0 {
            let n = 1 + rng.below(3);
            let query: Vec<String> = (0..n)
                .map(|_| format!("{}={}", keys[rng.below(keys.len())], rng.text(&codes)))
                .collect();
            uri = format!("{uri}?{}", query.join("&"));
        }
        let Ok(parsed) = uri.parse::<axum::http::Uri>() else {
            continue;
        };
        let (status, body) = get(&app, &parsed.to_string()).await;
        assert!(
            [200, 400, 404].contains(&status.as_u16()),
            "{uri}: {status} {body}"
        );
        if status != StatusCode::OK {
            assert!(
                body["error"].is_string() && body["detail"].is_string(),
                "{uri}: {body}"
            );
        }
        *seen.entry(status.as_u16()).or_insert(0) += 1;
    }
    // The inputs reach all three answers, not only the 400s.
    assert!(
        seen.len() == 3 && seen.values().all(|&n| n > 20),
        "{seen:?}"
    );
}

/// The known values of the spec, on a database of classes 5-4-1 and 5-4-2
/// built here (a few seconds), or on the one `KLOTSKI_DB` names (e.g. a full
/// build).
#[tokio::test]
async fn known_values() {
    let path = match std::env::var_os("KLOTSKI_DB") {
        Some(path) => std::path::PathBuf::from(path),
        None => {
            let path = std::env::temp_dir()
                .join(format!("klotski-known-{}", std::process::id()))
                .join("known.db");
            build_db(&path, &["5-4-1", "5-4-2"]);
            path
        }
    };
    let app = app_with(&path, Config::default());
    let (status, case) = get(&app, "/case/1A9BF0C00").await;
    assert_eq!(status, StatusCode::OK, "{case}");
    assert_eq!(case["short_code"], "4WVE1");
    assert_eq!(case["id"], 4_091_296);
    assert_eq!(case["classification"]["name"], "5-4-1-1-7472");
    assert_eq!(case["group"]["size"], 25_955);
    assert_eq!(case["farthest"], json!({"step": 124, "num": 8}));
    assert_eq!(case["solution"]["min_step"], 81);
    assert_eq!(case["solution"]["min_num"], 2);

    // The 8 next layouts `klotski info` counts, 4 of them a step nearer.
    let (_, moves) = get(&app, "/case/1A9BF0C00/moves").await;
    let moves = moves["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 8);
    let best: Vec<&Value> = moves.iter().filter(|m| m["best"] == true).collect();
    assert_eq!(best.len(), 4);
    assert!(best.iter().all(|m| m["solution"]["min_step"] == 80));
    assert!(moves[..4].iter().all(|m| m["best"] == true), "best first");

    let (_, min_solutions) = get(&app, "/case/1A9BF0C00/min-solutions").await;
    assert_eq!(min_solutions["layouts"], json!(["DAA7F3000", "DAAF4CC00"]));
    let (_, farthest) = get(&app, "/case/1A9BF0C00/farthest").await;
    assert_eq!(farthest["layouts"].as_array().unwrap().len(), 8);

    let mut checks = vec![("1A9BF0C00", 81, None)];
    let (status, _) = get(&app, "/group/5-4-2-0").await;
    if status == StatusCode::OK {
        checks.push(("4FEA13400", 138, Some("D9B9F3000")));
    } else {
        println!("notice: the database does not hold class 5-4-2: 4FEA13400 is not checked");
    }
    for (start, steps, end) in checks {
        let began = std::time::Instant::now();
        let (status, body) = get(&app, &format!("/case/{start}/solution")).await;
        println!("/case/{start}/solution took {:?}", began.elapsed());
        assert_eq!(status, StatusCode::OK, "{body}");
        let path = codes_of(&body["layouts"]);
        assert_eq!(path.len(), steps + 1);
        assert_eq!(path[0], code(start));
        assert!(path.windows(2).all(|pair| adjacent(pair[0], pair[1])));
        let last = *path.last().unwrap();
        assert!(last.is_solved());
        if let Some(end) = end {
            assert_eq!(last, code(end));
        }
    }
}
