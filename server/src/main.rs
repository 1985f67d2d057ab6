//! `klotski-server`: serves a database built by `klotski build-db` over HTTP
//! until Ctrl-C or SIGTERM. Errors at start are one line and exit code 1 (2
//! for bad arguments).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use clap::Parser;
use server::{AppState, Config, ConnectionLimits, ForwardedHeader, Forwarding, TrustedProxies};

/// The Klotski (华容道) database over HTTP: JSON answers about layouts,
/// groups and classes. The routes are listed at /openapi.json.
#[derive(Parser)]
#[command(name = "klotski-server", version, about)]
struct Args {
    /// The database file, built by `klotski build-db`; opened read-only.
    #[arg(long, default_value = "data/klotski.db")]
    db: PathBuf,
    /// The address to listen on (port 0 picks a free port; the log says which).
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: SocketAddr,
    /// Database connections: how many queries run at once.
    #[arg(long, default_value_t = Config::default().n_connections)]
    connections: usize,
    /// Seconds a request may take before it is answered 503.
    #[arg(long, default_value_t = Config::default().request_timeout.as_secs_f64())]
    request_timeout: f64,
    /// Group searches in small groups (see --small-group-layouts) that run
    /// at once; 0 refuses them.
    #[arg(long, default_value_t = Config::default().n_small_searches)]
    small_searches: usize,
    /// Group searches in larger groups that run at once; 0 refuses them.
    #[arg(long, default_value_t = Config::default().n_large_searches)]
    large_searches: usize,
    /// The largest group (in layouts) whose searches are small.
    #[arg(long, default_value_t = Config::default().small_group_layouts)]
    small_group_layouts: u32,
    /// Group searches one client (IP address) may run or wait for at once;
    /// more are answered 429. 0 refuses every group search.
    #[arg(long, default_value_t = Config::default().searches_per_client)]
    searches_per_client: usize,
    /// Connections served at once; more wait to be accepted.
    #[arg(long, default_value_t = ConnectionLimits::default().max_connections)]
    max_connections: usize,
    /// Connections one peer (an IPv4 address, an IPv6 prefix of
    /// --ipv6-client-prefix bits) may hold at once; more are closed as they
    /// are accepted. The trusted proxies are exempt.
    #[arg(long, value_name = "N", default_value_t = ConnectionLimits::default().max_connections_per_peer)]
    max_connections_per_peer: usize,
    /// Seconds a client may take to send a request's head, however slowly
    /// its bytes come (a half-sent request or an idle connection is closed
    /// after it).
    #[arg(long, default_value_t = ConnectionLimits::default().header_timeout.as_secs_f64())]
    header_timeout: f64,
    /// Megabytes of group graphs kept for later searches (/farthest,
    /// /min-solutions, /path); 0 keeps none.
    #[arg(long, default_value_t = Config::default().graph_cache_bytes >> 20)]
    graph_cache_mb: usize,
    /// Megabytes of /case/{code}/graph answers kept as sent, compressed as
    /// each client accepts, the answers being made included; 0 keeps none.
    #[arg(long, default_value_t = Config::default().answer_cache_bytes >> 20)]
    answer_cache_mb: usize,
    /// Another process may write the database file while the server runs
    /// (e.g. `klotski migrate` in place): take SQLite's locks and check for
    /// changes before each query. Without it the file is read as immutable,
    /// which makes lookups faster; replacing it by a rename is safe either way.
    #[arg(long)]
    database_may_change: bool,
    /// The reverse proxies to believe, comma-separated: networks
    /// (10.0.0.0/8, fd00::/8) or addresses (127.0.0.1, ::1). A request from
    /// one of them is counted under the client it names in
    /// --forwarded-header (the last address a trusted proxy added); from
    /// any other peer that header is ignored. None by default.
    #[arg(long, value_name = "CIDR,...", default_value = "")]
    trusted_proxies: TrustedProxies,
    /// The one header the trusted proxies set to name the client:
    /// X-Forwarded-For (a list of addresses; nginx's
    /// `$proxy_add_x_forwarded_for`), `Forwarded` (RFC 7239), or another
    /// list such as X-Real-IP. Any other forwarding header is ignored: a
    /// client could have written it.
    #[arg(long, value_name = "NAME", default_value_t = ForwardedHeader::default())]
    forwarded_header: ForwardedHeader,
    /// Leading bits of an IPv6 client's address that make one client for
    /// --searches-per-client and --max-connections-per-peer (a subscriber
    /// usually holds a whole /64);
    /// IPv4 clients count by address.
    #[arg(long, value_name = "BITS", default_value_t = Config::default().ipv6_client_prefix,
          value_parser = clap::value_parser!(u8).range(1..=128))]
    ipv6_client_prefix: u8,
    /// Log one line per request (client, method, path, status, latency,
    /// bytes) at info level, target `klotski_server::access`.
    #[arg(long)]
    access_log: bool,
}

fn main() -> ExitCode {
    let args: Args = match edge::args::parse_args("klotski-server") {
        Ok(args) => args,
        Err(code) => return code,
    };
    edge::logging::init_logging();
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("klotski-server: {error:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: Args) -> anyhow::Result<()> {
    let request_timeout = Duration::try_from_secs_f64(args.request_timeout)
        .ok()
        .filter(|timeout| !timeout.is_zero())
        .context("--request-timeout must be a positive number of seconds")?;
    let header_timeout = Duration::try_from_secs_f64(args.header_timeout)
        .ok()
        .filter(|timeout| !timeout.is_zero())
        .context("--header-timeout must be a positive number of seconds")?;
    let config = Config {
        n_connections: args.connections,
        request_timeout,
        graph_cache_bytes: args.graph_cache_mb << 20,
        answer_cache_bytes: args.answer_cache_mb << 20,
        n_small_searches: args.small_searches,
        n_large_searches: args.large_searches,
        small_group_layouts: args.small_group_layouts,
        searches_per_client: args.searches_per_client,
        database_may_change: args.database_may_change,
        forwarding: Forwarding {
            proxies: args.trusted_proxies.clone(),
            header: args.forwarded_header,
        },
        ipv6_client_prefix: args.ipv6_client_prefix,
        access_log: args.access_log,
        ..Config::default()
    };
    let limits = ConnectionLimits {
        max_connections: args.max_connections,
        max_connections_per_peer: args.max_connections_per_peer,
        ipv6_prefix: args.ipv6_client_prefix,
        trusted_proxies: args.trusted_proxies.clone(),
        header_timeout,
        ..ConnectionLimits::default()
    };
    // The error says what is wrong with the file and to run `klotski build-db`.
    let forwarding = config.forwarding.clone();
    let state = AppState::open(&args.db, config)?;
    tracing::info!(db = %args.db.display(), classes = %state.classes_held(), "database open");
    if !forwarding.proxies.is_empty() {
        tracing::info!(proxies = %forwarding.proxies, header = %forwarding.header, "client addresses read from the forwarding header of trusted proxies");
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(serve(args.listen, state, limits))
}

async fn serve(
    address: SocketAddr,
    state: AppState,
    limits: ConnectionLimits,
) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::bind(address)
        .await
        .with_context(|| format!("cannot listen on {address}"))?;
    tracing::info!("listening on http://{}", listener.local_addr()?);
    server::serve(listener, server::app(state), limits, shutdown_signal()).await;
    tracing::info!("stopped");
    Ok(())
}

/// Resolves on Ctrl-C or SIGTERM: the server stops accepting connections
/// and finishes the requests under way.
async fn shutdown_signal() {
    let ctrl_c = async {
        if let Err(error) = tokio::signal::ctrl_c().await {
            tracing::error!(%error, "cannot listen for Ctrl-C");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(error) => {
                tracing::error!(%error, "cannot listen for SIGTERM");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => tracing::info!("Ctrl-C: shutting down"),
        () = terminate => tracing::info!("SIGTERM: shutting down"),
    }
}
