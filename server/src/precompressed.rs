//! The page's files compressed once, at the codecs' highest levels (brotli
//! quality 11, gzip level 9), and answered in the encoding a request
//! accepts. A file never changes while the server runs, so what the
//! answer layer would compress for every request at its quicker levels is
//! done once, the first time a file is asked for, and kept: fewer bytes on
//! the wire, and no compression per request.

use std::collections::HashMap;
use std::io::Write;
use std::sync::{Mutex, OnceLock};

use axum::body::Bytes;
use axum::http::header::{ACCEPT_ENCODING, CONTENT_ENCODING, VARY};
use axum::http::{HeaderMap, HeaderValue};

/// Files smaller than this go as they are, as the answer layer sends them.
const COMPRESS_FROM_BYTES: usize = 1024;

/// An encoding of a file's bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Encoding {
    /// Brotli, quality 11.
    Brotli,
    /// Gzip, level 9.
    Gzip,
}

impl Encoding {
    fn token(self) -> &'static str {
        match self {
            Encoding::Brotli => "br",
            Encoding::Gzip => "gzip",
        }
    }

    fn encode(self, text: &[u8]) -> Vec<u8> {
        match self {
            Encoding::Brotli => {
                let mut out = Vec::new();
                let params = brotli::enc::BrotliEncoderParams {
                    quality: 11,
                    ..Default::default()
                };
                brotli::BrotliCompress(&mut &text[..], &mut out, &params)
                    .expect("writing to memory cannot fail");
                out
            }
            Encoding::Gzip => {
                let mut encoder =
                    flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
                encoder
                    .write_all(text)
                    .expect("writing to memory cannot fail");
                encoder.finish().expect("writing to memory cannot fail")
            }
        }
    }
}

/// The encoding to answer a request with `headers`: brotli when it
/// accepts it, else gzip when it accepts that, else none. A coding is
/// accepted when named with a q above 0, or covered by `*` with one.
pub(crate) fn chosen(headers: &HeaderMap) -> Option<Encoding> {
    let mut q_of = HashMap::new();
    for value in headers.get_all(ACCEPT_ENCODING) {
        let Ok(value) = value.to_str() else { continue };
        for item in value.split(',') {
            let mut parts = item.split(';');
            let coding = parts.next().unwrap_or_default().trim().to_ascii_lowercase();
            let q = parts
                .filter_map(|parameter| parameter.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            q_of.insert(coding, q);
        }
    }
    let accepts = |coding: &str| match q_of.get(coding) {
        Some(&q) => q > 0.0,
        None => q_of.get("*").is_some_and(|&q| q > 0.0),
    };
    [Encoding::Brotli, Encoding::Gzip]
        .into_iter()
        .find(|encoding| accepts(encoding.token()))
}

/// A file's bytes in `encoding`, compressed the first time they are asked
/// for; `None` when the file is sent as it is (small, or compressed
/// already: `compressible` false).
pub(crate) fn encoded(
    text: &'static [u8],
    compressible: bool,
    encoding: Encoding,
) -> Option<Bytes> {
    if !compressible || text.len() < COMPRESS_FROM_BYTES {
        return None;
    }
    type Kept = Mutex<HashMap<(usize, &'static str), Bytes>>;
    static KEPT: OnceLock<Kept> = OnceLock::new();
    // The bytes are compiled in: their address names them.
    let key = (text.as_ptr() as usize, encoding.token());
    let kept = KEPT.get_or_init(Kept::default);
    if let Some(bytes) = kept.lock().expect("never poisoned").get(&key) {
        return Some(bytes.clone());
    }
    // Compressed outside the lock; two first requests at once both
    // compress, and the second keeps the first's.
    let bytes = Bytes::from(encoding.encode(text));
    let mut kept = kept.lock().expect("never poisoned");
    Some(kept.entry(key).or_insert(bytes).clone())
}

/// The headers of an answer in `encoding`.
pub(crate) fn headers(encoding: Encoding) -> [(axum::http::HeaderName, HeaderValue); 2] {
    [
        (CONTENT_ENCODING, HeaderValue::from_static(encoding.token())),
        (VARY, HeaderValue::from_static("accept-encoding")),
    ]
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use super::*;

    fn accepting(values: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for value in values {
            headers.append(ACCEPT_ENCODING, HeaderValue::from_str(value).unwrap());
        }
        headers
    }

    #[test]
    fn brotli_before_gzip_when_both_are_accepted() {
        for (values, expected) in [
            (&["gzip, deflate, br"][..], Some(Encoding::Brotli)),
            (&["br;q=0.1, gzip"], Some(Encoding::Brotli)),
            (&["gzip", "br"], Some(Encoding::Brotli)),
            (&["gzip, identity;q=0.5"], Some(Encoding::Gzip)),
            (&["br;q=0, gzip"], Some(Encoding::Gzip)),
            (&["BR ; Q=0.5"], Some(Encoding::Brotli)),
            (&["*"], Some(Encoding::Brotli)),
            (&["*;q=0.3, br;q=0"], Some(Encoding::Gzip)),
            (&["*;q=0"], None),
            (&["identity"], None),
            (&["deflate, compress"], None),
            (&[], None),
            (&["br;q=nonsense"], Some(Encoding::Brotli)),
        ] {
            assert_eq!(chosen(&accepting(values)), expected, "{values:?}");
        }
    }

    #[test]
    fn a_file_compresses_once_and_decodes_to_itself() {
        static TEXT: &[u8] = include_bytes!("../web/style.css");
        let br = encoded(TEXT, true, Encoding::Brotli).unwrap();
        // Asked again, the same kept buffer, not another compression.
        let again = encoded(TEXT, true, Encoding::Brotli).unwrap();
        assert_eq!(br.as_ptr(), again.as_ptr());
        let mut decoded = Vec::new();
        brotli::Decompressor::new(&br[..], 4096)
            .read_to_end(&mut decoded)
            .unwrap();
        assert_eq!(decoded, TEXT);
        let gzip = encoded(TEXT, true, Encoding::Gzip).unwrap();
        let mut decoded = Vec::new();
        flate2::read::GzDecoder::new(&gzip[..])
            .read_to_end(&mut decoded)
            .unwrap();
        assert_eq!(decoded, TEXT);
        assert_eq!(encoded(TEXT, false, Encoding::Gzip), None);
        assert_eq!(encoded(&TEXT[..100], true, Encoding::Gzip), None);
    }
}
