//! Answers kept whole, as sent: the JSON of a route whose answer is made
//! from a cached object (`/case/{code}/graph`, from a drawing), encoded as
//! the client accepts (brotli, gzip or plain), kept by request path and
//! encoding within a byte budget.
//!
//! Such an answer is large (the largest group's ball is 9.7 MB of JSON),
//! and both serialising it and compressing it cost more than the cached
//! object saves: brotli takes the better part of a second of CPU for it, and
//! the compression layer does that work outside every admission lane, once
//! per request. Kept encoded, a repeated request costs a lookup and the
//! sending. A missing answer is encoded on a blocking thread, one at a
//! time, so that however many differ, compression holds one core at most.
//!
//! The answer sets `Content-Encoding`, so the compression layer outside
//! leaves it as it is.

use std::convert::Infallible;
use std::hash::{Hash, Hasher};
use std::io::Write;
use std::sync::Arc;
use std::task::{Context, Poll};

use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::http::header::{ACCEPT_ENCODING, CONTENT_ENCODING, CONTENT_TYPE, VARY};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use futures_util::future::BoxFuture;
use tokio::sync::Semaphore;
use tower::{Layer, Service, ServiceExt};

use crate::recent::Recent;

/// How an answer is encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Encoding {
    Identity,
    Gzip,
    Brotli,
}

impl Encoding {
    /// The encoding to send to a client with `headers`: the one of brotli
    /// and gzip it accepts with the highest weight (brotli on a tie), else
    /// none, as the compression layer chooses.
    pub(crate) fn accepted(headers: &HeaderMap) -> Encoding {
        let mut best = (0, Encoding::Identity);
        for value in headers.get_all(ACCEPT_ENCODING) {
            let Ok(value) = value.to_str() else { continue };
            for item in value.split(',') {
                let (name, parameters) = item.split_once(';').unwrap_or((item, ""));
                let name = name.trim();
                let encoding = if name.eq_ignore_ascii_case("br") {
                    Encoding::Brotli
                } else if name.eq_ignore_ascii_case("gzip") || name.eq_ignore_ascii_case("x-gzip") {
                    Encoding::Gzip
                } else {
                    continue;
                };
                let Some(weight) = weight(parameters) else {
                    continue;
                };
                let rank = |encoding| (encoding == Encoding::Brotli) as u32;
                if (weight, rank(encoding)) > (best.0, rank(best.1)) && weight > 0 {
                    best = (weight, encoding);
                }
            }
        }
        best.1
    }

    fn header(self) -> Option<HeaderValue> {
        match self {
            Encoding::Identity => None,
            Encoding::Gzip => Some(HeaderValue::from_static("gzip")),
            Encoding::Brotli => Some(HeaderValue::from_static("br")),
        }
    }

    /// `body` encoded, at the compression layer's levels (brotli quality
    /// 4, gzip 6).
    fn encode(self, body: &[u8]) -> Bytes {
        match self {
            Encoding::Identity => Bytes::copy_from_slice(body),
            Encoding::Gzip => {
                let mut encoder =
                    flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(6));
                encoder.write_all(body).expect("writing to a Vec");
                encoder.finish().expect("writing to a Vec").into()
            }
            Encoding::Brotli => {
                let mut encoded = Vec::new();
                {
                    let mut encoder = brotli::CompressorWriter::new(&mut encoded, 1 << 16, 4, 22);
                    encoder.write_all(body).expect("writing to a Vec");
                }
                encoded.into()
            }
        }
    }
}

/// The weight an item's `;`-separated `parameters` give it, in thousandths:
/// `q=0.5` is 500, no `q` is 1000; `None` for a `q` that cannot be read
/// (the item is then skipped).
fn weight(parameters: &str) -> Option<u32> {
    let q = parameters.split(';').find_map(|parameter| {
        let (key, value) = parameter.split_once('=')?;
        key.trim().eq_ignore_ascii_case("q").then_some(value.trim())
    });
    let Some(q) = q else { return Some(1000) };
    let q: f64 = q.parse().ok()?;
    (0.0..=1.0)
        .contains(&q)
        .then(|| (q * 1000.0).round() as u32)
}

/// One answer as sent.
struct Answer {
    path: String,
    content_type: Option<HeaderValue>,
    encoding: Encoding,
    body: Bytes,
}

impl Answer {
    fn bytes(&self) -> usize {
        self.body.len() + self.path.len()
    }

    fn response(&self) -> Response {
        let mut response = Response::new(Body::from(self.body.clone()));
        let headers = response.headers_mut();
        if let Some(content_type) = &self.content_type {
            headers.insert(CONTENT_TYPE, content_type.clone());
        }
        if let Some(encoding) = self.encoding.header() {
            headers.insert(CONTENT_ENCODING, encoding);
        }
        headers.insert(VARY, HeaderValue::from_static("accept-encoding"));
        response
    }
}

/// The answers kept, and the one permit to encode a missing one.
pub(crate) struct Answers {
    kept: Recent<(u64, Encoding), Answer>,
    encoder: Arc<Semaphore>,
}

impl Answers {
    /// No answer yet, at most about `budget_bytes` of them (the newest is
    /// kept even alone over budget; 0 keeps none).
    pub(crate) fn new(budget_bytes: usize) -> Answers {
        Answers {
            kept: Recent::new(budget_bytes, Answer::bytes),
            encoder: Arc::new(Semaphore::new(1)),
        }
    }

    /// The answer to `path` in `encoding`, if kept.
    fn get(&self, path: &str, encoding: Encoding) -> Option<Arc<Answer>> {
        let answer = self.kept.get((path_hash(path), encoding))?;
        (answer.path == path).then_some(answer)
    }

    /// The bytes and the number of the answers kept.
    #[cfg(test)]
    fn size(&self) -> (usize, usize) {
        self.kept.size()
    }
}

fn path_hash(path: &str) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    path.hash(&mut hasher);
    hasher.finish()
}

/// Keeps a route's successful answers in [`Answers`].
#[derive(Clone)]
pub(crate) struct KeepAnswersLayer(pub(crate) Arc<Answers>);

impl<S> Layer<S> for KeepAnswersLayer {
    type Service = KeepAnswers<S>;

    fn layer(&self, inner: S) -> KeepAnswers<S> {
        KeepAnswers {
            inner,
            answers: Arc::clone(&self.0),
        }
    }
}

/// A route's service whose successful answers are kept, encoded.
#[derive(Clone)]
pub(crate) struct KeepAnswers<S> {
    inner: S,
    answers: Arc<Answers>,
}

impl<S> Service<Request> for KeepAnswers<S>
where
    S: Service<Request, Response = Response, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send,
{
    type Response = Response;
    type Error = Infallible;
    type Future = BoxFuture<'static, Result<Response, Infallible>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        let encoding = Encoding::accepted(request.headers());
        let path = request
            .uri()
            .path_and_query()
            .map_or("", |path| path.as_str())
            .to_owned();
        let answers = Arc::clone(&self.answers);
        if let Some(answer) = answers.get(&path, encoding) {
            return Box::pin(std::future::ready(Ok(answer.response())));
        }
        // The ready service answers this request; a clone waits for the next.
        let ready = self.inner.clone();
        let inner = std::mem::replace(&mut self.inner, ready);
        Box::pin(async move {
            let response = inner.oneshot(request).await?;
            if response.status() != StatusCode::OK
                || response.headers().contains_key(CONTENT_ENCODING)
            {
                return Ok(response);
            }
            let (parts, body) = response.into_parts();
            let body = match axum::body::to_bytes(body, usize::MAX).await {
                Ok(body) => body,
                Err(error) => {
                    let detail = format!("an answer could not be read: {error}");
                    return Ok(crate::error::AppError::Internal(detail).into_response());
                }
            };
            let content_type = parts.headers.get(CONTENT_TYPE).cloned();
            let answer = encoded(&answers, path, content_type, encoding, body).await;
            Ok(answer.response())
        })
    }
}

/// The answer to `path` in `encoding`, made from `body` on a blocking
/// thread once the encoder's permit is held (unless another request made
/// it meanwhile), and kept. The encoding goes on when the request is
/// dropped, so that the work is not lost.
async fn encoded(
    answers: &Arc<Answers>,
    path: String,
    content_type: Option<HeaderValue>,
    encoding: Encoding,
    body: Bytes,
) -> Arc<Answer> {
    let permit = Arc::clone(&answers.encoder)
        .acquire_owned()
        .await
        .expect("the encoder's semaphore is never closed");
    if let Some(answer) = answers.get(&path, encoding) {
        return answer;
    }
    let kept = Arc::clone(answers);
    let made = tokio::task::spawn_blocking(move || {
        let answer = Arc::new(Answer {
            body: encoding.encode(&body),
            path,
            content_type,
            encoding,
        });
        let key = (path_hash(&answer.path), encoding);
        kept.kept.put(key, Arc::clone(&answer));
        drop(permit);
        answer
    });
    made.await.expect("encoding an answer does not panic")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn accepted(value: &str) -> Encoding {
        let mut headers = HeaderMap::new();
        headers.insert(ACCEPT_ENCODING, HeaderValue::from_str(value).unwrap());
        Encoding::accepted(&headers)
    }

    #[test]
    fn the_encoding_is_the_most_wanted_of_brotli_and_gzip() {
        let cases = [
            ("gzip, deflate, br, zstd", Encoding::Brotli),
            ("gzip", Encoding::Gzip),
            ("x-gzip;q=0.5, deflate", Encoding::Gzip),
            ("br;q=0.5, gzip", Encoding::Gzip),
            ("br;q=0, gzip;q=0", Encoding::Identity),
            ("br;q=oops, gzip;q=0.1", Encoding::Gzip),
            ("identity, deflate", Encoding::Identity),
            ("BR", Encoding::Brotli),
            ("", Encoding::Identity),
        ];
        for (value, encoding) in cases {
            assert_eq!(accepted(value), encoding, "{value}");
        }
        assert_eq!(Encoding::accepted(&HeaderMap::new()), Encoding::Identity);
    }

    #[test]
    fn an_answer_decodes_to_its_body() {
        let body: Vec<u8> = (0..100_000u32)
            .flat_map(|i| (i % 251).to_le_bytes())
            .collect();
        let gzip = Encoding::Gzip.encode(&body);
        let mut decoded = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&gzip[..]), &mut decoded)
            .unwrap();
        assert_eq!(decoded, body);
        let brotli = Encoding::Brotli.encode(&body);
        let mut decoded = Vec::new();
        brotli::BrotliDecompress(&mut &brotli[..], &mut decoded).unwrap();
        assert_eq!(decoded, body);
        assert!(brotli.len() < body.len() / 4 && gzip.len() < body.len() / 4);
        assert_eq!(&Encoding::Identity.encode(&body)[..], &body[..]);
    }

    #[test]
    fn answers_are_told_apart_by_path_and_encoding() {
        let answers = Answers::new(1 << 20);
        let answer = |path: &str, encoding| Answer {
            path: path.to_owned(),
            content_type: None,
            encoding,
            body: Bytes::from_static(b"{}"),
        };
        let key = |path: &str, encoding| (path_hash(path), encoding);
        for (path, encoding) in [
            ("/a", Encoding::Brotli),
            ("/b", Encoding::Brotli),
            ("/a", Encoding::Gzip),
        ] {
            answers
                .kept
                .put(key(path, encoding), Arc::new(answer(path, encoding)));
        }
        assert!(answers.get("/a", Encoding::Brotli).is_some());
        assert!(answers.get("/a", Encoding::Identity).is_none());
        assert!(answers.get("/c", Encoding::Gzip).is_none());
        // A hash shared by two paths is not taken for the other's answer.
        answers.kept.put(
            key("/d", Encoding::Gzip),
            Arc::new(answer("/e", Encoding::Gzip)),
        );
        assert!(answers.get("/d", Encoding::Gzip).is_none());
        assert_eq!(answers.size().1, 4);
    }

    #[tokio::test]
    async fn a_kept_answer_is_made_once_per_path_and_encoding() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let made = Arc::new(AtomicUsize::new(0));
        let counted = Arc::clone(&made);
        let body: String = (0..20_000).map(|i| format!("{{\"n\":{i}}},")).collect();
        let route = tower::service_fn(move |request: Request| {
            counted.fetch_add(1, Ordering::SeqCst);
            let status = if request.uri().path() == "/missing" {
                StatusCode::NOT_FOUND
            } else {
                StatusCode::OK
            };
            let mut response = Response::new(Body::from(body.clone()));
            *response.status_mut() = status;
            response
                .headers_mut()
                .insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
            std::future::ready(Ok::<_, Infallible>(response))
        });
        let service = KeepAnswersLayer(Arc::new(Answers::new(1 << 20))).layer(route);
        let ask = |path: &str, accept: &str| {
            let request = Request::get(path)
                .header(ACCEPT_ENCODING, accept)
                .body(Body::empty())
                .unwrap();
            service.clone().oneshot(request)
        };
        let mut bodies = Vec::new();
        for (path, accept, n_made) in [
            ("/a", "br", 1),
            ("/a", "gzip, br", 1),
            ("/a", "gzip", 2),
            ("/a", "", 3),
            ("/a", "identity", 3),
            ("/b", "br", 4),
            ("/missing", "br", 5),
            ("/missing", "br", 6),
        ] {
            let response = ask(path, accept).await.unwrap();
            assert_eq!(made.load(Ordering::SeqCst), n_made, "{path} {accept}");
            let encoding = response.headers().get(CONTENT_ENCODING).cloned();
            assert_eq!(response.headers()[CONTENT_TYPE], "application/json");
            let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
                .await
                .unwrap();
            bodies.push((encoding, bytes));
        }
        assert_eq!(bodies[0], bodies[1]);
        assert_eq!(bodies[0].0.as_ref().unwrap(), "br");
        assert_eq!(bodies[2].0.as_ref().unwrap(), "gzip");
        assert_eq!(bodies[3], bodies[4]);
        assert!(bodies[3].0.is_none());
        let mut decoded = Vec::new();
        brotli::BrotliDecompress(&mut &bodies[0].1[..], &mut decoded).unwrap();
        assert_eq!(decoded, bodies[3].1);
        // An error is passed on as it is, never kept.
        assert!(bodies[6].0.is_none());
    }
}
