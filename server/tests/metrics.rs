//! `/metrics`: Prometheus's text format, read back with the reference
//! parser (the official Python client's), whose counters move with the
//! requests made.
//!
//! Without python3 and its `prometheus_client` module `cargo test` lists
//! the tests as ignored with the reason (build.rs), unless `KLOTSKI_CI=1`,
//! when they fail.

mod common;

use common::{app_with, get, get_text, metric_value, parse_metrics, test_db, MetricSample};
use klotski::ClassGroups;
use server::Config;

/// The metrics `app` serves now, parsed.
async fn scrape(app: &axum::Router) -> Vec<MetricSample> {
    let (status, content_type, text) = get_text(app, "/metrics").await;
    assert_eq!(status, 200);
    assert_eq!(content_type, "text/plain; version=0.0.4; charset=utf-8");
    let (samples, documented) = parse_metrics(&text);
    // Every sample line was read, and every metric is documented.
    let n_lines = text
        .lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .count();
    assert_eq!(samples.len(), n_lines, "{text}");
    let n_families = text
        .lines()
        .filter(|line| line.starts_with("# TYPE "))
        .count();
    assert_eq!(documented.len(), n_families, "{text}");
    samples
}

#[tokio::test]
#[cfg_attr(
    missing_prometheus_client,
    ignore = "needs python3 with prometheus_client: pip install prometheus_client"
)]
async fn metrics_count_the_requests_made() {
    let app = app_with(
        test_db(),
        Config {
            n_connections: 3,
            ..Config::default()
        },
    );
    let before = scrape(&app).await;
    assert_eq!(metric_value(&before, "klotski_db_connections", &[]), 3.0);
    assert_eq!(
        metric_value(&before, "klotski_db_connections_busy", &[]),
        0.0
    );
    assert_eq!(metric_value(&before, "klotski_graph_cache_bytes", &[]), 0.0);
    assert_eq!(
        metric_value(&before, "http_requests_in_flight", &[]),
        1.0,
        "/metrics itself"
    );
    for lane in ["small", "large"] {
        assert_eq!(
            metric_value(&before, "klotski_searches_running", &[("lane", lane)]),
            0.0
        );
        assert_eq!(
            metric_value(&before, "klotski_searches_waiting", &[("lane", lane)]),
            0.0
        );
    }

    let layout = ClassGroups::build("0-2-0".parse().unwrap()).codes()[7];
    for _ in 0..3 {
        assert_eq!(get(&app, &format!("/case/{layout}")).await.0, 200);
    }
    assert_eq!(get(&app, "/case/1A9BF0C01").await.0, 400);
    assert_eq!(get(&app, "/no/such/route").await.0, 404);
    for _ in 0..2 {
        let (status, body) = get(&app, &format!("/case/{layout}/farthest")).await;
        assert_eq!(status, 200, "{body}");
    }

    let after = scrape(&app).await;
    let requests = |route, status| {
        metric_value(
            &after,
            "http_requests_total",
            &[("route", route), ("status", status)],
        ) - metric_value(
            &before,
            "http_requests_total",
            &[("route", route), ("status", status)],
        )
    };
    assert_eq!(requests("/case/{code}", "200"), 3.0);
    assert_eq!(requests("/case/{code}", "400"), 1.0);
    assert_eq!(requests("unmatched", "404"), 1.0);
    assert_eq!(requests("/case/{code}/farthest", "200"), 2.0);
    assert_eq!(requests("/metrics", "200"), 1.0, "the first scrape");
    // The latency histogram counts the same requests.
    let latencies = |route| {
        metric_value(
            &after,
            "http_request_duration_seconds_count",
            &[("route", route)],
        )
    };
    assert_eq!(latencies("/case/{code}"), 4.0);
    assert_eq!(latencies("/case/{code}/farthest"), 2.0);
    // One graph built (0-2-0 is one group), then found.
    assert_eq!(
        metric_value(&after, "klotski_graph_cache_misses_total", &[]),
        1.0
    );
    assert_eq!(
        metric_value(&after, "klotski_graph_cache_hits_total", &[]),
        1.0
    );
    assert_eq!(metric_value(&after, "klotski_graph_cache_graphs", &[]), 1.0);
    assert!(metric_value(&after, "klotski_graph_cache_bytes", &[]) > 1440.0 * 17.0);
}

#[tokio::test]
#[cfg_attr(
    missing_prometheus_client,
    ignore = "needs python3 with prometheus_client: pip install prometheus_client"
)]
async fn refused_searches_are_counted_by_lane_and_reason() {
    let no_share = app_with(
        test_db(),
        Config {
            searches_per_client: 0,
            ..Config::default()
        },
    );
    let no_large = app_with(
        test_db(),
        Config {
            n_large_searches: 0,
            small_group_layouts: 1000,
            ..Config::default()
        },
    );
    let large = ClassGroups::build("0-2-0".parse().unwrap()).codes()[7];
    let small = ClassGroups::build("7-0-3".parse().unwrap()).codes()[0];
    for _ in 0..2 {
        assert_eq!(
            get(&no_share, &format!("/case/{small}/layers")).await.0,
            429
        );
    }
    assert_eq!(
        get(&no_large, &format!("/case/{large}/layers")).await.0,
        503
    );
    assert_eq!(
        get(&no_large, &format!("/case/{small}/layers")).await.0,
        200
    );
    let refusals = |scrape: &[MetricSample], lane, reason| {
        metric_value(
            scrape,
            "klotski_search_refusals_total",
            &[("lane", lane), ("reason", reason)],
        )
    };
    let shares = scrape(&no_share).await;
    assert_eq!(refusals(&shares, "small", "client_share"), 2.0);
    assert_eq!(refusals(&shares, "small", "busy"), 0.0);
    let busy = scrape(&no_large).await;
    assert_eq!(refusals(&busy, "large", "busy"), 1.0);
    assert_eq!(refusals(&busy, "small", "busy"), 0.0);
    assert_eq!(
        metric_value(
            &busy,
            "http_requests_total",
            &[("route", "/case/{code}/layers"), ("status", "503")]
        ),
        1.0
    );
}
