//! The web page in a real headless Chromium, driven through WebDriver
//! (`chromedriver`) against a server over a database of class 5-4-1 built
//! here: a person's actions, each checked against the JSON API, with no
//! error in the browser's console. Screenshots of the main views go to
//! `target/screenshots/`.
//!
//! Without `chromium` and `chromedriver` on the PATH `cargo test` lists the
//! test as ignored, with the reason (`build.rs`), unless `KLOTSKI_CI=1`
//! (CI installs them): then it fails.

mod common;
#[path = "browser/webdriver.rs"]
mod webdriver;

use std::path::{Path, PathBuf};

use common::{build_db, get};
use serde_json::Value;
use server::{AppState, Config};
use webdriver::{Browser, Element};

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

/// The server over a fresh database of 5-4-1, on a loopback port: the
/// router too, to ask the API what the page should show.
struct Site {
    base: String,
    app: axum::Router,
    _dir: tempfile::TempDir,
}

impl Site {
    fn start() -> Site {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("klotski.db");
        build_db(&db, &["5-4-1"]);
        let app = server::app(AppState::open(&db, Config::default()).unwrap());
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
        Site {
            base,
            app,
            _dir: dir,
        }
    }

    /// The API's JSON answer to GET `uri`.
    fn api(&self, uri: &str) -> Value {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(get(&self.app, uri)).1
    }
}

/// A browser on the site, failing on console errors.
struct Visit<'a> {
    site: &'a Site,
    browser: Browser,
    shots: PathBuf,
}

impl Visit<'_> {
    /// Opens a page of the site by its URL and waits until its view is drawn.
    fn open(&self, path: &str) {
        self.browser.open(&format!("{}{path}", self.site.base));
        self.ready();
    }

    /// Waits until the view is drawn.
    fn ready(&self) {
        self.browser.find("main[data-ready=yes]");
    }

    fn find(&self, css: &str) -> Element {
        self.browser.find(css)
    }

    fn click(&self, css: &str) {
        let element = self.find(css);
        self.browser.click(&element);
    }

    fn text(&self, css: &str) -> String {
        self.browser.text(&self.find(css))
    }

    fn wait_text(&self, css: &str, expected: &str) {
        self.browser.wait_text(css, |text| text == expected);
    }

    /// Fails on any error in the browser's console since the last check.
    fn no_console_errors(&self, during: &str) {
        let errors: Vec<Value> = self
            .browser
            .console()
            .into_iter()
            .filter(|entry| entry["level"] == "SEVERE")
            .collect();
        assert!(
            errors.is_empty(),
            "console errors during {during}: {errors:#?}"
        );
    }

    /// Checks that the console's errors so far are the browser's notes of
    /// one failed load, of `uri` answered `status`, which the page asked
    /// for to show the server's explanation.
    fn expect_failed_load(&self, uri: &str, status: u16) {
        let expected = format!("status of {status}");
        for entry in self.browser.console() {
            let message = entry["message"].as_str().unwrap_or_default();
            assert!(
                entry["level"] != "SEVERE"
                    || (message.contains(uri) && message.contains(&expected)),
                "console error other than the expected {status} of {uri}: {entry}"
            );
        }
    }

    /// Saves a screenshot at desktop and at phone width.
    fn screenshots(&self, name: &str) {
        for (suffix, width, height) in [("desktop", 1280, 900), ("phone", 390, 844)] {
            self.browser.resize(width, height);
            self.ready();
            self.browser.script("window.scrollTo(0, 0)");
            let file = self.shots.join(format!("{name}-{suffix}.png"));
            std::fs::write(&file, self.browser.screenshot()).unwrap();
        }
        self.browser.resize(1280, 900);
    }
}

#[test]
#[cfg_attr(
    missing_chromium,
    ignore = "needs Chromium and chromedriver: apt-get install chromium chromium-driver"
)]
fn the_page_in_a_real_browser() {
    let chromium = program(&["chromium", "chromium-browser", "google-chrome"]);
    let chromedriver = program(&["chromedriver"]);
    let site = Site::start();
    let profile = tempfile::tempdir().unwrap();
    let user_data = format!("--user-data-dir={}", profile.path().display());
    let mut flags = CHROMIUM_FLAGS.to_vec();
    flags.extend(["--window-size=1280,900", user_data.as_str()]);
    let shots = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/screenshots");
    std::fs::create_dir_all(&shots).unwrap();
    let visit = Visit {
        site: &site,
        browser: Browser::start(&chromedriver, &chromium, &flags),
        shots,
    };
    for (name, check) in CHECKS {
        check(&visit);
        visit.no_console_errors(name);
    }
}

/// One thing a person does on the page, checked.
type Check = fn(&Visit);

/// What a person does, in order, each named.
const CHECKS: [(&str, Check); 14] = [
    ("finding a layout", find_a_layout),
    ("the page's codes against the engine's", codes),
    ("a bad input in the find box", bad_input),
    ("the best move, undo and redo, hints", best_move),
    ("playing the whole solution by clicking", whole_solution),
    ("exploring: farthest layouts, layers", explore),
    ("playing by keyboard", keyboard),
    ("playing by dragging", drag),
    ("an animated solution", animated_solution),
    ("composing", compose),
    ("a group page", group_page),
    ("a class page", class_page),
    ("a path, and the back button", path_and_back),
    ("a layout outside the database", outside),
];

fn find_a_layout(visit: &Visit) {
    visit.open("/ui/");
    // The famous layouts of 5-4-1 with their steps from the API; 峰回路转
    // (5-4-2) is said to be outside this database.
    for code in ["1A9BF0C00", "1ADEF8000", "1FA6F8000", "1AFF98000"] {
        let steps = visit.site.api(&format!("/case/{code}"))["solution"]["min_step"].clone();
        visit.wait_text(
            &format!("[data-famous-steps='{code}']"),
            &format!("{steps} steps from solved"),
        );
    }
    visit.browser.wait_text("[data-famous]", |text| {
        text.contains("class 5-4-2 is not in this database")
    });
    visit.screenshots("start");
    let input = visit.find("[data-find-input]");
    visit.browser.type_in(&input, "4wve1");
    visit.click("[data-find] button[type=submit]");
    visit.wait_text("[data-code]", "1A9BF0C00");
    visit.wait_text("[data-num=min-step]", "81");
    visit.wait_text("[data-num=farthest-step]", "124");
    // The three ways of counting, and the shortest solutions in each.
    for (css, words) in [
        ("[data-num=min-straight]", "90"),
        ("[data-num=min-cell]", "116"),
        ("[data-num=sequences-step]", "256"),
        ("[data-num=sequences-straight]", "4,096"),
        ("[data-num=sequences-cell]", "4,112,640,000"),
    ] {
        visit.wait_text(css, words);
    }
    let info = visit.site.api("/case/1A9BF0C00");
    for (css, field) in [
        ("[data-num=min-num]", &info["solution"]["min_num"]),
        ("[data-num=solution-num]", &info["solution"]["num"]),
        ("[data-num=farthest-num]", &info["farthest"]["num"]),
        ("[data-classification]", &info["classification"]["name"]),
        ("[data-short-code]", &info["short_code"]),
    ] {
        let expected = field
            .as_str()
            .map_or_else(|| field.to_string(), str::to_owned);
        assert_eq!(visit.text(css), expected, "{css}");
    }
    // The board drawn from the code is the API's board.
    let board = info["board"].as_array().unwrap();
    let rows: Vec<&str> = board.iter().map(|row| row.as_str().unwrap()).collect();
    let drawn = visit.find("[data-play-board] svg");
    assert_eq!(
        visit.browser.attribute(&drawn, "data-board").unwrap(),
        rows.join("|")
    );
    let moves = visit.site.api("/case/1A9BF0C00/moves")["moves"].clone();
    assert_eq!(
        visit.browser.all("[data-moves] [data-move]").len(),
        moves.as_array().unwrap().len()
    );
    visit.screenshots("layout");
    let ready = visit
        .browser
        .script("return document.querySelector('main').dataset.readyMs");
    eprintln!("layout view drawn {ready} ms after navigation (a search, not a page load)");
}

/// The page draws boards from codes and composes codes from boards
/// (`code.js`): both agree with the engine on every 997th legal layout.
fn codes(visit: &Visit) {
    let all = common::all_codes();
    let cases: Vec<(String, String)> = (0..klotski::N_LAYOUTS)
        .step_by(997)
        .map(|id| {
            let code = all.code(id).unwrap();
            (code.to_string(), code.layout().rows().join("|"))
        })
        .collect();
    let wrong = visit.browser.script_with(
        "const [cases] = arguments;
         const src = document.querySelector('script[type=module]').src;
         return import(src.replace('app.js', 'code.js')).then((m) => cases
           .filter(([code, rows]) => m.rows(m.decode(code)) !== rows || m.encode(m.decode(code)) !== code)
           .slice(0, 5));",
        serde_json::json!([cases]),
    );
    assert_eq!(wrong, serde_json::json!([]), "of {} layouts", cases.len());
}

fn bad_input(visit: &Visit) {
    let input = visit.find("[data-find-input]");
    visit.browser.type_in(&input, "1A9BF0C0G");
    visit.click("[data-find] button[type=submit]");
    let detail = visit.site.api("/case/1A9BF0C0G")["detail"].clone();
    visit.wait_text("[data-find-error]", detail.as_str().unwrap());
    // The view stays where it was.
    assert_eq!(visit.text("[data-code]"), "1A9BF0C00");
    visit.expect_failed_load("/case/1A9BF0C0G", 400);
}

fn best_move(visit: &Visit) {
    visit.open("/ui/case/1A9BF0C00");
    visit.click("[data-action=best]");
    visit.wait_text("[data-steps]", "1");
    visit.wait_text("[data-num=min-step]", "80");
    visit.click("[data-action=undo]");
    visit.wait_text("[data-steps]", "0");
    visit.wait_text("[data-num=min-step]", "81");
    visit.click("[data-action=redo]");
    visit.wait_text("[data-steps]", "1");
    visit.wait_text("[data-num=min-step]", "80");
    // The gentle hint names the piece of a best move, then the move.
    let current = visit.text("[data-code]");
    let next = visit.site.api(&format!("/case/{current}/moves"));
    let best = next["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["best"] == true)
        .unwrap();
    visit.click("[data-action=hint]");
    let piece = format!(
        "{} at {}",
        best["move"]["piece"].as_str().unwrap(),
        best["move"]["from"].as_str().unwrap()
    );
    visit
        .browser
        .wait_text("[data-hint]", |text| text.contains(&piece));
    visit.click("[data-action=hint]");
    let text = best["move"]["text"].as_str().unwrap();
    visit
        .browser
        .wait_text("[data-hint]", |hint| hint.contains(text));
}

fn whole_solution(visit: &Visit) {
    visit.open("/ui/case/1A9BF0C00");
    let solution = visit.site.api("/case/1A9BF0C00/solution");
    let moves = solution["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 81);
    for (step, m) in moves.iter().enumerate() {
        let (from, to) = (m["from"].as_str().unwrap(), m["to"].as_str().unwrap());
        if step == 40 {
            visit.click("[data-action=solve]");
            visit.find("[data-solution] li.next");
        }
        visit.click(&format!("[data-play-board] [data-piece={from}]"));
        if step == 40 {
            // A piece picked up: where it can go, and the solution's next step.
            visit.find("[data-play-board] [data-dest]");
            visit.screenshots("solving");
        }
        visit.click(&format!("[data-play-board] [data-dest={to}]"));
        visit.wait_text("[data-steps]", &(step + 1).to_string());
    }
    visit.browser.wait_text("[data-solved]", |text| {
        text.starts_with("Solved in 81 steps")
    });
    visit.wait_text("[data-num=min-step]", "0");
    visit.screenshots("solved");
}

/// The farthest layouts and the layers from a layout, from the API.
fn explore(visit: &Visit) {
    visit.open("/ui/case/1A9BF0C00");
    visit.click("[data-action=farthest]");
    let farthest = visit.site.api("/case/1A9BF0C00/farthest?limit=20");
    for code in farthest["layouts"].as_array().unwrap() {
        visit.find(&format!(
            "[data-explore-list] a[href='/ui/case/{}']",
            code.as_str().unwrap()
        ));
    }
    visit.click("[data-action=layers]");
    let layers = visit.site.api("/case/1A9BF0C00/layers");
    visit.find("[data-chart=layers] rect.bar");
    let bars = visit.browser.all("[data-chart=layers] rect.bar");
    assert_eq!(bars.len(), layers["layers"].as_array().unwrap().len());
    assert_eq!(bars.len(), 125, "layers 0 to 124");
}

fn keyboard(visit: &Visit) {
    visit.open("/ui/case/1A9BF0C00");
    // The 1x1 at b4 steps down into the empty b5.
    visit.find("[data-play-board] [data-piece=b4]");
    visit
        .browser
        .script("document.querySelector('[data-play-board] [data-piece=b4]').focus()");
    visit.browser.keys("\u{E015}"); // ArrowDown
    visit.wait_text("[data-steps]", "1");
    let info = visit.site.api("/case/1A9BF0C00/moves");
    let down = info["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["move"]["text"] == "1x1 b4 down 1")
        .unwrap();
    visit.wait_text("[data-code]", down["move"]["code"].as_str().unwrap());
    visit.browser.keys("z");
    visit.wait_text("[data-steps]", "0");
    visit.wait_text("[data-code]", "1A9BF0C00");
}

fn drag(visit: &Visit) {
    visit.open("/ui/case/1A9BF0C00");
    // One cell in CSS pixels: the board is 4 cells and a frame of 0.2 of a
    // cell each side wide.
    let width = visit.browser.script(
        "return document.querySelector('[data-play-board] svg').getBoundingClientRect().width",
    );
    let cell = width.as_f64().unwrap() / 4.4;
    // The 1x1 at a5 slides right into b5; a drag of half a cell snaps back.
    let piece = visit.find("[data-play-board] [data-piece=a5]");
    visit.browser.drag(&piece, cell * 0.3, 0.0);
    visit.find("[data-play-board] [data-piece=a5]:not([transform])");
    assert_eq!(visit.text("[data-steps]"), "0");
    let piece = visit.find("[data-play-board] [data-piece=a5]");
    visit.browser.drag(&piece, cell, 0.0);
    visit.wait_text("[data-steps]", "1");
    visit.find("[data-play-board] [data-piece=b5]");
}

fn animated_solution(visit: &Visit) {
    // Two steps from solved: "Play it" plays them.
    let solution = visit.site.api("/case/1A9BF0C00/solution");
    let start = solution["layouts"][79].as_str().unwrap();
    visit.open(&format!("/ui/case/{start}"));
    visit.wait_text("[data-num=min-step]", "2");
    visit.click("[data-action=solution-play]");
    visit.browser.wait_text("[data-solved]", |text| {
        text.starts_with("Solved in 2 steps")
    });
}

fn compose(visit: &Visit) {
    visit.open("/ui/compose");
    visit.browser.wait_text("[data-compose-status]", |t| {
        t.contains("there is no 2x2 block")
    });
    // A copy of 1A9BF0C00 encodes back to its code.
    visit.open("/ui/compose/1A9BF0C00");
    visit.wait_text("[data-composed-code]", "1A9BF0C00");
    // A 1x1 in b5 leaves one empty cell.
    visit.click("[data-kind-choice='1x1']");
    // By keyboard: the cell b5 focused, Enter.
    visit.find("[data-compose-board] [data-cell=b5]");
    visit
        .browser
        .script("document.querySelector('[data-compose-board] [data-cell=b5]').focus()");
    visit.browser.keys("\u{E007}");
    visit.browser.wait_text("[data-compose-status]", |t| {
        t == "Not a legal layout: only one cell is empty: a layout has at least two empty cells."
    });
    let open = visit.find("[data-action=open-composed]");
    assert_eq!(
        visit.browser.attribute(&open, "disabled").as_deref(),
        Some("true")
    );
    visit.screenshots("compose");
    // Taken away again, the layout is legal and opens.
    visit.click("[data-compose-board] [data-piece=b5]");
    visit.wait_text("[data-composed-code]", "1A9BF0C00");
    visit.click("[data-action=open-composed]");
    visit.ready();
    visit.wait_text("[data-code]", "1A9BF0C00");
}

fn group_page(visit: &Visit) {
    visit.open("/ui/group/5-4-1-1");
    visit.wait_text("[data-group]", "5-4-1-1");
    let documented = visit.site.api("/openapi.json");
    if documented["paths"]["/group/{name}/histogram"].is_null() {
        // This server has no histograms yet: the page says so.
        visit.find("[data-chart-error]");
        eprintln!("no /group/{{name}}/histogram route: the chart is not checked");
        visit.expect_failed_load("/group/5-4-1-1/histogram", 404);
    } else {
        let histogram = &visit.site.api("/group/5-4-1-1/histogram")["histogram"];
        for key in ["min_solution_step", "farthest_step"] {
            let css = format!("[data-chart={}] rect.bar", key.replace('_', "-"));
            visit.find(&css);
            assert_eq!(
                visit.browser.all(&css).len(),
                histogram[key].as_array().unwrap().len(),
                "{key}"
            );
        }
    }
    visit.find("[data-group-cases] [data-board]");
    visit.screenshots("group");
}

fn class_page(visit: &Visit) {
    visit.open("/ui/class/5-4-1");
    visit.wait_text("[data-class]", "5-4-1");
    let n_groups = visit.site.api("/stats")["classes"][0]["n_groups"]
        .as_u64()
        .unwrap();
    visit.find("[data-groups] a[href='/ui/group/5-4-1-0']");
    let listed = visit.browser.all("[data-groups] li").len() as u64;
    assert_eq!(listed, n_groups.min(50));
    if visit.site.api("/openapi.json")["paths"]["/class/{name}"].is_null() {
        visit.expect_failed_load("/class/5-4-1", 404);
    }
}

fn path_and_back(visit: &Visit) {
    visit.open("/ui/");
    visit.find("[data-famous] a");
    visit.click("[data-famous] a[href='/ui/case/1A9BF0C00']");
    visit.wait_text("[data-code]", "1A9BF0C00");
    visit.browser.script("history.back()");
    visit.find("[data-famous]");
    visit.browser.script("history.forward()");
    visit.wait_text("[data-code]", "1A9BF0C00");
    let solution = visit.site.api("/case/1A9BF0C00/solution");
    let end = solution["layouts"][81].as_str().unwrap();
    visit.open(&format!("/ui/path/1A9BF0C00/{end}"));
    visit
        .browser
        .wait_text("[data-path-step]", |t| t.starts_with("Step 0 of 81"));
    visit.click("[data-action=next]");
    visit
        .browser
        .wait_text("[data-path-step]", |t| t.starts_with("Step 1 of 81"));
    visit.screenshots("path");
}

fn outside(visit: &Visit) {
    // 0-0-0 (the 2x2 block alone) is not in this database.
    let detail = visit.site.api("/case/000000000")["detail"].clone();
    visit.open("/ui/case/000000000");
    visit.wait_text("[data-error] p", detail.as_str().unwrap());
    visit.expect_failed_load("/case/000000000", 404);
}
