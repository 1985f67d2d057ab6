//! A load and soak test of a running `klotski-server`, on loopback: mixed
//! traffic for a fixed time (lookups, moves, solutions, paths, farthest
//! lists in large groups, malformed requests, and slow clients that send
//! half a request or nothing), then per-route throughput, p50/p99, every
//! status seen, and the server's RSS over time.
//!
//! ```sh
//! klotski-server --db data/klotski.db --listen 127.0.0.1:8080 &
//! cargo run --release -p bench --bin soak -- 127.0.0.1:8080 $! 600
//! ```
//! Arguments: the server's address, its process id (for RSS, read from
//! `/proc`), and the seconds to run (600 by default). The database must
//! hold the classes 5-4-* and 2-6-1 (a full build does).

use std::collections::BTreeMap;
use std::error::Error;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// Layouts of the standard classes and the largest group (2-6-1).
const LOOKUPS: [&str; 6] = [
    "1A9BF0C00",
    "4FEA13400",
    "4WVE1",
    "5-4-1-1-7472",
    "DAAF4CC00",
    "5-4-2-0-100",
];
const LARGE: [&str; 3] = ["2-6-1-0-0", "2-6-1-0-500000", "2-6-1-0-964000"];

/// Per route: latencies of answered requests, and statuses.
#[derive(Default)]
struct RouteStats {
    latencies: Vec<Duration>,
    statuses: BTreeMap<u16, u64>,
}

type Stats = Arc<Mutex<BTreeMap<&'static str, RouteStats>>>;

/// One GET over a kept-alive connection: the status, or an error when the
/// connection failed (the caller reconnects).
async fn get(stream: &mut BufReader<TcpStream>, path: &str) -> std::io::Result<u16> {
    let request = format!("GET {path} HTTP/1.1\r\nHost: soak\r\n\r\n");
    stream.get_mut().write_all(request.as_bytes()).await?;
    let mut line = String::new();
    stream.read_line(&mut line).await?;
    let status: u16 = line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("bad status line {line:?}")))?;
    let mut length = 0;
    loop {
        line.clear();
        stream.read_line(&mut line).await?;
        if line == "\r\n" || line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            if name.eq_ignore_ascii_case("content-length") {
                length = value.trim().parse().unwrap_or(0);
            }
        }
    }
    let mut body = vec![0; length];
    stream.read_exact(&mut body).await?;
    Ok(status)
}

/// A client looping over `paths` until `end`, recording under `route`.
async fn client(
    address: SocketAddr,
    route: &'static str,
    paths: Vec<String>,
    end: Instant,
    stats: Stats,
) {
    let mut k = 0;
    while Instant::now() < end {
        let Ok(stream) = TcpStream::connect(address).await else {
            tokio::time::sleep(Duration::from_millis(10)).await;
            continue;
        };
        let mut stream = BufReader::new(stream);
        while Instant::now() < end {
            let path = &paths[k % paths.len()];
            k += 1;
            let began = Instant::now();
            let result = get(&mut stream, path).await;
            let mut stats = stats.lock().unwrap();
            let entry = stats.entry(route).or_default();
            match result {
                Ok(status) => {
                    entry.latencies.push(began.elapsed());
                    *entry.statuses.entry(status).or_default() += 1;
                }
                Err(_) => {
                    *entry.statuses.entry(0).or_default() += 1;
                    break;
                }
            }
        }
    }
}

/// A slow client: half a request, or nothing, then waits to be closed.
async fn slow_client(address: SocketAddr, end: Instant, stats: Stats) {
    let mut half = true;
    while Instant::now() < end {
        let Ok(mut stream) = TcpStream::connect(address).await else {
            continue;
        };
        if half {
            let _ = stream
                .write_all(b"GET /case/1A9BF0C00 HTTP/1.1\r\nHo")
                .await;
        }
        half = !half;
        let began = Instant::now();
        let mut sink = Vec::new();
        let closed =
            tokio::time::timeout(Duration::from_secs(60), stream.read_to_end(&mut sink)).await;
        let mut stats = stats.lock().unwrap();
        let entry = stats.entry("slow client (closed after)").or_default();
        if closed.is_ok() {
            entry.latencies.push(began.elapsed());
        }
        *entry
            .statuses
            .entry(if closed.is_ok() { 0 } else { 1 })
            .or_default() += 1;
    }
}

fn rss_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|line| line.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().collect();
    let address: SocketAddr = args
        .get(1)
        .map_or("127.0.0.1:8080", String::as_str)
        .parse()?;
    let pid: u32 = args.get(2).ok_or("give the server's process id")?.parse()?;
    let seconds: u64 = args.get(3).map_or(Ok(600), |s| s.parse())?;
    let began = Instant::now();
    let end = began + Duration::from_secs(seconds);
    let stats: Stats = Arc::default();
    let all = |suffix: &str, from: &[&str]| -> Vec<String> {
        from.iter()
            .map(|code| format!("/case/{code}{suffix}"))
            .collect()
    };
    let mixes: Vec<(&'static str, Vec<String>, usize)> = vec![
        ("/case/{code}", all("", &LOOKUPS), 4),
        ("/case/{code}/moves", all("/moves", &LOOKUPS), 2),
        ("/case/{code}/solution", all("/solution", &LOOKUPS[..2]), 1),
        (
            "/path/{from}/{to}",
            vec![
                "/path/4FEA13400/43EA73400".into(),
                "/path/1A9BF0C00/DAAF4CC00".into(),
            ],
            1,
        ),
        (
            "/case/{code}/farthest (2-6-1)",
            all("/farthest?limit=5", &LARGE),
            2,
        ),
        (
            "malformed",
            vec![
                "/case/ZZZZZ".into(),
                "/case/1A9BF0C01".into(),
                "/group/5-4".into(),
                "/nope".into(),
            ],
            1,
        ),
    ];
    let mut tasks = Vec::new();
    for (route, paths, n_clients) in mixes {
        for _ in 0..n_clients {
            tasks.push(tokio::spawn(client(
                address,
                route,
                paths.clone(),
                end,
                Arc::clone(&stats),
            )));
        }
    }
    for _ in 0..2 {
        tasks.push(tokio::spawn(slow_client(address, end, Arc::clone(&stats))));
    }
    println!("RSS of the server over time (s: MB)");
    while Instant::now() < end {
        if let Some(kb) = rss_kb(pid) {
            println!(
                "{:>5}: {:.0}",
                began.elapsed().as_secs(),
                kb as f64 / 1024.0
            );
        }
        tokio::time::sleep(
            Duration::from_secs(30).min(end.saturating_duration_since(Instant::now())),
        )
        .await;
    }
    for task in tasks {
        let _ = tokio::time::timeout(Duration::from_secs(70), task).await;
    }
    if let Some(kb) = rss_kb(pid) {
        println!("  end: {:.0}", kb as f64 / 1024.0);
    }
    println!(
        "\n| route | requests/s | p50 | p99 | statuses (0: the connection closed; for slow \
         clients 0: closed by the server, 1: still open after 60 s) |"
    );
    println!("| --- | --- | --- | --- | --- |");
    for (route, entry) in stats.lock().unwrap().iter_mut() {
        entry.latencies.sort_unstable();
        let n: u64 = entry.statuses.values().sum();
        println!(
            "| {route} | {:.0} | {:.1?} | {:.1?} | {:?} |",
            n as f64 / seconds as f64,
            percentile(&entry.latencies, 0.5),
            percentile(&entry.latencies, 0.99),
            entry.statuses
        );
    }
    Ok(())
}
