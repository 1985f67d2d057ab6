//! The web page: a few static files compiled into the binary (`server/web/`),
//! served under `/ui/`. Every `/ui/...` path that is not a file answers the
//! same HTML shell, whose script reads the path and draws the view; `/`
//! redirects to `/ui/`.
//!
//! The files are addressed as `/ui/static/{version}/{file}`, where the
//! version is a hash of all of them: a browser keeps them for a year, and a
//! new binary with other files has another version. The shell itself is
//! always revalidated (its `ETag` is the version).
//!
//! The modules are served joined (`bundle.rs`): `app.js` is every module
//! the first view needs, in one file made at start, and each view's module
//! loaded on demand ([`ON_DEMAND`]) takes its imports from it; every module
//! is also served as itself.
//!
//! The page's words are one file per language, `lang/{code}.js`, of which
//! the page loads the one it shows; the shell lists the languages
//! (`data-languages`), so a language is a file of `web/lang/` and its line
//! in [`LANGUAGES`].

use std::collections::BTreeMap;
use std::sync::OnceLock;

use axum::extract::Path;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE, ETAG, IF_NONE_MATCH};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::Router;

use crate::bundle;
use crate::error::AppError;
use crate::precompressed;

/// The page's files: name, media type, content. The shell is not among
/// them; it names them.
const FILES: [(&str, &str, &[u8]); 28] = [
    ("style.css", CSS, include_bytes!("../web/style.css")),
    ("app.js", JS, include_bytes!("../web/app.js")),
    ("api.js", JS, include_bytes!("../web/api.js")),
    ("board.js", JS, include_bytes!("../web/board.js")),
    ("code.js", JS, include_bytes!("../web/code.js")),
    ("metric.js", JS, include_bytes!("../web/metric.js")),
    ("chart.js", JS, include_bytes!("../web/chart.js")),
    ("play.js", JS, include_bytes!("../web/play.js")),
    ("game.js", JS, include_bytes!("../web/game.js")),
    ("address.js", JS, include_bytes!("../web/address.js")),
    ("input.js", JS, include_bytes!("../web/input.js")),
    ("hints.js", JS, include_bytes!("../web/hints.js")),
    ("movelist.js", JS, include_bytes!("../web/movelist.js")),
    ("puzzlemode.js", JS, include_bytes!("../web/puzzlemode.js")),
    ("analysis.js", JS, include_bytes!("../web/analysis.js")),
    ("review.js", JS, include_bytes!("../web/review.js")),
    ("puzzles.js", JS, include_bytes!("../web/puzzles.js")),
    ("views.js", JS, include_bytes!("../web/views.js")),
    ("dom.js", JS, include_bytes!("../web/dom.js")),
    ("find.js", JS, include_bytes!("../web/find.js")),
    ("i18n.js", JS, include_bytes!("../web/i18n.js")),
    ("header.js", JS, include_bytes!("../web/header.js")),
    ("names.js", JS, include_bytes!("../web/names.js")),
    ("graph.js", JS, include_bytes!("../web/graph.js")),
    ("progress.js", JS, include_bytes!("../web/progress.js")),
    ("titles.js", JS, include_bytes!("../web/titles.js")),
    ("levels.js", JS, include_bytes!("../web/levels.js")),
    (
        "han-regular.woff2",
        WOFF2,
        include_bytes!("../web/fonts/han-regular.woff2"),
    ),
];

/// The page's words, one file per language: its code (BCP 47) and content,
/// served as `lang/{code}.js`.
const LANGUAGES: [(&str, &[u8]); 2] = [
    ("en", include_bytes!("../web/lang/en.js")),
    ("zh", include_bytes!("../web/lang/zh.js")),
];

const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const WOFF2: &str = "font/woff2";

/// The module the shell runs: served joined with every module it imports.
const ENTRY: &str = "app.js";

/// The modules of a view loaded only when it opens (`import()`): not
/// joined into the entry's file, and weighed on their own.
const ON_DEMAND: [&str; 2] = ["graph.js", "levels.js"];

/// The modules as served, by name: the entry joined with its imports, and
/// each module on demand taking its imports from it; made once.
fn joined() -> &'static BTreeMap<&'static str, String> {
    static JOINED: OnceLock<BTreeMap<&'static str, String>> = OnceLock::new();
    JOINED.get_or_init(|| {
        let modules: BTreeMap<&str, &str> = FILES
            .iter()
            .filter(|(_, kind, _)| *kind == JS)
            .map(|(name, _, bytes)| {
                (
                    *name,
                    std::str::from_utf8(bytes).expect("the modules are UTF-8"),
                )
            })
            .collect();
        let refused = |refusal| panic!("the page's modules cannot be joined: {refusal}");
        let mut served = BTreeMap::from([(
            ENTRY,
            bundle::bundle(&modules, ENTRY).unwrap_or_else(refused),
        )]);
        for name in ON_DEMAND {
            served.insert(
                name,
                bundle::on_demand(&modules, name, ENTRY).unwrap_or_else(refused),
            );
        }
        served
    })
}

/// The HTML shell; `{version}` stands for the files' version.
const SHELL: &str = include_str!("../web/index.html");

/// The routes of the page, outside the documented JSON API.
pub(crate) fn router<S: Clone + Send + Sync + 'static>() -> Router<S> {
    // Joined now: a module the joining refuses stops the server at start.
    joined();
    Router::new()
        .route("/", get(|| async { Redirect::to("/ui/") }))
        .route("/ui", get(|| async { Redirect::to("/ui/") }))
        .route("/ui/", get(shell_get))
        .route("/ui/static/{version}/{file}", get(file_get))
        .route("/ui/static/{version}/lang/{file}", get(language_get))
        .route("/ui/{*view}", get(shell_get))
}

/// The files' version: FNV-1a over their names and contents, in hex.
fn version() -> &'static str {
    static VERSION: OnceLock<String> = OnceLock::new();
    VERSION.get_or_init(|| {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for byte in FILES
            .iter()
            .map(|(name, _, bytes)| (*name, *bytes))
            .chain(LANGUAGES)
            .flat_map(|(name, bytes)| name.bytes().chain(bytes.iter().copied()))
            .chain(SHELL.bytes())
        {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
        format!("{hash:016x}")
    })
}

/// The shell, with the files' version filled in.
fn shell() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        let languages: Vec<&str> = LANGUAGES.iter().map(|(code, _)| *code).collect();
        SHELL
            .replace("{version}", version())
            .replace("{languages}", &languages.join(" "))
    })
}

async fn shell_get(headers: HeaderMap) -> Response {
    let etag = format!("\"{}\"", version());
    let cache = [(CACHE_CONTROL, "no-cache"), (ETAG, etag.as_str())];
    if headers.get(IF_NONE_MATCH).and_then(|v| v.to_str().ok()) == Some(etag.as_str()) {
        return (StatusCode::NOT_MODIFIED, cache).into_response();
    }
    (cache, [(CONTENT_TYPE, "text/html; charset=utf-8")], shell()).into_response()
}

async fn file_get(
    Path((asked, name)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let (_, media_type, text) = FILES
        .iter()
        .find(|(file, _, _)| *file == name)
        .ok_or_else(|| AppError::NoRoute(format!("the page has no file {name}")))?;
    let text = joined()
        .get(name.as_str())
        .map_or(*text, |served| served.as_bytes());
    Ok(kept(&asked, &headers, media_type, text))
}

/// The words of a language, `lang/{code}.js`.
async fn language_get(
    Path((asked, name)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let (_, text) = LANGUAGES
        .iter()
        .find(|(code, _)| name.strip_suffix(".js") == Some(code))
        .ok_or_else(|| AppError::NoRoute(format!("the page has no language file {name}")))?;
    Ok(kept(&asked, &headers, JS, text))
}

/// A file of the page asked for under the version `asked`: kept a year
/// when that is today's version; an old version's file is today's file,
/// but not to be kept. Compressed once in the encoding the request
/// accepts (fonts are compressed already).
fn kept(
    asked: &str,
    headers: &HeaderMap,
    media_type: &'static str,
    text: &'static [u8],
) -> Response {
    let cache = if asked == version() {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    let plain = [(CACHE_CONTROL, cache), (CONTENT_TYPE, media_type)];
    let compressible = media_type != WOFF2;
    let encoded = precompressed::chosen(headers).and_then(|encoding| {
        precompressed::encoded(text, compressible, encoding).map(|bytes| (encoding, bytes))
    });
    match encoded {
        Some((encoding, bytes)) => (plain, precompressed::headers(encoding), bytes).into_response(),
        None => (plain, text).into_response(),
    }
}

#[cfg(test)]
mod tests {
    use axum::body::Body;
    use axum::http::Request;
    use tower::ServiceExt;

    use super::*;

    /// GET `uri` with `headers`: the status, the headers and the body.
    async fn get(uri: &str, headers: &[(&str, &str)]) -> (StatusCode, HeaderMap, Vec<u8>) {
        let mut request = Request::get(uri);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let response = router::<()>()
            .oneshot(request.body(Body::empty()).unwrap())
            .await
            .unwrap();
        let (parts, body) = response.into_parts();
        let bytes = axum::body::to_bytes(body, usize::MAX).await.unwrap();
        (parts.status, parts.headers, bytes.to_vec())
    }

    #[tokio::test]
    async fn every_view_is_the_shell_and_files_are_kept_by_version() {
        let (status, headers, _) = get("/", &[]).await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        assert_eq!(headers["location"], "/ui/");
        for view in [
            "/ui/",
            "/ui/case/1A9BF0C00",
            "/ui/group/5-4-1-1",
            "/ui/path/A/B",
        ] {
            let (status, headers, body) = get(view, &[]).await;
            assert_eq!(status, StatusCode::OK, "{view}");
            assert_eq!(headers["content-type"], "text/html; charset=utf-8");
            assert_eq!(headers["cache-control"], "no-cache");
            assert_eq!(body, shell().as_bytes());
        }
        let etag = format!("\"{}\"", version());
        let (status, _, body) = get("/ui/case/x", &[("if-none-match", &etag)]).await;
        assert_eq!(
            (status, body.as_slice()),
            (StatusCode::NOT_MODIFIED, &b""[..])
        );

        let (status, headers, body) = get(&format!("/ui/static/{}/app.js", version()), &[]).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(headers["content-type"], "text/javascript; charset=utf-8");
        assert_eq!(
            headers["cache-control"],
            "public, max-age=31536000, immutable"
        );
        assert!(
            body == joined()[ENTRY].as_bytes(),
            "app.js is served joined"
        );
        let (_, _, body) = get(&format!("/ui/static/{}/code.js", version()), &[]).await;
        assert!(
            body == include_bytes!("../web/code.js"),
            "a module is also served as itself"
        );
        let (_, headers, body) =
            get(&format!("/ui/static/{}/han-regular.woff2", version()), &[]).await;
        assert_eq!(headers["content-type"], "font/woff2");
        assert_eq!(&body[..4], b"wOF2");
        let (_, headers, _) = get("/ui/static/0000000000000000/style.css", &[]).await;
        assert_eq!(headers["cache-control"], "no-cache");
        let (status, _, body) = get(&format!("/ui/static/{}/nope.js", version()), &[]).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let body = String::from_utf8(body).unwrap();
        assert!(body.contains("the page has no file nope.js"), "{body}");
    }

    #[test]
    fn the_shell_names_every_file_by_its_version() {
        let shell = shell();
        assert!(!shell.contains("{version}"));
        assert!(shell.contains(&format!("/ui/static/{}/app.js", version())));
        assert!(shell.contains(&format!("/ui/static/{}/style.css", version())));
        // The entry is served joined with its modules: the shell names no other.
        for (name, _, _) in FILES
            .iter()
            .filter(|(name, kind, _)| *kind == JS && *name != ENTRY)
        {
            assert!(!shell.contains(&format!("/{name}\"")), "{name}");
        }
    }

    /// Issue 51's bound on the page's weight with the fonts and the one
    /// language the page shows, as a visit first loads it (the bound on
    /// the wire is checked where responses are compressed,
    /// `tests/compression.rs`); a module loaded on demand has a bound of
    /// its own (opening its view fetches it).
    #[test]
    fn the_page_weighs_at_most_200_kb_in_each_language() {
        let others: usize = FILES
            .iter()
            .filter(|(_, kind, _)| *kind != JS)
            .map(|(_, _, bytes)| bytes.len())
            .sum();
        let common = SHELL.len() + joined()[ENTRY].len() + others;
        for (code, words) in LANGUAGES {
            let bytes = common + words.len();
            assert!(bytes <= 200 * 1024, "{code}: {bytes} bytes");
        }
        for name in ON_DEMAND {
            let bytes = joined()[name].len();
            assert!(bytes <= 20 * 1024, "{name}: {bytes} bytes");
        }
    }

    /// The entry's file holds every module but those on demand, each once.
    #[test]
    fn the_entry_joins_every_module_the_first_view_needs() {
        let entry = &joined()[ENTRY];
        for (name, _, _) in FILES.iter().filter(|(_, kind, _)| *kind == JS) {
            let held = entry.matches(&format!("modules['{name}'] =")).count();
            assert_eq!(held, usize::from(!ON_DEMAND.contains(name)), "{name}");
        }
    }

    #[tokio::test]
    async fn each_language_is_served_and_the_shell_lists_them() {
        assert!(shell().contains(r#"data-languages="en zh""#));
        for (code, words) in LANGUAGES {
            let uri = format!("/ui/static/{}/lang/{code}.js", version());
            let (status, headers, body) = get(&uri, &[]).await;
            assert_eq!(status, StatusCode::OK, "{uri}");
            assert_eq!(headers["content-type"], JS);
            assert_eq!(body, words);
        }
        for name in ["fr.js", "en", "zh.css", "zh.js.map", ".js"] {
            let uri = format!("/ui/static/{}/lang/{name}", version());
            let (status, _, _) = get(&uri, &[]).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{uri}");
        }
    }

    /// The Chinese characters the page writes in a language other than
    /// Chinese, every one of them in the font of `web/fonts/` (made
    /// from this list: docs/page.md, "The font").
    const HAN_CHARACTERS: &str = "华容道曹操横刀立马兵中文张飞赵云超黄忠关羽将本页需要";

    /// Every Chinese character of the page's text is in the shipped font's
    /// list, so none falls back to a box where the machine has no CJK font.
    /// The Chinese page's own words are drawn in the machine's Chinese font
    /// (style.css), which a machine set up for Chinese has.
    #[test]
    fn every_chinese_character_is_in_the_fonts() {
        let mut missing: Vec<char> = std::iter::once(SHELL.as_bytes())
            .chain(
                FILES
                    .iter()
                    .filter(|(_, kind, _)| *kind != WOFF2)
                    .map(|(_, _, bytes)| *bytes),
            )
            .chain(
                LANGUAGES
                    .iter()
                    .filter(|(code, _)| !code.starts_with("zh"))
                    .map(|(_, bytes)| *bytes),
            )
            .flat_map(|bytes| std::str::from_utf8(bytes).unwrap().chars())
            .filter(|c| ('\u{4E00}'..='\u{9FFF}').contains(c) && !HAN_CHARACTERS.contains(*c))
            .collect();
        missing.dedup();
        assert!(missing.is_empty(), "not in the font: {missing:?}");
    }
}
