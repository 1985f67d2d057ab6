//! Whether clients asking again and again for large answers slow a small
//! lookup: the latencies of one client's `/case/{code}` lookups (p50, p99)
//! with the server otherwise idle, then while `N` clients loop on
//! `/case/{code}/graph` of large groups with `Accept-Encoding: br`.
//!
//! ```sh
//! klotski-server --db data/c261.db --listen 127.0.0.1:8080 &
//! cargo run --release -p bench --bin graph_load -- 127.0.0.1:8080 30 8 06FFF0000 2-6-1-0-500000
//! ```
//! Arguments: the server's address, the seconds of each phase, the number
//! of graph clients, then the layouts whose graphs they ask for (each is
//! asked once first, so that the phase measures cached answers). The
//! lookups ask for the same layouts. Each request is a connection of its
//! own, read to its end.
//!
//! On a machine of few cores the graph clients' own reading competes with
//! the server; `--graphs-only` first runs only them (one phase), so that
//! they can run as a process of their own at a lower priority
//! (`nice -n 19 graph_load --graphs-only ... & graph_load ... 0 ...` with
//! 0 clients measures the lookups beside them).
//!
//! `--own-queries` makes every graph request a query string of its own
//! (`?c=CLIENT-K`), every other one plain (`Accept-Encoding: identity`):
//! the answers the route keeps must not be bypassed by either.

use std::error::Error;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// One GET with `headers`: the status and the bytes received.
async fn get(address: SocketAddr, path: &str, headers: &str) -> std::io::Result<(u16, usize)> {
    let mut stream = TcpStream::connect(address).await?;
    let request =
        format!("GET {path} HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n{headers}\r\n");
    stream.write_all(request.as_bytes()).await?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await?;
    let status = response
        .get(9..12)
        .and_then(|digits| std::str::from_utf8(digits).ok()?.parse().ok())
        .ok_or_else(|| std::io::Error::other("no status line"))?;
    Ok((status, response.len()))
}

/// The lookups' latencies until `end`, one request at a time.
async fn lookups(address: SocketAddr, codes: &[String], end: Instant) -> Vec<Duration> {
    let mut latencies = Vec::new();
    let mut k = 0;
    while Instant::now() < end {
        let path = format!("/case/{}", codes[k % codes.len()]);
        k += 1;
        let began = Instant::now();
        match get(address, &path, "").await {
            Ok((200, _)) => latencies.push(began.elapsed()),
            other => eprintln!("{path}: {other:?}"),
        }
    }
    latencies
}

/// The `q`-quantile of sorted `latencies`, in milliseconds.
fn quantile(latencies: &[Duration], q: f64) -> f64 {
    let at = ((latencies.len() as f64 - 1.0) * q).round() as usize;
    latencies
        .get(at)
        .map_or(f64::NAN, |d| d.as_secs_f64() * 1e3)
}

/// Prints one phase's lookups, and returns their p99.
fn report(phase: &str, mut latencies: Vec<Duration>, seconds: f64) -> f64 {
    latencies.sort_unstable();
    let p99 = quantile(&latencies, 0.99);
    println!(
        "{phase}: {} lookups ({:.0}/s), p50 {:.2} ms, p99 {p99:.2} ms, max {:.2} ms",
        latencies.len(),
        latencies.len() as f64 / seconds,
        quantile(&latencies, 0.5),
        quantile(&latencies, 1.0),
    );
    p99
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn Error>> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut flag = |name: &str| {
        let found = args.iter().position(|arg| arg == name);
        found.map(|at| args.remove(at)).is_some()
    };
    let graphs_only = flag("--graphs-only");
    let own_queries = flag("--own-queries");
    let [address, seconds, n_clients, codes @ ..] = &args[..] else {
        return Err("arguments: ADDRESS SECONDS N_CLIENTS CODE...".into());
    };
    if codes.is_empty() {
        return Err("arguments: ADDRESS SECONDS N_CLIENTS CODE...".into());
    }
    let address: SocketAddr = address.parse()?;
    let phase = Duration::from_secs_f64(seconds.parse()?);
    let n_clients: usize = n_clients.parse()?;
    let codes: Arc<Vec<String>> = Arc::new(codes.to_vec());

    let br = "Accept-Encoding: br\r\n";
    for code in codes.iter() {
        let began = Instant::now();
        let (status, bytes) = get(address, &format!("/case/{code}/graph"), br).await?;
        println!(
            "first graph of {code}: {status}, {bytes} bytes, {:.2} s",
            began.elapsed().as_secs_f64()
        );
    }

    let idle_p99 = if graphs_only {
        f64::NAN
    } else {
        let idle = lookups(address, &codes, Instant::now() + phase).await;
        report("idle", idle, phase.as_secs_f64())
    };

    let end = Instant::now() + phase;
    let (n_graphs, graph_bytes) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)));
    let clients: Vec<_> = (0..n_clients)
        .map(|i| {
            let (codes, n_graphs, graph_bytes) = (
                Arc::clone(&codes),
                Arc::clone(&n_graphs),
                Arc::clone(&graph_bytes),
            );
            tokio::spawn(async move {
                let mut k = i;
                while Instant::now() < end {
                    let mut path = format!("/case/{}/graph", codes[k % codes.len()]);
                    let mut encoding = br;
                    if own_queries {
                        path += &format!("?c={i}-{k}");
                        if k % 2 == 1 {
                            encoding = "Accept-Encoding: identity\r\n";
                        }
                    }
                    k += 1;
                    if let Ok((_, bytes)) = get(address, &path, encoding).await {
                        n_graphs.fetch_add(1, Ordering::Relaxed);
                        graph_bytes.fetch_add(bytes as u64, Ordering::Relaxed);
                    }
                }
            })
        })
        .collect();
    let loaded = if graphs_only {
        Vec::new()
    } else {
        lookups(address, &codes, end).await
    };
    for client in clients {
        client.await?;
    }
    let loaded_p99 = report(
        &format!("with {n_clients} graph clients"),
        loaded,
        phase.as_secs_f64(),
    );
    let n_graphs = n_graphs.load(Ordering::Relaxed);
    println!(
        "graphs: {n_graphs} answered ({:.1}/s, {:.1} MB/s); lookup p99 {:.2}x idle",
        n_graphs as f64 / phase.as_secs_f64(),
        graph_bytes.load(Ordering::Relaxed) as f64 / 1e6 / phase.as_secs_f64(),
        loaded_p99 / idle_p99
    );
    Ok(())
}
