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
//! - Every request passes one layer (`observe.rs`) that finds its client
//!   (through trusted proxies, `client.rs`), moves the Prometheus metrics
//!   (`metrics.rs`, served at `/metrics`) and writes the access log.
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
mod client;
mod error;
mod extract;
mod lookup;
mod metrics;
mod model;
mod observe;
mod page;
mod pool;
mod routes;
mod search;
mod serve;
mod state;

use std::any::Any;

use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::Method;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::Router;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::trace::TraceLayer;

pub use client::{TrustedProxies, TrustedProxiesError};
pub use error::{ErrorBody, ErrorCode};
pub use observe::ACCESS_LOG_TARGET;
pub use serve::{serve, ConnectionLimits};
pub use state::{AppState, Config};

/// The service's router, ready to serve.
pub fn app(state: AppState) -> Router {
    let (router, _) = routes::api_router().split_for_parts();
    router
        .merge(page::router())
        .fallback(no_route)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(middleware::from_fn_with_state(
            state.config().request_timeout,
            time_limit,
        ))
        .layer(TraceLayer::new_for_http())
        .layer(CatchPanicLayer::custom(panic_response))
        .layer(observe::ObserveLayer(state.clone()))
        .with_state(state)
}

/// The OpenAPI document, as `/openapi.json` serves it.
pub fn openapi_document() -> utoipa::openapi::OpenApi {
    routes::document()
}

/// Answers 503 when a request takes longer than `limit`. Work already on a
/// blocking thread finishes there; its answer is dropped.
async fn time_limit(State(limit): State<Duration>, request: Request, next: Next) -> Response {
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => error::AppError::Timeout(limit).into_response(),
    }
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

#[cfg(test)]
mod tests {
    use axum::body::Body;
    use axum::http::StatusCode;
    use axum::routing::get;
    use http_body_util::BodyExt;
    use tower::ServiceExt;

    use super::*;

    #[tokio::test]
    async fn a_request_over_the_time_limit_is_a_503() {
        let router: Router = Router::new()
            .route("/slow", get(|| tokio::time::sleep(Duration::from_secs(5))))
            .route("/fast", get(|| async { "done" }))
            .layer(middleware::from_fn_with_state(
                Duration::from_millis(20),
                time_limit,
            ));
        let call = |uri: &'static str| {
            let request = axum::http::Request::get(uri).body(Body::empty()).unwrap();
            router.clone().oneshot(request)
        };
        let response = call("/slow").await.unwrap();
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        let body = response.into_body().collect().await.unwrap().to_bytes();
        assert_eq!(
            serde_json::from_slice::<serde_json::Value>(&body).unwrap(),
            serde_json::json!({
                "error": "timeout",
                "detail": "the request took longer than the server's limit of 0.02 s",
            })
        );
        assert_eq!(call("/fast").await.unwrap().status(), StatusCode::OK);
    }
}
