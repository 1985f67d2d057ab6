//! What the server notes of every request, in one layer around the routes:
//! who it comes from (its client address, through trusted proxies: see
//! `client.rs`), the metrics it moves, and, with `--access-log`, one log
//! line when it is answered.

use std::net::SocketAddr;
use std::time::Instant;

use axum::body::HttpBody;
use axum::extract::{ConnectInfo, MatchedPath, Request, State};
use axum::middleware::Next;
use axum::response::Response;

use crate::client::ClientAddress;
use crate::metrics::UNMATCHED;
use crate::state::AppState;

/// The `tracing` target of the access log's lines.
pub const ACCESS_LOG_TARGET: &str = "klotski_server::access";

/// Resolves the request's client, then counts and (with `--access-log`)
/// logs it once answered.
pub(crate) async fn observe(
    State(state): State<AppState>,
    mut request: Request,
    next: Next,
) -> Response {
    let started = Instant::now();
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|info| info.0.ip());
    let config = state.config();
    let client = peer.map(|peer| config.trusted_proxies.client(peer, request.headers()));
    request.extensions_mut().insert(ClientAddress(client));
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or(UNMATCHED, MatchedPath::as_str)
        .to_owned();
    let access = config
        .access_log
        .then(|| (request.method().clone(), request.uri().clone()));
    let metrics = state.metrics();
    let in_flight = metrics.start();
    let response = next.run(request).await;
    drop(in_flight);
    let elapsed = started.elapsed();
    let status = response.status().as_u16();
    metrics.answered(&route, status, elapsed.as_secs_f64());
    if let Some((method, uri)) = access {
        let size = response.body().size_hint();
        let bytes = size.exact().unwrap_or(size.lower());
        let client = client.map_or_else(|| "-".to_owned(), |client| client.to_string());
        tracing::info!(
            target: ACCESS_LOG_TARGET,
            %client,
            %method,
            path = %uri.path_and_query().map_or(uri.path(), |path| path.as_str()),
            status,
            latency_ms = elapsed.as_micros() as f64 / 1e3,
            bytes,
        );
    }
    response
}
