//! `/case/{code}/graph` against the export (`klotski graph`, the builder's
//! `GraphExport` over the same database): the same nodes, numbers and
//! edges, for a whole group and for a ball; its solution against
//! `/solution`; its errors.

mod common;

use std::time::Instant;

use axum::http::StatusCode;
use builder::graph_file::{GraphExport, NumberSource};
use common::lines::WAIT;
use common::{app_with, get, get_text, test_app, test_db};
use klotski::Code;
use serde_json::Value;
use server::Config;

/// Checks the API's answer against the export of the same part of the group.
fn check_against_export(answer: &Value, export: &GraphExport) {
    let nodes = &answer["nodes"];
    let column = |name: &str| -> Vec<i64> {
        nodes[name]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_i64().unwrap())
            .collect()
    };
    let codes: Vec<String> = export.codes.iter().map(Code::to_string).collect();
    assert_eq!(nodes["code"], serde_json::json!(codes));
    let indexes: Vec<i64> = export.subgraph.nodes().iter().map(|&n| n.into()).collect();
    assert_eq!(column("group_index"), indexes);
    let numbers = &export.numbers;
    let expect = |f: fn(&klotski::analysis::LayoutAnalysis) -> i64| -> Vec<i64> {
        numbers.iter().map(f).collect()
    };
    assert_eq!(
        column("min_solution_step"),
        expect(|n| n.min_solution_step.into())
    );
    assert_eq!(
        column("min_solution_num"),
        expect(|n| n.min_solution_num.into())
    );
    assert_eq!(column("solution_num"), expect(|n| n.solution_num.into()));
    assert_eq!(column("farthest_step"), expect(|n| n.farthest_step.into()));
    assert_eq!(column("farthest_num"), expect(|n| n.farthest_num.into()));
    let edges: Vec<i64> = export
        .subgraph
        .edges()
        .iter()
        .flat_map(|&(a, b)| [a.into(), b.into()])
        .collect();
    let answered: Vec<i64> = answer["edges"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect();
    assert_eq!(answered, edges);
    for axis in ["x", "y"] {
        let values = nodes[axis].as_array().unwrap();
        assert_eq!(values.len(), codes.len());
        assert!(values.iter().all(|v| v.as_f64().unwrap().is_finite()));
    }
    assert_eq!(
        answer["radius"],
        serde_json::json!(export.subgraph.radius())
    );
}

fn export(code: &str, radius: Option<u32>) -> GraphExport {
    let db = schema::Database::open(test_db()).unwrap();
    GraphExport::collect(code.parse().unwrap(), radius, NumberSource::Stored(&db)).unwrap()
}

#[tokio::test]
async fn a_whole_group_agrees_with_the_export_and_the_solution() {
    let app = test_app();
    // Class 0-2-0: one group of 1,440 layouts.
    let code = "0F0000000";
    let (status, answer) = get(&app, &format!("/case/{code}/graph")).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let export = export(code, None);
    check_against_export(&answer, &export);
    assert_eq!(answer["group"]["size"], 1440);
    let chosen = answer["chosen"].as_u64().unwrap() as usize;
    assert_eq!(answer["nodes"]["code"][chosen], code);
    // The solution as positions is /solution's layouts.
    let (_, solution) = get(&app, &format!("/case/{code}/solution")).await;
    let walked: Vec<Value> = answer["solution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| answer["nodes"]["code"][p.as_u64().unwrap() as usize].clone())
        .collect();
    assert_eq!(Value::Array(walked), solution["layouts"]);
    // Asked again, from the cache: the same answer.
    let (_, again) = get(&app, &format!("/case/{code}/graph")).await;
    assert_eq!(again, answer);
}

#[tokio::test]
async fn a_group_over_the_limit_is_drawn_as_a_ball() {
    let config = Config {
        drawing_layouts: 300,
        ..Config::default()
    };
    let app = app_with(test_db(), config);
    let code = "0F0000000";
    let (status, answer) = get(&app, &format!("/case/{code}/graph")).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let radius = answer["radius"].as_u64().expect("a ball") as u32;
    let export = export(code, Some(radius));
    check_against_export(&answer, &export);
    assert!(export.codes.len() <= 300);
    assert!(self::export(code, Some(radius + 1)).codes.len() > 300);
    // The solution stops at the ball's edge.
    let steps = answer["nodes"]["min_solution_step"][answer["chosen"].as_u64().unwrap() as usize]
        .as_i64()
        .unwrap();
    let expected = steps.min(i64::from(radius)) + 1;
    assert_eq!(
        answer["solution"].as_array().unwrap().len() as i64,
        expected
    );
}

#[tokio::test]
async fn bad_and_absent_layouts_say_why() {
    let app = test_app();
    let (status, answer) = get(&app, "/case/1A9BF0C01/graph").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["error"], "invalid_layout");
    let (status, answer) = get(&app, "/case/1A9BF0C00/graph").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(answer["detail"]
        .as_str()
        .unwrap()
        .contains("not in this database"));
}

/// The value of the sample `name` in Prometheus's text format.
fn sample(text: &str, name: &str) -> String {
    let line = text
        .lines()
        .find(|line| line.starts_with(&format!("{name} ")));
    let line = line.unwrap_or_else(|| panic!("no {name} in {text}"));
    line[name.len() + 1..].to_owned()
}

/// Issue 58: a request dropped while its group was drawn (its client gone,
/// or its time up) left nothing behind, so the next request searched the
/// group again, and when every request ran out of time none got its graph.
/// The drawing is now made to its end and kept: the next request gets it
/// without a search of its own (the group graph is asked for once).
#[tokio::test]
async fn a_request_dropped_mid_drawing_leaves_its_drawing_to_the_next() {
    let app = test_app();
    // Class 0-2-0: one group of 1,440 layouts, the test database's largest.
    let uri = "/case/0F0000000/graph";
    let request = tokio::spawn({
        let app = app.clone();
        async move { get(&app, uri).await }
    });
    // Dropped once its search runs.
    let deadline = Instant::now() + WAIT;
    loop {
        let (_, _, text) = get_text(&app, "/metrics").await;
        if sample(&text, "klotski_searches_running{lane=\"small\"}") == "1" {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the drawing's search did not start within {WAIT:?}"
        );
        tokio::task::yield_now().await;
    }
    request.abort();
    assert!(request.await.unwrap_err().is_cancelled());
    let (status, answer) = get(&app, uri).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["nodes"]["code"].as_array().unwrap().len(), 1440);
    let (_, _, text) = get_text(&app, "/metrics").await;
    assert_eq!(sample(&text, "klotski_graph_cache_misses_total"), "1");
    assert_eq!(sample(&text, "klotski_graph_cache_hits_total"), "0");
}
