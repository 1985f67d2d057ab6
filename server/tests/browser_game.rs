//! The player's board in a real headless Chromium, driven through
//! WebDriver, over a database of class 5-4-1 built here: the game's name,
//! the coordinates on the frame and the hint drawn on the board, the board
//! as a group of focusable pieces, the move list and its marks once solved
//! (checked against the API's values), puzzle mode (feedback after every
//! step, taking back, trying again, the streak, the day's puzzle, the
//! puzzles solved), and the phone layout (44 px targets, a board that sticks
//! smaller while the page is read). No error in the browser's console, and
//! no `null`, `undefined` or `NaN` on screen. Screenshots of each new state,
//! at desktop and phone width, light and dark, go to `target/screenshots/`.
//!
//! Without `chromium` and `chromedriver` on the PATH `cargo test` lists the
//! test as ignored, with the reason (`build.rs`), unless `KLOTSKI_CI=1`.

mod browser;
mod common;

use std::path::PathBuf;

use browser::{site, webdriver};
use serde_json::{json, Value};
use server::Config;
use site::{Session, Site};
use webdriver::Browser;

/// WebDriver's key value for the right arrow.
const ARROW_RIGHT: &str = "\u{E014}";

struct Player<'a> {
    site: &'a Site,
    browser: Browser,
    shots: PathBuf,
}

impl Player<'_> {
    /// Opens a page of the site and waits until its view is drawn; the
    /// milliseconds the page says it took from the navigation.
    fn open(&self, path: &str) -> u64 {
        self.browser.open(&format!("{}{path}", self.site.base));
        self.drawn()
    }

    fn drawn(&self) -> u64 {
        let main = self.browser.find("main[data-ready=yes]");
        let ms = self.browser.attribute(&main, "data-ready-ms").unwrap();
        ms.parse().unwrap()
    }

    fn click(&self, css: &str) {
        let element = self.browser.find(css);
        self.browser.click(&element);
    }

    fn text(&self, css: &str) -> String {
        self.browser.text(&self.browser.find(css))
    }

    fn wait_text(&self, css: &str, test: impl Fn(&str) -> bool) -> String {
        self.browser.wait_text(css, test)
    }

    fn js(&self, script: &str) -> Value {
        self.browser.script(script)
    }

    /// Plays the step `from` to `to` as a person does: a click on the
    /// piece, then on the round handle of its destination.
    fn step(&self, from: &str, to: &str) {
        self.click(&format!("[data-play-board] [data-piece='{from}']"));
        self.click(&format!("[data-play-board] [data-dest='{to}']"));
        self.wait_for_piece(to);
    }

    /// Plays the API's minimum solution of the puzzle `code`, `steps`
    /// steps, and waits for the puzzle's word that it was solved in the fewest.
    fn solve(&self, code: &str, steps: usize, clean: bool) {
        let solution = self.site.api(&format!("/case/{code}/solution"));
        for m in solution["moves"].as_array().unwrap() {
            self.step(m["from"].as_str().unwrap(), m["to"].as_str().unwrap());
        }
        let said = if clean {
            format!("Puzzle solved in {steps} steps, the fewest! It is kept on the start page.")
        } else {
            format!("Puzzle solved in {steps} steps, but after a step that was not best or a hint: not the fewest.")
        };
        self.wait_text("[data-feedback]", |t| t == said);
    }

    fn wait_for_piece(&self, at: &str) {
        self.browser
            .find(&format!("[data-play-board] [data-piece='{at}']"));
    }

    /// Fails on a console error, or on `null`, `undefined` or `NaN` shown.
    fn clean(&self, during: &str) {
        for entry in self.browser.console() {
            assert!(
                entry["level"] != "SEVERE",
                "{during}: console error {entry}"
            );
        }
        let shown = self.text("main");
        for word in ["null", "undefined", "NaN"] {
            assert!(
                !shown
                    .split(|c: char| !c.is_alphanumeric())
                    .any(|w| w == word),
                "{during}: {word} shown in {shown}"
            );
        }
    }

    /// Screenshots of the view as it is, `NAME-{desktop,phone}` and
    /// `NAME-dark-{desktop,phone}`, each once the view is drawn again,
    /// scrolled to `at` (a CSS selector) when given.
    fn shoot(&self, name: &str, at: Option<&str>) {
        site::screenshots(&self.browser, &self.shots, name, at, || {
            self.drawn();
        });
    }

    /// The API's steps from `code`, each `(from, to, progress, best)`.
    fn moves(&self, code: &str) -> Vec<(String, String, String, bool)> {
        let answer = self.site.api(&format!("/case/{code}/moves"));
        answer["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                let text = |v: &Value| v.as_str().unwrap_or("unsolvable").to_owned();
                (
                    text(&m["move"]["from"]),
                    text(&m["move"]["to"]),
                    text(&m["progress"]),
                    m["best"] == true,
                )
            })
            .collect()
    }

    /// The layout reached from `code` by the step `from` to `to`, from the API.
    fn after(&self, code: &str, from: &str, to: &str) -> String {
        let answer = self.site.api(&format!("/case/{code}/moves"));
        let found = answer["moves"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["move"]["from"] == from && m["move"]["to"] == to);
        found.unwrap()["move"]["code"].as_str().unwrap().to_owned()
    }

    fn min_step(&self, code: &str) -> i64 {
        self.site.api(&format!("/case/{code}"))["solution"]["min_step"]
            .as_i64()
            .unwrap()
    }

    /// The bounding box of `css` in CSS pixels: left, top, right, bottom.
    fn rect(&self, css: &str) -> [f64; 4] {
        let r = self.browser.script_with(
            "const r = document.querySelector(arguments[0]).getBoundingClientRect();
             return [r.left, r.top, r.right, r.bottom];",
            json!([css]),
        );
        [0, 1, 2, 3].map(|i| r[i].as_f64().unwrap())
    }
}

/// One thing a player does, checked.
type Check = fn(&Player);

#[test]
#[cfg_attr(
    missing_chromium,
    ignore = "needs Chromium and chromedriver: apt-get install chromium chromium-driver"
)]
fn the_players_board_in_a_real_browser() {
    let session = Session::start(Config::default());
    let player = Player {
        site: &session.site,
        browser: session.browser,
        shots: session.shots,
    };
    let checks: [(&str, Check); 5] = [
        ("a named game on a board with coordinates", named_board),
        ("the board as a group of focusable pieces", focus),
        ("the move list, marked once solved", move_list),
        ("puzzle mode", puzzle_mode),
        ("the phone layout", phone),
    ];
    for (name, check) in checks {
        check(&player);
        player.clean(name);
    }
}

/// A famous layout opened by code is named (heading and tab); each step
/// is "step k of n"; the frame names columns and rows; a blocked piece
/// says so when picked; the second hint is drawn as an arrow.
fn named_board(player: &Player) {
    // The first navigation of a fresh browser: the layout view playable.
    let ms = player.open("/ui/case/1A9BF0C00");
    eprintln!("layout view playable {ms} ms after a fresh browser's navigation began");
    // Named by its English name, the Chinese and the pinyin beside; the
    // code under the heading.
    let english = player.site.api("/case/1A9BF0C00")["names"][0]["english"].clone();
    let english = english.as_str().unwrap();
    let name = player.text("[data-game-name]");
    assert_eq!(name, format!("{english} 横刀立马 héng dāo lì mǎ"));
    let title = format!("{english} (横刀立马)");
    assert_eq!(
        player.js("return document.title"),
        format!("{title} · Klotski")
    );
    assert_eq!(
        player.text("[data-position]"),
        "The start: layout 1A9BF0C00"
    );
    assert_eq!(player.text("[data-code]"), "1A9BF0C00");
    let labels = player.js(
        "return [...document.querySelectorAll('[data-play-board] .coordinate')].map((t) => t.textContent).join('')",
    );
    assert_eq!(labels, "abcd12345");
    // The 2x2 block cannot move at the start.
    player.click("[data-play-board] [data-piece=b1]");
    player.wait_text("[data-hint]", |t| {
        t == "The 2x2 at b1 cannot move: it is blocked on every side."
    });
    player.browser.keys("\u{E00C}"); // Escape puts it down.
    let start = "1A9BF0C00";
    let (from, to, _, _) = player.moves(start).into_iter().next().unwrap();
    player.step(&from, &to);
    player.wait_text("[data-position]", |t| t.starts_with("Step 1 of 1: layout"));
    assert_eq!(
        player.js("return document.title"),
        format!("{title} · step 1 of 1 · Klotski")
    );
    // The hint, drawn: which piece, then an arrow to where it goes.
    let code = player.text("[data-code]");
    let best = player
        .moves(&code)
        .into_iter()
        .find(|m| m.3)
        .expect("a best move");
    player.click("[data-action=hint]");
    player.browser.find(&format!(
        "[data-play-board] .piece.marked[data-piece='{}']",
        best.0
    ));
    player.click("[data-action=hint]");
    player
        .browser
        .find(&format!("[data-hint-arrow='{}-{}']", best.0, best.1));
    player.shoot("hint-arrow", None);
}

/// The board is a group of pieces, each focusable; from every piece the
/// arrow keys reach every other (checked on many layouts), and a real key
/// moves the focus to the nearest piece that way.
fn focus(player: &Player) {
    player.open("/ui/case/1A9BF0C00");
    let svg = player.browser.find("[data-play-board] svg");
    assert_eq!(
        player.browser.attribute(&svg, "role").as_deref(),
        Some("group")
    );
    let pieces = player
        .browser
        .all("[data-play-board] [data-piece][tabindex]");
    assert_eq!(pieces.len(), 10);
    // Layouts of several groups: every piece reaches every other.
    let mut codes = vec!["1A9BF0C00".to_owned(), "4FEA13400".to_owned()];
    for group in ["5-4-1-1", "5-4-1-2", "5-4-1-3"] {
        let page = player.site.api(&format!("/group/{group}/cases?limit=40"));
        for case in page["cases"].as_array().into_iter().flatten() {
            codes.push(case["code"].as_str().unwrap().to_owned());
        }
    }
    assert!(codes.len() > 60, "{codes:?}");
    let unreachable = player.browser.script_with(
        "const codes = arguments[0];
         return (async () => {
         const src = document.querySelector('script[type=module]').src;
         const board = await import(src.replace('app.js', 'board.js'));
         const code = await import(src.replace('app.js', 'code.js'));
         const arrows = [[0, -1], [0, 1], [-1, 0], [1, 0]];
         const wrong = [];
         for (const c of codes) {
           const pieces = code.decode(c);
           for (const p of pieces) {
             const seen = new Set([p.id]);
             const queue = [p.id];
             while (queue.length) {
               const at = queue.shift();
               for (const a of arrows) {
                 const next = board.nextPiece(pieces, at, a);
                 if (next && !seen.has(next)) { seen.add(next); queue.push(next); }
               }
             }
             if (seen.size !== pieces.length) wrong.push(`${c} from ${p.id}`);
           }
         }
         return wrong;
         })();",
        json!([codes]),
    );
    assert_eq!(unreachable, json!([]));
    // 1A9BF0C00: the 1x2 at a1, then right is the 2x2 at b1; from the 1x1
    // at b4, right is the 1x1 at c4.
    for (at, expected) in [("a1", "b1"), ("b4", "c4")] {
        player.browser.script_with(
            "document.querySelector(`[data-play-board] [data-piece='${arguments[0]}']`).focus()",
            json!([at]),
        );
        player.browser.keys(ARROW_RIGHT);
        player.browser.wait_for(&format!("focus from {at}"), || {
            let focused =
                player.js("return document.activeElement.closest('[data-piece]')?.dataset.piece");
            (focused == expected).then_some(())
        });
    }
}

/// The steps from `start` to solved that the test plays: best steps and,
/// as soon as there is one, a step that is not best after which a best
/// step moves another piece; no step moving the piece the one before
/// moved (that would lengthen it). Each `(from, to, value)`, the value
/// from the API's steps left before and after it.
fn game_with_a_slip(player: &Player, start: &str) -> Vec<(String, String, &'static str)> {
    let mut code = start.to_owned();
    let mut steps: Vec<(String, String, &'static str)> = Vec::new();
    let mut slipped = false;
    while player.min_step(&code) != 0 {
        let last = steps.last().map(|s| s.1.clone()).unwrap_or_default();
        let moves = player.moves(&code);
        let fresh = |m: &&(String, String, String, bool)| m.0 != last;
        let slip = moves.iter().filter(fresh).find(|m| {
            !steps.is_empty()
                && !slipped
                && m.2 != "nearer"
                && player
                    .moves(&player.after(&code, &m.0, &m.1))
                    .iter()
                    .any(|n| n.3 && n.0 != m.1)
        });
        slipped |= slip.is_some();
        let chosen = slip
            .or_else(|| moves.iter().filter(fresh).find(|m| m.3))
            .expect("a step to play");
        let next = player.after(&code, &chosen.0, &chosen.1);
        let (before, after) = (player.min_step(&code), player.min_step(&next));
        let value = match after - before {
            -1 => "best",
            0 => "same",
            _ => "farther",
        };
        steps.push((chosen.0.clone(), chosen.1.clone(), value));
        code = next;
        assert!(steps.len() < 30, "no end to {steps:?}");
    }
    assert!(slipped, "{steps:?}");
    steps
}

/// The move list follows the game (entries go to their step, the address's
/// `at` following); Next step works before a solution is shown; once
/// solved, every entry is marked as the API values it, the moves from here
/// give way to the result, and the review is in view.
fn move_list(player: &Player) {
    let solution = player.site.api("/case/1A9BF0C00/solution");
    let start = solution["layouts"][76].as_str().unwrap().to_owned();
    assert_eq!(player.min_step(&start), 5);
    player.open(&format!("/ui/case/{start}"));
    player.browser.find("[data-no-steps]");
    player.click("[data-action=analysis]");
    // Next step plays the first step of a minimum solution at once.
    player.click("[data-action=solution-next]");
    player.wait_text("[data-position]", |t| t.starts_with("Step 1 of 1"));
    player.click("[data-action=undo]");
    player.wait_text("[data-position]", |t| {
        t.starts_with("The start: step 0 of 1 · layout ")
    });
    // At the start with a step to redo, Restart drops it: then it has
    // nothing left to do, and is disabled, as Redo is.
    player.click("[data-action=restart]");
    player.wait_text("[data-position]", |t| t.starts_with("The start: layout "));
    for action in ["restart", "redo"] {
        let button = player.browser.find(&format!("[data-action={action}]"));
        assert!(
            player.browser.attribute(&button, "disabled").is_some(),
            "{action}"
        );
    }
    let steps = game_with_a_slip(player, &start);
    for (from, to, _) in &steps {
        player.step(from, to);
    }
    let n = steps.len();
    player.wait_text("[data-position]", |t| {
        t.starts_with(&format!("Step {n} of {n}"))
    });
    // Each entry in compact notation, marked once the game is solved.
    player.browser.wait_for("every step marked", || {
        (player.browser.all("[data-game-moves] [data-value]").len() == n).then_some(())
    });
    let shown = player.js(
        "return [...document.querySelectorAll('[data-game-moves] li')].map((li) =>
           [li.querySelector('button').textContent, li.querySelector('[data-value]').dataset.value])",
    );
    for (k, (from, to, value)) in steps.iter().enumerate() {
        let text = shown[k][0].as_str().unwrap();
        assert!(text.ends_with(&format!(" {from}–{to}")), "{text}");
        assert_eq!(shown[k][1], *value, "step {} of {steps:?}", k + 1);
    }
    player.wait_text("[data-moves-title]", |t| t == "Result");
    player.wait_text("[data-result]", |t| {
        t == format!("Solved in {n} steps; the fewest from the start is 5.")
    });
    let next = player.browser.find("[data-action=solution-next]");
    assert!(player.browser.attribute(&next, "disabled").is_some());
    // The review in view at desktop width.
    player.browser.find("[data-review] figure");
    let review = player.rect("[data-review] figure");
    let height = player.js("return innerHeight").as_f64().unwrap();
    assert!(
        review[1] >= 0.0 && review[3] <= height,
        "review at {review:?}"
    );
    player.shoot("move-list", None);
    // An entry shows its step; the address follows.
    player.click("[data-game-moves] [data-step='2']");
    player.wait_text("[data-position]", |t| {
        t.starts_with(&format!("Step 2 of {n}"))
    });
    let current = player.browser.find("[data-game-moves] [aria-current=step]");
    assert_eq!(player.browser.text(&current), shown[1][0].as_str().unwrap());
    let url = player
        .js("return location.search")
        .as_str()
        .unwrap()
        .to_owned();
    assert!(url.ends_with("&at=2"), "{url}");
}

/// The time the browser's clock is set to for the day's puzzle.
const PUZZLE_DAY_NOON: &str = "2026-03-14T12:00:00Z";

/// 02:00 of the same day in Shanghai (UTC+8): 18:00 UTC the day before.
const SHANGHAI_TWO_AM: &str = "2026-03-13T18:00:00Z";

/// A puzzle: its difficulty before the first step, a word after each
/// step, undone and restarted (nothing left to redo), solved and
/// remembered with the result (not the fewest after a slip taken back); a
/// streak from a clean solve; the day's puzzle the same twice, and the
/// same again at 02:00 of that day in Shanghai, the day before in UTC.
/// The browser's clock is set to noon of a fixed day, so that the day
/// cannot change between two looks at its puzzle.
fn puzzle_mode(player: &Player) {
    player.browser.set_clock(PUZZLE_DAY_NOON);
    player.open("/ui/");
    let daily = player.text("[data-action=daily]");
    player.click("[data-action=daily]");
    player.drawn();
    let fewest = player.wait_text("[data-puzzle-fewest]", |t| !t.is_empty());
    assert!(daily.contains(&format!("({fewest})")), "{daily} / {fewest}");
    let code = player.text("[data-code]");
    let address = player.js("return location.pathname + location.search");
    let day = address
        .as_str()
        .unwrap()
        .rsplit('=')
        .next()
        .unwrap()
        .to_owned();
    assert!(PUZZLE_DAY_NOON.starts_with(&format!("{day}T")), "{address}");
    player.open("/ui/");
    player.click("[data-action=daily]");
    player.drawn();
    player.wait_text("[data-code]", |t| t == code);
    // The day is the player's own: in Shanghai at 02:00, while it is still
    // the day before in UTC, the puzzle is Shanghai's day's, the same one.
    player.browser.cdp(
        "Emulation.setTimezoneOverride",
        json!({"timezoneId": "Asia/Shanghai"}),
    );
    player.browser.set_clock(SHANGHAI_TWO_AM);
    player.open("/ui/");
    let local =
        player.js("return [new Date().getUTCDate(), new Date().getDate(), new Date().getHours()]");
    assert_eq!(local, json!([13, 14, 2]));
    player.click("[data-action=daily]");
    player.drawn();
    player.wait_text("[data-code]", |t| t == code);
    let shanghai = player.js("return location.search");
    assert_eq!(shanghai, json!(format!("?puzzle={day}")));
    player
        .browser
        .cdp("Emulation.setTimezoneOverride", json!({"timezoneId": ""}));
    player.browser.set_clock(PUZZLE_DAY_NOON);
    // A puzzle 3 steps from solved, from the list.
    player.open("/ui/");
    let input = player.browser.find("[data-puzzle-steps]");
    player.browser.type_in(&input, "3");
    player.click("[data-action=puzzle]");
    player.drawn();
    player.wait_text("[data-game-name]", |t| {
        t.starts_with("Puzzle: 3 steps from solved")
    });
    player.wait_text("[data-feedback]", |t| {
        t == "Solve it in 3 steps: each step is judged as you play it."
    });
    let analysis = player.browser.all(".analysis-panel:not([hidden])");
    assert!(analysis.is_empty(), "the analysis gives the puzzle away");
    player.shoot("puzzle-start", None);
    // One 3 steps from solved with a step as near or farther after its
    // first best step, by its address.
    let start = player.site.api("/case/1A9BF0C00/solution")["layouts"][78]
        .as_str()
        .unwrap()
        .to_owned();
    player.open(&format!("/ui/case/{start}?puzzle=1"));
    player.wait_text("[data-feedback]", |t| t.starts_with("Solve it in 3 steps"));
    let best = player.moves(&start).into_iter().find(|m| m.3).unwrap();
    player.step(&best.0, &best.1);
    player.wait_text("[data-feedback]", |t| t == "Best move!");
    let code = player.text("[data-code]");
    let slip = player
        .moves(&code)
        .into_iter()
        .find(|m| m.0 != best.1 && m.2 != "nearer")
        .unwrap();
    let after = player.after(&code, &slip.0, &slip.1);
    let extra = 2 + player.min_step(&after) - 3;
    player.step(&slip.0, &slip.1);
    let why = if slip.2 == "same" {
        "It came no nearer."
    } else {
        "It went farther from solved."
    };
    let steps = if extra == 1 { "step" } else { "steps" };
    player.wait_text("[data-feedback]", |t| {
        t == format!("That's not the fastest: {extra} {steps} more. {why}")
    });
    player.shoot("puzzle-feedback", None);
    player.click("[data-action=undo]");
    player.wait_text("[data-feedback]", |t| t == "Best move!");
    player.click("[data-action=restart]");
    player.wait_text("[data-position]", |t| t.starts_with("The start: layout "));
    player.wait_text("[data-count]", |t| t == "0");
    assert!(player.browser.all("[data-game-moves] li").is_empty());
    // Restart leaves nothing to redo.
    let redo = player.browser.find("[data-action=redo]");
    assert!(player.browser.attribute(&redo, "disabled").is_some());
    // The slip, taken back, still counts: the puzzle is not solved in the
    // fewest, and the streak (none yet) says so.
    player.solve(&start, 3, false);
    player.wait_text("[data-streak]", |t| {
        t == "This one does not count for the streak: a step not the fastest."
    });
    // A clean solve of another puzzle starts a streak.
    let other = player.site.api("/case/1A9BF0C00/solution")["layouts"][79]
        .as_str()
        .unwrap()
        .to_owned();
    player.open(&format!("/ui/case/{other}?puzzle=1"));
    player.solve(&other, 2, true);
    player.wait_text("[data-streak]", |t| t.starts_with("Streak: 1 puzzle "));
    player.shoot("puzzle-solved", None);
    player.open("/ui/");
    for (puzzle, result) in [
        (
            &start,
            "solved in 3 steps (the fewest, after a slip or a hint)",
        ),
        (&other, "solved in 2 steps (the fewest)"),
    ] {
        let entry = player.text(&format!("[data-solved-puzzle='{puzzle}']"));
        assert!(entry.contains(result), "{entry}");
    }
    for (puzzle, result) in [(&start, "more"), (&other, "fewest")] {
        player.browser.find(&format!(
            "[data-solved-puzzle='{puzzle}'] [data-result={result}]"
        ));
    }
    player.browser.find("[data-solved-puzzles]");
    player.shoot("puzzles-solved", Some("[data-puzzles]"));
}

/// At 390x844: the game's buttons, the count chooser and the header's
/// links at least 44 px tall; the search box's example fits; scrolled to
/// read, the board sticks smaller; compose's pieces in reach with its board.
fn phone(player: &Player) {
    player.browser.resize(390, 844);
    player.open("/ui/case/1A9BF0C00");
    player.browser.find("[data-numbers] li");
    let short = player.js(
        "return [...document.querySelectorAll('.controls button, .counter select, .top a, .find button, .find input, .analysis-panel button')]
           .filter((e) => e.checkVisibility() && e.getBoundingClientRect().height < 44).map((e) => e.outerHTML.slice(0, 60))",
    );
    assert_eq!(short, json!([]));
    let fits = player.js(
        "const input = document.querySelector('[data-find-input]');
         const style = getComputedStyle(input);
         const context = document.createElement('canvas').getContext('2d');
         context.font = `${style.fontSize} ${style.fontFamily}`;
         const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
         return context.measureText(input.placeholder).width <= room;",
    );
    assert_eq!(fits, true);
    player.shoot_phone("phone-playing");
    player.js("window.scrollTo(0, 700)");
    player.browser.find(".game.reading");
    let height = player.js("return innerHeight").as_f64().unwrap();
    player.browser.wait_for("the board smaller", || {
        let board = player.rect("[data-play-board] svg");
        (board[3] - board[1] <= 0.32 * height).then_some(())
    });
    // The analysis and the steps read in the rest of the screen.
    let column = player.rect(".board-column");
    assert!(column[3] <= 0.45 * height, "the board column at {column:?}");
    player.shoot_phone("phone-reading");
    player.js("window.scrollTo(0, 0)");
    player.open("/ui/compose");
    let palette = player.rect(".palette");
    let board = player.rect("[data-compose-board] svg");
    let height = player.js("return innerHeight").as_f64().unwrap();
    assert!(
        palette[1] >= 0.0 && palette[3] <= height,
        "palette at {palette:?}"
    );
    assert!(board[1] >= 0.0 && board[3] <= height, "board at {board:?}");
    player.shoot_phone("compose-palette-phone");
    player.browser.resize(1280, 800);
}

impl Player<'_> {
    /// A screenshot of the view as it is at phone width, `NAME.png` and `NAME-dark.png`.
    fn shoot_phone(&self, name: &str) {
        for (scheme, suffix) in [("light", ""), ("dark", "-dark")] {
            self.browser.color_scheme(scheme);
            let file = self.shots.join(format!("{name}{suffix}.png"));
            std::fs::write(file, self.browser.screenshot()).unwrap();
        }
        self.browser.color_scheme("light");
    }
}
