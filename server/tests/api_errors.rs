//! Every error path of the routes: what a wrong request is told, answers
//! late or refused, and no input (generated) getting a server error.

mod common;

use std::collections::HashMap;
use std::time::Duration;

use axum::http::StatusCode;
use common::layouts::{distances_to_solved, every_layout};
use common::{app_with, get, test_app, test_db};
use klotski::{ClassGroups, Code};
use server::Config;

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
