//! What every browser test needs: the server on a loopback port and a
//! headless Chromium driven through WebDriver, with its screenshots folder.

use std::path::{Path, PathBuf};

use serde_json::Value;
use server::{AppState, Config};

use super::webdriver::Browser;
use crate::common::{build_db, get};

/// The flags that run Chromium headless on a build machine.
const CHROMIUM_FLAGS: [&str; 9] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
];

/// The full path of the first of `names` on the PATH.
fn program(names: &[&str]) -> String {
    let file = probe::find(names).unwrap_or_else(|| {
        panic!("{names:?} not on the PATH: apt-get install chromium chromium-driver")
    });
    file.to_string_lossy().into_owned()
}

/// A server over a database on a loopback port, and its router, to ask the
/// API what the page should show.
pub struct Site {
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    app: axum::Router,
}

impl Site {
    /// Serves `db` with `config` from a thread of its own.
    pub fn start(db: &Path, config: Config) -> Site {
        let app = server::app(AppState::open(db, config).unwrap());
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let served = app.clone();
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::from_std(listener).unwrap();
                axum::serve(listener, served).await.unwrap();
            });
        });
        Site { base, app }
    }

    /// The API's JSON answer to GET `uri`.
    pub fn api(&self, uri: &str) -> Value {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(get(&self.app, uri)).1
    }
}

/// What a browser test starts from: a server over a database of class
/// 5-4-1 (65,880 layouts, 横刀立马's group among them) and a fresh headless
/// Chromium, with the folders of the database and the browser's profile,
/// removed when it is dropped.
pub struct Session {
    /// The database file.
    #[allow(dead_code)] // only the graph view's test serves it a second time
    pub db: PathBuf,
    /// The server over it.
    pub site: Site,
    /// The browser.
    pub browser: Browser,
    /// Where screenshots go.
    pub shots: PathBuf,
    _folders: [tempfile::TempDir; 2],
}

impl Session {
    /// Builds the database, serves it with `config` and starts the browser,
    /// whose languages are English (so the page speaks English).
    pub fn start(config: Config) -> Session {
        Session::with_classes(config, &["5-4-1"])
    }

    /// As `start`, over a database of `classes`.
    pub fn with_classes(config: Config, classes: &[&str]) -> Session {
        let data = tempfile::tempdir().unwrap();
        let db = data.path().join("klotski.db");
        build_db(&db, classes);
        let site = Site::start(&db, config);
        let profile = tempfile::tempdir().unwrap();
        let (browser, shots) = headless_chromium(profile.path(), "en-US,en");
        Session {
            db,
            site,
            browser,
            shots,
            _folders: [data, profile],
        }
    }
}

/// A headless Chromium at 1280x800 with a fresh profile (dropped with the
/// browser's profile folder, which the caller keeps) and the languages
/// `languages` (`navigator.languages`), and the folder its screenshots go
/// to (`target/screenshots/`).
pub fn headless_chromium(profile: &Path, languages: &str) -> (Browser, PathBuf) {
    let chromium = program(&["chromium", "chromium-browser", "google-chrome"]);
    let chromedriver = program(&["chromedriver"]);
    let user_data = format!("--user-data-dir={}", profile.display());
    let lang = format!("--lang={}", languages.split(',').next().unwrap());
    let accept = format!("--accept-lang={languages}");
    let mut flags = CHROMIUM_FLAGS.to_vec();
    flags.extend([
        "--window-size=1280,800",
        user_data.as_str(),
        lang.as_str(),
        accept.as_str(),
    ]);
    let shots = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/screenshots");
    std::fs::create_dir_all(&shots).unwrap();
    (Browser::start(&chromedriver, &chromium, &flags), shots)
}

/// Saves the page at desktop (1280x800) and phone (390x844) width, in the
/// light theme (`NAME-desktop.png`) and the dark (`NAME-dark-desktop.png`)
/// to `shots`, each once `ready` says the view is drawn again at that size,
/// scrolled to the element `at` (a CSS selector) or else to the top; then
/// back to desktop width and the light theme.
pub fn screenshots(
    browser: &Browser,
    shots: &Path,
    name: &str,
    at: Option<&str>,
    ready: impl Fn(),
) {
    for (scheme, infix) in [("light", ""), ("dark", "-dark")] {
        browser.color_scheme(scheme);
        for (suffix, width, height) in [("desktop", 1280, 800), ("phone", 390, 844)] {
            browser.resize(width, height);
            ready();
            match at {
                Some(css) => browser.script_with(
                    "document.querySelector(arguments[0]).scrollIntoView()",
                    serde_json::json!([css]),
                ),
                None => browser.script("window.scrollTo(0, 0)"),
            };
            let file = shots.join(format!("{name}{infix}-{suffix}.png"));
            std::fs::write(&file, browser.screenshot()).unwrap();
        }
    }
    browser.color_scheme("light");
    browser.resize(1280, 800);
}
