//! A real database of a few small classes, built by the builder's library
//! as `klotski build-db` builds one, and helpers to ask the router for JSON.

#![allow(dead_code)] // each test binary uses a different part

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
