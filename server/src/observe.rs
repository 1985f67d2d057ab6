//! What the server does around every request, in one layer outside the
//! routes: holds it to the time limit (503 past it), moves the metrics,
//! and, with `--access-log`, writes one log line when it is answered,
//! naming its client (through trusted proxies: `client.rs`).
//!
//! A tower layer rather than `axum::middleware::from_fn`: every request
//! passes it, so it boxes nothing, looks no metric up by its labels, and
//! reads the client's forwarding header only when there are trusted proxies
//! or an access log: then once, for the request's handler too
//! ([`ClientAddress`]), so that an unreadable hop is counted once.

use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::{Arc, OnceLock};
use std::task::{ready, Context, Poll};
use std::time::{Duration, Instant};

use axum::body::HttpBody;
use axum::extract::{MatchedPath, Request};
use axum::http::{Method, Uri};
use axum::response::{IntoResponse, Response};
use tokio::time::Timeout;

use crate::client::{client_of, Forwarding, UnreadableHops};
use crate::error::AppError;
use crate::metrics::{Metrics, RouteMetrics, UNMATCHED};

/// The `tracing` target of the access log's lines.
pub const ACCESS_LOG_TARGET: &str = "klotski_server::access";

/// The layer: wraps each route (and the fallback) in an [`Observe`].
#[derive(Clone)]
pub(crate) struct ObserveLayer(Arc<Observer>);

/// What every route's [`Observe`] shares.
struct Observer {
    metrics: Arc<Metrics>,
    /// How long a request may take before it is answered 503.
    limit: Duration,
    /// Where the client is read from, and the unreadable hops met there.
    clients: Clients,
    /// Whether each request is logged.
    access_log: bool,
}

/// Where a request's client is read from: the trusted proxies and their
/// header, and the unreadable hops met there.
#[derive(Clone, Default)]
pub(crate) struct Clients {
    pub(crate) forwarding: Forwarding,
    pub(crate) unreadable: Arc<UnreadableHops>,
}

/// A request's client as the observing layer read it, for its handler.
#[derive(Clone, Copy)]
pub(crate) struct ClientAddress(pub(crate) Option<IpAddr>);

impl ObserveLayer {
    /// Requests counted in `metrics`, answered 503 after `limit`, their
    /// clients read as `clients` says, and logged when `access_log`.
    pub(crate) fn new(
        metrics: Arc<Metrics>,
        limit: Duration,
        clients: Clients,
        access_log: bool,
    ) -> ObserveLayer {
        ObserveLayer(Arc::new(Observer {
            metrics,
            limit,
            clients,
            access_log,
        }))
    }
}

impl<S> tower::Layer<S> for ObserveLayer {
    type Service = Observe<S>;

    fn layer(&self, inner: S) -> Observe<S> {
        Observe {
            inner,
            observer: Arc::clone(&self.0),
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
    observer: Arc<Observer>,
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

    /// Starts counting the request and its time (and notes what the access
    /// log says of it, when on).
    fn call(&mut self, mut request: Request) -> Observed<S::Future> {
        let started = Instant::now();
        let observer = &self.observer;
        let metrics = self.route.get_or_init(|| {
            let route = request.extensions().get::<MatchedPath>();
            observer
                .metrics
                .route(route.map_or(UNMATCHED, MatchedPath::as_str))
        });
        metrics.started();
        let clients = &observer.clients;
        let client = (observer.access_log || !clients.forwarding.proxies.is_empty()).then(|| {
            let client = client_of(
                &clients.forwarding,
                request.extensions(),
                request.headers(),
                &clients.unreadable,
            );
            request.extensions_mut().insert(ClientAddress(client));
            client
        });
        let access = observer.access_log.then(|| AccessLine {
            client: client.flatten(),
            method: request.method().clone(),
            uri: request.uri().clone(),
        });
        Observed {
            inner: tokio::time::timeout(observer.limit, self.inner.call(request)),
            limit: observer.limit,
            under_way: UnderWay {
                route: Arc::clone(&self.route),
                started,
                access,
            },
        }
    }
}

pin_project_lite::pin_project! {
    /// A request being answered, within the time limit.
    pub(crate) struct Observed<F> {
        #[pin]
        inner: Timeout<F>,
        limit: Duration,
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

    /// Once answered (503 when the time is up; work already on a blocking
    /// thread finishes there, its answer dropped): the metrics, and the
    /// access log's line.
    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let result = match ready!(this.inner.poll(cx)) {
            Ok(result) => result,
            Err(_) => Ok(AppError::Timeout(*this.limit).into_response()),
        };
        if let Ok(response) = &result {
            this.under_way.answered(response);
        }
        Poll::Ready(result)
    }
}

#[cfg(test)]
mod tests {
    use axum::body::Body;
    use axum::http::StatusCode;
    use axum::routing::get;
    use axum::Router;
    use http_body_util::BodyExt;
    use tower::ServiceExt;

    use super::*;
    use crate::admission::Searches;
    use crate::search::GraphCache;

    #[tokio::test]
    async fn a_request_over_the_time_limit_is_a_503_and_counted() {
        let (searches, graphs) = (Searches::new(1, 1, 1, 1), GraphCache::new(0));
        let clients = Clients::default();
        let answers = crate::answers::Answers::new(0);
        let metrics = Arc::new(Metrics::new(
            &searches,
            &graphs,
            &answers,
            &clients.unreadable,
        ));
        let layer = ObserveLayer::new(
            Arc::clone(&metrics),
            Duration::from_millis(20),
            clients,
            false,
        );
        let router: Router = Router::new()
            .route("/slow", get(|| tokio::time::sleep(Duration::from_secs(5))))
            .route("/fast", get(|| async { "done" }))
            .layer(layer);
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
        let text = metrics.render(&crate::metrics::Sample {
            lanes: searches.loads(),
            graph_cache: graphs.size(),
            connections: (1, 0),
        });
        for line in [
            "http_requests_total{route=\"/slow\",status=\"503\"} 1",
            "http_requests_total{route=\"/fast\",status=\"200\"} 1",
            "http_request_duration_seconds_count{route=\"/slow\"} 1",
            "http_requests_in_flight 0",
        ] {
            assert!(text.lines().any(|got| got == line), "{line}\n{text}");
        }
    }
}
