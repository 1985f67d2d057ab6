//! The level list (关卡) and the classic names, in a real headless Chromium
//! driven through WebDriver over a database of class 5-4-1 built here: the
//! list in English and Chinese at desktop and phone width, as the API's
//! `/named` orders it, axe-core clean; a level solved by playing it marked
//! ✓ with its best count after a reload, then "next level"; the timer shown
//! and hidden, the choice kept; the solves forgotten on confirmation; the
//! find box by a Chinese name, pinyin without tones, an English name, a
//! part of several names (a list) and a miss (the nearest names).
//! Screenshots go to `/tmp/levels-shots/`.
//!
//! Without `chromium` and `chromedriver` on the PATH `cargo test` lists the
//! test as ignored, with the reason (`build.rs`), unless `KLOTSKI_CI=1`.

mod browser;
mod common;

use std::path::Path;

use browser::access::{axe_findings, small_targets};
use browser::site::headless_chromium;
use browser::visit::{self, Check, Visit};
use serde_json::{json, Value};

#[test]
#[cfg_attr(
    missing_chromium,
    ignore = "needs Chromium and chromedriver: apt-get install chromium chromium-driver"
)]
fn levels_and_names_in_a_real_browser() {
    visit::run(&["5-4-1"], &CHECKS);
}

/// What is checked, in order, each named.
const CHECKS: [(&str, Check); 6] = [
    ("the level list in English", english_list),
    (
        "a level solved by playing it, kept; the next level",
        solve_a_level,
    ),
    ("the timer shown and hidden", timer),
    ("the solves forgotten on confirmation", reset),
    ("finding by name", find_by_name),
    ("the level list in Chinese", chinese_list),
];

/// Where the screenshots go: outside the repository.
const SHOTS: &str = "/tmp/levels-shots";

/// Saves the page as it is to `SHOTS/NAME.png`.
fn shot(visit: &Visit, name: &str) {
    std::fs::create_dir_all(SHOTS).unwrap();
    let file = Path::new(SHOTS).join(format!("{name}.png"));
    std::fs::write(file, visit.browser.screenshot()).unwrap();
}

/// The levels as the API gives them: each solvable classic layout of the
/// database once, the easiest first (code, fewest steps).
fn levels(visit: &Visit) -> Vec<(String, i64)> {
    let named = visit.site.api("/named?limit=1000");
    let mut seen = std::collections::HashSet::new();
    named["named"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| {
            (
                entry["code"].as_str().unwrap().to_owned(),
                entry["solution"]["min_step"].as_i64().unwrap(),
            )
        })
        .filter(|(code, steps)| *steps > 0 && seen.insert(code.clone()))
        .collect()
}

/// The levels the page lists, in order, each with its fewest steps.
fn listed(visit: &Visit) -> Vec<(String, i64)> {
    let found = visit.browser.script(
        "return [...document.querySelectorAll('[data-levels] [data-level]')].map((li) =>
           [li.dataset.level, Number(li.querySelector('[data-level-steps]').dataset.levelSteps)]);",
    );
    serde_json::from_value(found).unwrap()
}

/// Fails on anything axe-core finds, and on a phone on a small target.
fn accessible(visit: &Visit, what: &str) {
    let findings = axe_findings(visit);
    assert!(findings.is_empty(), "{what}: {findings:#?}");
    let width = visit.browser.script("return innerWidth").as_i64().unwrap();
    if width < 500 {
        assert_eq!(small_targets(visit), json!([]), "{what}");
    }
}

/// The list at desktop and phone width: every level of the API in its
/// order, under bands of stars, reached from the header and the start page.
fn english_list(visit: &Visit) {
    let expected = levels(visit);
    assert!(expected.len() >= 2, "{expected:?}");
    visit.open("/ui/");
    visit.click("header nav a[href='/ui/levels']");
    visit.find("[data-levels] [data-level]");
    assert_eq!(visit.text("main h1"), "Levels: the classic layouts");
    assert_eq!(listed(visit), expected);
    let bands = visit.browser.script(
        "return [...document.querySelectorAll('[data-band]')].map((h) => Number(h.dataset.band))",
    );
    let stars: Vec<i64> = serde_json::from_value(bands).unwrap();
    assert!(stars.windows(2).all(|w| w[0] < w[1]), "{stars:?}");
    for (width, height, name) in [
        (1280, 800, "levels-en-desktop"),
        (390, 844, "levels-en-phone"),
    ] {
        visit.browser.resize(width, height);
        visit.open("/ui/levels");
        visit.find("[data-levels] [data-level]");
        accessible(visit, name);
        shot(visit, name);
    }
    visit.browser.resize(1280, 800);
    visit.open("/ui/");
    visit.click("[data-famous] ~ p a[href='/ui/levels']");
    visit.find("[data-levels] [data-level]");
}

/// The moves of a minimum solution of `code`: (from, to) cells.
fn solution_moves(visit: &Visit, code: &str) -> Vec<(String, String)> {
    let solution = visit.site.api(&format!("/case/{code}/solution"));
    solution["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let cell = |key: &str| m[key].as_str().unwrap().to_owned();
            (cell("from"), cell("to"))
        })
        .collect()
}

/// The easiest level opened from the list and solved by clicks, as a
/// person plays: kept after a reload with its best count and a time, shown
/// on the start page; "next level" opens the next by difficulty.
fn solve_a_level(visit: &Visit) {
    let expected = levels(visit);
    let (code, fewest) = expected[0].clone();
    visit.open("/ui/levels");
    visit.click(&format!("[data-level='{code}'] a"));
    visit.wait_text("[data-start-code]", &code);
    for (step, (from, to)) in solution_moves(visit, &code).iter().enumerate() {
        visit.click(&format!("[data-play-board] [data-piece={from}]"));
        visit.click(&format!("[data-play-board] [data-dest={to}]"));
        visit.wait_text("[data-count]", &(step + 1).to_string());
    }
    let next = visit.find("[data-next-level] a[data-action=next-level]");
    assert_eq!(
        visit.browser.attribute(&next, "href").unwrap(),
        format!("/ui/case/{}", expected[1].0)
    );
    assert!(visit.text("[data-timer]").contains(':'));
    shot(visit, "level-solved");
    visit.browser.click(&next);
    visit.wait_text("[data-start-code]", &expected[1].0);
    // After a reload of the list: the level marked, with its best count.
    visit.open("/ui/levels");
    let best = visit.find(&format!("[data-level='{code}'] [data-level-best]"));
    assert_eq!(
        visit.browser.attribute(&best, "data-level-best").unwrap(),
        fewest.to_string()
    );
    assert!(visit
        .browser
        .text(&best)
        .contains(&format!("best {fewest} steps")));
    visit.browser.script("location.reload()");
    visit.ready();
    visit.find(&format!(
        "[data-level='{code}'] [data-level-best='{fewest}']"
    ));
    // The solved filter shows it alone; the start page lists it.
    visit.open("/ui/levels?show=solved");
    assert_eq!(listed(visit), vec![(code.clone(), fewest)]);
    visit.open("/ui/");
    visit.find(&format!("[data-recent-solve='{code}']"));
}

/// The timer beside the step counter: it runs from the first step; hidden
/// and shown again by its button, the choice kept across a reload.
fn timer(visit: &Visit) {
    visit.open("/ui/case/1A9BF0C00");
    assert_eq!(visit.text("[data-timer]"), "0:00");
    visit.click("[data-action=timer]");
    visit.browser.wait_for("the timer hidden", || {
        (!visit
            .browser
            .script("return document.querySelector('[data-timer]').checkVisibility()")
            .as_bool()
            .unwrap())
        .then_some(())
    });
    visit.open("/ui/case/1A9BF0C00");
    let hidden = visit
        .browser
        .script("return document.querySelector('[data-timer]').hidden");
    assert_eq!(hidden, json!(true));
    assert_eq!(
        visit
            .browser
            .attribute(&visit.find("[data-action=timer]"), "aria-pressed")
            .unwrap(),
        "false"
    );
    visit.click("[data-action=timer]");
    visit.wait_text("[data-timer]", "0:00");
}

/// Forgetting the solves asks first; "keep" keeps them, "forget" empties the list's marks.
fn reset(visit: &Visit) {
    visit.open("/ui/levels");
    visit.find("[data-level-best]");
    visit.click("[data-action=reset-solves]");
    visit.click("[data-action=reset-no]");
    visit.find("[data-level-best]");
    visit.click("[data-action=reset-solves]");
    visit.click("[data-action=reset-yes]");
    visit.browser.wait_for("the marks gone", || {
        visit
            .browser
            .all("[data-level-best]")
            .is_empty()
            .then_some(())
    });
    visit.open("/ui/levels");
    assert!(visit.browser.all("[data-level-best]").is_empty());
}

/// Types `text` in the header's find box and submits it.
fn find(visit: &Visit, text: &str) {
    let input = visit.find("[data-find-input]");
    visit
        .browser
        .script("document.querySelector('[data-find-input]').value = ''");
    visit.browser.type_in(&input, text);
    visit.click("[data-find] button[type=submit]");
}

/// The find box: names in every form open their layout; a part of several
/// names lists them, a miss the nearest, never a guess.
fn find_by_name(visit: &Visit) {
    let info = visit.site.api("/case/1A9BF0C00");
    let english = info["names"][0]["english"].as_str().unwrap().to_owned();
    for text in [
        "横刀立马",
        "hengdaolima",
        "heng dao li ma",
        english.as_str(),
    ] {
        visit.open("/ui/");
        find(visit, text);
        visit.wait_text("[data-start-code]", "1A9BF0C00");
        assert!(visit.text("[data-game-name]").contains(&english), "{text}");
    }
    // A part of several names: the API says which, and the page lists them.
    let part = ambiguous_part(visit);
    visit.open("/ui/");
    find(visit, &part);
    visit.find("[data-find-error] [data-names-offered=ambiguous_name] [data-suggest]");
    let offered = visit.browser.all("[data-find-error] [data-suggest]").len();
    assert!(offered >= 2, "{part}: {offered}");
    shot(visit, "find-several");
    // A miss: the nearest names, each a link that opens its layout.
    visit.open("/ui/");
    find(visit, "hengdaolim xyz");
    visit.find("[data-find-error] [data-names-offered=unknown_name] [data-suggest]");
    visit.expect_refused_loads();
}

/// A text that is part of several classic names, as the API answers it.
fn ambiguous_part(visit: &Visit) -> String {
    let named = visit.site.api("/named?limit=1000");
    let names: Vec<String> = named["named"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| entry["display"].as_str().unwrap().to_owned())
        .collect();
    names
        .iter()
        .flat_map(|name| {
            let chars: Vec<char> = name.chars().collect();
            chars
                .windows(2)
                .map(|w| w.iter().collect::<String>())
                .collect::<Vec<_>>()
        })
        .find(|part| {
            let answer: Value = visit.site.api(&format!("/case/{}", visit::percent(part)));
            answer["error"] == "ambiguous_name"
        })
        .expect("no part of two names")
}

/// The list in a browser whose language is Chinese: its words, axe-core
/// clean at desktop and phone width, the levels as in English.
fn chinese_list(visit: &Visit) {
    let profile = tempfile::tempdir().unwrap();
    let (browser, shots) = headless_chromium(profile.path(), "zh-CN,zh");
    let reader = Visit {
        site: visit.site,
        browser,
        shots,
    };
    for (width, height, name) in [
        (1280, 800, "levels-zh-desktop"),
        (390, 844, "levels-zh-phone"),
    ] {
        reader.browser.resize(width, height);
        reader.open("/ui/levels");
        reader.find("[data-levels] [data-level]");
        assert_eq!(reader.text("main h1"), "关卡：经典布局");
        assert_eq!(listed(&reader), levels(visit));
        accessible(&reader, name);
        shot(&reader, name);
    }
    reader.open("/ui/case/1A9BF0C00");
    let name = reader.text("[data-game-name]");
    assert_eq!(
        name,
        visit.site.api("/case/1A9BF0C00")["names"][0]["display"]
    );
    shot(&reader, "layout-zh");
    reader.no_console_errors("the level list in Chinese");
}
