//! Groups, classes and the service's totals on a real database of small
//! classes, checked against the engine: summaries, cases paged,
//! histograms, the list of groups filtered and paged.

mod common;

use std::collections::BTreeMap;

use axum::http::StatusCode;
use common::layouts::{code, every_layout};
use common::{get, test_app, CLASSES};
use klotski::analysis::{reference, shortest_in_every_metric, GroupGraph};
use klotski::{ClassGroups, Code};
use serde_json::{json, Value};

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
