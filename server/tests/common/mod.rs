//! A real database of a few small classes, computed from the engine, and
//! helpers to ask the router for JSON.
//!
//! The rows are what `klotski build-db` writes, computed the same way: ids
//! from `AllCodes`, groups from `ClassGroups`, numbers from `analyse_group`.
//! To be replaced by the builder's library call once it lands.

#![allow(dead_code)] // each test binary uses a different part

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use klotski::analysis::{analyse_group, GroupGraph};
use klotski::{AllCodes, Class, ClassGroups, Code};
use schema::{GroupKey, LayoutRow, Writer};
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

/// Builds a finished database of `classes` at `path`.
pub fn build_db(path: &Path, classes: &[&str]) {
    let all = all_codes();
    let mut rows = Vec::new();
    let mut mirrors = HashMap::new();
    for class in classes {
        let groups = ClassGroups::build(class.parse::<Class>().unwrap());
        for group_num in 0..groups.n_groups() {
            let codes: Vec<Code> = groups.group_codes(group_num).collect();
            let key = group_key(class, group_num);
            let mirror = codes[0].layout().mirror_left_right().code();
            mirrors.insert(key, groups.locate(mirror).unwrap().0);
            let analysis = analyse_group(&GroupGraph::build(codes.clone()));
            for (group_index, (code, numbers)) in (0..).zip(codes.iter().zip(analysis)) {
                rows.push(LayoutRow {
                    id: all.id(*code),
                    code: code.to_string(),
                    group: key,
                    group_index,
                    is_mirror: code.layout().is_mirror(),
                    farthest_step: numbers.farthest_step,
                    farthest_num: numbers.farthest_num,
                    min_solution_step: numbers.min_solution_step,
                    min_solution_num: numbers.min_solution_num,
                    solution_num: numbers.solution_num,
                });
            }
        }
    }
    rows.sort_by_key(|row| row.id);
    let mut writer = Writer::create(path, "test").unwrap();
    writer.insert_layouts(&rows).unwrap();
    writer.finish(&mirrors).unwrap();
}

/// The key of group `group_num` of `class` (`J-B-S`).
pub fn group_key(class: &str, group_num: u32) -> GroupKey {
    let class: Class = class.parse().unwrap();
    GroupKey {
        jiang: class.jiang.into(),
        bing: class.bing.into(),
        style: class.style.into(),
        group_num,
    }
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
