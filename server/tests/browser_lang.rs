//! The page in each of its languages, in a real headless Chromium driven
//! through WebDriver over a database of class 5-4-1 built here: every view
//! in Chinese and in English at desktop (1280x800) and phone (390x844)
//! width, with no English word of the page's own left in Chinese (codes,
//! cell names, `1x1` and the like aside) and nothing wider than its box;
//! the two word files with the same entries; the language from the
//! browser's languages, the header's switch (remembered) and `?lang=`; the
//! pieces' names on the board, kept as they move; one notation for a step
//! in the move list, the hints, the review, the analysis, the solution and
//! the path. Screenshots of the page in Chinese go to `target/screenshots/`.
//!
//! Without `chromium` and `chromedriver` on the PATH `cargo test` lists the
//! test as ignored, with the reason (`build.rs`), unless `KLOTSKI_CI=1`.

mod browser;
mod chinese;
mod common;

use browser::{site, visit, webdriver};
use serde_json::{json, Value};
use server::Config;
use site::{headless_chromium, Session, Site};
use std::path::Path;
use webdriver::Browser;

/// The Latin words the Chinese page may show (besides tokens with a digit,
/// a `/` or a `=`: codes, cells, `1x2`, addresses, `metric=cell`): the
/// language switch's own name for English, the API's name, and the names
/// of a key and of the page's technique in the words that explain them.
const LATIN_ALLOWED: [&str; 5] = ["English", "API", "Tab", "JavaScript", "JSON"];

/// A browser on the site, and what it reads.
struct Reader<'a> {
    site: &'a Site,
    browser: &'a Browser,
}

impl Reader<'_> {
    /// Opens `path` afresh and waits until its view is drawn.
    fn open(&self, path: &str) {
        self.browser.open(&format!("{}{path}", self.site.base));
        self.browser.find("main[data-ready=yes]");
    }

    fn js(&self, script: &str) -> Value {
        self.browser.script(script)
    }

    /// The words the page shows or reads aloud (visible text, `aria-label`,
    /// `title`, `placeholder`, the tab's title) that hold a Latin word
    /// outside the allowed ones, once every token with a digit (codes,
    /// cells, `1x2`, names such as 5-4-1-1) is set aside.
    fn latin_words(&self) -> Vec<String> {
        let found = self.browser.script_with(
            "const allowed = new Set(arguments[0]);
             const texts = [document.title];
             const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
             for (let node = walker.nextNode(); node; node = walker.nextNode()) {
               const parent = node.parentElement;
               if (!parent || parent.closest('noscript, script, style, [hidden]')) continue;
               if (parent.closest('svg') ? parent.closest('svg').checkVisibility() : parent.checkVisibility()) texts.push(node.textContent);
             }
             for (const e of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
               for (const name of ['aria-label', 'title', 'placeholder']) if (e.hasAttribute(name)) texts.push(e.getAttribute(name));
             }
             for (const e of document.querySelectorAll('svg title, option')) texts.push(e.textContent);
             return texts.flatMap((text) => text.split(/\\s+/).filter((token) => !/[\\d/=]/.test(token))
               .flatMap((token) => token.match(/[A-Za-z]{2,}/g) ?? []).filter((word) => !allowed.has(word))
               .map((word) => `${word} in: ${text.trim().slice(0, 80)}`));",
            json!([LATIN_ALLOWED]),
        );
        strings(&found)
    }

    /// The page's sentences as a reader sees them (each text block's
    /// visible text, its parts put together, and the tab's title) that
    /// break the guide's rules for Chinese (docs/translation.md).
    fn typeset_faults(&self) -> Vec<String> {
        let texts = self.js(
            "const blocks = 'h1, h2, p, li, dt, dd, label, legend, button, figcaption, option, th, td';
             // What a reader reads: a field as its value, a line break and a box of
             // its own as lines, no picture.
             const inline = ['inline', 'inline-block', 'inline-flex', 'contents'];
             const read = (e) => [...e.childNodes].map((n) => n.nodeType === 3 ? n.textContent
               : n.nodeType !== 1 || n.matches('svg, script') || !n.checkVisibility() ? ''
               : n.matches('br') ? '\\n' : n.matches('input') ? n.value
               : n.matches('select') ? n.selectedOptions[0]?.text ?? ''
               : inline.includes(getComputedStyle(n).display) ? read(n) : `\\n${read(n)}\\n`).join('');
             return [document.title, ...[...document.querySelectorAll(blocks)]
               .filter((e) => e.checkVisibility() && !e.querySelector(blocks)).map(read)];",
        );
        strings(&texts)
            .iter()
            .flat_map(|text| chinese::faults(text))
            .collect()
    }

    /// The elements wider than the window, or whose words spill out of
    /// them (a button's, a link's, a heading's), outside the boxes that
    /// scroll on purpose; and whether the page scrolls sideways.
    fn overflows(&self) -> Vec<String> {
        let found = self.js(
            "const wide = document.documentElement.scrollWidth > innerWidth + 1
               ? [`the page is ${document.documentElement.scrollWidth} px wide`] : [];
             const scrolls = (e) => e.closest('ol, .graph-stage, .solution, .game-moves, pre');
             for (const e of document.querySelectorAll('header *, main *')) {
               if (!e.checkVisibility() || scrolls(e) || e.closest('svg')) continue;
               const r = e.getBoundingClientRect();
               if (r.width === 0) continue;
               // Outside the window on purpose (a label read aloud only) is not spilling out.
               if ((r.right > innerWidth + 1 && r.left < innerWidth) || (r.left < -1 && r.right > 0)) wide.push(`${e.outerHTML.slice(0, 80)} spans ${Math.round(r.left)}..${Math.round(r.right)}`);
               else if (e.matches('button, a, h1, h2, label, dd, dt, li, p, select') && e.scrollWidth > e.clientWidth + 1
                 && getComputedStyle(e).overflowX === 'visible' && e.clientWidth > 0)
                 wide.push(`${e.outerHTML.slice(0, 80)}: its words are ${e.scrollWidth} px in ${e.clientWidth}`);
             }
             return wide;",
        );
        strings(&found)
    }

    fn lang(&self) -> String {
        self.js("return document.documentElement.lang")
            .as_str()
            .unwrap()
            .to_owned()
    }

    /// Clicks the element `css` once it is shown.
    fn click(&self, css: &str) {
        self.browser.click(&self.browser.find(css));
    }

    /// Turns the analysis on (the browser remembers it).
    fn analysis_on(&self) {
        let toggle = self.browser.find("[data-action=analysis]");
        if self.browser.attribute(&toggle, "aria-pressed").as_deref() == Some("false") {
            self.browser.click(&toggle);
        }
    }

    fn text(&self, css: &str) -> String {
        self.browser.text(&self.browser.find(css))
    }
}

/// The strings of a JSON array.
fn strings(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_owned())
        .collect()
}

/// A view: its name, its address and what shows it is complete.
struct View {
    name: &'static str,
    path: String,
    ready: &'static str,
}

/// Every view of the page, each as drawn completely: the start page, a
/// layout with its analysis, a game solved with its review, a puzzle, a
/// group, a class, a path, compose, a graph, an address that names nothing,
/// and the find box's suggestions.
fn views(site: &Site) -> Vec<View> {
    let solution = site.api("/case/1A9BF0C00/solution");
    let layouts = solution["layouts"].as_array().unwrap();
    let n = layouts.len() - 1;
    let near_end = layouts[n - 2].as_str().unwrap();
    let end = layouts[n].as_str().unwrap();
    let group = site.api("/case/1A9BF0C00")["group"]["name"]
        .as_str()
        .unwrap()
        .to_owned();
    // The graph of a small group, quick to place.
    let groups = site.api("/groups?jiang=5&bing=4&style=1&limit=50");
    let small_group = groups["groups"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["size"].as_u64().unwrap() >= 20)
        .min_by_key(|g| g["size"].as_u64().unwrap())
        .unwrap()["name"]
        .as_str()
        .unwrap()
        .to_owned();
    let small = site.api(&format!("/group/{small_group}"))["smallest_code"]
        .as_str()
        .unwrap()
        .to_owned();
    let view = |name, path: String, ready| View { name, path, ready };
    vec![
        view("start", "/ui/".into(), "[data-famous-steps]"),
        view("layout", "/ui/case/1A9BF0C00".into(), "[data-numbers] li"),
        view(
            "solved",
            visit::solution_game(site, n - 2, n),
            "[data-review] [data-slips]",
        ),
        view(
            "puzzle",
            format!("/ui/case/{near_end}?puzzle=1"),
            "[data-feedback]",
        ),
        view(
            "group",
            format!("/ui/group/{group}"),
            "[data-group-cases] li",
        ),
        view("class", "/ui/class/5-4-1".into(), "[data-groups] li"),
        view(
            "path",
            format!("/ui/path/1A9BF0C00/{end}"),
            "[data-path-step]",
        ),
        view("compose", "/ui/compose".into(), "[data-compose-status]"),
        view("graph", format!("/ui/graph/{small}"), "[data-graph-shown]"),
        view("address", "/ui/nowhere".into(), "[data-error]"),
    ]
}

/// Opens each view at each width in the language the browser shows, with
/// the analysis on, and checks its words and its boxes; in Chinese, also
/// the find box's answer to a text that finds nothing, and a screenshot of
/// each view's whole page (`zh-view-NAME-WIDTH.png`) to look at.
fn every_view(reader: &Reader, views: &[View], chinese: bool, shots: &Path) {
    for (width, height) in [(1280, 800), (390, 844)] {
        reader.browser.resize(width, height);
        for view in views {
            reader.open(&view.path);
            if view.name == "layout" {
                reader.analysis_on();
            }
            reader.browser.find(view.ready);
            if view.name == "layout" {
                reader.click("[data-action=farthest]");
                reader.browser.find("[data-explore-list] .thumb");
            }
            let what = format!("{} at {width}px", view.name);
            if chinese {
                assert_eq!(reader.lang(), "zh-CN", "{what}");
                let latin = reader.latin_words();
                assert!(latin.is_empty(), "{what}: English left: {latin:#?}");
                let faults = reader.typeset_faults();
                assert!(faults.is_empty(), "{what}: {faults:#?}");
                let file = shots.join(format!("zh-view-{}-{width}.png", view.name));
                std::fs::write(file, reader.browser.page_screenshot()).unwrap();
            } else {
                assert_eq!(reader.lang(), "en", "{what}");
            }
            let wide = reader.overflows();
            assert!(wide.is_empty(), "{what}: {wide:#?}");
        }
        // The find box's suggestions.
        reader.open("/ui/");
        reader
            .browser
            .type_in(&reader.browser.find("[data-find-input]"), "曹操过五关");
        reader.click("[data-find] button[type=submit]");
        reader.browser.find("[data-find-error] [data-suggest]");
        if chinese {
            let latin = reader.latin_words();
            assert!(latin.is_empty(), "suggestions at {width}px: {latin:#?}");
        }
        let wide = reader.overflows();
        assert!(wide.is_empty(), "suggestions at {width}px: {wide:#?}");
    }
    reader.browser.resize(1280, 800);
}

/// A solved game says “过关！” once, at desktop and at phone width; a
/// minimum solution played by the page (自动播放) to the exit is not
/// praised as the player's game.
fn solved_said_once(reader: &Reader) {
    let solution = reader.site.api("/case/1A9BF0C00/solution");
    let n = solution["layouts"].as_array().unwrap().len() - 1;
    let said = || {
        reader.js(
            "return [...document.querySelectorAll('body *')].filter((e) => e.checkVisibility()
               && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.includes('过关！'))).length",
        )
    };
    for (width, height) in [(1280, 800), (390, 844)] {
        reader.browser.resize(width, height);
        reader.open(&visit::solution_game(reader.site, n - 2, n));
        reader.browser.find("[data-review] [data-slips]");
        assert_eq!(said(), json!(1), "“过关！” at {width}px");
    }
    reader.browser.resize(1280, 800);
    reader.open(&visit::solution_game(reader.site, n - 2, n - 2));
    reader.analysis_on();
    reader.click("[data-action=solution-play]");
    let review = reader
        .browser
        .wait_text("[data-review] [data-slips]", |t| !t.is_empty());
    let page = reader.js("return document.body.innerText");
    let page = page.as_str().unwrap();
    assert!(
        !page.contains("过关！") && !page.contains("完美") && review.contains("自动播放"),
        "praise after the page played: {review}"
    );
}

/// What a player trips on, in words of the page's language: the notes on
/// an address's wrong parts, the streak a hint ends, a puzzle listed as
/// solved with hints; and the famous names found from the find box.
fn trips_in_words(reader: &Reader, chinese: bool) {
    let check = |what: &str| {
        if chinese {
            let latin = reader.latin_words();
            assert!(latin.is_empty(), "{what}: English left: {latin:#?}");
        }
    };
    // Each of the game's address parts wrong, each said under the board
    // (the wrong values hold a digit: the note echoes them).
    for query in [
        "moves=a5b5b4",
        "at=99999",
        "puzzle=2999-01-01",
        "puzzle=__proto__",
        "metric=ce11s",
    ] {
        reader.open(&format!("/ui/case/1A9BF0C00?{query}"));
        let note = reader
            .browser
            .wait_text("[data-hint]", |text| !text.is_empty());
        assert_eq!(
            note.contains("地址") || note.contains("每日一题") || note.contains("计步"),
            chinese,
            "{query}: {note}"
        );
        check(query);
    }
    // A streak of three, ended by a hint in a puzzle two steps from solved,
    // then solved with hints.
    reader.open("/ui/");
    reader.js("localStorage.setItem('klotski.streak', '3')");
    let solution = reader.site.api("/case/1A9BF0C00/solution");
    let layouts = solution["layouts"].as_array().unwrap();
    let near_end = layouts[layouts.len() - 3].as_str().unwrap();
    reader.open(&format!("/ui/case/{near_end}?puzzle=1"));
    reader.browser.find("[data-feedback]");
    // Solved by hints alone: two steps, three presses each.
    reader.click("[data-action=hint]");
    let streak = reader.browser.wait_text("[data-streak]", |text| {
        !text.contains("连胜：") && !text.starts_with("Streak:")
    });
    assert_eq!(streak.contains("连胜"), chinese, "{streak}");
    check("the streak ended");
    for _ in 0..5 {
        reader.click("[data-action=hint]");
    }
    reader.browser.wait_text("[data-feedback]", |text| {
        text.starts_with(if chinese { "过关" } else { "Puzzle solved" })
    });
    reader.open("/ui/");
    reader
        .browser
        .find(&format!("[data-solved-puzzle='{near_end}'] [data-hinted]"));
    check("a puzzle solved with hints");
    reader.js("localStorage.clear()");
    // The famous names, found whatever the page's language.
    for name in ["曹操", "横刀", "heng dao li ma", "Klotski"] {
        reader.open("/ui/");
        reader
            .browser
            .type_in(&reader.browser.find("[data-find-input]"), name);
        reader.click("[data-find] button[type=submit]");
        reader
            .browser
            .wait_text("[data-code]", |code| code == "1A9BF0C00");
    }
}

/// The two word files hold the same entries, each a string or a function
/// in both (Chinese has more: its words for the API's error codes).
fn same_entries(reader: &Reader) {
    reader.open("/ui/");
    let differences = reader.js(
        "const base = document.querySelector('script[type=module]').src.replace(/app\\.js$/, 'lang/');
         return Promise.all(['en', 'zh'].map((code) => import(`${base}${code}.js`))).then(([en, zh]) => {
           const kind = (v) => typeof v === 'function' ? 'function' : typeof v;
           const wrong = [];
           for (const [key, value] of Object.entries(en.default)) {
             if (!(key in zh.default)) wrong.push(`${key}: not in zh`);
             else if (kind(value) !== kind(zh.default[key])) wrong.push(`${key}: a ${kind(value)} in en`);
           }
           for (const key of Object.keys(zh.default)) if (!(key in en.default) && !key.startsWith('api_')) wrong.push(`${key}: not in en`);
           for (const unit of Object.keys(en.default.units)) if (!zh.default.units[unit]?.other) wrong.push(`unit ${unit}: not in zh`);
           return wrong;
         });",
    );
    assert_eq!(differences, json!([]));
}

/// `?lang=` for a link, the header's switch (remembered, `<html lang>`
/// following), and English again.
fn switch_and_address(reader: &Reader) {
    reader.open("/ui/case/1A9BF0C00?lang=zh");
    assert_eq!(reader.lang(), "zh-CN");
    reader
        .browser
        .wait_text("[data-action=hint]", |t| t == "提示");
    // A link's language is not remembered.
    reader.open("/ui/case/1A9BF0C00");
    assert_eq!(reader.lang(), "en");
    reader.click("header [data-lang=zh]");
    reader.browser.wait_for("the page in Chinese", || {
        (reader.lang() == "zh-CN" && reader.browser.all("main[data-ready=yes]").len() == 1)
            .then_some(())
    });
    assert_eq!(reader.text("[data-action=undo]"), "悔棋");
    assert_eq!(reader.text("header [data-lang=zh]"), "中文");
    assert_eq!(reader.text("header [data-lang=en]"), "English");
    assert_eq!(
        reader.js("return localStorage.getItem('klotski.lang')"),
        json!("zh")
    );
    // The address keeps the game, without a `lang`.
    assert_eq!(reader.js("return location.search"), json!(""));
    // Remembered on the next visit; `?lang=en` wins for its link.
    reader.open("/ui/");
    assert_eq!(reader.lang(), "zh-CN");
    reader.open("/ui/?lang=en");
    assert_eq!(reader.lang(), "en");
    reader.open("/ui/");
    assert_eq!(reader.lang(), "zh-CN");
    reader.click("header [data-lang=en]");
    reader.browser.wait_for("the page in English", || {
        (reader.lang() == "en" && reader.browser.all("main[data-ready=yes]").len() == 1)
            .then_some(())
    });
    reader.open("/ui/");
    assert_eq!(reader.lang(), "en");
}

/// The names Chinese boards carry: on by default in Chinese (曹操, 关羽 and
/// the four generals on 横刀立马, 兵 on the 1x1s), each kept by its piece
/// as it moves; 将 and 兵 on a layout without the classic pieces; off by
/// default in English, and switched on in the header.
fn piece_names(reader: &Reader, chinese: bool) {
    let names = || {
        reader.js(
            "return Object.fromEntries([...document.querySelectorAll('[data-play-board] [data-piece]')]
               .map((g) => [g.dataset.piece, g.querySelector('.piece-name')?.textContent ?? null]))",
        )
    };
    reader.open("/ui/case/1A9BF0C00");
    if !chinese {
        assert!(names().as_object().unwrap().values().all(Value::is_null));
        reader.click("header [data-action=piece-names]");
        reader
            .browser
            .find("main[data-ready=yes] [data-play-board] .piece-name");
    }
    let start = names();
    assert_eq!(
        start,
        json!({"a1": "张飞", "b1": "曹操", "d1": "赵云", "a3": "马超", "b3": "关羽", "d3": "黄忠",
               "b4": "兵", "c4": "兵", "a5": "兵", "d5": "兵"})
    );
    // 关羽 (b3) waits for a 1x1 to move; 马超 (a3) is blocked: move the 1x1 at
    // a5 right, then 马超 down: it keeps its name at a4.
    reader.click("[data-play-board] [data-piece=a5]");
    reader.click("[data-play-board] [data-dest=b5]");
    reader.browser.find("[data-play-board] [data-piece=b5]");
    reader.click("[data-play-board] [data-piece=a3]");
    reader.click("[data-play-board] [data-dest=a4]");
    reader.browser.find("[data-play-board] [data-piece=a4]");
    let after = names();
    assert_eq!(after["a4"], "马超");
    assert_eq!(after["a1"], "张飞");
    assert_eq!(after["b5"], "兵");
    // Another class (a 1x1 taken away in compose: 5-3-1): 将 and 兵.
    reader.open("/ui/compose/1A9BF0C00");
    reader.click("[data-kind-choice=erase]");
    reader.click("[data-compose-board] [data-piece=a5]");
    reader.browser.wait_for("a5 taken away", || {
        reader
            .browser
            .all("[data-compose-board] [data-piece=a5]")
            .is_empty()
            .then_some(())
    });
    let other = reader.js(
        "return [...document.querySelectorAll('[data-compose-board] [data-piece]')]
           .map((g) => g.querySelector('.piece-name')?.textContent ?? null).sort()",
    );
    assert_eq!(
        other,
        json!(["兵", "兵", "兵", "将", "将", "将", "将", "将", "曹操"])
    );
    if !chinese {
        reader.click("header [data-action=piece-names]");
        reader.open("/ui/case/1A9BF0C00");
        assert!(names().as_object().unwrap().values().all(Value::is_null));
    }
}

/// One notation for a step: `1x2 d3–d4` in English, the piece's word in
/// Chinese (`竖将 d3–d4`), in the analysis's moves, the move list, the
/// hint, the solution, the path and the review.
fn notation(reader: &Reader, chinese: bool) {
    let word = |piece: &str| -> String {
        if !chinese {
            return piece.to_owned();
        }
        match piece {
            "2x2" => "曹操",
            "2x1" => "横将",
            "1x2" => "竖将",
            _ => "兵",
        }
        .to_owned()
    };
    let written = |m: &Value| {
        format!(
            "{} {}–{}",
            word(m["piece"].as_str().unwrap()),
            m["from"].as_str().unwrap(),
            m["to"].as_str().unwrap()
        )
    };
    reader.open("/ui/case/1A9BF0C00");
    reader.analysis_on();
    reader.browser.find("[data-moves] [data-move]");
    let moves = reader.site.api("/case/1A9BF0C00/moves");
    let mut expected: Vec<String> = moves["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| written(&m["move"]))
        .collect();
    let mut shown: Vec<String> = reader
        .browser
        .all("[data-moves] [data-move]")
        .iter()
        .map(|e| reader.browser.text(e))
        .collect();
    expected.sort();
    shown.sort();
    assert_eq!(shown, expected);
    // The hint's second level names the best move.
    let best = moves["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["best"] == true)
        .unwrap();
    let step = written(&best["move"]);
    reader.click("[data-action=hint]");
    reader.browser.find("[data-play-board] .marked");
    reader.click("[data-action=hint]");
    reader
        .browser
        .wait_text("[data-hint]", |t| t.contains(&step));
    // Played: the move list's entry.
    reader.click("[data-action=hint]");
    reader
        .browser
        .wait_text("[data-game-moves] [data-step='1']", |t| t == step);
    // The solution.
    let solution = reader.site.api("/case/1A9BF0C00/solution");
    reader.open("/ui/case/1A9BF0C00");
    reader.click("[data-action=solve]");
    reader.browser.wait_text("[data-solution-step='1']", |t| {
        t == written(&solution["moves"][0])
    });
    // The path.
    let end = solution["layouts"][3].as_str().unwrap();
    reader.open(&format!("/ui/path/1A9BF0C00/{end}"));
    let path = reader.site.api(&format!("/path/1A9BF0C00/{end}"));
    let listed: Vec<String> = reader
        .browser
        .all(".solution li")
        .iter()
        .map(|e| reader.browser.text(e))
        .collect();
    let expected: Vec<String> = path["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(written)
        .collect();
    assert_eq!(listed, expected);
    // The review: a game with a slip names the step the same way.
    let start = solution["layouts"][solution["layouts"].as_array().unwrap().len() - 3]
        .as_str()
        .unwrap();
    // A step that is not best, after which the best step moves another
    // piece (moving the same one again would make one step of the two).
    let left = reader.site.api(&format!("/case/{start}/moves"));
    let slip = left["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| {
            let after = m["move"]["code"].as_str().unwrap();
            let next = reader.site.api(&format!("/case/{after}/moves"));
            m["best"] == false
                && m["solution"]["min_step"].as_i64() > Some(0)
                && next["moves"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|n| n["best"] == true)
                    .is_some_and(|n| n["move"]["from"] != m["move"]["to"])
        })
        .expect("a step that is not best")
        .clone();
    reader.open(&format!("/ui/case/{start}"));
    reader.click(&format!(
        "[data-moves] [data-move='{}']",
        slip["move"]["text"].as_str().unwrap()
    ));
    reader.browser.wait_text("[data-count]", |t| t == "1");
    while reader.browser.all("[data-review]").is_empty() {
        reader.click("[data-action=best]");
        std::thread::sleep(std::time::Duration::from_millis(300));
    }
    let review = reader
        .browser
        .wait_text("[data-review] [data-slips]", |t| !t.is_empty());
    assert!(
        review.contains(&written(&slip["move"])),
        "{review} names {}",
        written(&slip["move"])
    );
}

#[test]
#[cfg_attr(
    missing_chromium,
    ignore = "needs Chromium and chromedriver: apt-get install chromium chromium-driver"
)]
fn the_page_in_chinese_and_english() {
    let session = Session::start(Config::default());
    let english = Reader {
        site: &session.site,
        browser: &session.browser,
    };
    let views = views(&session.site);
    same_entries(&english);
    every_view(&english, &views, false, &session.shots);
    piece_names(&english, false);
    notation(&english, false);
    trips_in_words(&english, false);
    switch_and_address(&english);

    // A browser whose first language is Chinese gets the page in Chinese.
    let profile = tempfile::tempdir().unwrap();
    let (browser, _) = headless_chromium(profile.path(), "zh-CN,zh");
    let chinese = Reader {
        site: &session.site,
        browser: &browser,
    };
    chinese.open("/ui/");
    assert_eq!(chinese.lang(), "zh-CN");
    assert_eq!(chinese.js("return document.title"), json!("华容道"));
    every_view(&chinese, &views, true, &session.shots);
    solved_said_once(&chinese);
    // Screenshots of the page in Chinese, desktop and phone, taken before
    // the games below leave their state in the profile.
    for (name, path, ready) in [
        ("zh-layout", "/ui/case/1A9BF0C00", "[data-numbers] li"),
        ("zh-start", "/ui/", "[data-famous-steps]"),
    ] {
        chinese.open(path);
        site::screenshots(&browser, &session.shots, name, None, || {
            chinese.browser.find(ready);
        });
    }
    piece_names(&chinese, true);
    notation(&chinese, true);
    trips_in_words(&chinese, true);
    let errors: Vec<Value> = browser
        .console()
        .into_iter()
        // The failed search's answer (400) is expected; a script's error is not.
        .filter(|entry| entry["level"] == "SEVERE" && entry["source"] != "network")
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
}
