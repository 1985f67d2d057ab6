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
#[path = "browser/site.rs"]
mod site;
#[allow(dead_code)] // the other browser tests use the rest
#[path = "browser/webdriver.rs"]
mod webdriver;

use std::collections::HashSet;
use std::path::PathBuf;

use serde_json::Value;
use server::Config;
use site::{Session, Site};
use webdriver::{Browser, Element};

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

    /// Saves screenshots at desktop and at phone width, in the light theme
    /// (`NAME-desktop.png`) and the dark (`NAME-dark-desktop.png`).
    fn screenshots(&self, name: &str) {
        site::screenshots(&self.browser, &self.shots, name, None, || self.ready());
    }
}

#[test]
#[cfg_attr(
    missing_chromium,
    ignore = "needs Chromium and chromedriver: apt-get install chromium chromium-driver"
)]
fn the_page_in_a_real_browser() {
    let session = Session::start(Config::default());
    let visit = Visit {
        site: &session.site,
        browser: session.browser,
        shots: session.shots,
    };
    for (name, check) in CHECKS {
        check(&visit);
        visit.no_console_errors(name);
    }
}

/// One thing a person does on the page, checked.
type Check = fn(&Visit);

/// What a person does, in order, each named.
const CHECKS: [(&str, Check); 21] = [
    (
        "values hidden until the analysis is asked for",
        analysis_on_demand,
    ),
    ("finding a layout", find_a_layout),
    ("the page's codes and steps against the engine's", codes),
    ("a bad input in the find box", bad_input),
    ("quick clicks, undo and redo, hints in levels", best_move),
    ("playing the whole solution by clicking", whole_solution),
    ("exploring: farthest layouts, layers", explore),
    ("playing by keyboard", keyboard),
    ("playing by dragging", drag),
    ("a game is its address", shareable),
    ("a review with a slip, replayed", review_with_slip),
    ("a solution played at phone size", phone_solution),
    ("a game counted in each metric", counted_in_each_metric),
    (
        "minimum solutions replayed in cell and straight moves",
        solutions_in_other_metrics,
    ),
    ("the Chinese names in the shipped font", glyphs),
    ("composing", compose),
    ("puzzles", puzzles),
    ("a group page", group_page),
    ("a class page", class_page),
    ("a path, and the back button", path_and_back),
    ("a layout outside the database", outside),
];

/// The analysis is hidden at first; its toggle shows it, and the browser
/// remembers it (every check after this one plays with it shown).
fn analysis_on_demand(visit: &Visit) {
    visit.open("/ui/case/1A9BF0C00");
    visit.wait_text("[data-code]", "1A9BF0C00");
    visit.find("[data-classification]");
    let shown = visit.text("main");
    for spoiler in ["best", "from solved", "steps left", "81"] {
        assert!(!shown.contains(spoiler), "{spoiler:?} shown: {shown}");
    }
    assert!(visit.browser.all("[data-num]").is_empty());
    visit.screenshots("playing");
    let ready = visit
        .browser
        .script("return document.querySelector('main').dataset.readyMs");
    eprintln!("layout view (its board playable) {ready} ms after the navigation began");
    visit.click("[data-action=analysis]");
    visit.wait_text("[data-num=min-step]", "81");
    visit.find("[data-moves] .tag");
    visit.open("/ui/case/1A9BF0C00");
    let ready = visit
        .browser
        .script("return document.querySelector('main').dataset.readyMs");
    eprintln!("layout view again, files cached: {ready} ms after the navigation began");
    visit.wait_text("[data-num=min-step]", "81");
    let toggle = visit.find("[data-action=analysis]");
    assert_eq!(
        visit.browser.attribute(&toggle, "aria-pressed").as_deref(),
        Some("true")
    );
}

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

    // Its steps (`destinations`, `moved`) are the API's moves, on the
    // layouts of a minimum solution and a page of the largest group.
    let mut layouts: Vec<Value> = visit.site.api("/case/1A9BF0C00/solution")["layouts"]
        .as_array()
        .unwrap()
        .clone();
    let group = visit.site.api("/group/5-4-1-0/cases?limit=100");
    layouts.extend(
        group["cases"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["code"].clone()),
    );
    let cases: Vec<Value> = layouts
        .iter()
        .map(|code| {
            let code = code.as_str().unwrap();
            let steps: Vec<Value> = api_steps(visit, code)
                .into_iter()
                .map(|(from, to, reached)| serde_json::json!([format!("{from}{to}"), reached]))
                .collect();
            serde_json::json!([code, steps])
        })
        .collect();
    let wrong = visit.browser.script_with(
        "const [cases] = arguments;
         const src = document.querySelector('script[type=module]').src;
         return import(src.replace('app.js', 'code.js')).then((m) => cases.filter(([code, steps]) => {
           const pieces = m.decode(code);
           const local = pieces.flatMap((p) => m.destinations(pieces, p.id)
             .map((d) => [p.id + d.id, m.encode(m.moved(pieces, p.id, d.id))]));
           const key = (list) => JSON.stringify(list.map(String).sort());
           return key(local) !== key(steps);
         }).slice(0, 3));",
        serde_json::json!([cases]),
    );
    assert_eq!(wrong, serde_json::json!([]), "of {} layouts", cases.len());

    // Each step's fewest straight and cell moves (`destinations`) are the
    // API's, searched over its moves of that piece alone, on every third
    // layout of a minimum solution.
    let cases: Vec<Value> = layouts[..82]
        .iter()
        .step_by(3)
        .flat_map(|code| {
            let code = code.as_str().unwrap();
            api_steps(visit, code)
                .into_iter()
                .map(move |(from, to, _)| {
                    let straight = piece_fewest(visit, code, &from, &to, "straight");
                    let cells = piece_fewest(visit, code, &from, &to, "cell");
                    serde_json::json!([code, from, to, straight, cells])
                })
        })
        .collect();
    let wrong = visit.browser.script_with(
        "const [cases] = arguments;
         const src = document.querySelector('script[type=module]').src;
         return import(src.replace('app.js', 'code.js')).then((m) => cases.filter(([code, from, to, straight, cells]) => {
           const d = m.destinations(m.decode(code), from).find((d) => d.id === to);
           return d.straight !== straight || d.cells !== cells;
         }).slice(0, 3));",
        serde_json::json!([cases]),
    );
    assert_eq!(wrong, serde_json::json!([]), "of {} steps", cases.len());

    // Where more cells are empty than in this database's layouts: a 1x1
    // slid two cells right and one down, and one that must go round the
    // 2x2 and a 1x2 (b1 to d1, d4, then b4 or a4).
    let found = visit.browser.script(
        "const src = document.querySelector('script[type=module]').src;
         return import(src.replace('app.js', 'code.js')).then((m) => {
           const lengths = (pieces, from) => Object.fromEntries(m.destinations(pieces, from).map((d) => [d.id, [d.straight, d.cells]]));
           const open = lengths([m.piece('2x2', 1, 0), m.piece('1x1', 0, 3)], 'a4');
           const round = lengths([m.piece('2x2', 1, 1), m.piece('1x1', 1, 0), m.piece('1x2', 0, 1)], 'b1');
           return [open.c5, open.b4, round.b4, round.a4, round.d5];
         });",
    );
    assert_eq!(
        found,
        serde_json::json!([[2, 3], [1, 1], [3, 7], [3, 8], [2, 6]])
    );
}

/// The API's steps from `code`: the cell each piece leaves, the cell it
/// reaches, and the code of the layout reached.
fn api_steps(visit: &Visit, code: &str) -> Vec<(String, String, Value)> {
    let moves = visit.site.api(&format!("/case/{code}/moves"));
    moves["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let m = &m["move"];
            let cell = |key: &str| m[key].as_str().unwrap().to_owned();
            (cell("from"), cell("to"), m["code"].clone())
        })
        .collect()
}

/// The fewest moves of `metric` that take the piece at `from` of `code`
/// to `to`, the other pieces still: a breadth-first search over the API's
/// moves (`/moves?metric=`) of that piece alone.
fn piece_fewest(visit: &Visit, code: &str, from: &str, to: &str, metric: &str) -> u64 {
    let goal = step_code(visit, code, from, to);
    let mut layer = vec![(code.to_owned(), from.to_owned())];
    let mut seen = HashSet::from([code.to_owned()]);
    let mut n = 0;
    loop {
        n += 1;
        assert!(
            !layer.is_empty(),
            "{from} to {to} of {code}: no {metric} moves reach it"
        );
        let mut next = Vec::new();
        for (at, cell) in &layer {
            let moves = visit.site.api(&format!("/case/{at}/moves?metric={metric}"));
            for m in moves["moves"].as_array().unwrap() {
                let m = &m["move"];
                let reached = m["code"].as_str().unwrap();
                if m["from"] != cell.as_str() {
                    continue;
                }
                if reached == goal {
                    return n;
                }
                if seen.insert(reached.to_owned()) {
                    next.push((reached.to_owned(), m["to"].as_str().unwrap().to_owned()));
                }
            }
        }
        layer = next;
    }
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
    // The error goes with the view.
    visit.click("nav a[href='/ui/compose']");
    visit.ready();
    assert!(visit
        .browser
        .all("[data-find-error]:not([hidden])")
        .is_empty());
}

/// Clicks made faster than the board slides are all played, in order.
fn quick_clicks(visit: &Visit, action: &str, times: usize) {
    visit.find(&format!("[data-action={action}]"));
    visit.browser.script_with(
        "const [css, times] = arguments;
         for (let i = 0; i < times; i++) document.querySelector(css).click();",
        serde_json::json!([format!("[data-action={action}]"), times]),
    );
}

/// The first best step from `code`, as the API gives it.
fn best_of(visit: &Visit, code: &str) -> Value {
    best_in(visit, code, "step")
}

/// The first best move of `metric` from `code`, as the API gives it.
fn best_in(visit: &Visit, code: &str, metric: &str) -> Value {
    let moves = visit
        .site
        .api(&format!("/case/{code}/moves?metric={metric}"));
    moves["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["best"] == true)
        .unwrap()["move"]
        .clone()
}

fn best_move(visit: &Visit) {
    visit.open("/ui/case/1A9BF0C00");
    // Three clicks at once: three steps, none dropped.
    quick_clicks(visit, "best", 3);
    visit.wait_text("[data-count]", "3");
    visit.wait_text("[data-num=min-step]", "78");
    visit.click("[data-action=undo]");
    visit.wait_text("[data-count]", "2");
    visit.wait_text("[data-num=min-step]", "79");
    visit.click("[data-action=redo]");
    visit.wait_text("[data-count]", "3");
    visit.wait_text("[data-num=min-step]", "78");
    // Hints in levels: the piece of a best move, then where, then the move.
    let current = visit.text("[data-code]");
    let best = best_of(visit, &current);
    let (piece, from, to) = (
        best["piece"].as_str().unwrap(),
        best["from"].as_str().unwrap(),
        best["to"].as_str().unwrap(),
    );
    visit.click("[data-action=hint]");
    visit.browser.wait_text("[data-hint]", |text| {
        text == format!("Try the {piece} at {from}.")
    });
    visit.find(&format!("[data-play-board] .marked[data-piece={from}]"));
    assert!(visit
        .browser
        .all("[data-play-board] [data-dest]")
        .is_empty());
    visit.click("[data-action=hint]");
    visit.browser.wait_text("[data-hint]", |text| {
        text.contains(&format!("at {from} to {to}"))
    });
    visit.find(&format!("[data-play-board] [data-dest={to}]"));
    assert_eq!(visit.browser.all("[data-play-board] [data-dest]").len(), 1);
    visit.click("[data-action=hint]");
    visit.wait_text("[data-count]", "4");
    visit.wait_text("[data-code]", best["code"].as_str().unwrap());
    // The second level's handle plays the move too.
    let best = best_of(visit, best["code"].as_str().unwrap());
    visit.click("[data-action=hint]");
    visit.click("[data-action=hint]");
    visit.click(&format!(
        "[data-play-board] [data-dest={}]",
        best["to"].as_str().unwrap()
    ));
    visit.wait_text("[data-count]", "5");
    visit.wait_text("[data-code]", best["code"].as_str().unwrap());
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
        visit.wait_text("[data-count]", &(step + 1).to_string());
    }
    visit.browser.wait_text("[data-solved]", |text| {
        text.starts_with("Solved in 81 steps")
    });
    visit.wait_text("[data-num=min-step]", "0");
    // The review: 82 points, no slip.
    visit
        .browser
        .wait_text("[data-review] [data-slips]", |text| {
            text.contains("a perfect game")
        });
    assert_eq!(visit.browser.all("[data-review-point]").len(), 82);
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
    // The board is one stop of the tab order, before the controls.
    visit.find("[data-play-board] [data-piece=b4]");
    let stops = visit
        .browser
        .script("return document.querySelectorAll('[data-play-board] [tabindex=\"0\"]').length");
    assert_eq!(stops, 1);
    // In one burst: pick up b4, down, right (one step: a piece's slides in
    // a row are one step), put it down; the focus to a5, pick it up, right,
    // put it down: two steps.
    visit
        .browser
        .script("document.querySelector('[data-play-board] [data-piece=b4]').focus()");
    visit
        .browser
        .keys("\u{E007}\u{E015}\u{E014}\u{E00C}\u{E012}\u{E007}\u{E014}\u{E00C}");
    let first = step_code(visit, "1A9BF0C00", "b4", "c5");
    let second = step_code(visit, &first, "a5", "b5");
    visit.wait_text("[data-count]", "2");
    visit.wait_text("[data-code]", &second);
    // The focus is still on the board, on the piece moved.
    let focused = visit.browser.script(
        "return document.activeElement.closest('[data-play-board] [data-piece]')?.dataset.piece",
    );
    assert_eq!(focused, "b5");
    visit.browser.keys("z");
    visit.wait_text("[data-count]", "1");
    visit.wait_text("[data-code]", &first);
}

/// The code the API gives for the step of the piece at `from` to `to`.
fn step_code(visit: &Visit, code: &str, from: &str, to: &str) -> String {
    let moves = visit.site.api(&format!("/case/{code}/moves"));
    let step = moves["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["move"]["from"] == from && m["move"]["to"] == to)
        .unwrap_or_else(|| panic!("no step {from} to {to} from {code}"));
    step["move"]["code"].as_str().unwrap().to_owned()
}

/// Where an element is on the screen: `[x, y]` in CSS pixels.
fn position(visit: &Visit, css: &str) -> Value {
    visit.find(css);
    visit.browser.script_with(
        "const r = document.querySelector(arguments[0]).getBoundingClientRect(); return [r.x, r.y];",
        serde_json::json!([css]),
    )
}

fn drag(visit: &Visit) {
    visit.open("/ui/case/1A9BF0C00");
    // One cell in CSS pixels: the board is 4 cells and a frame of 0.2 of a
    // cell each side wide.
    let width = visit.browser.script(
        "return document.querySelector('[data-play-board] svg').getBoundingClientRect().width",
    );
    let cell = width.as_f64().unwrap() / 4.4;
    // A drag of a third of a cell snaps back.
    let piece = visit.find("[data-play-board] [data-piece=a5]");
    visit.browser.drag(&piece, cell * 0.3, 0.0);
    let transform = visit.browser.script(
        "return document.querySelector('[data-play-board] [data-piece=a5]').style.transform",
    );
    assert_eq!(transform, "");
    assert_eq!(visit.text("[data-count]"), "0");
    // The 2x2, held and dragged down, does not move over the 2x1 below it.
    let before = position(visit, "[data-play-board] [data-piece=b1]");
    let block = visit.find("[data-play-board] [data-piece=b1]");
    visit.browser.drag_holding(&block, 0.0, cell * 1.5);
    assert_eq!(position(visit, "[data-play-board] [data-piece=b1]"), before);
    visit.browser.release();
    // The 1x1 at a5 dragged three cells right goes as far as it can, c5:
    // one step through two empty cells.
    let piece = visit.find("[data-play-board] [data-piece=a5]");
    visit.browser.drag(&piece, cell * 3.0, 0.0);
    visit.wait_text("[data-count]", "1");
    visit.wait_text("[data-code]", &step_code(visit, "1A9BF0C00", "a5", "c5"));
    // The 1x1 at d5 dragged left does not pass the one at c5 to the empty
    // b5 and a5, not even while held.
    let before = position(visit, "[data-play-board] [data-piece=d5]");
    let piece = visit.find("[data-play-board] [data-piece=d5]");
    visit.browser.drag_holding(&piece, -cell * 2.5, 0.0);
    assert_eq!(position(visit, "[data-play-board] [data-piece=d5]"), before);
    visit.browser.release();
    assert_eq!(visit.text("[data-count]"), "1");
    visit.find("[data-play-board] [data-piece=d5]");
}

/// A game's address holds its start and its steps: a reload, a shared link
/// and the back button give the same game, its step count and its undo.
fn shareable(visit: &Visit) {
    visit.open("/ui/case/1A9BF0C00");
    quick_clicks(visit, "best", 3);
    visit.wait_text("[data-count]", "3");
    let third = visit.text("[data-code]");
    visit.click("[data-action=undo]");
    visit.wait_text("[data-count]", "2");
    let second = visit.text("[data-code]");
    let url = visit
        .browser
        .script("return location.pathname + location.search");
    let url = url.as_str().unwrap();
    assert!(
        url.starts_with("/ui/case/1A9BF0C00?moves=") && url.ends_with("&at=2"),
        "{url}"
    );
    // A reload (or the link opened anywhere): step 2, with a redo.
    visit.open(url);
    visit.wait_text("[data-count]", "2");
    visit.wait_text("[data-code]", &second);
    visit.click("[data-action=redo]");
    visit.wait_text("[data-count]", "3");
    visit.wait_text("[data-code]", &third);
    // Away and back.
    visit.click(".names a[href^='/ui/group/']");
    visit.find("[data-group]");
    visit.browser.script("history.back()");
    visit.ready();
    visit.wait_text("[data-count]", "3");
    visit.wait_text("[data-code]", &third);
    visit.click("[data-action=undo]");
    visit.wait_text("[data-count]", "2");
}

/// After a game with a step that went no nearer, the review marks it and
/// replays from there.
fn review_with_slip(visit: &Visit) {
    let solution = visit.site.api("/case/1A9BF0C00/solution");
    // A step that is not best, after which the first best step moves
    // another piece (the same piece would make one step of the two), from a
    // layout a few steps from solved.
    let (start, slip) = solution["layouts"].as_array().unwrap()[70..80]
        .iter()
        .rev()
        .find_map(|start| {
            let start = start.as_str().unwrap();
            let moves = visit.site.api(&format!("/case/{start}/moves"));
            let slip = moves["moves"].as_array().unwrap().iter().find(|m| {
                m["best"] != true
                    && m["solution"]["min_step"].as_i64() >= Some(0)
                    && best_of(visit, m["move"]["code"].as_str().unwrap())["from"]
                        != m["move"]["to"]
            })?;
            Some((start.to_owned(), slip.clone()))
        })
        .expect("a slip to make");
    let start = start.as_str();
    let left = slip["solution"]["min_step"].as_u64().unwrap();
    visit.open(&format!("/ui/case/{start}"));
    visit.click(&format!(
        "[data-moves] [data-move='{}']",
        slip["move"]["text"].as_str().unwrap()
    ));
    visit.wait_text("[data-count]", "1");
    quick_clicks(visit, "best", left as usize);
    let total = left + 1;
    visit.browser.wait_text("[data-solved]", |text| {
        text.starts_with(&format!("Solved in {total} steps"))
    });
    visit.wait_text("[data-review] [data-slip='1'] a", "Replay from there");
    assert_eq!(visit.browser.all("[data-review] [data-slip]").len(), 1);
    assert_eq!(
        visit.browser.all("[data-review-point]").len() as u64,
        total + 1
    );
    visit.screenshots("review");
    visit.click("[data-review] [data-slip='1'] a");
    visit.ready();
    visit.wait_text("[data-count]", "0");
    visit.wait_text("[data-code]", start);
    let redo = visit.find("[data-action=redo]");
    assert_eq!(visit.browser.attribute(&redo, "disabled"), None);
}

/// At phone size the board fills the width and stays in view while a
/// solution plays.
fn phone_solution(visit: &Visit) {
    let solution = visit.site.api("/case/1A9BF0C00/solution");
    let start = solution["layouts"][75].as_str().unwrap();
    visit.browser.resize(390, 844);
    visit.open(&format!("/ui/case/{start}"));
    visit.wait_text("[data-num=min-step]", "6");
    let viewport = visit.browser.script("return [innerWidth, innerHeight]");
    let (width, height) = (viewport[0].as_f64().unwrap(), viewport[1].as_f64().unwrap());
    let board = || {
        visit.browser.script(
            "const r = document.querySelector('[data-play-board] svg').getBoundingClientRect();
             return [r.left, r.top, r.right, r.bottom];",
        )
    };
    let b = board();
    assert!(
        b[2].as_f64().unwrap() - b[0].as_f64().unwrap() >= 0.9 * width,
        "{b} in {viewport}"
    );
    visit.click("[data-action=solution-play]");
    let mut seen = 0;
    while visit.browser.all("[data-solved]:not([hidden])").is_empty() {
        let b = board();
        let [left, top, right, bottom] = [0, 1, 2, 3].map(|i| b[i].as_f64().unwrap());
        assert!(
            left >= 0.0 && top >= 0.0 && right <= width && bottom <= height,
            "the board at {b}, the viewport {viewport}"
        );
        seen += 1;
        if seen == 3 {
            let file = visit.shots.join("solution-playing-phone.png");
            std::fs::write(file, visit.browser.screenshot()).unwrap();
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert!(seen >= 3, "the board looked at {seen} times while playing");
    visit.browser.wait_text("[data-solved]", |text| {
        text.starts_with("Solved in 6 steps")
    });
    visit.browser.resize(1280, 800);
}

/// Chooses the metric the game counts in, as a person does: the option of
/// the counter's choice.
fn choose_metric(visit: &Visit, metric: &str) {
    visit.click(&format!("[data-metric-choice] option[value={metric}]"));
    assert_eq!(chosen_metric(visit), metric);
}

/// The metric chosen at the counter.
fn chosen_metric(visit: &Visit) -> Value {
    visit
        .browser
        .script("return document.querySelector('[data-metric-choice]').value")
}

/// The game's count in each metric, read off the counter by choosing each.
fn counts(visit: &Visit) -> [String; 3] {
    ["step", "straight", "cell"].map(|metric| {
        choose_metric(visit, metric);
        visit.find("[data-count]");
        visit.text("[data-count]")
    })
}

/// The steps of the game in the address, as (layout before, from, to).
fn steps_of_address(visit: &Visit, start: &str) -> Vec<(String, String, String)> {
    let moves = visit
        .browser
        .script("return new URLSearchParams(location.search).get('moves') ?? ''");
    let cells: Vec<String> = moves
        .as_str()
        .unwrap()
        .as_bytes()
        .chunks(2)
        .map(|cell| String::from_utf8(cell.to_vec()).unwrap())
        .collect();
    let mut code = start.to_owned();
    cells
        .chunks(2)
        .map(|step| {
            let before = code.clone();
            code = step_code(visit, &before, &step[0], &step[1]);
            (before, step[0].clone(), step[1].clone())
        })
        .collect()
}

/// A game counted in steps, straight moves and cell moves: each step at
/// the fewest moves of its piece from where the step began to where it
/// ended (a detour within a step is not counted). The choice goes in the
/// address and the browser remembers it.
fn counted_in_each_metric(visit: &Visit) {
    visit.open("/ui/case/1A9BF0C00");
    choose_metric(visit, "cell");
    let url = visit.browser.script("return location.search");
    assert_eq!(url, "?metric=cell");
    visit.wait_text("[data-num=min-cell]", "116");
    visit.wait_text("[data-moves-title]", "Cell moves from here");
    // The cell moves from here, valued in cell moves.
    let cell_moves = visit.site.api("/case/1A9BF0C00/moves?metric=cell");
    visit.find("[data-moves] [data-move='1x1 a5-b5']");
    assert_eq!(
        visit.browser.all("[data-moves] [data-move]").len(),
        cell_moves["moves"].as_array().unwrap().len()
    );
    // 1. The 1x1 at a5 two cells right, by a click on it and on c5: one
    // straight move, two cell moves.
    visit.click("[data-play-board] [data-piece=a5]");
    visit.click("[data-play-board] [data-dest=c5]");
    visit.wait_text("[data-count]", "2");
    // 2. The 1x1 at b4 down and left to a5 by keyboard: two of each.
    visit
        .browser
        .script("document.querySelector('[data-play-board] [data-piece=b4]').focus()");
    visit.browser.keys("\u{E007}\u{E015}\u{E012}\u{E00C}");
    visit.wait_text("[data-count]", "4");
    // 3. The 1x1 at c4 left and down to b5: two of each again; then up to
    // b4, the same piece, so the same step, now from c4 to b4: one of each.
    visit
        .browser
        .script("document.querySelector('[data-play-board] [data-piece=c4]').focus()");
    visit.browser.keys("\u{E007}\u{E012}\u{E015}");
    visit.wait_text("[data-count]", "6");
    visit.browser.keys("\u{E013}\u{E00C}");
    visit.wait_text("[data-count]", "5");
    assert_eq!(counts(visit), ["3", "4", "5"].map(String::from));
    // The same counts from the API's moves, searched step by step.
    let steps = steps_of_address(visit, "1A9BF0C00");
    assert_eq!(steps.len(), 3);
    for (metric, expected) in [("straight", 4), ("cell", 5)] {
        let counted: u64 = steps
            .iter()
            .map(|(code, from, to)| piece_fewest(visit, code, from, to, metric))
            .sum();
        assert_eq!(counted, expected, "{metric}");
    }
    // Beside the count, the other two.
    visit.wait_text("[data-other-counts]", "3 steps · 4 straight moves");
    // Undo takes back a whole step, in every count.
    visit.click("[data-action=undo]");
    visit.wait_text("[data-count]", "4");
    // A reload, and the layout opened anew: still counting cell moves.
    let url = visit
        .browser
        .script("return location.pathname + location.search");
    let url = url.as_str().unwrap();
    assert!(url.ends_with("&at=2&metric=cell"), "{url}");
    visit.open(url);
    visit.wait_text("[data-count]", "4");
    visit.open("/ui/case/1A9BF0C00");
    visit.find("[data-count]");
    assert_eq!(chosen_metric(visit), "cell");
    // Best move and hints in cell moves: one cell each.
    quick_clicks(visit, "best", 2);
    visit.wait_text("[data-count]", "2");
    let current = visit.text("[data-code]");
    let best = best_in(visit, &current, "cell");
    visit.click("[data-action=hint]");
    visit.click("[data-action=hint]");
    visit.browser.wait_text("[data-hint]", |text| {
        text.contains(&format!(
            "at {} to {}",
            best["from"].as_str().unwrap(),
            best["to"].as_str().unwrap()
        ))
    });
    visit.click("[data-action=hint]");
    visit.wait_text("[data-code]", best["code"].as_str().unwrap());
    visit.wait_text("[data-count]", "3");
    visit.wait_text("[data-num=min-cell]", "113");
    // An address with a metric that is none: said, and the last one kept.
    visit.open("/ui/case/1A9BF0C00?metric=cells");
    visit.wait_text(
        "[data-hint]",
        "'cells' is not a metric: step, straight or cell. Counting in cell moves.",
    );
}

/// A minimum solution in cell moves played back, one cell move at a time:
/// 116 of them from 1A9BF0C00, each counted, to a solved layout and a
/// perfect review; then one in straight moves, move by move.
fn solutions_in_other_metrics(visit: &Visit) {
    let solution = visit.site.api("/case/1A9BF0C00/solution?metric=cell");
    let moves = solution["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 116);
    // Its steps: a piece's cell moves in a row are one step.
    let mut steps: Vec<(String, String, String)> = Vec::new();
    for (m, before) in moves.iter().zip(solution["layouts"].as_array().unwrap()) {
        let (from, to) = (m["from"].as_str().unwrap(), m["to"].as_str().unwrap());
        match steps.last_mut() {
            Some(last) if last.2 == from => last.2 = to.to_owned(),
            _ => steps.push((
                before.as_str().unwrap().to_owned(),
                from.to_owned(),
                to.to_owned(),
            )),
        }
    }
    let straight: u64 = steps
        .iter()
        .map(|(code, from, to)| piece_fewest(visit, code, from, to, "straight"))
        .sum();
    visit.open("/ui/case/1A9BF0C00?metric=cell");
    visit.wait_text("[data-num=min-cell]", "116");
    visit.click("[data-action=solution-play]");
    // Every cell move counted as it plays: the count only grows, by one.
    let mut shown = 0;
    while shown < 116 {
        let text = visit.browser.wait_text("[data-count]", |t| {
            t.parse::<u64>().is_ok_and(|n| n != shown)
        });
        let now: u64 = text.parse().unwrap();
        assert!(now > shown && now <= 116, "{shown} then {now}");
        shown = now;
        if shown == 58 {
            visit.screenshots("cell-solution-playing");
        }
    }
    visit.browser.wait_text("[data-solved]", |text| {
        text.starts_with("Solved in 116 cell moves!")
            && text.contains("That is the fewest possible.")
    });
    visit.find("[data-play-board].won");
    visit.wait_text("[data-code]", solution["layouts"][116].as_str().unwrap());
    visit.wait_text(
        "[data-solution-reached]",
        "A minimum solution of 1A9BF0C00: 116 cell moves; cell move 116 of 116 reached.",
    );
    visit.wait_text(
        "[data-all-counts]",
        &format!(
            "In every count: {} steps, {straight} straight moves, 116 cell moves (the fewest: 81, 90, 116).",
            steps.len()
        ),
    );
    visit
        .browser
        .wait_text("[data-review] [data-slips]", |text| {
            text.contains("a perfect game")
        });
    assert_eq!(
        visit.browser.all("[data-review-point]").len(),
        steps.len() + 1
    );
    visit.screenshots("cell-solved");

    // A shortest path to its end, in cell moves too.
    path_to_solved(visit, "cell", "Cell move", 116);

    // Straight moves: a minimum solution, three moves by "Next".
    let solution = visit.site.api("/case/1A9BF0C00/solution?metric=straight");
    visit.open("/ui/case/1A9BF0C00?metric=straight");
    visit.click("[data-action=solve]");
    visit.wait_text(
        "[data-solution-reached]",
        "A minimum solution of 1A9BF0C00: 90 straight moves; straight move 0 of 90 reached.",
    );
    visit.wait_text("[data-action=solution-next]", "Next straight move");
    quick_clicks(visit, "solution-next", 3);
    visit.wait_text("[data-count]", "3");
    visit.wait_text("[data-code]", solution["layouts"][3].as_str().unwrap());
    visit.wait_text("[data-num=min-straight]", "87");
    // Back to steps for the checks after this one.
    choose_metric(visit, "step");
    visit.open("/ui/case/1A9BF0C00");
    visit.wait_text("[data-num=min-step]", "81");
}

/// Every Chinese character of the start page, and the 2x2's 曹, in the
/// page's own font: loaded, and drawn unlike the box of a missing glyph.
fn glyphs(visit: &Visit) {
    visit.open("/ui/");
    visit.find("[data-famous] .note");
    let found = visit.browser.script(
        "const text = [...new Set(document.body.innerText + '曹')].filter((c) => /[\\u4e00-\\u9fff]/.test(c)).join('');
         const draw = (c, font) => {
           const canvas = document.createElement('canvas');
           canvas.width = canvas.height = 80;
           const g = canvas.getContext('2d');
           g.font = font;
           g.fillText(c, 0, 64);
           return Array.from(g.getImageData(0, 0, 80, 80).data).join();
         };
         return Promise.all([document.fonts.load('64px \"Klotski Han\"', text), document.fonts.load('bold 64px \"Klotski Han\"', text)])
           .then(([regular, bold]) => {
             const boxes = (font) => [...text].filter((c) => draw(c, font) === draw('龘', font)).join('');
             return { text, faces: [regular.length, bold.length],
               boxes: boxes('64px \"Klotski Han\"') + boxes('bold 64px \"Klotski Han\"') };
           });",
    );
    assert!(
        found["text"].as_str().unwrap().chars().count() >= 20,
        "{found}"
    );
    assert_eq!(found["faces"], serde_json::json!([1, 1]), "{found}");
    assert_eq!(found["boxes"], "", "{found}");
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
    // A click on a piece with a piece to place chosen changes nothing.
    visit.click("[data-compose-board] [data-piece=b1]");
    visit.browser.wait_text("[data-compose-status]", |t| {
        t.starts_with("Cannot place: the 2x2 at b1 is there")
    });
    visit.find("[data-compose-board] [data-piece=b1]");
    // Taken away, the layout is legal; undo puts it back, and again.
    visit.click("[data-kind-choice=erase]");
    visit.click("[data-compose-board] [data-piece=b5]");
    visit.wait_text("[data-composed-code]", "1A9BF0C00");
    visit.click("[data-action=undo-compose]");
    visit.find("[data-compose-board] [data-piece=b5]");
    visit.click("[data-compose-board] [data-piece=b5]");
    visit.wait_text("[data-composed-code]", "1A9BF0C00");
    visit.click("[data-action=open-composed]");
    visit.ready();
    visit.wait_text("[data-code]", "1A9BF0C00");
    // A legal layout of a class the database lacks is not offered.
    visit.open("/ui/compose");
    visit.click("[data-compose-board] [data-cell=a1]");
    visit.wait_text("[data-composed-code]", "000000000");
    visit.browser.wait_text("[data-compose-status]", |t| {
        t.ends_with("Its class, 0-0-0, is not in this database.")
    });
    let open = visit.find("[data-action=open-composed]");
    assert_eq!(
        visit.browser.attribute(&open, "disabled").as_deref(),
        Some("true")
    );
}

/// Puzzles: the famous layouts by name, a layout N steps from solved, the
/// day's puzzle; each opened layout is as far from solved as asked.
fn puzzles(visit: &Visit) {
    for name in ["横刀立马", "Heng dao li ma", "hengdaolima"] {
        visit.open("/ui/group/5-4-1-1");
        let input = visit.find("[data-find-input]");
        visit.browser.type_in(&input, name);
        visit.click("[data-find] button[type=submit]");
        visit.wait_text("[data-code]", "1A9BF0C00");
    }
    for (steps, class) in [(20, "5-4-1"), (57, "")] {
        visit.open("/ui/");
        let input = visit.find("[data-puzzle-steps]");
        visit.browser.type_in(&input, &steps.to_string());
        visit.browser.script_with(
            "document.querySelector('[data-puzzle-class]').value = arguments[0]",
            serde_json::json!([class]),
        );
        visit.click("[data-action=puzzle]");
        // Puzzle mode names the difficulty (the analysis waits until it is solved).
        visit.wait_text(
            "[data-puzzle-fewest]",
            &format!("{steps} steps from solved"),
        );
        let code = visit.text("[data-code]");
        assert_eq!(
            visit.site.api(&format!("/case/{code}"))["solution"]["min_step"],
            steps
        );
    }
    // More steps than any layout here: the page says so.
    visit.open("/ui/");
    let input = visit.find("[data-puzzle-steps]");
    visit.browser.type_in(&input, "500");
    visit.click("[data-action=puzzle]");
    visit.browser.wait_text("[data-puzzle-error]", |t| {
        t.starts_with("No layout in this database is 500 steps from solved")
    });
    visit.click("[data-action=daily]");
    visit.ready();
    let fewest = visit.find("[data-puzzle-fewest]");
    let shown = visit
        .browser
        .attribute(&fewest, "data-puzzle-fewest")
        .unwrap();
    let code = visit.text("[data-code]");
    assert_eq!(
        visit.site.api(&format!("/case/{code}"))["solution"]["min_step"].to_string(),
        shown
    );
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
    path_to_solved(visit, "step", "Step", 81);
    visit.screenshots("path");
    // Two layouts of two groups: no path, and the page says why.
    let other = visit.site.api("/group/5-4-1-0")["smallest_code"].clone();
    let other = other.as_str().unwrap();
    visit.open(&format!("/ui/path/1A9BF0C00/{other}"));
    visit.wait_text(
        "[data-error] h1",
        "No path: the two layouts are in different groups",
    );
    visit.expect_failed_load(&format!("/path/1A9BF0C00/{other}"), 404);
}

/// The path view from 1A9BF0C00 to the end of its minimum solution in
/// `metric` (`n` moves): move 0 of `n` shown, then move 1 after "Next".
fn path_to_solved(visit: &Visit, metric: &str, words: &str, n: usize) {
    let solution = visit
        .site
        .api(&format!("/case/1A9BF0C00/solution?metric={metric}"));
    let end = solution["layouts"][n].as_str().unwrap();
    visit.open(&format!("/ui/path/1A9BF0C00/{end}?metric={metric}"));
    for k in [0, 1] {
        if k == 1 {
            visit.click("[data-action=next]");
        }
        visit.browser.wait_text("[data-path-step]", |t| {
            t.starts_with(&format!("{words} {k} of {n}"))
        });
    }
}

fn outside(visit: &Visit) {
    // 0-0-0 (the 2x2 block alone) is not in this database.
    let detail = visit.site.api("/case/000000000")["detail"].clone();
    visit.open("/ui/case/000000000");
    visit.wait_text("[data-error] p", detail.as_str().unwrap());
    visit.expect_failed_load("/case/000000000", 404);
}
