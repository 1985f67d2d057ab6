//! The server behind a real nginx on loopback, set up as docs/serving.md
//! does (`X-Forwarded-For` appended) and with `Forwarded` set instead:
//! clients on different loopback addresses reach it through the proxy and
//! are told apart (their shares of group searches, the access log, the
//! metrics); a client that sends its own forwarding header, straight to the
//! server or through nginx, is not believed; IPv6 clients share by /64.
//!
//! Without nginx (Debian's package: `apt-get install nginx`) or Python's
//! `prometheus_client`, `cargo test` lists the test as ignored with the
//! reason (build.rs), unless `KLOTSKI_CI=1`, when it fails.

mod common;

use std::net::{IpAddr, SocketAddr};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::lines::Lines;
use common::metric_value;
use klotski::ClassGroups;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpSocket;

/// The nginx configuration of docs/serving.md, on loopback with every path
/// under `dir`: the client's address appended to `X-Forwarded-For`, and,
/// when `sets_forwarded`, also set in `Forwarded`. It listens with
/// `reuseport` to share the port the test holds (see [`held_port`]).
fn nginx_config(
    dir: &Path,
    listen: SocketAddr,
    upstream: SocketAddr,
    sets_forwarded: bool,
) -> String {
    let dir = dir.display();
    let forwarded = if sets_forwarded {
        "proxy_set_header Forwarded $forwarded_for;"
    } else {
        ""
    };
    format!(
        r#"daemon off;
master_process off;
worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;
events {{ worker_connections 256; }}
http {{
    access_log off;
    client_body_temp_path {dir}/client_body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
    # RFC 7239 wants an IPv6 address quoted and in brackets.
    map $remote_addr $forwarded_for {{
        ~:      "for=\"[$remote_addr]\"";
        default "for=$remote_addr";
    }}
    upstream klotski {{
        server {upstream};
        keepalive 16;
    }}
    server {{
        listen {listen} reuseport;
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        {forwarded}
        location / {{
            proxy_pass http://klotski;
        }}
    }}
}}
"#
    )
}

/// The server's limits in both tests: 0-2-0 (one group of 1,440 layouts)
/// is large, 7-0-3's groups small; a client runs one search at a time, and
/// one large search runs (two more wait).
const ONE_SEARCH_EACH: [&str; 6] = [
    "--small-group-layouts",
    "1000",
    "--searches-per-client",
    "1",
    "--large-searches",
    "1",
];

/// A process killed when dropped.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `klotski-server` on a free loopback port, trusting `trusted` as its
/// proxies, with the access log on; its log lines are gathered.
struct Server {
    address: SocketAddr,
    log: Arc<Mutex<Vec<String>>>,
    _process: Running,
}

impl Server {
    fn start(db: &Path, trusted: &str, extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_klotski-server"))
            .args(["--listen", "127.0.0.1:0", "--trusted-proxies", trusted])
            .arg("--access-log")
            .arg("--db")
            .arg(db)
            .args(extra)
            .env("RUST_LOG", "info")
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stderr = Lines::read(child.stderr.take().unwrap());
        let process = Running(child);
        let address = common::listening_address(&stderr).0.parse().unwrap();
        let log = Arc::new(Mutex::new(Vec::new()));
        let gathered = Arc::clone(&log);
        // Gathers the rest for as long as the server runs.
        std::thread::spawn(move || {
            for line in stderr.0 {
                gathered.lock().unwrap().push(line);
            }
        });
        Server {
            address,
            log,
            _process: process,
        }
    }

    /// The access log's lines up to a last request of `marker` (asked
    /// now, so that every earlier line has been read).
    async fn access_lines_until(&self, marker: &str) -> Vec<String> {
        let (status, _) = get_from(loopback(1), self.address, marker, "").await;
        assert_eq!(status, 200);
        for _ in 0..400 {
            let lines = self.access_lines();
            if lines.iter().any(|line| line.contains(marker)) {
                return lines;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("{marker} was not logged: {:#?}", self.log.lock().unwrap());
    }

    /// The access log's lines so far.
    fn access_lines(&self) -> Vec<String> {
        let log = self.log.lock().unwrap();
        log.iter()
            .filter(|line| line.contains(server::ACCESS_LOG_TARGET))
            .cloned()
            .collect()
    }
}

/// A loopback port for nginx, taken by binding and held: the socket is
/// bound with `SO_REUSEPORT`, which nginx's `listen ... reuseport` shares,
/// so no other program can bind the port between now and nginx's start;
/// it never listens, so every connection goes to nginx.
fn held_port() -> (TcpSocket, SocketAddr) {
    let socket = TcpSocket::new_v4().unwrap();
    socket.set_reuseport(true).unwrap();
    socket.bind(SocketAddr::new(loopback(1), 0)).unwrap();
    let address = socket.local_addr().unwrap();
    (socket, address)
}

/// nginx in front of `upstream`, on a loopback port taken by binding, with
/// its files in a temporary folder; stopped when dropped.
struct Nginx {
    address: SocketAddr,
    _process: Running,
    _port: TcpSocket,
    _dir: tempfile::TempDir,
}

impl Nginx {
    async fn start(program: &Path, upstream: SocketAddr, sets_forwarded: bool) -> Nginx {
        let dir = tempfile::tempdir().unwrap();
        let (port, address) = held_port();
        let config = dir.path().join("nginx.conf");
        std::fs::write(
            &config,
            nginx_config(dir.path(), address, upstream, sets_forwarded),
        )
        .unwrap();
        let error_log = dir.path().join("error.log");
        let process = Running(
            Command::new(program)
                .arg("-p")
                .arg(dir.path())
                .arg("-c")
                .arg(&config)
                .arg("-e")
                .arg(&error_log)
                .stderr(Stdio::null())
                .spawn()
                .unwrap(),
        );
        // Ready once it accepts a connection (at most 20 s).
        for _ in 0..400 {
            if tokio::net::TcpStream::connect(address).await.is_ok() {
                return Nginx {
                    address,
                    _process: process,
                    _port: port,
                    _dir: dir,
                };
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!(
            "nginx did not start: {}",
            std::fs::read_to_string(&error_log).unwrap_or_default()
        );
    }
}

/// One HTTP/1.1 GET from the local address `from` to `to`, with extra
/// header lines: the status and the body.
async fn get_from(from: IpAddr, to: SocketAddr, path: &str, headers: &str) -> (u16, String) {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::new(from, 0)).unwrap();
    let mut stream = socket.connect(to).await.unwrap();
    let request =
        format!("GET {path} HTTP/1.1\r\nHost: {to}\r\nConnection: close\r\n{headers}\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let response = String::from_utf8_lossy(&response).into_owned();
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, body.to_owned())
}

fn loopback(last: u8) -> IpAddr {
    IpAddr::from([127, 0, 0, last])
}

/// Eight connections at once from `from`, through `to`, asking for
/// searches in 0-2-0's one group (1,440 layouts), the i-th with the header
/// lines `headers(i)`: until one has been refused its share (429) and each
/// has asked ten times (at most 200 each) when `until_refused`, else ten
/// times each. The statuses, all 200, 429 or 503.
async fn flood(
    to: SocketAddr,
    from: IpAddr,
    headers: impl Fn(usize) -> String,
    until_refused: bool,
) -> Vec<u16> {
    let large: Arc<Vec<String>> = Arc::new(
        ClassGroups::build("0-2-0".parse().unwrap())
            .codes()
            .iter()
            .map(|code| code.to_string())
            .collect(),
    );
    let refused = Arc::new(AtomicUsize::new(0));
    let rounds = if until_refused { 200 } else { 10 };
    let floods: Vec<_> = (0..8)
        .map(|i| {
            let (large, refused, headers) = (Arc::clone(&large), Arc::clone(&refused), headers(i));
            tokio::spawn(async move {
                let mut statuses = Vec::new();
                for round in 0..rounds {
                    if refused.load(Ordering::Relaxed) > 0 && round >= 10 {
                        break;
                    }
                    let code = &large[(i + 8 * round) % large.len()];
                    let path = format!("/case/{code}/farthest?limit=1");
                    let (status, body) = get_from(from, to, &path, &headers).await;
                    assert!([200, 429, 503].contains(&status), "{status} {body}");
                    if status == 429 {
                        refused.fetch_add(1, Ordering::Relaxed);
                    }
                    statuses.push(status);
                }
                statuses
            })
        })
        .collect();
    let mut statuses = Vec::new();
    for flood in floods {
        statuses.extend(flood.await.unwrap());
    }
    statuses
}

/// Whether the access log has a line for `client` asking `path` exactly.
fn logged(lines: &[String], client: &str, path: &str) -> bool {
    lines.iter().any(|line| {
        line.contains(&format!("client={client} ")) && line.contains(&format!("path={path} "))
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(
    any(missing_nginx, missing_prometheus_client),
    ignore = "needs nginx and python3 with prometheus_client: apt-get install nginx; pip install prometheus_client"
)]
async fn clients_behind_nginx_are_told_apart() {
    let nginx = probe::find(&["nginx"]).expect("nginx is on the PATH or in /usr/sbin");
    let extra = ["--forwarded-header", "Forwarded", "--small-searches", "2"];
    let server = Server::start(
        common::test_db(),
        "127.0.0.1",
        &[&ONE_SEARCH_EACH[..], &extra].concat(),
    );
    let proxy = Nginx::start(&nginx, server.address, true).await;
    let (flooder, other, direct) = (loopback(2), loopback(3), loopback(4));

    // The flooder asks for large searches on eight connections at once,
    // until it has been refused its share.
    let floods = tokio::spawn(flood(proxy.address, flooder, |_| String::new(), true));
    // Meanwhile another client's small searches all answer.
    let small = ClassGroups::build("7-0-3".parse().unwrap());
    let (from, to) = {
        let mut group = small.group_codes(0);
        (group.next().unwrap(), group.last().unwrap())
    };
    let small_path = format!("/path/{from}/{to}");
    for _ in 0..20 {
        let (status, body) = get_from(other, proxy.address, &small_path, "").await;
        assert_eq!(status, 200, "{body}");
    }
    let statuses = floods.await.unwrap();
    let n_refused = statuses.iter().filter(|&&status| status == 429).count();
    assert!(n_refused > 0, "the flooder was never refused: {statuses:?}");

    // A forwarding header sent through nginx is appended to, and only
    // nginx's own entry is believed; sent straight to the server, from a
    // peer that is not a trusted proxy, it is ignored.
    let spoof = "X-Forwarded-For: 127.0.0.3\r\nForwarded: for=127.0.0.3\r\n";
    let (status, _) = get_from(flooder, proxy.address, "/health?via=nginx", spoof).await;
    assert_eq!(status, 200);
    let (status, _) = get_from(direct, server.address, "/health?via=direct", spoof).await;
    assert_eq!(status, 200);

    // The metrics count the refusals, which were all the flooder's.
    let (status, metrics) = get_from(other, proxy.address, "/metrics", "").await;
    assert_eq!(status, 200);
    let (samples, _) = common::parse_metrics(&metrics);
    let refusals = |lane| {
        let labels = [("lane", lane), ("reason", "client_share")];
        metric_value(&samples, "klotski_search_refusals_total", &labels)
    };
    assert_eq!(refusals("large"), n_refused as f64);
    assert_eq!(refusals("small"), 0.0);
    let path_ok = [("route", "/path/{from}/{to}"), ("status", "200")];
    assert_eq!(
        metric_value(&samples, "http_requests_total", &path_ok),
        20.0
    );

    // The access log names the clients nginx passed on, not nginx.
    let lines = server.access_lines_until("/health?last").await;
    assert!(logged(&lines, "127.0.0.3", &small_path), "{lines:#?}");
    assert!(
        logged(&lines, "127.0.0.2", "/health?via=nginx"),
        "{lines:#?}"
    );
    assert!(
        logged(&lines, "127.0.0.4", "/health?via=direct"),
        "{lines:#?}"
    );
    let from_nginx = |line: &&String| line.contains("client=127.0.0.1 ") && !line.contains("?last");
    assert!(!lines.iter().any(|line| from_nginx(&line)), "{lines:#?}");
    let n_flooder = lines
        .iter()
        .filter(|line| line.contains("client=127.0.0.2 ") && line.contains("/farthest"))
        .count();
    assert_eq!(n_flooder, statuses.len());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(missing_nginx, ignore = "needs nginx: apt-get install nginx")]
async fn behind_the_usual_nginx_only_its_hop_is_believed() {
    let nginx = probe::find(&["nginx"]).expect("nginx is on the PATH or in /usr/sbin");
    // 127.0.0.5 stands for a second trusted proxy in front of nginx (a load
    // balancer) that hands on IPv6 clients.
    let server = Server::start(common::test_db(), "127.0.0.1,127.0.0.5", &ONE_SEARCH_EACH);
    let proxy = Nginx::start(&nginx, server.address, false).await;

    // A client's own `Forwarded` goes through nginx untouched and is not
    // read; an unreadable hop of its own to the left of nginx's is not read
    // either, nor is a trusted proxy's address it writes there.
    let spoofs = [
        ("forwarded", "Forwarded: for=10.7.7.7\r\n"),
        ("garbage", "X-Forwarded-For: not-an-address\r\n"),
        ("trusted", "X-Forwarded-For: 127.0.0.5\r\n"),
        ("many", "X-Forwarded-For: 1.2.3.4, ,[::1]:80, 127.0.0.1\r\n"),
    ];
    for (name, header) in spoofs {
        let (status, _) = get_from(
            loopback(2),
            proxy.address,
            &format!("/health?{name}"),
            header,
        )
        .await;
        assert_eq!(status, 200);
    }

    // Eight IPv6 clients of one /64, each asking one search at a time,
    // share one client's share: some are refused.
    let one_net = |i: usize| format!("X-Forwarded-For: 2001:db8:1:2::{:x}\r\n", i + 1);
    let statuses = flood(proxy.address, loopback(5), one_net, true).await;
    assert!(
        statuses.contains(&429),
        "one /64 was never refused: {statuses:?}"
    );
    // Eight in as many /64s never are (the lane may be full: 503).
    let nets = |i: usize| format!("X-Forwarded-For: 2001:db8:{:x}::1\r\n", i + 1);
    let statuses = flood(proxy.address, loopback(5), nets, false).await;
    assert!(!statuses.contains(&429), "{statuses:?}");

    let lines = server.access_lines_until("/health?last").await;
    for (name, _) in spoofs {
        assert!(
            logged(&lines, "127.0.0.2", &format!("/health?{name}")),
            "{name}: {lines:#?}"
        );
    }
    // The log names each IPv6 client in full.
    for client in ["2001:db8:1:2::1", "2001:db8:1:2::8", "2001:db8:8::1"] {
        assert!(
            lines
                .iter()
                .any(|line| line.contains(&format!("client={client} "))),
            "{client}: {lines:#?}"
        );
    }
}
