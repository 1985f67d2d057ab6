//! The graph view (`/ui/graph/{code}`) in a real headless Chromium, driven
//! through WebDriver, over a database of class 5-4-1 built here:
//! 1A9BF0C00's group (25,955 layouts) drawn with its solution, a click on
//! a node opens that layout, the arrow keys walk to a neighbour, the links
//! from the layout and group views, and a group over the server's limit
//! drawn as a ball; no error in the browser's console. It prints what it
//! measured (time until the view is drawn, first and cached; frames per
//! second during a scripted pan) and saves screenshots to
//! `target/screenshots/graph-*.png`.
//!
//! Without `chromium` and `chromedriver` on the PATH `cargo test` lists the
//! test as ignored, with the reason (`build.rs`), unless `KLOTSKI_CI=1`.

mod browser;
mod common;

use std::path::PathBuf;

use browser::{site, webdriver};
use serde_json::Value;
use server::Config;
use site::{screenshots, Session, Site};
use webdriver::Browser;

/// WebDriver's key values for the arrows and Enter.
const ARROW_RIGHT: &str = "\u{E014}";

struct Visit {
    browser: Browser,
    shots: PathBuf,
}

impl Visit {
    /// Opens `url` and waits until its view is drawn; the milliseconds the
    /// page says it took from the navigation.
    fn open(&self, url: &str) -> u64 {
        self.browser.open(url);
        self.ready()
    }

    fn ready(&self) -> u64 {
        let main = self.browser.find("main[data-ready=yes]");
        let ms = self.browser.attribute(&main, "data-ready-ms").unwrap();
        ms.parse().unwrap()
    }

    fn canvas(&self, name: &str) -> String {
        let canvas = self.browser.find("[data-graph-canvas]");
        self.browser.attribute(&canvas, name).unwrap_or_default()
    }

    fn no_console_errors(&self, during: &str) {
        for entry in self.browser.console() {
            assert!(
                entry["level"] != "SEVERE",
                "{during}: console error {entry}"
            );
        }
    }

    /// Waits until the view is drawn, and the canvas redrawn after a resize.
    fn redrawn(&self) {
        self.ready();
        self.browser
            .script("return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))");
    }

    fn screenshot(&self, name: &str, width: u32, height: u32) {
        self.browser.resize(width, height);
        self.redrawn();
        self.browser.script("window.scrollTo(0, 0)");
        let file = self.shots.join(format!("graph-{name}.png"));
        std::fs::write(&file, self.browser.screenshot()).unwrap();
    }
}

/// The numbers a node's column holds, as drawn: the least and the most of
/// those not negative (-1: cannot be solved).
fn range(answer: &Value, column: &str) -> String {
    let values: Vec<i64> = answer["nodes"][column]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .filter(|&v| v >= 0)
        .collect();
    format!(
        "{}-{}",
        values.iter().min().unwrap(),
        values.iter().max().unwrap()
    )
}

/// Issue 58, point 7: the colour scale over the group's own range, colours
/// for the dark theme, the chooser styled as the page's other controls,
/// the zoom buttons on one line on a phone.
fn colours_and_controls(visit: &Visit, answer: &Value) {
    let legend = || {
        visit
            .browser
            .text(&visit.browser.find("[data-graph-legend]"))
    };
    for (key, words) in [
        ("farthest_step", "steps to the farthest"),
        ("min_solution_step", "steps to solved"),
    ] {
        visit.browser.script_with(
            "const select = document.querySelector('[data-graph-colour]');
             select.value = arguments[0];
             select.dispatchEvent(new Event('change'));",
            serde_json::json!([key]),
        );
        let range = range(answer, key);
        assert_eq!(visit.canvas("data-graph-range"), range, "{key}");
        let (min, max) = range.split_once('-').unwrap();
        let legend = legend().split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(legend, format!("{min} {max} {words}"), "{key}");
    }
    let style = visit.browser.script(
        "const look = (css) => { const s = getComputedStyle(document.querySelector(css));
           return [s.borderTopStyle, s.borderTopColor, s.borderRadius, s.fontFamily]; };
         return [look('[data-graph-colour]'), look('[data-find-input]')];",
    );
    assert_eq!(style[0], style[1], "the chooser is styled as the find box");
    let ramp = |scheme: &str| {
        visit.browser.color_scheme(scheme);
        visit.browser.wait_for(&format!("the {scheme} ramp"), || {
            let style = visit
                .browser
                .script("return document.querySelector('.graph-ramp').getAttribute('style')");
            let style = style.as_str().unwrap_or_default().to_owned();
            style
                .contains(if scheme == "dark" {
                    "#9a6be0"
                } else {
                    "#440154"
                })
                .then_some(())
        })
    };
    ramp("dark");
    ramp("light");
    visit.browser.resize(390, 844);
    visit.redrawn();
    let tops = visit.browser.script(
        "return [...document.querySelectorAll('.graph-zoom button')].map((b) => Math.round(b.getBoundingClientRect().top))",
    );
    assert_eq!(tops[0], tops[1], "the zoom buttons on one line: {tops}");
    visit.browser.resize(1280, 800);
    screenshots(&visit.browser, &visit.shots, "graph", None, || {
        visit.redrawn()
    });
    visit.no_console_errors("the colours and the controls");
}

/// The card shows the layout under the pointer, with its numbers (never
/// null), also after a pan moves another one there; else the focused one.
fn hover_card(visit: &Visit, answer: &Value) {
    let codes = answer["nodes"]["code"].as_array().unwrap();
    // The pointer over the canvas's middle (the browser's pointer event,
    // as a mouse moved there gives).
    visit.browser.script(
        "const canvas = document.querySelector('[data-graph-canvas]');
         const r = canvas.getBoundingClientRect();
         canvas.dispatchEvent(new PointerEvent('pointermove', { pointerId: 1, pointerType: 'mouse',
           clientX: r.left + r.width / 2, clientY: r.top + r.height / 2, bubbles: true }));",
    );
    for k in [1, 7, 4000, 12345, 25000] {
        let code = codes[k].as_str().unwrap();
        visit.browser.script(&format!(
            "document.querySelector('[data-graph-canvas]').graph.centreOn('{code}')"
        ));
        visit
            .browser
            .wait_text("[data-graph-shown]", |text| text == code);
        let card = visit
            .browser
            .text(&visit.browser.find("[data-graph-inset]"));
        let steps = answer["nodes"]["farthest_step"][k].as_u64().unwrap();
        assert!(card.contains(&format!("farthest: {steps} steps")), "{card}");
        for word in ["null", "undefined", "NaN"] {
            assert!(!card.contains(word), "{word} in the card: {card}");
        }
        // A pan moves the layout away from the pointer: the card follows.
        visit
            .browser
            .script("document.querySelector('[data-graph-canvas]').graph.panBy(150, 90)");
        // ("" is a card being replaced: its element gone.)
        let shown = visit.browser.wait_text("[data-graph-shown]", |text| {
            !text.is_empty() && text != code
        });
        let under = visit.browser.script_with(
            "const canvas = document.querySelector('[data-graph-canvas]');
             const [x, y] = canvas.graph.point(arguments[0]);
             return Math.hypot(x - canvas.clientWidth / 2, y - canvas.clientHeight / 2) <= 8
               || arguments[0] === canvas.dataset.graphFocus;",
            serde_json::json!([shown]),
        );
        assert_eq!(
            under, true,
            "{shown} is neither under the pointer nor focused"
        );
    }
    visit.no_console_errors("the card");
}

/// While the server places a group, the view says what and for how long:
/// the graph's answer held back 1.5 s, the view opened from inside the page.
fn progress(visit: &Visit, graph_url: &str) {
    let path = graph_url.split_once("/ui/").unwrap().1;
    visit.browser.script_with(
        "const real = window.fetch;
         window.fetch = (url, options) => String(url).endsWith('/graph')
           ? new Promise((later) => setTimeout(later, 1500)).then(() => { window.fetch = real; return real(url, options); })
           : real(url, options);
         history.pushState(null, '', `/ui/${arguments[0]}`);
         dispatchEvent(new PopStateEvent('popstate'));",
        serde_json::json!([path]),
    );
    visit.browser.wait_text("[data-graph-progress]", |text| {
        text.starts_with("Placing the 25,955 layouts of group 5-4-1-1 on the server")
    });
    let file = visit.shots.join("graph-progress-desktop.png");
    std::fs::write(&file, visit.browser.screenshot()).unwrap();
    visit.ready();
    assert_eq!(visit.canvas("data-graph-nodes"), "25955");
    visit.no_console_errors("the progress");
}

#[test]
#[cfg_attr(
    missing_chromium,
    ignore = "needs Chromium and chromedriver: apt-get install chromium chromium-driver"
)]
fn the_graph_view_in_a_real_browser() {
    let session = Session::start(Config::default());
    let site = &session.site;
    // A server that draws at most 5,000 layouts: 5-4-1-1 is over it.
    let small = Site::start(
        &session.db,
        Config {
            drawing_layouts: 5_000,
            ..Config::default()
        },
    );
    let visit = Visit {
        browser: session.browser,
        shots: session.shots,
    };
    let code = "1A9BF0C00";
    let graph_url = format!("{}/ui/graph/{code}", site.base);

    // The whole group, its solution, first and then cached.
    let first_ms = visit.open(&graph_url);
    let answer = site.api(&format!("/case/{code}/graph"));
    assert_eq!(visit.canvas("data-graph-nodes"), "25955");
    let n_edges = answer["edges"].as_array().unwrap().len() / 2;
    assert_eq!(visit.canvas("data-graph-edges"), n_edges.to_string());
    assert_eq!(visit.canvas("data-graph-solution"), "82");
    assert_eq!(visit.canvas("data-graph-radius"), "whole");
    assert_eq!(visit.canvas("data-graph-focus"), code);
    visit.no_console_errors("the group's graph");
    let cached_ms = visit.open(&graph_url);
    eprintln!("graph view of {code} drawn in {first_ms} ms first, {cached_ms} ms cached");

    colours_and_controls(&visit, &answer);
    hover_card(&visit, &answer);
    progress(&visit, &graph_url);

    // Frames per second while a script pans for two seconds.
    let fps = visit.browser.script(
        "const canvas = document.querySelector('[data-graph-canvas]');
         return new Promise((done) => {
           let frames = 0;
           const start = performance.now();
           const step = (now) => {
             frames += 1;
             canvas.graph.panBy(3, 1);
             if (now - start < 2000) requestAnimationFrame(step);
             else done(frames / ((now - start) / 1000));
           };
           requestAnimationFrame(step);
         });",
    );
    eprintln!("scripted pan: {:.1} frames a second", fps.as_f64().unwrap());

    // The arrow keys walk to a neighbour: a layout one move away.
    let canvas = visit.browser.find("[data-graph-canvas]");
    visit
        .browser
        .script("document.querySelector('[data-graph-canvas]').focus()");
    visit.browser.keys(ARROW_RIGHT);
    let focus = visit.canvas("data-graph-focus");
    let moves = site.api(&format!("/case/{code}/moves"));
    let next: Vec<&str> = moves["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"]["code"].as_str().unwrap())
        .collect();
    assert!(next.contains(&focus.as_str()), "{focus} not in {next:?}");
    visit
        .browser
        .wait_text("[data-graph-shown]", |text| text == focus);

    // A click on a node opens its layout: centre on one, click the middle.
    let target = "1ADEF8000";
    visit.browser.script(&format!(
        "document.querySelector('[data-graph-canvas]').graph.centreOn('{target}')"
    ));
    visit.browser.click(&canvas);
    visit.ready();
    visit
        .browser
        .wait_text("[data-code]", |text| text == target);
    visit.no_console_errors("a click on a node");

    // The layout view (in its details) and the group view link to the graph.
    visit
        .browser
        .click(&visit.browser.find("[data-details] summary"));
    visit.browser.find("a[href='/ui/graph/1ADEF8000']");
    visit.open(&format!("{}/ui/group/5-4-1-1", site.base));
    let hardest = site.api("/group/5-4-1-1")["max_min_solution_code"].clone();
    let link = visit.browser.find(&format!(
        "a[href='/ui/graph/{}']",
        hardest.as_str().unwrap()
    ));
    visit.browser.click(&link);
    visit.ready();
    assert_eq!(visit.canvas("data-graph-nodes"), "25955");
    visit.no_console_errors("the links to the graph");

    // A group over the server's limit: the ball around the layout.
    visit.open(&format!("{}/ui/graph/{code}", small.base));
    let radius: u32 = visit.canvas("data-graph-radius").parse().unwrap();
    let nodes: u32 = visit.canvas("data-graph-nodes").parse().unwrap();
    assert!(
        nodes <= 5_000 && radius > 0,
        "{nodes} layouts, radius {radius}"
    );
    assert_eq!(
        small.api(&format!("/case/{code}/graph"))["radius"],
        Value::from(radius)
    );
    visit.screenshot("ball-desktop", 1280, 800);
    visit.no_console_errors("a ball");
}
