//! A person on the site in a real browser: the helpers the browser tests
//! of the layout view, the views and the page's counts share, and their
//! run of checks, each followed by a look at the console.

use std::path::PathBuf;

use serde_json::Value;
use server::Config;

use super::site::{Session, Site};
use super::webdriver::{Browser, Element};

/// A browser on the site, failing on console errors.
pub struct Visit<'a> {
    /// The site visited.
    pub site: &'a Site,
    /// The browser.
    pub browser: Browser,
    /// Where screenshots go.
    pub shots: PathBuf,
}

impl Visit<'_> {
    /// Opens a page of the site by its URL and waits until its view is drawn.
    pub fn open(&self, path: &str) {
        self.browser.open(&format!("{}{path}", self.site.base));
        self.ready();
    }

    /// Waits until the view is drawn.
    pub fn ready(&self) {
        self.browser.find("main[data-ready=yes]");
    }

    pub fn find(&self, css: &str) -> Element {
        self.browser.find(css)
    }

    pub fn click(&self, css: &str) {
        let element = self.find(css);
        self.browser.click(&element);
    }

    pub fn text(&self, css: &str) -> String {
        self.browser.text(&self.find(css))
    }

    pub fn wait_text(&self, css: &str, expected: &str) {
        self.browser.wait_text(css, |text| text == expected);
    }

    /// Fails on any error in the browser's console since the last check.
    pub fn no_console_errors(&self, during: &str) {
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
    pub fn expect_failed_load(&self, uri: &str, status: u16) {
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

    /// Checks that the console's errors so far are only the browser's
    /// notes of requests the server refused (a 400 or a 404), which the
    /// page made to show the server's explanation.
    pub fn expect_refused_loads(&self) {
        for entry in self.browser.console() {
            let message = entry["message"].as_str().unwrap_or_default();
            assert!(
                entry["level"] != "SEVERE"
                    || message.contains("status of 400")
                    || message.contains("status of 404"),
                "console error other than a refused request: {entry}"
            );
        }
    }

    /// Saves screenshots at desktop and at phone width, in the light theme
    /// (`NAME-desktop.png`) and the dark (`NAME-dark-desktop.png`).
    pub fn screenshots(&self, name: &str) {
        super::site::screenshots(&self.browser, &self.shots, name, None, || self.ready());
    }
}

/// One thing a person does on the page, checked.
pub type Check = fn(&Visit);

/// Starts the site over a database of `classes` and a browser, and runs
/// `checks` in order, each followed by a look at the console: no error
/// allowed. A check that fails does not stop the ones after it; the test
/// fails at the end, naming every check that failed.
pub fn run(classes: &[&str], checks: &[(&str, Check)]) {
    let session = Session::with_classes(Config::default(), classes);
    let visit = Visit {
        site: &session.site,
        browser: session.browser,
        shots: session.shots,
    };
    let failed: Vec<&str> = checks
        .iter()
        .filter(|(name, check)| {
            let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                check(&visit);
                visit.no_console_errors(name);
            }));
            if ran.is_err() {
                // The next check starts as every check does.
                visit.browser.cdp(
                    "Emulation.clearDeviceMetricsOverride",
                    serde_json::json!({}),
                );
                visit.browser.color_scheme("light");
                visit.browser.resize(1280, 800);
            }
            ran.is_err()
        })
        .map(|(name, _)| *name)
        .collect();
    assert!(failed.is_empty(), "checks that failed: {failed:?}");
}

/// Shows the analysis (its toggle, which the browser remembers): the
/// checks that read the numbers start with it.
pub fn show_analysis(visit: &Visit) {
    visit.open("/ui/case/1A9BF0C00");
    visit.click("[data-action=analysis]");
    visit.wait_text("[data-num=min-step]", "81");
}

/// Clicks made faster than the board slides are all played, in order.
pub fn quick_clicks(visit: &Visit, action: &str, times: usize) {
    visit.find(&format!("[data-action={action}]"));
    visit.browser.script_with(
        "const [css, times] = arguments;
         for (let i = 0; i < times; i++) document.querySelector(css).click();",
        serde_json::json!([format!("[data-action={action}]"), times]),
    );
}

/// The first best step from `code`, as the API gives it.
pub fn best_of(visit: &Visit, code: &str) -> Value {
    best_in(visit, code, "step")
}

/// The first best move of `metric` from `code`, as the API gives it.
pub fn best_in(visit: &Visit, code: &str, metric: &str) -> Value {
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

/// The code the API gives for the step of the piece at `from` to `to`.
pub fn step_code(visit: &Visit, code: &str, from: &str, to: &str) -> String {
    let moves = visit.site.api(&format!("/case/{code}/moves"));
    let step = moves["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["move"]["from"] == from && m["move"]["to"] == to)
        .unwrap_or_else(|| panic!("no step {from} to {to} from {code}"));
    step["move"]["code"].as_str().unwrap().to_owned()
}

/// The path view from 1A9BF0C00 to the end of its minimum solution in
/// `metric` (`n` moves): move 0 of `n` shown, then move 1 after "Next".
pub fn path_to_solved(visit: &Visit, metric: &str, words: &str, n: usize) {
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

/// The address of a game on 1A9BF0C00's minimum solution: from its layout
/// `from`, the steps up to layout `to` played.
pub fn solution_game(site: &Site, from: usize, to: usize) -> String {
    let solution = site.api("/case/1A9BF0C00/solution");
    let start = solution["layouts"][from].as_str().unwrap();
    let moves: String = solution["moves"].as_array().unwrap()[from..to]
        .iter()
        .map(|m| {
            format!(
                "{}{}",
                m["from"].as_str().unwrap(),
                m["to"].as_str().unwrap()
            )
        })
        .collect();
    if moves.is_empty() {
        format!("/ui/case/{start}")
    } else {
        format!("/ui/case/{start}?moves={moves}")
    }
}

/// `text` percent-encoded for a path of the API (`/case/{name}`).
pub fn percent(text: &str) -> String {
    text.bytes().map(|b| format!("%{b:02X}")).collect()
}
