//! The case routes on a real database of small classes, checked against
//! the engine: `/case/{code}` for every layout and every spelling of it,
//! its farthest layouts and minimum solutions, paged.

mod common;

use axum::http::StatusCode;
use common::layouts::{code, codes_of, every_layout};
use common::{all_codes, app_with, get, test_app, test_db, CLASSES};
use klotski::analysis::{reference, shortest_in_every_metric, GroupGraph};
use klotski::{ClassGroups, Code, ShortCode};
use serde_json::{json, Value};
use server::Config;

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
                    // No named layout is in the classes built here.
                    "names": [],
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
