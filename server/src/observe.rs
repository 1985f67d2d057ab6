//! What the server notes of every request, in one layer around the routes:
//! the metrics it moves, and, with `--access-log`, one log line when it is
//! answered, naming its client (through trusted proxies: `client.rs`).
//!
//! A tower layer rather than `axum::middleware::from_fn`: every request
//! passes it, so it boxes nothing, looks no metric up by its labels, and
//! finds the client only for the access log (the searches' shares find it
//! in `extract::Client`).

use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::{Arc, OnceLock};
use std::task::{ready, Context, Poll};
use std::time::Instant;

use axum::body::HttpBody;
use axum::extract::{MatchedPath, Request};
use axum::http::{Method, Uri};
use axum::response::Response;

use crate::client::client_of;
use crate::metrics::{RouteMetrics, UNMATCHED};
use crate::state::AppState;

/// The `tracing` target of the access log's lines.
pub const ACCESS_LOG_TARGET: &str = "klotski_server::access";

/// The layer: wraps each route (and the fallback) in an [`Observe`].
#[derive(Clone)]
pub(crate) struct ObserveLayer(pub(crate) AppState);

impl<S> tower::Layer<S> for ObserveLayer {
    type Service = Observe<S>;

    fn layer(&self, inner: S) -> Observe<S> {
        Observe {
            inner,
            state: self.0.clone(),
            route: Arc::default(),
        }
    }
}

/// A route (or the fallback) whose requests are observed. The layer wraps
/// each route's service on its own, so one `Observe` (and its clones)
/// serves one route template, whose metrics it finds on its first request
/// and keeps.
#[derive(Clone)]
pub(crate) struct Observe<S> {
    inner: S,
    state: AppState,
    route: Arc<OnceLock<RouteMetrics>>,
}

impl<S, E> tower::Service<Request> for Observe<S>
where
    S: tower::Service<Request, Response = Response, Error = E>,
{
    type Response = Response;
    type Error = E;
    type Future = Observed<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), E>> {
        self.inner.poll_ready(cx)
    }

    /// Starts counting the request (and notes what the access log says of
    /// it, when on).
    fn call(&mut self, request: Request) -> Observed<S::Future> {
        let started = Instant::now();
        let metrics = self.route.get_or_init(|| {
            let route = request.extensions().get::<MatchedPath>();
            self.state
                .metrics()
                .route(route.map_or(UNMATCHED, MatchedPath::as_str))
        });
        metrics.started();
        let config = self.state.config();
        let access = config.access_log.then(|| AccessLine {
            client: client_of(
                &config.trusted_proxies,
                request.extensions(),
                request.headers(),
            ),
            method: request.method().clone(),
            uri: request.uri().clone(),
        });
        Observed {
            inner: self.inner.call(request),
            under_way: UnderWay {
                route: Arc::clone(&self.route),
                started,
                access,
            },
        }
    }
}

pin_project_lite::pin_project! {
    /// A request being answered.
    pub(crate) struct Observed<F> {
        #[pin]
        inner: F,
        under_way: UnderWay,
    }
}

/// What is noted of a request while it is answered; counted as under way
/// until dropped (also when the request is abandoned).
struct UnderWay {
    route: Arc<OnceLock<RouteMetrics>>,
    started: Instant,
    /// What the access log says of the request, when it is on.
    access: Option<AccessLine>,
}

/// A request as the access log names it.
struct AccessLine {
    client: Option<IpAddr>,
    method: Method,
    uri: Uri,
}

impl UnderWay {
    fn metrics(&self) -> &RouteMetrics {
        self.route
            .get()
            .expect("set before the request is passed on")
    }

    fn answered(&mut self, response: &Response) {
        let elapsed = self.started.elapsed();
        let status = response.status().as_u16();
        self.metrics().answered(status, elapsed.as_secs_f64());
        if let Some(AccessLine {
            client,
            method,
            uri,
        }) = self.access.take()
        {
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
    }
}

impl Drop for UnderWay {
    fn drop(&mut self) {
        self.metrics().ended();
    }
}

impl<F, E> Future for Observed<F>
where
    F: Future<Output = Result<Response, E>>,
{
    type Output = Result<Response, E>;

    /// Once answered: the metrics, and the access log's line.
    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let result = ready!(this.inner.poll(cx));
        if let Ok(response) = &result {
            this.under_way.answered(response);
        }
        Poll::Ready(result)
    }
}
