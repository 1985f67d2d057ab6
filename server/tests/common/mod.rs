//! A real database of a few small classes, built by the builder's library
//! as `klotski build-db` builds one, and helpers to ask the router for JSON.

#![allow(dead_code)] // each test binary uses a different part

pub mod layouts;
pub mod lines;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use builder::{build_database, BuildOptions, DEFAULT_BATCH_LAYOUTS};
use http_body_util::BodyExt;
use klotski::AllCodes;
use server::{AppState, Config};
use tower::ServiceExt;

/// The classes of the test database: one group (0-0-0, 0-1-0, 0-2-0,
/// 1-0-0), two mirror groups (7-0-7), many groups, unsolvable ones and
/// isolated layouts (7-0-3).
pub const CLASSES: [&str; 6] = ["0-0-0", "0-1-0", "0-2-0", "1-0-0", "7-0-3", "7-0-7"];

/// Every legal code with its id, built once per test binary (0.5 s).
pub fn all_codes() -> &'static AllCodes {
    static ALL: OnceLock<AllCodes> = OnceLock::new();
    ALL.get_or_init(AllCodes::build)
}

/// The test database, built once per test binary.
pub fn test_db() -> &'static Path {
    static DB: OnceLock<(tempfile::TempDir, PathBuf)> = OnceLock::new();
    &DB.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("klotski.db");
        build_db(&path, &CLASSES);
        (dir, path)
    })
    .1
}

/// Builds a finished database of `classes` at `path`, as `klotski build-db
/// --classes` does.
pub fn build_db(path: &Path, classes: &[&str]) {
    let options = BuildOptions {
        db: path.to_owned(),
        classes: classes.iter().map(|class| class.parse().unwrap()).collect(),
        force: false,
        batch_layouts: DEFAULT_BATCH_LAYOUTS,
        free_space: builder::space::CHECKED,
    };
    build_database(&options).unwrap();
}

/// The router over the test database with the default settings.
pub fn test_app() -> axum::Router {
    app_with(test_db(), Config::default())
}

/// The router over `db` with `config`.
pub fn app_with(db: &Path, config: Config) -> axum::Router {
    server::app(AppState::open(db, config).unwrap())
}

/// A request to `app`: the status and the body as JSON.
pub async fn call(app: &axum::Router, method: &str, uri: &str) -> (StatusCode, serde_json::Value) {
    let request = Request::builder()
        .method(method)
        .uri(uri)
        .body(Body::empty())
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let content_type = response.headers().get("content-type").cloned();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let json = serde_json::from_slice(&bytes).unwrap_or_else(|error| {
        panic!(
            "{method} {uri}: {status}, {content_type:?}, body is not JSON ({error}): {}",
            String::from_utf8_lossy(&bytes)
        )
    });
    (status, json)
}

/// GET `uri`: the status and the JSON body.
pub async fn get(app: &axum::Router, uri: &str) -> (StatusCode, serde_json::Value) {
    call(app, "GET", uri).await
}

/// GET `uri`: the status, the `Content-Type` and the body as text.
pub async fn get_text(app: &axum::Router, uri: &str) -> (StatusCode, String, String) {
    let request = Request::get(uri).body(Body::empty()).unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let content_type = response.headers()["content-type"]
        .to_str()
        .unwrap()
        .to_owned();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        content_type,
        String::from_utf8(bytes.to_vec()).unwrap(),
    )
}

/// One sample of a Prometheus exposition: its name (`_total`, `_bucket`,
/// `_sum`, `_count` included), labels and value.
#[derive(Debug, serde::Deserialize)]
pub struct MetricSample {
    pub name: String,
    pub labels: std::collections::BTreeMap<String, String>,
    pub value: f64,
}

/// Parses Prometheus's text format with the reference parser, the official
/// Python client's (`prometheus_client.parser`), which rejects malformed
/// text: every sample, and the documented metric families. The tests that
/// call it are ignored where python3 or the module is missing (build.rs).
pub fn parse_metrics(text: &str) -> (Vec<MetricSample>, Vec<String>) {
    use std::io::Write;
    const SCRIPT: &str = r#"
import json, sys
from prometheus_client.parser import text_string_to_metric_families
samples, documented = [], []
for family in text_string_to_metric_families(sys.stdin.read()):
    if family.documentation:
        documented.append(family.name)
    for s in family.samples:
        samples.append({"name": s.name, "labels": s.labels, "value": s.value})
print(json.dumps([samples, documented]))
"#;
    let mut child = std::process::Command::new("python3")
        .args(["-c", SCRIPT])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "the metrics do not parse: {}\n{text}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

/// The value of the sample `name` with exactly `labels`; 0 when absent (a
/// counter not yet moved has no sample).
pub fn metric_value(samples: &[MetricSample], name: &str, labels: &[(&str, &str)]) -> f64 {
    let found: Vec<f64> = samples
        .iter()
        .filter(|sample| {
            sample.name == name
                && sample.labels.len() == labels.len()
                && labels
                    .iter()
                    .all(|(k, v)| sample.labels.get(*k).map(String::as_str) == Some(*v))
        })
        .map(|sample| sample.value)
        .collect();
    assert!(found.len() <= 1, "{name} {labels:?}: {found:?}");
    found.first().copied().unwrap_or(0.0)
}

/// Reads a `klotski-server` log up to its `listening on` line: the address
/// it gives, and the lines before it.
pub fn listening_address(log: &lines::Lines) -> (String, Vec<String>) {
    const LISTENING: &str = "listening on http://";
    let (line, before) = log.until("the server's `listening on` line", |line| {
        line.contains(LISTENING)
    });
    let (_, address) = line.split_once(LISTENING).unwrap();
    (address.trim_end().to_owned(), before)
}
