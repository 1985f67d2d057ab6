//! The server under load and abuse: group searches in lanes by size and
//! within each client's share, and connections bounded in number and in
//! how long a client may take to send a request.

mod common;

use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use axum::http::StatusCode;
use common::{app_with, get, test_db};
use klotski::ClassGroups;
use server::{AppState, Config, ConnectionLimits};

/// Serves the test database on a free loopback port within `limits`.
async fn spawn_server(config: Config, limits: ConnectionLimits) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let app = server::app(AppState::open(test_db(), config).unwrap());
    tokio::spawn(server::serve(listener, app, limits, std::future::pending()));
    address
}

/// Reads until the server closes the connection; `Err` when it stays open
/// past `wait`.
fn read_until_closed(stream: &mut TcpStream, wait: Duration) -> std::io::Result<String> {
    stream.set_read_timeout(Some(wait))?;
    let mut received = Vec::new();
    stream.read_to_end(&mut received)?;
    Ok(String::from_utf8_lossy(&received).into_owned())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_sent_requests_and_idle_connections_are_closed() {
    let limits = ConnectionLimits {
        header_timeout: Duration::from_millis(300),
        ..ConnectionLimits::default()
    };
    let address = spawn_server(Config::default(), limits).await;
    tokio::task::spawn_blocking(move || {
        // Half a request head: closed, with no answer.
        let mut half = TcpStream::connect(address).unwrap();
        half.write_all(b"GET /health HTTP/1.1\r\nHost: x\r\n")
            .unwrap();
        let answer = read_until_closed(&mut half, Duration::from_secs(20)).unwrap();
        assert!(!answer.contains("200 OK"), "{answer}");
        // Nothing sent at all: closed too.
        let mut idle = TcpStream::connect(address).unwrap();
        read_until_closed(&mut idle, Duration::from_secs(20)).unwrap();
        // A whole request is answered, and the idle keep-alive connection
        // after it is closed.
        let mut kept = TcpStream::connect(address).unwrap();
        kept.write_all(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
            .unwrap();
        let answer = read_until_closed(&mut kept, Duration::from_secs(20)).unwrap();
        assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
    })
    .await
    .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_past_the_limit_wait_for_one_to_close() {
    let limits = ConnectionLimits {
        max_connections: 2,
        header_timeout: Duration::from_secs(30),
        ..ConnectionLimits::default()
    };
    let address = spawn_server(Config::default(), limits).await;
    tokio::task::spawn_blocking(move || {
        let first = TcpStream::connect(address).unwrap();
        let _second = TcpStream::connect(address).unwrap();
        // The kernel accepts the third connection, the server does not yet.
        let mut third = TcpStream::connect(address).unwrap();
        third
            .write_all(b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .unwrap();
        let waiting = read_until_closed(&mut third, Duration::from_millis(500)).unwrap_err();
        assert!(
            matches!(waiting.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut),
            "{waiting}"
        );
        drop(first);
        let answer = read_until_closed(&mut third, Duration::from_secs(20)).unwrap();
        assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
    })
    .await
    .unwrap();
}

#[tokio::test]
async fn searches_past_a_share_or_a_lane_are_refused_at_once() {
    let layout = ClassGroups::build("0-2-0".parse().unwrap()).codes()[7];
    let no_share = app_with(
        test_db(),
        Config {
            searches_per_client: 0,
            ..Config::default()
        },
    );
    let request = axum::http::Request::get(format!("/case/{layout}/farthest"))
        .body(axum::body::Body::empty())
        .unwrap();
    let response = tower::ServiceExt::oneshot(no_share, request).await.unwrap();
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(response.headers()["retry-after"], "2");
    // Lookups need no search, and are served.
    let no_large = app_with(
        test_db(),
        Config {
            n_large_searches: 0,
            small_group_layouts: 1000,
            ..Config::default()
        },
    );
    let (status, body) = get(&no_large, &format!("/case/{layout}/layers")).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert_eq!(body["error"], "busy");
    assert_eq!(
        body["detail"],
        "this server runs no searches in groups of more than 1000 layouts"
    );
    let (status, _) = get(&no_large, &format!("/case/{layout}/moves")).await;
    assert_eq!(status, StatusCode::OK);
    // 7-0-3's groups are small: searched in the other lane.
    let small = ClassGroups::build("7-0-3".parse().unwrap()).codes()[0];
    let (status, body) = get(&no_large, &format!("/case/{small}/layers")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn small_group_searches_answer_while_large_ones_are_busy() {
    // 0-2-0 (one group of 1,440 layouts) counts as large here, the groups of
    // 7-0-3 (at most a few hundred layouts) as small.
    let config = Config {
        small_group_layouts: 1000,
        searches_per_client: 100,
        ..Config::default()
    };
    let app = app_with(test_db(), config);
    let large = ClassGroups::build("0-2-0".parse().unwrap());
    let small = ClassGroups::build("7-0-3".parse().unwrap());
    let (from, to) = {
        let mut group = small.group_codes(0);
        (group.next().unwrap(), group.last().unwrap())
    };
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let heavy: Vec<_> = (0..8)
        .map(|i| {
            let (app, stop) = (app.clone(), std::sync::Arc::clone(&stop));
            let codes: Vec<String> = large.codes().iter().map(|c| c.to_string()).collect();
            tokio::spawn(async move {
                let mut statuses = Vec::new();
                let mut k = i;
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    let uri = format!("/case/{}/farthest?limit=1", codes[k % codes.len()]);
                    let (status, body) = get(&app, &uri).await;
                    assert!(status == 200 || body["error"] == "busy", "{status} {body}");
                    statuses.push(status.as_u16());
                    k += 8;
                }
                statuses
            })
        })
        .collect();
    for _ in 0..20 {
        let (status, body) = get(&app, &format!("/path/{from}/{to}")).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let mut n_heavy = 0;
    for task in heavy {
        n_heavy += task.await.unwrap().len();
    }
    assert!(n_heavy > 0);
}
