//! The page's codes, steps and counts against the engine's, in a real
//! headless Chromium driven through WebDriver (`chromedriver`) against a
//! server over a database of class 5-4-1 built here: `code.js` decodes,
//! encodes and moves as the engine does, and a game counted in steps,
//! straight moves and cell moves, and the minimum solutions in each played
//! back, agree with the API's moves, with no error in the browser's
//! console. Screenshots go to `target/screenshots/`.
//!
//! Without `chromium` and `chromedriver` on the PATH `cargo test` lists the
//! test as ignored, with the reason (`build.rs`), unless `KLOTSKI_CI=1`
//! (CI installs them): then it fails.

mod browser;
mod common;

use std::collections::HashSet;

use browser::visit;
use serde_json::Value;
use visit::{best_in, path_to_solved, quick_clicks, show_analysis, step_code, Check, Visit};

#[test]
#[cfg_attr(
    missing_chromium,
    ignore = "needs Chromium and chromedriver: apt-get install chromium chromium-driver"
)]
fn the_pages_counts_in_a_real_browser() {
    visit::run(&["5-4-1"], &CHECKS);
}

/// What a person does, in order, each named.
const CHECKS: [(&str, Check); 4] = [
    ("the analysis shown", show_analysis),
    ("the page's codes and steps against the engine's", codes),
    ("a game counted in each metric", counted_in_each_metric),
    (
        "minimum solutions replayed in cell and straight moves",
        solutions_in_other_metrics,
    ),
];

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
            "{}–{}",
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
/// review without a slip and without praise (the page played it); then one
/// in straight moves, move by move.
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
    // Played by the page: said so, and not praised as the player's game.
    visit.browser.wait_text("[data-solved]", |text| {
        text.starts_with("The 2x2 block is at the exit: 116 cell moves, played by the page.")
            && !text.contains("Solved")
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
            text.starts_with("A minimum solution, played by the page")
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
