//! Compression of the answers, as the client accepts (brotli or gzip), and
//! the hot routes that go around it.
//!
//! The layer sits outside the observing layer, so the metrics and the
//! access log count a request's work, not the compression, and the log's
//! `bytes` are the uncompressed body.

use std::task::{Context, Poll};

use axum::extract::Request;
use axum::response::Response;
use axum::Router;
use futures_util::future::Either;
use tower::{Layer, Service};
use tower_http::compression::predicate::{NotForContentType, Predicate, SizeAbove};
use tower_http::compression::CompressionLayer;

/// Bodies below this many bytes are sent as they are: a layout's JSON (about
/// 500 bytes) saves about 200 bytes compressed, for 2.9 times the CPU of the
/// whole request (BENCHMARKS.md).
const COMPRESS_FROM_BYTES: u64 = 1024;

/// `served` with its answers of [`COMPRESS_FROM_BYTES`] or more compressed;
/// fonts (`font/woff2`) are compressed already. The routes whose answers
/// are always smaller ([`never_compressed`]) skip the layer: wrapping a
/// response costs about 6% of a small request's CPU even when nothing is
/// compressed.
pub(crate) fn compressed(served: Router) -> Router {
    let predicate = SizeAbove::new(COMPRESS_FROM_BYTES)
        .and(NotForContentType::GRPC)
        .and(NotForContentType::IMAGES)
        .and(NotForContentType::SSE)
        .and(NotForContentType::const_new("font/"));
    // tower-http's levels: brotli quality 4 (not the codec's 11), gzip 6.
    let layer = CompressionLayer::new().compress_when(predicate);
    Router::new().fallback_service(AroundCompression {
        compressed: layer.layer(served.clone()),
        plain: served,
    })
}

/// Whether every answer to `path` is under [`COMPRESS_FROM_BYTES`]: a layout
/// (`/case/{code}`, `/classification/{name}`: about 500 bytes, errors
/// shorter) and the health check.
fn never_compressed(path: &str) -> bool {
    let single_segment_under = |prefix: &str| {
        path.strip_prefix(prefix)
            .is_some_and(|rest| !rest.is_empty() && !rest.contains('/'))
    };
    path == "/health" || single_segment_under("/case/") || single_segment_under("/classification/")
}

/// Sends each request to `plain` when its path is [`never_compressed`], else
/// to `compressed`.
#[derive(Clone)]
struct AroundCompression<C> {
    compressed: C,
    plain: Router,
}

impl<C> Service<Request> for AroundCompression<C>
where
    C: Service<Request, Error = std::convert::Infallible> + Clone,
    C::Response: axum::response::IntoResponse,
{
    type Response = Response;
    type Error = std::convert::Infallible;
    type Future = Either<
        futures_util::future::MapOk<C::Future, fn(C::Response) -> Response>,
        <Router as Service<Request>>::Future,
    >;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        // Both are routers, always ready; each is readied in `call`.
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request) -> Self::Future {
        use futures_util::TryFutureExt;
        if never_compressed(request.uri().path()) {
            Either::Right(self.plain.call(request))
        } else {
            let into: fn(C::Response) -> Response = axum::response::IntoResponse::into_response;
            Either::Left(self.compressed.call(request).map_ok(into))
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
