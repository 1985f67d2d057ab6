//! The page's addresses and the find boxes in a real headless Chromium,
//! driven through WebDriver over a database of class 5-4-1 built here:
//! the odd addresses of issue 58 and a seeded generator's (escapes, names
//! of JavaScript's object properties, codes in every form, names, empty
//! and extra parts, unicode, odd queries), each ending in the view it
//! names or in a message with the find box, with no page error and no
//! `null`, `undefined` or `NaN` shown; what the find boxes say when they
//! find nothing, and the names they find; the focus on the new view's
//! heading. Screenshots of the message and of the suggestions go to
//! `target/screenshots/`.
//!
//! Without `chromium` and `chromedriver` on the PATH `cargo test` lists the
//! test as ignored, with the reason (`build.rs`), unless `KLOTSKI_CI=1`.

mod browser;
mod common;

use std::path::PathBuf;

use browser::visit::percent;
use browser::{site, webdriver};
use serde_json::{json, Value};
use server::Config;
use site::{screenshots, Session, Site};
use webdriver::Browser;

/// WebDriver's key value for Enter.
const ENTER: &str = "\u{E007}";

/// What an address should end in.
#[derive(Clone, Debug, PartialEq)]
enum Expected {
    /// A view: its kind, and the code of the layout it shows (or "").
    View(&'static str, String),
    /// The message of an address the page cannot open or the server's
    /// explanation: one of these `data-error` codes.
    Message(&'static [&'static str]),
}

/// The `data-error` of what is wrong with an address, or the server's
/// reason a layout part names none.
const BAD_ADDRESS: &[&str] = &["bad_address"];
const NO_LAYOUT: &[&str] = &[
    "invalid_layout",
    "not_found",
    "bad_address",
    "unknown_name",
    "ambiguous_name",
];
const NO_NAME: &[&str] = &["invalid_name", "not_found", "bad_address"];
const NOT_HELD: &[&str] = &["not_found"];

struct Visit {
    site: Site,
    browser: Browser,
    shots: PathBuf,
}

impl Visit {
    /// Opens `path` of the site afresh and waits until its view is drawn.
    fn open(&self, path: &str) {
        self.browser.open(&format!("{}{path}", self.site.base));
        self.browser.find("main[data-ready=yes]");
    }

    /// Goes to `paths` one after the other inside the page (as its links
    /// and the back button do) and reads what each ends in: `{path, ms,
    /// view, code, error, heading, text, errors}`, `ms` -1 when not drawn
    /// within 10 s, `errors` the page errors meanwhile.
    fn visit_all(&self, paths: &[String]) -> Vec<Value> {
        let answer = self.browser.script_with(
            "const paths = arguments[0];
             const errors = (window.pageErrors ??= []);
             if (!window.pageErrorsHeard) {
               window.pageErrorsHeard = true;
               addEventListener('error', (e) => errors.push(String(e.message)));
               addEventListener('unhandledrejection', (e) => errors.push(String(e.reason)));
             }
             const main = document.querySelector('main');
             const drawn = (since) => new Promise((ready) => {
               const look = () => main.dataset.ready === 'yes' ? ready(performance.now() - since)
                 : performance.now() - since > 10000 ? ready(-1) : setTimeout(look, 5);
               look();
             });
             // Chromium ignores history changes past 200 in 10 s (its flooding
             // protection): a change ignored is made again a little later.
             const go = async (path) => {
               const target = new URL(path, location.href).href;
               for (let tries = 0; tries < 120; tries++) {
                 history.pushState(null, '', path);
                 if (location.href === target) return;
                 await new Promise((later) => setTimeout(later, 100));
               }
             };
             const read = async (path) => {
               errors.length = 0;
               await go(path);
               const since = performance.now();
               dispatchEvent(new PopStateEvent('popstate'));
               const ms = await drawn(since);
               const q = (css) => main.querySelector(css);
               return { path, ms, errors: [...errors], location: location.pathname + location.search,
                 error: q('[data-error]')?.dataset.error ?? null,
                 code: q('[data-code]')?.textContent ?? q('[data-graph-canvas]')?.dataset.graphFocus
                   ?? q('[data-composed-code]')?.textContent ?? q('[data-path-step] a')?.textContent ?? '',
                 view: q('[data-error]') ? 'message' : q('[data-code]') ? 'case' : q('[data-graph-canvas]') ? 'graph'
                   : q('[data-compose-board]') ? 'compose' : q('[data-path-step]') ? 'path' : q('[data-group]') ? 'group'
                   : q('[data-class]') ? 'class' : q('[data-famous]') ? 'start' : 'other',
                 heading: q('h1')?.textContent ?? '', text: `${document.title}\\n${main.innerText}` };
             };
             return (async () => { const out = []; for (const path of paths) out.push(await read(path)); return out; })();",
            json!([paths]),
        );
        answer.as_array().unwrap().clone()
    }

    /// Fails on any page error in the console: loads the server refused
    /// (the page asked for its explanation) are not errors of the page.
    fn no_page_errors(&self, during: &str) {
        for entry in self.browser.console() {
            let message = entry["message"].as_str().unwrap_or_default();
            assert!(
                entry["level"] != "SEVERE" || message.contains("Failed to load resource"),
                "{during}: {entry}"
            );
        }
    }

    /// Types `text` in the header's search box and presses Enter.
    fn find_box(&self, text: &str) {
        let input = self.browser.find("[data-find-input]");
        self.browser.type_in(&input, text);
        self.browser.keys(ENTER);
    }

    /// Saves `NAME-desktop.png`, `NAME-phone.png` and their dark twins.
    fn screenshots(&self, name: &str) {
        screenshots(&self.browser, &self.shots, name, None, || {});
    }
}

/// Checks what an address ended in against what it should.
fn check(seen: &Value, expected: &Expected) {
    let path = &seen["path"];
    assert!(
        seen["ms"].as_f64().unwrap() >= 0.0,
        "{path}: never drawn: {seen}"
    );
    assert_eq!(seen["errors"], json!([]), "{path}: page errors");
    let text = seen["text"].as_str().unwrap();
    // Unless the address holds it (a message may quote the address).
    for word in ["null", "undefined", "NaN"] {
        let shown = text
            .split(|c: char| !c.is_alphanumeric())
            .any(|w| w == word)
            && !path.as_str().unwrap().contains(word);
        assert!(!shown, "{path}: {word} shown: {text}");
    }
    assert!(
        !seen["heading"].as_str().unwrap().is_empty(),
        "{path}: no heading: {seen}"
    );
    match expected {
        Expected::View(view, code) => {
            assert_eq!(
                (&seen["view"], &seen["code"]),
                (&json!(view), &json!(code)),
                "{path}: {seen}"
            );
        }
        Expected::Message(errors) => {
            let error = seen["error"].as_str().unwrap_or_default();
            assert!(errors.contains(&error), "{path}: {errors:?}: {seen}");
            assert!(text.contains("Find a layout"), "{path}: no find box");
        }
    }
}

#[test]
#[cfg_attr(
    missing_chromium,
    ignore = "needs Chromium and chromedriver: apt-get install chromium chromium-driver"
)]
fn addresses_and_words_in_a_real_browser() {
    let session = Session::start(Config::default());
    let visit = Visit {
        site: session.site,
        browser: session.browser,
        shots: session.shots,
    };
    the_issues_addresses(&visit);
    visit.no_page_errors("the issue's addresses");
    codes_checked_as_the_engine(&visit);
    visit.no_page_errors("codes checked");
    generated_addresses(&visit);
    visit.no_page_errors("generated addresses");
    words_found(&visit);
    visit.no_page_errors("the find boxes");
    focus_after_navigation(&visit);
    visit.no_page_errors("the focus");
}

/// The dead ends issue 58 found, each opened afresh.
fn the_issues_addresses(visit: &Visit) {
    let code = |c: &str| c.to_owned();
    for (path, expected, says) in [
        (
            "/ui/case/%E0",
            Expected::Message(BAD_ADDRESS),
            "a broken escape in \"%E0\"",
        ),
        (
            "/ui/toString",
            Expected::Message(BAD_ADDRESS),
            "no view called \"toString\"",
        ),
        (
            "/ui/case/",
            Expected::Message(BAD_ADDRESS),
            "it needs a layout",
        ),
        (
            "/ui/case/1A9BF0C00?metric=constructor",
            Expected::View("case", code("1A9BF0C00")),
            "'constructor' is not a metric",
        ),
        (
            "/ui/path/1A9BF0C00/1ADEF8000?metric=toString",
            Expected::View("path", code("1A9BF0C00")),
            "'toString' is not a metric",
        ),
        (
            "/ui/compose/1A9BF0C",
            Expected::View("compose", code("1A9BF0C00")),
            "Legal: code 1A9BF0C00",
        ),
    ] {
        visit.open(path);
        let seen = &visit.visit_all(&[path.to_owned()])[0];
        check(seen, &expected);
        let text = seen["text"].as_str().unwrap();
        assert!(text.contains(says), "{path}: {says:?} not in {text}");
    }
    // The short form is opened as its code, and the address says which.
    assert_eq!(
        visit.browser.script("return location.pathname"),
        "/ui/compose/1A9BF0C00"
    );
    // The message of a broken address, with the find box, which opens a layout.
    visit.open("/ui/case/%E0");
    visit.screenshots("address-message");
    let input = visit.browser.find("[data-find-again] input");
    visit.browser.type_in(&input, "heng dao li ma");
    visit.browser.keys(ENTER);
    visit
        .browser
        .wait_text("[data-code]", |text| text == "1A9BF0C00");
}

/// The page's check of a code (`checkedCode`, which spares the server a
/// request) against the engine's, on generated texts: the legal codes of a
/// page of layouts in every form, each with one digit changed, and random
/// hex digits; legal where the server parses it (a 200 or a 404, not a 400),
/// as the same code. Not five characters, which the server also reads as a
/// short code.
fn codes_checked_as_the_engine(visit: &Visit) {
    let mut random = fastrand::Rng::with_seed(58);
    let mut texts: Vec<String> = Vec::new();
    let cases = visit.site.api("/group/5-4-1-0/cases?limit=40");
    for case in cases["cases"].as_array().unwrap() {
        let code = case["code"].as_str().unwrap();
        texts.push(code.trim_end_matches('0').to_lowercase());
        let mut digits: Vec<char> = code.chars().collect();
        let at = random.usize(..9);
        digits[at] = char::from(*random.choice(b"0123456789ABCDEF").unwrap());
        texts.push(digits.into_iter().collect());
    }
    for _ in 0..80 {
        let n = random.usize(1..=9);
        texts.push(
            (0..n)
                .map(|_| char::from(*random.choice(b"0123456789abcdefABCDEF").unwrap()))
                .collect(),
        );
    }
    // Five characters the server also reads as a short code.
    texts.retain(|text| text.len() != 5);
    let answers = visit.browser.script_with(
        "const version = document.querySelector('script[type=module]').src.replace('app.js', '');
         return import(`${version}code.js`).then(({ checkedCode }) => Promise.all(arguments[0].map(async (text) => {
           const response = await fetch(`/case/${text}`);
           const body = await response.json();
           return [text, checkedCode(text), response.status === 400 ? null : body.code ?? text.toUpperCase().padEnd(9, '0')];
         })));",
        json!([texts]),
    );
    let mut n_legal = 0;
    for answer in answers.as_array().unwrap() {
        assert_eq!(answer[1], answer[2], "{answer}");
        n_legal += usize::from(!answer[1].is_null());
    }
    assert!(n_legal >= 40, "{n_legal} legal of {}", texts.len());
}

/// A seeded generator of odd addresses, each with what it should end in.
struct Addresses {
    random: fastrand::Rng,
    /// Layout parts: as written, and the code they name in this database
    /// (`None`: no layout; `Some("")`: a legal layout it does not hold).
    layouts: Vec<(String, Option<String>)>,
}

/// Names of JavaScript's object properties, which a plain object's lookup finds.
const PROTOTYPE_NAMES: [&str; 7] = [
    "toString",
    "constructor",
    "__proto__",
    "hasOwnProperty",
    "valueOf",
    "isPrototypeOf",
    "toLocaleString",
];

/// Parts that name nothing: escapes, words, unicode, and the like.
const ODD_PARTS: [&str; 16] = [
    "%E0",
    "%",
    "%ZZ",
    "%C3%28",
    "%25",
    "%2F",
    "%20",
    "undefined",
    "null",
    "NaN",
    "-1",
    "1g3",
    "曹",
    "%F0%9F%98%80",
    "a%00b",
    "1A9BF0C00%3Fmetric%3Dcell",
];

impl Addresses {
    fn new(site: &Site, seed: u64) -> Addresses {
        let mut layouts: Vec<(String, Option<String>)> = Vec::new();
        let cases = site.api("/group/5-4-1-1/cases?limit=20");
        for case in cases["cases"].as_array().unwrap().iter().step_by(4) {
            let code = case["code"].as_str().unwrap().to_owned();
            let info = site.api(&format!("/case/{code}"));
            let trimmed = code.trim_end_matches('0').to_owned();
            for form in [
                code.clone(),
                code.to_lowercase(),
                trimmed.clone(),
                trimmed.to_lowercase(),
                info["short_code"].as_str().unwrap().to_owned(),
                info["classification"]["name"].as_str().unwrap().to_owned(),
            ] {
                layouts.push((form, Some(code.clone())));
            }
        }
        for famous in [
            "横刀立马",
            "hengdaolima",
            "heng%20dao%20li%20ma",
            "%E6%A9%AB%E5%88%80%E7%AB%8B%E9%A6%AC",
        ] {
            layouts.push((famous.to_owned(), Some("1A9BF0C00".to_owned())));
        }
        // Legal, but of other classes: 峰回路转 (5-4-2), the 2x2 alone.
        for outside in ["4FEA13400", "4fea134", "000000000", "0"] {
            layouts.push((outside.to_owned(), Some(String::new())));
        }
        for bad in [
            "1A9BF0C01",
            "FFFFFFFFF",
            "1A9BF0C000",
            "1A9BF0C0G",
            "ZZZZZ",
            "5-4-1-1-99999999",
            "9-9-9-9-9",
        ] {
            layouts.push((bad.to_owned(), None));
        }
        for odd in PROTOTYPE_NAMES.iter().chain(ODD_PARTS.iter()) {
            layouts.push((odd.to_string(), None));
        }
        layouts.push(("x".repeat(300), None));
        Addresses {
            random: fastrand::Rng::with_seed(seed),
            layouts,
        }
    }

    fn pick<'a, T>(&mut self, list: &'a [T]) -> &'a T {
        &list[self.random.usize(..list.len())]
    }

    /// An odd query, and what the view says of it (nothing that stops it).
    fn query(&mut self) -> String {
        let metric = [
            "step",
            "straight",
            "cell",
            "constructor",
            "__proto__",
            "",
            "cells",
            "%E0",
        ];
        let moves = ["b4c5", "b4c5a5b5", "zz", "a1a1a1", "%E0", "b4"];
        let at = ["-1", "NaN", "1e9", "1", ""];
        let mut parts = Vec::new();
        if self.random.bool() {
            parts.push(format!("metric={}", self.pick(&metric)));
        }
        if self.random.u8(..4) == 0 {
            parts.push(format!("moves={}", self.pick(&moves)));
            parts.push(format!("at={}", self.pick(&at)));
        }
        if parts.is_empty() {
            String::new()
        } else {
            format!("?{}", parts.join("&"))
        }
    }

    /// A layout part and the code it names (see `layouts`).
    fn layout(&mut self) -> (String, Option<String>) {
        let i = self.random.usize(..self.layouts.len());
        self.layouts[i].clone()
    }

    /// One address and what it should end in.
    fn next(&mut self) -> (String, Expected) {
        let views = [
            "", "case", "case", "compose", "path", "graph", "group", "class",
        ];
        let view = *self.pick(&views);
        let odd_view = self.random.u8(..8) == 0;
        let (first, mut parts, expected) = if odd_view {
            let name = if self.random.bool() {
                self.pick(&PROTOTYPE_NAMES).to_string()
            } else {
                self.pick(&["CASE", "cases", "ui", "static", "%E0", "曹", "case%2Fx"])
                    .to_string()
            };
            (name, vec![], Expected::Message(BAD_ADDRESS))
        } else {
            let (parts, expected) = self.parts(view);
            (view.to_owned(), parts, expected)
        };
        // Empty parts and slashes are nothing.
        if self.random.u8(..6) == 0 {
            parts.insert(0, String::new());
        }
        let mut path = format!("/ui/{first}");
        for part in &parts {
            path.push('/');
            path.push_str(part);
        }
        if self.random.u8(..4) == 0 {
            path.push('/');
        }
        (format!("{path}{}", self.query()), expected)
    }

    /// The parts after `view`, and what they should end in.
    fn parts(&mut self, view: &'static str) -> (Vec<String>, Expected) {
        let n_parts = match view {
            "" => 0,
            "path" => 2,
            _ => 1,
        };
        // Now and then one part too few or too many.
        let n = match self.random.u8(..8) {
            0 if n_parts > 0 => n_parts - 1,
            1 => n_parts + 1,
            _ => n_parts,
        };
        if view == "group" || view == "class" {
            let names: &[(&str, bool)] = if view == "group" {
                &[
                    ("5-4-1-1", true),
                    ("5-4-1-0", true),
                    ("5-4-1-99999", false),
                    ("5-4-2-0", false),
                    ("5-4-1", false),
                ]
            } else {
                &[
                    ("5-4-1", true),
                    ("5-4-2", false),
                    ("9-9-9", false),
                    ("5-4-1-1", false),
                ]
            };
            let (name, held) = *self.pick(names);
            let name = if self.random.u8(..3) == 0 {
                (*self.pick(
                    &PROTOTYPE_NAMES
                        .iter()
                        .chain(ODD_PARTS.iter())
                        .copied()
                        .collect::<Vec<_>>(),
                ))
                .to_owned()
            } else {
                name.to_owned()
            };
            let parts = vec![name.clone(); n];
            let expected = if n != 1 {
                Expected::Message(BAD_ADDRESS)
            } else if held && (name == "5-4-1-1" || name == "5-4-1-0" || name == "5-4-1") {
                Expected::View(view, String::new())
            } else {
                Expected::Message(NO_NAME)
            };
            return (parts, expected);
        }
        let layouts: Vec<(String, Option<String>)> = (0..n).map(|_| self.layout()).collect();
        let parts = layouts.iter().map(|(part, _)| part.clone()).collect();
        let optional = usize::from(view == "compose");
        if n > n_parts || n + optional < n_parts {
            return (parts, Expected::Message(BAD_ADDRESS));
        }
        if layouts.iter().any(|(_, code)| code.is_none()) {
            return (parts, Expected::Message(NO_LAYOUT));
        }
        let codes: Vec<&str> = layouts.iter().map(|(_, c)| c.as_deref().unwrap()).collect();
        let expected = match view {
            "" => Expected::View("start", String::new()),
            "compose" => {
                // A legal layout of another class is composed too.
                let code = layouts.first().map(|(part, _)| part.as_str()).unwrap_or("");
                let composed = match codes.first() {
                    Some(&"") => code.to_uppercase() + &"0".repeat(9 - code.len()),
                    Some(code) => code.to_string(),
                    None => String::new(),
                };
                Expected::View("compose", composed)
            }
            _ if codes.contains(&"") => Expected::Message(NOT_HELD),
            "path" => Expected::View("path", codes[0].to_owned()),
            _ => Expected::View(view, codes[0].to_owned()),
        };
        (parts, expected)
    }
}

/// Addresses from the generator, in batches, each checked.
fn generated_addresses(visit: &Visit) {
    visit.open("/ui/");
    let mut addresses = Addresses::new(&visit.site, 58);
    let mut slowest = 0.0f64;
    for _ in 0..5 {
        let batch: Vec<(String, Expected)> = (0..25).map(|_| addresses.next()).collect();
        let paths: Vec<String> = batch.iter().map(|(path, _)| path.clone()).collect();
        for (seen, (_, expected)) in visit.visit_all(&paths).iter().zip(&batch) {
            check(seen, expected);
            slowest = slowest.max(seen["ms"].as_f64().unwrap());
        }
    }
    eprintln!("125 generated addresses, the slowest drawn in {slowest:.0} ms");
}

/// The find boxes: a classic name in other forms, and the nearest names
/// (the API's, in its order) when nothing is found.
fn words_found(visit: &Visit) {
    visit.open("/ui/");
    let english = visit.site.api("/case/1A9BF0C00")["names"][0]["english"].clone();
    for text in [
        "橫刀立馬",
        "heng dao li ma",
        english.as_str().unwrap(),
        "1a9bf0c",
    ] {
        visit.find_box(text);
        let wanted = "/ui/case/1A9BF0C00";
        visit
            .browser
            .wait_for(&format!("{text} opening {wanted}"), || {
                (visit.browser.script("return location.pathname") == wanted).then_some(())
            });
    }
    // Nothing found (misspelt names, those the API knows no name for): said
    // in words, with the nearest names in the API's order.
    let mut misses = 0;
    for text in [
        "heng doa",
        "fenhui",
        "bing fem",
        "advansing",
        "qitou bingjim",
    ] {
        let answer = visit.site.api(&format!("/case/{}", percent(text)));
        if answer["error"] != "unknown_name" {
            continue;
        }
        misses += 1;
        visit.find_box(text);
        let said = visit
            .browser
            .wait_text("[data-find-error]", |t| t.contains(&format!("\"{text}\"")));
        assert!(said.contains(&format!("\"{text}\"")), "{said}");
        let suggested = visit.browser.script(
            "return [...document.querySelectorAll('[data-find-error] [data-suggest]')].map((s) => s.dataset.suggest)",
        );
        assert!(!suggested.as_array().unwrap().is_empty(), "{text}");
        assert_eq!(suggested, answer["names"], "{text}");
    }
    assert!(misses >= 2, "{misses} misses");
    visit.screenshots("find-suggestions");
    let first = visit.browser.find("[data-find-error] a");
    let href = visit.browser.attribute(&first, "href").unwrap();
    visit.browser.click(&first);
    visit.browser.wait_for("the first name opened", || {
        let path = visit.browser.script("return location.pathname");
        (path.as_str() != Some("/ui/") && href.ends_with(path.as_str().unwrap())).then_some(())
    });
}

/// The layout view's heading for 1A9BF0C00: the game named by its start.
fn named_1a9bf0c00(visit: &Visit) -> String {
    let english = visit.site.api("/case/1A9BF0C00")["names"][0]["english"].clone();
    format!("{} 横刀立马 héng dāo lì mǎ", english.as_str().unwrap())
}

/// After a navigation (a link, the back button, a find) the focus is on
/// the new view's heading.
fn focus_after_navigation(visit: &Visit) {
    let focused = || {
        visit.browser.find("main[data-ready=yes]");
        visit
            .browser
            .script("const a = document.activeElement; return a.tagName === 'H1' && a.closest('main') ? a.textContent : null")
    };
    visit.open("/ui/");
    visit.browser.click(
        &visit
            .browser
            .find("[data-famous] a[href='/ui/case/1A9BF0C00']"),
    );
    visit
        .browser
        .wait_text("[data-code]", |text| text == "1A9BF0C00");
    assert_eq!(focused(), named_1a9bf0c00(visit));
    visit.browser.script("history.back()");
    visit.browser.find("[data-famous]");
    assert_eq!(focused(), "Klotski 华容道: every layout, solved");
    visit.find_box("5-4-1-1-7472");
    visit
        .browser
        .wait_text("[data-code]", |text| text == "1A9BF0C00");
    assert_eq!(focused(), named_1a9bf0c00(visit));
}
