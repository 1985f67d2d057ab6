//! The Klotski HTTP query service: an axum router over a read-only database
//! file built by `klotski build-db`.
//!
//! - [`AppState::open`] opens the database (checking that it is a finished
//!   build of this schema version), reads what it holds and sets up the
//!   connections; [`Config`] holds the limits.
//! - [`app`] is the router: every route, the JSON fallbacks for unknown paths
//!   and methods, the time limit, request tracing and a panic guard. Tests
//!   call it with `tower::ServiceExt::oneshot`, `main` serves it.
//! - Searches are the engine's (`klotski::paths`: minimum solutions walked
//!   down the stored numbers, shortest paths, layers); `search.rs` keeps the
//!   group graphs they need.
//! - `page.rs` serves the web page under `/ui/` (files in `server/web/`,
//!   compiled in); it is a client of the JSON API, not part of it.
//! - [`openapi_document`] is the OpenAPI document, built from the handlers'
//!   annotations as the routes are registered (`routes/`).
//! - Every request passes one layer (`observe.rs`) that holds it to the
//!   time limit, moves the Prometheus metrics (`metrics.rs`, served at
//!   `/metrics`) and writes the access log; a client is its peer, or the
//!   client a trusted proxy names (`client.rs`). Outside it, answers from
//!   `compress.rs`'s threshold up are compressed (brotli or gzip) as the
//!   client accepts.
//!
//! Handlers (in `routes/`) parse their input first, so malformed input is
//! answered without a query; queries run on blocking threads, each with a
//! connection of its own; searches over whole groups run in lanes by group
//! size, each client within its share (`admission.rs`). [`serve`] serves
//! the router within [`ConnectionLimits`].
//!
//! ```no_run
//! # async fn serve() -> Result<(), Box<dyn std::error::Error>> {
//! let state = server::AppState::open("data/klotski.db".as_ref(), server::Config::default())?;
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! axum::serve(listener, server::app(state)).await?;
//! # Ok(())
//! # }
//! ```
#![deny(missing_docs)]

mod admission;
mod answers;
mod built;
mod bundle;
mod case_json;
mod client;
mod compress;
mod drawing;
mod error;
mod extract;
mod lookup;
mod metrics;
mod model;
mod named;
mod observe;
mod page;
mod pool;
mod precompressed;
mod recent;
mod routes;
mod search;
mod serve;
mod state;
mod stored;

use std::any::Any;

use axum::http::Method;
use axum::response::{IntoResponse, Response};
use axum::Router;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::trace::TraceLayer;

pub use client::{
    share_key, ForwardedHeader, ForwardedHeaderError, Forwarding, Reading, TrustedProxies,
    TrustedProxiesError,
};
pub use error::{ErrorBody, ErrorCode};
pub use observe::ACCESS_LOG_TARGET;
pub use serve::{serve, ConnectionLimits};
pub use state::{AppState, Config};

/// The service's router, ready to serve.
pub fn app(state: AppState) -> Router {
    let router = routes::router();
    let config = state.config();
    let observe = observe::ObserveLayer::new(
        state.metrics(),
        config.request_timeout,
        state.clients().clone(),
        config.access_log,
    );
    router
        .merge(page::router())
        .fallback(no_route)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(TraceLayer::new_for_http())
        .layer(CatchPanicLayer::custom(panic_response))
        .layer(observe)
        .layer(compress::compression())
        .with_state(state)
}

/// The OpenAPI document, as `/openapi.json` serves it.
pub fn openapi_document() -> utoipa::openapi::OpenApi {
    routes::document()
}

async fn no_route(method: Method, uri: axum::http::Uri) -> error::AppError {
    error::AppError::NoRoute(format!(
        "no route for {method} {}; the routes are listed in /openapi.json",
        uri.path()
    ))
}

async fn method_not_allowed(method: Method, uri: axum::http::Uri) -> error::AppError {
    error::AppError::MethodNotAllowed(format!(
        "{} answers GET and HEAD only, not {method}",
        uri.path()
    ))
}

/// A panic in a handler is a bug: answer it as an internal error, and keep
/// the connection.
fn panic_response(panic: Box<dyn Any + Send + 'static>) -> Response {
    let message = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("a panic");
    error::AppError::Internal(format!("a handler panicked: {message}")).into_response()
}
