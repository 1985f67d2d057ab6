//! Playing a layout in a real headless Chromium, driven through WebDriver
//! (`chromedriver`) against a server over a database of class 5-4-1 built
//! here: clicks, hints in levels, undo and redo, the whole solution, the
//! keyboard, dragging, the address of a game, the review of a game with a
//! slip and a solution played at phone size, each checked against the JSON
//! API, with no error in the browser's console. Screenshots go to
//! `target/screenshots/`.
//!
//! Without `chromium` and `chromedriver` on the PATH `cargo test` lists the
//! test as ignored, with the reason (`build.rs`), unless `KLOTSKI_CI=1`
//! (CI installs them): then it fails.

mod browser;
mod common;

use browser::visit;
use serde_json::Value;
use visit::{best_of, quick_clicks, show_analysis, step_code, Check, Visit};

#[test]
#[cfg_attr(
    missing_chromium,
    ignore = "needs Chromium and chromedriver: apt-get install chromium chromium-driver"
)]
fn playing_in_a_real_browser() {
    visit::run(&["5-4-1"], &CHECKS);
}

/// What a person does, in order, each named.
const CHECKS: [(&str, Check); 8] = [
    ("the analysis shown", show_analysis),
    ("quick clicks, undo and redo, hints in levels", best_move),
    ("playing the whole solution by clicking", whole_solution),
    ("playing by keyboard", keyboard),
    ("playing by dragging", drag),
    ("a game is its address", shareable),
    ("a review with a slip, replayed", review_with_slip),
    ("a solution played at phone size", phone_solution),
];

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
    visit
        .browser
        .wait_text("[data-hint]", |text| text.contains(&format!("{from}–{to}")));
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
    visit
        .browser
        .wait_for("the solution played to its end", || {
            if !visit.browser.all("[data-solved]:not([hidden])").is_empty() {
                return Some(());
            }
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
            None
        });
    assert!(seen >= 3, "the board looked at {seen} times while playing");
    // Under the board, in sight: the page played it, so no praise.
    visit.browser.wait_text("[data-hint]", |text| {
        text == "The 2x2 block is at the exit: 6 steps, played by the page."
    });
    visit.browser.resize(1280, 800);
}
