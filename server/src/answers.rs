//! Answers kept whole, as sent: the JSON of `/case/{code}/graph` (made from
//! a drawing), encoded as the client accepts (brotli, gzip or plain), kept
//! by what the route reads (the layout, whatever code names it) and the
//! encoding, within one byte budget.
//!
//! Such an answer can be large (the largest ball's, in BENCHMARKS.md), and
//! serialising and compressing it cost far more than the drawing it is made
//! from saves; kept encoded, a repeated request costs a lookup and the
//! sending. A query string, the case of a code or a short code change
//! neither the key nor the cost. A missing answer is built once however
//! many ask for it at once (`built.rs`), and its serialising and encoding
//! run in the search lane of its group (`admission.rs`), one at a time per
//! lane, so that lookups never wait behind them. The bytes of an answer
//! being built count against the budget as the kept ones do.
//!
//! The answer sets `Content-Encoding`, so the compression layer outside
//! leaves it as it is.

use std::future::Future;
use std::io::Write;
use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::http::header::{ACCEPT_ENCODING, CONTENT_ENCODING, CONTENT_TYPE, VARY};
use axum::http::{HeaderMap, HeaderValue};
use axum::response::Response;
use klotski::Code;
use prometheus_client::metrics::counter::Counter;

use crate::built::Built;
use crate::error::AppError;
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
    fn encode(self, body: Bytes) -> Bytes {
        match self {
            Encoding::Identity => body,
            Encoding::Gzip => {
                let mut encoder =
                    flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(6));
                encoder.write_all(&body).expect("writing to a Vec");
                encoder.finish().expect("writing to a Vec").into()
            }
            Encoding::Brotli => {
                let mut encoded = Vec::new();
                {
                    let mut encoder = brotli::CompressorWriter::new(&mut encoded, 1 << 16, 4, 22);
                    encoder.write_all(&body).expect("writing to a Vec");
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
pub(crate) struct Answer {
    content_type: HeaderValue,
    encoding: Encoding,
    body: Bytes,
}

impl Answer {
    fn bytes(&self) -> usize {
        self.body.len()
    }

    /// The answer as a response: its body, type and encoding.
    pub(crate) fn response(&self) -> Response {
        let mut response = Response::new(Body::from(self.body.clone()));
        let headers = response.headers_mut();
        headers.insert(CONTENT_TYPE, self.content_type.clone());
        if let Some(encoding) = self.encoding.header() {
            headers.insert(CONTENT_ENCODING, encoding);
        }
        headers.insert(VARY, HeaderValue::from_static("accept-encoding"));
        response
    }
}

/// What an answer is kept under: the route's input (for the graph, the
/// layout's code as stored) and the encoding.
pub(crate) type AnswerKey = (Code, Encoding);

/// The answers kept and being built, and how often one was found.
pub(crate) struct Answers {
    built: Built<AnswerKey, Answer>,
    /// Requests answered without building: kept, or built for another
    /// request at the same time.
    pub(crate) hits: Counter,
    /// Answers built.
    pub(crate) misses: Counter,
}

impl Answers {
    /// No answer yet, at most `budget_bytes` of them kept and being built
    /// (0 keeps none).
    pub(crate) fn new(budget_bytes: usize) -> Answers {
        Answers {
            built: Built::new(Recent::new(budget_bytes, Answer::bytes)),
            hits: Counter::default(),
            misses: Counter::default(),
        }
    }

    /// The answer of `key`: kept, or awaited from the build under way, or
    /// built by `build` (once, to its end, whether or not this request is
    /// still there to take it; `built.rs`).
    pub(crate) async fn get_or_build<F, B>(
        &self,
        key: AnswerKey,
        build: B,
    ) -> Result<Arc<Answer>, AppError>
    where
        B: FnOnce() -> F + Send,
        F: Future<Output = Result<Answer, AppError>> + Send + 'static,
    {
        let mut builder = false;
        let answer = self
            .built
            .get_or_build(key, || {
                builder = true;
                self.misses.inc();
                build()
            })
            .await;
        if !builder {
            self.hits.inc();
        }
        answer
    }

    /// The plain body of the answer of `key`'s layout, if kept: an encoded
    /// answer is made from it rather than serialised again.
    pub(crate) fn plain(&self, key: AnswerKey) -> Option<Bytes> {
        let plain = self.built.get((key.0, Encoding::Identity))?;
        Some(plain.body.clone())
    }

    /// An answer of `content_type` in `encoding`: `plain`, or the bytes
    /// `serialise` makes, encoded. Both bodies count against the budget
    /// while they are made.
    pub(crate) fn make(
        &self,
        content_type: HeaderValue,
        encoding: Encoding,
        plain: Option<Bytes>,
        serialise: impl FnOnce() -> Vec<u8>,
    ) -> Answer {
        let plain = plain.unwrap_or_else(|| Bytes::from(serialise()));
        let _plain = self.built.reserve(plain.len());
        let body = encoding.encode(plain);
        let _encoded = (encoding != Encoding::Identity).then(|| self.built.reserve(body.len()));
        Answer {
            content_type,
            encoding,
            body,
        }
    }

    /// The bytes and the number of the answers kept.
    #[cfg(test)]
    fn size(&self) -> (usize, usize) {
        self.built.size()
    }
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
        let body = Bytes::from(body);
        let gzip = Encoding::Gzip.encode(body.clone());
        let mut decoded = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&gzip[..]), &mut decoded)
            .unwrap();
        assert_eq!(decoded, body);
        let brotli = Encoding::Brotli.encode(body.clone());
        let mut decoded = Vec::new();
        brotli::BrotliDecompress(&mut &brotli[..], &mut decoded).unwrap();
        assert_eq!(decoded, body);
        assert!(brotli.len() < body.len() / 4 && gzip.len() < body.len() / 4);
        assert_eq!(Encoding::Identity.encode(body.clone()), body);
    }

    fn code(text: &str) -> Code {
        text.parse().unwrap()
    }

    fn json() -> HeaderValue {
        HeaderValue::from_static("application/json")
    }

    /// Asks `answers` for `key`, built (when it must be) from `body`; the
    /// answer's body.
    async fn ask(answers: &Arc<Answers>, key: AnswerKey, body: &'static [u8]) -> Bytes {
        let making = Arc::clone(answers);
        let answer = answers
            .get_or_build(key, move || async move {
                Ok(making.make(json(), key.1, None, || body.to_vec()))
            })
            .await
            .unwrap();
        answer.body.clone()
    }

    #[tokio::test]
    async fn answers_are_told_apart_by_layout_and_encoding() {
        let answers = Arc::new(Answers::new(1 << 20));
        let class = klotski::ClassGroups::build("0-1-0".parse().unwrap());
        let (a, b) = (class.codes()[0], class.codes()[1]);
        let plain = ask(&answers, (a, Encoding::Identity), b"{\"a\":1}").await;
        assert_eq!(&plain[..], b"{\"a\":1}");
        // Kept: a second body is never made.
        assert_eq!(
            ask(&answers, (a, Encoding::Identity), b"other").await,
            plain
        );
        assert_eq!(answers.plain((a, Encoding::Brotli)), Some(plain.clone()));
        assert_eq!(answers.plain((b, Encoding::Brotli)), None);
        let brotli = ask(&answers, (a, Encoding::Brotli), b"{\"a\":1}").await;
        let mut decoded = Vec::new();
        brotli::BrotliDecompress(&mut &brotli[..], &mut decoded).unwrap();
        assert_eq!(decoded, plain);
        ask(&answers, (b, Encoding::Gzip), b"{}").await;
        assert_eq!(answers.size().1, 3);
        assert_eq!((answers.hits.get(), answers.misses.get()), (1, 3));
    }

    #[tokio::test]
    async fn a_zero_budget_keeps_no_answer() {
        let answers = Arc::new(Answers::new(0));
        let key = (code("0C0000000"), Encoding::Gzip);
        for _ in 0..3 {
            ask(&answers, key, b"{}").await;
        }
        assert_eq!(answers.size(), (0, 0));
        assert_eq!((answers.hits.get(), answers.misses.get()), (0, 3));
    }

    #[tokio::test]
    async fn concurrent_misses_of_one_key_build_it_once() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let answers = Arc::new(Answers::new(1 << 20));
        let key = (code("0C0000000"), Encoding::Brotli);
        let made = Arc::new(AtomicUsize::new(0));
        let (open, gate) = tokio::sync::watch::channel(false);
        let requests: Vec<_> = (0..8)
            .map(|_| {
                let (answers, made, mut gate) =
                    (Arc::clone(&answers), Arc::clone(&made), gate.clone());
                tokio::spawn(async move {
                    let making = Arc::clone(&answers);
                    let answer = answers
                        .get_or_build(key, move || async move {
                            gate.wait_for(|open| *open).await.unwrap();
                            made.fetch_add(1, Ordering::SeqCst);
                            Ok(making.make(json(), key.1, None, || b"{}".to_vec()))
                        })
                        .await;
                    answer.unwrap().body.clone()
                })
            })
            .collect();
        // Every request is under way before the build may end.
        for _ in 0..8 {
            tokio::task::yield_now().await;
        }
        assert_eq!(answers.misses.get(), 1);
        open.send(true).unwrap();
        let mut bodies = Vec::new();
        for request in requests {
            bodies.push(request.await.unwrap());
        }
        assert!(bodies.windows(2).all(|pair| pair[0] == pair[1]));
        assert_eq!(made.load(Ordering::SeqCst), 1);
        assert_eq!((answers.hits.get(), answers.misses.get()), (7, 1));
    }
}
