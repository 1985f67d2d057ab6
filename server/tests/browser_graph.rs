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

mod common;
#[path = "browser/site.rs"]
mod site;
#[allow(dead_code)] // the layout view's test uses the rest
#[path = "browser/webdriver.rs"]
mod webdriver;

use std::path::PathBuf;

use common::build_db;
use serde_json::Value;
use server::Config;
use site::{headless_chromium, Site};
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

    fn screenshot(&self, name: &str, width: u32, height: u32) {
        self.browser.resize(width, height);
        self.ready();
        self.browser.script("window.scrollTo(0, 0)");
        // The canvas redraws on resize; give it a frame.
        self.browser
            .script("return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))");
        let file = self.shots.join(format!("graph-{name}.png"));
        std::fs::write(&file, self.browser.screenshot()).unwrap();
    }
}

#[test]
#[cfg_attr(
    missing_chromium,
    ignore = "needs Chromium and chromedriver: apt-get install chromium chromium-driver"
)]
fn the_graph_view_in_a_real_browser() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("klotski.db");
    build_db(&db, &["5-4-1"]);
    let site = Site::start(&db, Config::default());
    // A server that draws at most 5,000 layouts: 5-4-1-1 is over it.
    let small = Site::start(
        &db,
        Config {
            drawing_layouts: 5_000,
            ..Config::default()
        },
    );
    let profile = tempfile::tempdir().unwrap();
    let (browser, shots) = headless_chromium(profile.path());
    let visit = Visit { browser, shots };
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

    visit.screenshot("desktop", 1280, 800);
    visit.screenshot("phone", 390, 844);
    visit.browser.resize(1280, 800);

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

    // The layout view and the group view link to the graph.
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
