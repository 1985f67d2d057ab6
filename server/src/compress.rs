//! Compression of the answers, as the client accepts (brotli or gzip), and
//! the hot routes that go around it.
//!
//! The layer sits outside the observing layer, so the metrics and the
//! access log count a request's work, not the compression, and the log's
//! `bytes` are the uncompressed body.

use std::convert::Infallible;
use std::task::{Context, Poll};

use axum::body::{Bytes, HttpBody};
use axum::extract::Request;
use axum::response::{IntoResponse, Response};
use futures_util::future::{Either, MapOk, TryFutureExt};
use tower::{Layer, Service};
use tower_http::compression::predicate::{NotForContentType, Predicate, SizeAbove};
use tower_http::compression::{Compression, CompressionBody, CompressionLayer};

/// Bodies below this many bytes are sent as they are: a layout's JSON saves
/// a few hundred bytes compressed, for more CPU than the whole request
/// (figures in BENCHMARKS.md).
const COMPRESS_FROM_BYTES: u64 = 1024;

/// The compression of every route's answers of [`COMPRESS_FROM_BYTES`] or
/// more; fonts (`font/woff2`) are compressed already. Requests for the
/// routes whose answers are always smaller ([`never_compressed`]) go around
/// it: wrapping a response costs a measurable share of a small request's
/// CPU even when nothing is compressed (BENCHMARKS.md). A layer of each
/// route's service (as `Router::layer` applies it), not a router in front:
/// a second router cost about as much again.
pub(crate) fn compression() -> AroundCompressionLayer<impl Predicate> {
    // tower-http's `DefaultPredicate` with a larger size (its 32 bytes are
    // fixed), and fonts left out.
    let predicate = SizeAbove::new(COMPRESS_FROM_BYTES)
        .and(NotForContentType::GRPC)
        .and(NotForContentType::IMAGES)
        .and(NotForContentType::SSE)
        .and(NotForContentType::const_new("font/"));
    // tower-http's levels: brotli quality 4 (not the codec's 11), gzip 6.
    AroundCompressionLayer(CompressionLayer::new().compress_when(predicate))
}

/// Whether every answer to `path` is under [`COMPRESS_FROM_BYTES`]: a layout
/// (`/case/{code}`, `/classification/{name}`: a few hundred bytes, errors
/// shorter) and the health check.
fn never_compressed(path: &str) -> bool {
    let single_segment_under = |prefix: &str| {
        path.strip_prefix(prefix)
            .is_some_and(|rest| !rest.is_empty() && !rest.contains('/'))
    };
    path == "/health" || single_segment_under("/case/") || single_segment_under("/classification/")
}

/// Wraps a route's service in [`AroundCompression`].
#[derive(Clone)]
pub(crate) struct AroundCompressionLayer<P>(CompressionLayer<P>);

impl<S: Clone, P: Predicate> Layer<S> for AroundCompressionLayer<P> {
    type Service = AroundCompression<S, P>;

    fn layer(&self, plain: S) -> Self::Service {
        AroundCompression {
            compressed: self.0.layer(plain.clone()),
            plain,
        }
    }
}

/// A route's service, `plain`, and the same compressed: each request goes to
/// `plain` when its path is [`never_compressed`], else to `compressed`.
#[derive(Clone)]
pub(crate) struct AroundCompression<S, P> {
    compressed: Compression<S, P>,
    plain: S,
}

/// The answer of a compressed route, made a plain response.
type Compressed<F, B> = MapOk<F, fn(axum::http::Response<CompressionBody<B>>) -> Response>;

impl<S, P, B> Service<Request> for AroundCompression<S, P>
where
    S: Service<Request, Response = axum::http::Response<B>, Error = Infallible>,
    B: HttpBody<Data = Bytes> + Send + 'static,
    B::Error: Into<axum::BoxError> + Send + Sync,
    P: Predicate,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Either<
        Compressed<<Compression<S, P> as Service<Request>>::Future, B>,
        MapOk<S::Future, fn(axum::http::Response<B>) -> Response>,
    >;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        // Both wrap the same service; the router's services are always ready.
        match self.plain.poll_ready(cx) {
            Poll::Ready(Ok(())) => self.compressed.poll_ready(cx),
            other => other,
        }
    }

    fn call(&mut self, request: Request) -> Self::Future {
        if never_compressed(request.uri().path()) {
            let plain: fn(axum::http::Response<B>) -> Response = IntoResponse::into_response;
            Either::Right(self.plain.call(request).map_ok(plain))
        } else {
            let compressed: fn(axum::http::Response<CompressionBody<B>>) -> Response =
                IntoResponse::into_response;
            Either::Left(self.compressed.call(request).map_ok(compressed))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::never_compressed;

    #[test]
    fn only_a_layout_and_the_health_check_go_around() {
        for path in [
            "/health",
            "/case/1A9BF0C00",
            "/case/x",
            "/classification/5-4-1-1-7472",
        ] {
            assert!(never_compressed(path), "{path}");
        }
        for path in [
            "/case/1A9BF0C00/moves",
            "/case/",
            "/case",
            "/classification/",
            "/healthz",
            "/stats",
            "/ui/",
            "/openapi.json",
        ] {
            assert!(!never_compressed(path), "{path}");
        }
    }
}
