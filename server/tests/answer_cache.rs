//! The graph's answers kept as sent: keyed by what the route reads (the
//! layout, whatever names it, and the encoding), never by a query string;
//! built once however many ask at once; counted in `/metrics`; none kept
//! with a zero budget.

mod common;

use axum::body::{Body, Bytes};
use axum::http::Request;
use common::{app_with, get_text, test_db};
use http_body_util::BodyExt;
use klotski::ClassGroups;
use server::Config;
use tower::ServiceExt;

/// A layout of class 0-1-0 (one group of 192 layouts), as its code.
fn layout() -> String {
    ClassGroups::build("0-1-0".parse().unwrap()).codes()[5].to_string()
}

/// GET `uri` accepting `encoding`: the status, the `Content-Encoding` and
/// the body.
async fn fetch(app: &axum::Router, uri: &str, encoding: &str) -> (u16, String, Bytes) {
    let request = Request::get(uri)
        .header("accept-encoding", encoding)
        .body(Body::empty())
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status().as_u16();
    let content_encoding = response
        .headers()
        .get("content-encoding")
        .map_or("", |value| value.to_str().unwrap())
        .to_owned();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    (status, content_encoding, body)
}

/// The answer cache's hits and misses, as `/metrics` counts them.
async fn hits_and_misses(app: &axum::Router) -> (u64, u64) {
    let (_, _, text) = get_text(app, "/metrics").await;
    let value = |name: &str| {
        text.lines()
            .find_map(|line| line.strip_prefix(name)?.strip_prefix(' '))
            .unwrap_or_else(|| panic!("no {name} in\n{text}"))
            .parse()
            .unwrap()
    };
    (
        value("klotski_answer_cache_hits_total"),
        value("klotski_answer_cache_misses_total"),
    )
}

#[tokio::test]
async fn a_query_string_or_another_name_of_the_layout_hits_the_kept_answer() {
    let app = app_with(test_db(), Config::default());
    let code = layout();
    let (status, encoding, first) = fetch(&app, &format!("/case/{code}/graph"), "br").await;
    assert_eq!((status, encoding.as_str()), (200, "br"));
    assert_eq!(hits_and_misses(&app).await, (0, 1));
    let lower = code.to_lowercase();
    let names = [
        format!("/case/{code}/graph?v=1"),
        format!("/case/{code}/graph?v=2&limit=7"),
        format!("/case/{code}/graph?"),
        format!("/case/{lower}/graph?v=3"),
    ];
    for (n, uri) in names.iter().enumerate() {
        let (status, encoding, body) = fetch(&app, uri, "gzip;q=0.5, br").await;
        assert_eq!((status, encoding.as_str()), (200, "br"), "{uri}");
        assert_eq!(body, first, "{uri}");
        assert_eq!(hits_and_misses(&app).await, (n as u64 + 1, 1), "{uri}");
    }
    // Another encoding is another answer, made from the plain one's JSON.
    let (_, encoding, plain) = fetch(&app, &format!("/case/{code}/graph?v=4"), "identity").await;
    assert_eq!(encoding, "");
    let (_, encoding, gzip) = fetch(&app, &format!("/case/{code}/graph?v=5"), "gzip").await;
    assert_eq!(encoding, "gzip");
    assert_eq!(hits_and_misses(&app).await, (4, 3));
    let mut decoded = Vec::new();
    brotli::BrotliDecompress(&mut &first[..], &mut decoded).unwrap();
    assert_eq!(decoded, plain);
    let mut decoded = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&gzip[..]), &mut decoded).unwrap();
    assert_eq!(decoded, plain);
    let json: serde_json::Value = serde_json::from_slice(&plain).unwrap();
    assert_eq!(json["code"], code.as_str());
    assert_eq!(json["nodes"]["code"].as_array().unwrap().len(), 192);
    // An error is not an answer kept or counted.
    let (status, _, _) = fetch(&app, "/case/nonsense/graph", "br").await;
    assert_eq!(status, 400);
    assert_eq!(hits_and_misses(&app).await, (4, 3));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_misses_of_one_answer_build_it_once() {
    let app = app_with(test_db(), Config::default());
    let uri = format!("/case/{}/graph", layout());
    let requests: Vec<_> = (0..8)
        .map(|n| {
            let (app, uri) = (app.clone(), format!("{uri}?n={n}"));
            tokio::spawn(async move { fetch(&app, &uri, "br").await })
        })
        .collect();
    let mut bodies = Vec::new();
    for request in requests {
        let (status, encoding, body) = request.await.unwrap();
        assert_eq!((status, encoding.as_str()), (200, "br"));
        bodies.push(body);
    }
    assert!(bodies.windows(2).all(|pair| pair[0] == pair[1]));
    assert_eq!(hits_and_misses(&app).await, (7, 1));
}

#[tokio::test]
async fn a_zero_budget_keeps_no_answer() {
    let config = Config {
        answer_cache_bytes: 0,
        ..Config::default()
    };
    let app = app_with(test_db(), config);
    let uri = format!("/case/{}/graph", layout());
    let mut bodies = Vec::new();
    for n in 1..=3 {
        let (status, encoding, body) = fetch(&app, &uri, "br").await;
        assert_eq!((status, encoding.as_str()), (200, "br"));
        assert_eq!(hits_and_misses(&app).await, (0, n));
        bodies.push(body);
    }
    assert!(bodies.windows(2).all(|pair| pair[0] == pair[1]));
}
