//! Solutions, moves, layers and paths on a real database of small
//! classes, checked against the engine, in every metric.

mod common;

use std::collections::BTreeSet;

use axum::http::StatusCode;
use common::layouts::{adjacent, code, codes_of, every_layout, every_layout_with_distances};
use common::{get, test_app};
use klotski::analysis::{reference, shortest_in_every_metric, GroupGraph};
use klotski::{paths, ClassGroups, Code, Metric, Move};
use serde_json::{json, Value};

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
