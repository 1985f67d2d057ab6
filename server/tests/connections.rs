//! Connections served directly to clients: one address holds at most its
//! share (trusted proxies exempt), a request head is read within the header
//! timeout however slowly it trickles in, and a head over 16 KB is
//! answered 431.

mod common;

use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use common::test_db;
use server::{AppState, Config, ConnectionLimits};

/// Serves the test database on a free loopback port within `limits`.
async fn spawn_server(limits: ConnectionLimits) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let app = server::app(AppState::open(test_db(), Config::default()).unwrap());
    tokio::spawn(server::serve(listener, app, limits, std::future::pending()));
    address
}

/// A blocking connection to `server` from the loopback address `from`
/// (all of 127.0.0.0/8 is this machine's).
async fn connect_from(from: [u8; 4], server: SocketAddr) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from((from, 0))).unwrap();
    let stream = socket.connect(server).await.unwrap().into_std().unwrap();
    stream.set_nonblocking(false).unwrap();
    stream
}

/// `n` connections to `server` from `from`.
async fn connect_many(from: [u8; 4], n: usize, server: SocketAddr) -> Vec<TcpStream> {
    let mut streams = Vec::new();
    for _ in 0..n {
        streams.push(connect_from(from, server).await);
    }
    streams
}

/// Reads until the server closes the connection (or resets it, as it does
/// when it leaves bytes unread): what was received, `Err` when the
/// connection stays open past `wait`.
fn read_until_closed(stream: &mut TcpStream, wait: Duration) -> Result<String, String> {
    stream.set_read_timeout(Some(wait)).unwrap();
    let mut received = Vec::new();
    let read = stream.read_to_end(&mut received);
    let text = String::from_utf8_lossy(&received).into_owned();
    match read {
        Err(error) if matches!(error.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
            Err(text)
        }
        _ => Ok(text),
    }
}

/// Checks that `stream`'s request is answered 200 and the connection closed.
fn assert_answered(stream: &mut TcpStream) {
    let answer = read_until_closed(stream, Duration::from_secs(20)).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
}

const HALF_A_HEAD: &[u8] = b"GET /health HTTP/1.1\r\nHost: x\r\n";
const A_LOOKUP: &[u8] = b"GET /case/0C0000000 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_holding_its_share_leaves_the_others_served_at_once() {
    // Without the share, six half-sent requests would fill the server for
    // the minute of its header timeout.
    let limits = ConnectionLimits {
        max_connections: 6,
        max_connections_per_peer: 4,
        header_timeout: Duration::from_secs(60),
        ..ConnectionLimits::default()
    };
    let address = spawn_server(limits).await;
    let mut held = connect_many([127, 0, 0, 1], 6, address).await;
    let mut other = connect_from([127, 0, 0, 2], address).await;
    tokio::task::spawn_blocking(move || {
        for stream in &mut held {
            // Writing may fail on a connection already closed.
            let _ = stream.write_all(HALF_A_HEAD);
        }
        // Past its share, the address's connections are closed unanswered.
        let mut closed = 0;
        for stream in &mut held {
            if read_until_closed(stream, Duration::from_millis(1500)).is_ok() {
                closed += 1;
            }
        }
        assert_eq!(closed, 2);
        // Another address is answered within its read timeout, well short
        // of the header timeout it would otherwise wait for.
        other.write_all(A_LOOKUP).unwrap();
        assert_answered(&mut other);
    })
    .await
    .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trusted_proxy_holds_as_many_connections_as_the_server_serves() {
    let limits = ConnectionLimits {
        max_connections: 6,
        max_connections_per_peer: 2,
        trusted_proxies: "127.0.0.1".parse().unwrap(),
        header_timeout: Duration::from_secs(60),
        ..ConnectionLimits::default()
    };
    let address = spawn_server(limits).await;
    let mut held = connect_many([127, 0, 0, 1], 6, address).await;
    let mut other = connect_many([127, 0, 0, 3], 2, address).await;
    tokio::task::spawn_blocking(move || {
        for stream in held.iter_mut().chain(&mut other) {
            stream.write_all(A_LOOKUP).unwrap();
        }
        // An untrusted peer still gets its share.
        held.iter_mut().chain(&mut other).for_each(assert_answered);
    })
    .await
    .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_head_trickling_in_is_closed_at_the_header_timeout() {
    let limits = ConnectionLimits {
        header_timeout: Duration::from_millis(800),
        ..ConnectionLimits::default()
    };
    let address = spawn_server(limits).await;
    let stream = connect_from([127, 0, 0, 1], address).await;
    tokio::task::spawn_blocking(move || {
        let mut writer = stream.try_clone().unwrap();
        // A header line every 100 ms, until the server closes.
        let trickle = std::thread::spawn(move || {
            writer.write_all(HALF_A_HEAD).unwrap();
            for n in 0..600 {
                std::thread::sleep(Duration::from_millis(100));
                if writer
                    .write_all(format!("X-{n}: y\r\n").as_bytes())
                    .is_err()
                {
                    return n;
                }
            }
            600
        });
        let mut stream = stream;
        let answer = read_until_closed(&mut stream, Duration::from_secs(30));
        assert!(answer.is_ok(), "still open: {answer:?}");
        assert!(!answer.unwrap().contains("200 OK"));
        assert!(trickle.join().unwrap() < 600);
    })
    .await
    .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_head_over_16_kb_is_answered_431() {
    let address = spawn_server(ConnectionLimits::default()).await;
    let mut long = connect_from([127, 0, 0, 1], address).await;
    let mut short = connect_from([127, 0, 0, 1], address).await;
    tokio::task::spawn_blocking(move || {
        let head = |filler: usize| {
            format!(
                "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Filler: {}\r\n\r\n",
                "a".repeat(filler)
            )
        };
        // Writing may fail once the server has answered and closed.
        let _ = long.write_all(head(17 * 1024).as_bytes());
        let answer = read_until_closed(&mut long, Duration::from_secs(20)).unwrap();
        assert!(
            answer.starts_with("HTTP/1.1 431 Request Header Fields Too Large"),
            "{answer}"
        );
        short.write_all(head(15 * 1024).as_bytes()).unwrap();
        assert_answered(&mut short);
    })
    .await
    .unwrap();
}
