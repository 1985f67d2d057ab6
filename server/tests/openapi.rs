//! The OpenAPI document against the server: every documented route, for
//! every documented status, answers that status with a body of the
//! documented schema; and nothing is answered that is not documented.

mod common;

use std::collections::BTreeMap;
use std::time::Duration;

use common::{app_with, get, get_text, test_app, test_db};
use klotski::{ClassGroups, Code};
use serde_json::Value;
use server::Config;

/// Checks `value` against an OpenAPI 3.1 `schema` of `doc`: the subset the
/// server's document uses (`$ref`, `oneOf`, `type`, `enum`, `minimum`,
/// `properties` with `required`, `items`). Objects may have no properties
/// beyond the documented ones.
fn conforms(doc: &Value, schema: &Value, value: &Value, at: &str) -> Result<(), String> {
    if let Some(reference) = schema.get("$ref").and_then(Value::as_str) {
        let name = reference
            .strip_prefix("#/components/schemas/")
            .ok_or_else(|| format!("{at}: unknown reference {reference}"))?;
        let target = &doc["components"]["schemas"][name];
        if target.is_null() {
            return Err(format!("{at}: no schema {name}"));
        }
        return conforms(doc, target, value, at);
    }
    if let Some(options) = schema.get("oneOf").and_then(Value::as_array) {
        let n_matching = options
            .iter()
            .filter(|option| conforms(doc, option, value, at).is_ok())
            .count();
        if n_matching != 1 {
            return Err(format!("{at}: {value} matches {n_matching} of oneOf"));
        }
    }
    if let Some(types) = schema.get("type") {
        let types: Vec<&str> = match types {
            Value::String(one) => vec![one.as_str()],
            Value::Array(many) => many.iter().filter_map(Value::as_str).collect(),
            _ => return Err(format!("{at}: bad type {types}")),
        };
        let actual = match value {
            Value::Null => "null",
            Value::Bool(_) => "boolean",
            Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
            Value::Number(_) => "number",
            Value::String(_) => "string",
            Value::Array(_) => "array",
            Value::Object(_) => "object",
        };
        let number_ok = actual == "integer" && types.contains(&"number");
        if !types.contains(&actual) && !number_ok {
            return Err(format!("{at}: {value} is {actual}, not {types:?}"));
        }
    }
    if let Some(allowed) = schema.get("enum").and_then(Value::as_array) {
        if !allowed.contains(value) {
            return Err(format!("{at}: {value} is not one of {allowed:?}"));
        }
    }
    if let (Some(minimum), Some(number)) = (
        schema.get("minimum").and_then(Value::as_f64),
        value.as_f64(),
    ) {
        if number < minimum {
            return Err(format!("{at}: {number} is below {minimum}"));
        }
    }
    if let (Some(properties), Some(object)) = (
        schema.get("properties").and_then(Value::as_object),
        value.as_object(),
    ) {
        let required = schema.get("required").and_then(Value::as_array);
        for name in required.into_iter().flatten() {
            let name = name.as_str().unwrap();
            if !object.contains_key(name) {
                return Err(format!("{at}: no {name}"));
            }
        }
        for (name, field) in object {
            let property = properties
                .get(name)
                .ok_or_else(|| format!("{at}: undocumented property {name}"))?;
            conforms(doc, property, field, &format!("{at}.{name}"))?;
        }
    }
    if let (Some(items), Some(array)) = (schema.get("items"), value.as_array()) {
        for (index, item) in array.iter().enumerate() {
            conforms(doc, items, item, &format!("{at}[{index}]"))?;
        }
    }
    Ok(())
}

/// Requests that should get each (documented path, status) from the test
/// database. 503 requests go to a copy of the database held locked, served
/// with `database_may_change` (read as immutable, nothing waits for a lock,
/// and point lookups, on the request's own thread, are never late).
fn example_requests() -> BTreeMap<(&'static str, u16), Vec<String>> {
    let class_020 = ClassGroups::build("0-2-0".parse().unwrap());
    let solvable = class_020.codes()[100];
    let other = class_020.codes()[900];
    // 7-0-3's last groups are isolated layouts with nothing solved.
    let class_703 = ClassGroups::build("7-0-3".parse().unwrap());
    let last_group = class_703.n_groups() - 1;
    let unsolvable: Code = class_703.group_codes(last_group).next().unwrap();
    let absent = "1A9BF0C00";
    let short = "4WVE1"; // 1A9BF0C00's short code: class 5-4-1, not held.
    let s = |texts: &[String]| texts.to_vec();
    let mut requests = BTreeMap::new();
    let mut add = |path, status, uris: Vec<String>| {
        requests.insert((path, status), uris);
    };
    for (path, suffix) in [
        ("/case/{code}", ""),
        ("/case/{code}/solution", "/solution"),
        ("/case/{code}/farthest", "/farthest"),
        ("/case/{code}/min-solutions", "/min-solutions"),
        ("/case/{code}/moves", "/moves"),
        ("/case/{code}/layers", "/layers"),
        ("/case/{code}/graph", "/graph"),
    ] {
        let mut ok = s(&[format!("/case/{solvable}{suffix}")]);
        let mut bad = s(&[format!("/case/1A9BF0C01{suffix}")]);
        let mut not_found = s(&[
            format!("/case/{absent}{suffix}"),
            format!("/case/{short}{suffix}"),
        ]);
        if suffix == "/solution" {
            not_found.push(format!("/case/{unsolvable}{suffix}"));
        } else {
            ok.push(format!("/case/{unsolvable}{suffix}"));
        }
        if suffix == "/farthest" || suffix == "/min-solutions" {
            ok.push(format!("/case/{solvable}{suffix}?limit=1&after={other}"));
            bad.push(format!("/case/{solvable}{suffix}?after=XYZ"));
            bad.push(format!("/case/{solvable}{suffix}?limit=0"));
        }
        if suffix == "/layers" {
            ok.push(format!("/case/{solvable}{suffix}?limit=2"));
            bad.push(format!("/case/{solvable}{suffix}?limit=101"));
        }
        add(path, 200, ok);
        add(path, 400, bad);
        add(path, 404, not_found);
        add(path, 503, s(&[format!("/case/{solvable}{suffix}")]));
        if ["/farthest", "/min-solutions", "/layers", "/graph"].contains(&suffix) {
            add(path, 429, s(&[format!("/case/{solvable}{suffix}")]));
        }
    }
    add(
        "/classification/{name}",
        200,
        s(&["/classification/0-2-0-0-100".into()]),
    );
    add(
        "/classification/{name}",
        400,
        s(&["/classification/0-2-0-0".into()]),
    );
    add(
        "/classification/{name}",
        404,
        s(&[
            "/classification/0-2-0-0-1440".into(),
            "/classification/0-2-0-1-0".into(),
            "/classification/5-4-1-1-7472".into(),
        ]),
    );
    add(
        "/classification/{name}",
        503,
        s(&["/classification/0-2-0-0-100".into()]),
    );
    add(
        "/path/{from}/{to}",
        200,
        s(&[format!("/path/{solvable}/{other}")]),
    );
    add(
        "/path/{from}/{to}",
        400,
        s(&[format!("/path/{solvable}/X")]),
    );
    add(
        "/path/{from}/{to}",
        404,
        s(&[
            format!("/path/{solvable}/{absent}"),
            format!("/path/{solvable}/{unsolvable}"),
        ]),
    );
    add(
        "/path/{from}/{to}",
        503,
        s(&[format!("/path/{solvable}/{other}")]),
    );
    add(
        "/path/{from}/{to}",
        429,
        s(&[format!("/path/{solvable}/{other}")]),
    );
    add(
        "/named",
        200,
        s(&["/named".into(), "/named?q=heng&limit=2".into()]),
    );
    add("/named", 400, s(&["/named?limit=-1".into()]));
    add("/group/{name}", 200, s(&["/group/7-0-7-1".into()]));
    add("/group/{name}", 400, s(&["/group/7-0-7".into()]));
    add("/group/{name}", 404, s(&["/group/7-0-7-2".into()]));
    add("/group/{name}", 503, s(&["/group/7-0-7-1".into()]));
    add(
        "/group/{name}/cases",
        200,
        s(&[
            "/group/7-0-7-1/cases".into(),
            "/group/7-0-7-1/cases?after=40&limit=2".into(),
        ]),
    );
    add(
        "/group/{name}/cases",
        400,
        s(&[
            "/group/7-0-7/cases".into(),
            "/group/7-0-7-1/cases?limit=-1".into(),
        ]),
    );
    add(
        "/group/{name}/cases",
        404,
        s(&["/group/7-0-7-2/cases".into()]),
    );
    add(
        "/group/{name}/cases",
        503,
        s(&["/group/7-0-7-1/cases".into()]),
    );
    add(
        "/group/{name}/histogram",
        200,
        s(&[
            "/group/7-0-7-1/histogram".into(),
            "/group/0-2-0-0/histogram".into(),
        ]),
    );
    add(
        "/group/{name}/histogram",
        400,
        s(&[
            "/group/7-0-7/histogram".into(),
            "/group/9-9-9-0/histogram".into(),
        ]),
    );
    add(
        "/group/{name}/histogram",
        404,
        s(&["/group/7-0-7-2/histogram".into()]),
    );
    add(
        "/group/{name}/histogram",
        503,
        s(&["/group/7-0-7-1/histogram".into()]),
    );
    add(
        "/class/{name}",
        200,
        s(&["/class/7-0-7".into(), "/class/0-2-0".into()]),
    );
    add(
        "/class/{name}",
        400,
        s(&["/class/7-0-7-1".into(), "/class/8-0-0".into()]),
    );
    add(
        "/class/{name}",
        404,
        s(&["/class/5-4-1".into(), "/class/7-0-0".into()]),
    );
    add("/class/{name}", 503, s(&["/class/7-0-7".into()]));
    add(
        "/groups",
        200,
        s(&[
            "/groups".into(),
            "/groups?jiang=7&bing=0&style=3&min_size=2&max_size=5&after=7-0-3-2&limit=3".into(),
        ]),
    );
    add(
        "/groups",
        400,
        s(&["/groups?after=x".into(), "/groups?size=3".into()]),
    );
    add("/groups", 503, s(&["/groups".into()]));
    add("/stats", 200, s(&["/stats".into()]));
    add("/health", 200, s(&["/health".into()]));
    add("/openapi.json", 200, s(&["/openapi.json".into()]));
    add("/metrics", 200, s(&["/metrics".into()]));
    requests
}

#[tokio::test]
async fn every_documented_route_answers_as_documented() {
    let app = test_app();
    let (status, doc) = get(&app, "/openapi.json").await;
    assert_eq!(status, 200);
    assert_eq!(
        doc,
        serde_json::to_value(server::openapi_document()).unwrap()
    );
    assert_eq!(doc["openapi"], "3.1.0");

    // A copy of the database, locked by a writer: every query waits, so
    // every request that needs one runs out of time.
    let dir = tempfile::tempdir().unwrap();
    let locked_path = dir.path().join("locked.db");
    std::fs::copy(test_db(), &locked_path).unwrap();
    let locked_app = app_with(
        &locked_path,
        Config {
            request_timeout: Duration::from_millis(100),
            database_may_change: true,
            ..Config::default()
        },
    );
    // A server that lets no client search: every group search is a 429.
    let no_searches_app = app_with(
        test_db(),
        Config {
            searches_per_client: 0,
            ..Config::default()
        },
    );

    let lock = rusqlite::Connection::open(&locked_path).unwrap();
    lock.execute_batch("BEGIN EXCLUSIVE").unwrap();

    let requests = example_requests();
    let mut n_checked = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        let methods: Vec<&String> = item.as_object().unwrap().keys().collect();
        assert_eq!(methods, ["get"], "{path}");
        let operation = &item["get"];
        assert!(operation["summary"].is_string(), "{path} has no summary");
        for parameter in operation["parameters"].as_array().into_iter().flatten() {
            let name = parameter["name"].as_str().unwrap();
            let in_path = path.contains(&format!("{{{name}}}"));
            assert_eq!(in_path, parameter["in"] == "path", "{path}: {name}");
        }
        for (status, response) in operation["responses"].as_object().unwrap() {
            let status: u16 = status.parse().unwrap();
            let uris = requests
                .get(&(path.as_str(), status))
                .unwrap_or_else(|| panic!("no example request for {path} answering {status}"));
            let content = response["content"].as_object().unwrap();
            let media_types: Vec<&String> = content.keys().collect();
            assert_eq!(media_types.len(), 1, "{path} {status}: {media_types:?}");
            if media_types[0] != "application/json" {
                // A text answer (the metrics): its status and media type.
                for uri in uris {
                    let (got, content_type, _) = get_text(&app, uri).await;
                    assert_eq!(got.as_u16(), status, "{uri}");
                    assert_eq!(&content_type, media_types[0], "{uri}");
                    n_checked += 1;
                }
                continue;
            }
            let schema = &response["content"]["application/json"]["schema"];
            assert!(schema.is_object(), "{path} {status} has no JSON schema");
            for uri in uris {
                let app = match status {
                    503 => &locked_app,
                    429 => &no_searches_app,
                    _ => &app,
                };
                let (got, body) = get(app, uri).await;
                assert_eq!(got.as_u16(), status, "{uri}: {body}");
                if let Err(error) = conforms(&doc, schema, &body, uri) {
                    panic!("{path} {status}: {error}\n{body}");
                }
                n_checked += 1;
            }
        }
    }
    lock.execute_batch("ROLLBACK").unwrap();
    // Every example is of a documented route and status.
    for (path, status) in requests.keys() {
        assert!(
            doc["paths"][path]["get"]["responses"][status.to_string()].is_object(),
            "{path} {status} is answered but not documented"
        );
    }
    assert_eq!(n_checked, requests.values().map(Vec::len).sum::<usize>());
}

#[test]
fn error_codes_are_documented() {
    let doc = serde_json::to_value(server::openapi_document()).unwrap();
    let documented = &doc["components"]["schemas"]["ErrorCode"]["enum"];
    let codes = [
        "invalid_layout",
        "invalid_code",
        "invalid_name",
        "invalid_request",
        "not_found",
        "unknown_name",
        "ambiguous_name",
        "no_solution",
        "different_groups",
        "no_route",
        "method_not_allowed",
        "timeout",
        "busy",
        "too_many_requests",
        "internal",
    ];
    assert_eq!(documented, &serde_json::json!(codes));
}
