//! The known values of the spec, through the routes.

mod common;

use axum::http::StatusCode;
use common::layouts::{adjacent, code, codes_of};
use common::{app_with, build_db, get};
use serde_json::{json, Value};
use server::Config;

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
