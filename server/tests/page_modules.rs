//! The page's modules (`server/web/*.js`) import one another without a
//! circle (each file has one job, and a circle means two files share one),
//! and one module owns the game's state: `game.js`. The others read the game
//! and ask its methods for a change; a write to it from elsewhere (through
//! the name `game` the modules hand it by, or through `this` in a class that
//! extends it) is data flowing back up, and fails here.

use std::collections::BTreeMap;
use std::path::Path;

/// The module that owns the game's state.
const OWNER: &str = "game.js";

/// Each module of the page by name, with its text.
fn modules() -> BTreeMap<String, String> {
    let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("web");
    let mut texts = BTreeMap::new();
    for entry in std::fs::read_dir(web).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "js") {
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        texts.insert(name, std::fs::read_to_string(&path).unwrap());
    }
    texts
}

/// Each module's name and the modules it imports.
fn imports() -> BTreeMap<String, Vec<String>> {
    modules()
        .into_iter()
        .map(|(name, text)| (name, imported(&text)))
        .collect()
}

/// The modules of `./` a module's `text` imports or exports from: its
/// statements that start a line with `import ` or `export {`/`export *`,
/// on one line or several (up to the line that names the module or ends
/// the statement).
fn imported(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if !["import ", "export {", "export *"]
            .iter()
            .any(|start| line.starts_with(start))
        {
            continue;
        }
        let mut statement = line.to_owned();
        while !statement.contains(['\'', '"', ';']) {
            match lines.next() {
                Some(next) => statement.push_str(next),
                None => break,
            }
        }
        let quoted = statement.split(['\'', '"']).nth(1);
        if let Some(name) = quoted.and_then(|q| q.strip_prefix("./")) {
            names.push(name.to_owned());
        }
    }
    names
}

/// A circle of imports through `module`, if any: the modules on it.
fn circle_from(
    graph: &BTreeMap<String, Vec<String>>,
    module: &str,
    trail: &mut Vec<String>,
) -> Option<Vec<String>> {
    if let Some(at) = trail.iter().position(|m| m == module) {
        let mut circle = trail[at..].to_vec();
        circle.push(module.to_owned());
        return Some(circle);
    }
    trail.push(module.to_owned());
    for next in graph.get(module).into_iter().flatten() {
        if let Some(circle) = circle_from(graph, next, trail) {
            return Some(circle);
        }
    }
    trail.pop();
    None
}

#[test]
fn the_pages_modules_import_without_a_circle() {
    let graph = imports();
    assert!(graph.len() > 10, "the page's modules: {graph:?}");
    // Every import read names a module of web/: a misread one hides an edge.
    for (module, imported) in &graph {
        for name in imported {
            assert!(graph.contains_key(name), "{module} imports {name}");
        }
    }
    for module in graph.keys() {
        if let Some(circle) = circle_from(&graph, module, &mut Vec::new()) {
            panic!("an import circle: {}", circle.join(" -> "));
        }
    }
}

#[test]
fn a_circle_is_found() {
    let graph = BTreeMap::from([
        ("a.js".to_owned(), vec!["b.js".to_owned()]),
        ("b.js".to_owned(), vec!["c.js".to_owned()]),
        ("c.js".to_owned(), vec!["a.js".to_owned()]),
    ]);
    assert_eq!(
        circle_from(&graph, "a.js", &mut Vec::new()),
        Some(
            vec!["a.js", "b.js", "c.js", "a.js"]
                .into_iter()
                .map(str::to_owned)
                .collect()
        )
    );
}

#[test]
fn imports_are_read_on_one_line_or_several() {
    let text = "import { a } from './a.js';
import {
  b,
  c,
} from \"./b.js\";
import './c.js';
export { d } from './d.js';
export { x };
export * from './e.js';
import * as api from './api.js';
// A word from './f.js' in a comment, or in a string:
const x = \"from './g.js'\";
export function h() {}
export { x };
";
    assert_eq!(
        imported(text),
        ["a.js", "b.js", "c.js", "d.js", "e.js", "api.js"]
    );
}

/// `text` without its comments (`//` at a line's start or after a space, and
/// `/* … */`), so that a comment that speaks of `game.hint = …` is no write.
fn code_of(text: &str) -> String {
    let mut code = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("/*") {
        code.push_str(&rest[..at]);
        rest = rest[at..]
            .find("*/")
            .map_or("", |end| &rest[at + end + 2..]);
    }
    code.push_str(rest);
    code.lines()
        .map(|line| {
            let cut = line
                .match_indices("//")
                .find(|(at, _)| line[..*at].trim().is_empty() || line[..*at].ends_with(' '));
            cut.map_or(line, |(at, _)| &line[..at])
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The names a class of the owner sets on itself (`this.name =`): the fields of its state.
fn fields_of(owner: &str) -> Vec<String> {
    let code = code_of(owner);
    let mut fields: Vec<String> = code
        .match_indices("this.")
        .filter_map(|(at, _)| written(&code[at + 5..]))
        .collect();
    fields.sort();
    fields.dedup();
    fields
}

/// The member written by the text that follows `object.`, if it is a write:
/// `member =` (not `==`), a compound assignment, `++`/`--`, or a call of an
/// array's mutating method on it (`member.push(`); through a chain of members
/// (`member.inner = `), the first.
fn written(after: &str) -> Option<String> {
    let member: String = after
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '$')
        .collect();
    if member.is_empty() {
        return None;
    }
    let mut rest = &after[member.len()..];
    // A chain of members, each written through the first.
    while let Some(next) = rest.strip_prefix('.') {
        let inner = next
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '$')
            .count();
        if inner == 0 {
            return None;
        }
        const MUTATORS: [&str; 9] = [
            "push(",
            "pop(",
            "shift(",
            "unshift(",
            "splice(",
            "sort(",
            "reverse(",
            "fill(",
            "copyWithin(",
        ];
        if MUTATORS.iter().any(|m| next.starts_with(m)) {
            return Some(member);
        }
        rest = &next[inner..];
    }
    let rest = rest.trim_start();
    let assigns = [
        "++", "--", "+=", "-=", "*=", "/=", "%=", "??=", "||=", "&&=",
    ]
    .iter()
    .any(|op| rest.starts_with(op))
        || (rest.starts_with('=') && !rest.starts_with("==") && !rest.starts_with("=>"));
    assigns.then_some(member)
}

/// The writes of `module`'s `text` to the owner's object: through `game.`
/// (however reached: `this.game.`), and in a class that extends the owner's,
/// through `this.` to one of its `fields`. Each as `module: member`.
fn writes_to_owner(module: &str, text: &str, fields: &[String]) -> Vec<String> {
    let code = code_of(text);
    let mut writes = Vec::new();
    for (at, _) in code.match_indices("game.") {
        let starts_word = code[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_' || c == '$'));
        if let Some(member) = starts_word.then(|| written(&code[at + 5..])).flatten() {
            writes.push(format!("{module}: game.{member}"));
        }
    }
    if code.contains("extends Game") {
        for (at, _) in code.match_indices("this.") {
            match written(&code[at + 5..]) {
                Some(member) if fields.contains(&member) => {
                    writes.push(format!("{module}: this.{member}"))
                }
                _ => {}
            }
        }
    }
    if code.contains("Object.assign(game") || code.contains("Object.assign(this.game") {
        writes.push(format!("{module}: Object.assign(game, …)"));
    }
    writes
}

#[test]
fn only_the_owner_writes_the_games_state() {
    let modules = modules();
    let fields = fields_of(&modules[OWNER]);
    // The owner's state, read from it: a misread list would let a write through.
    for field in [
        "pos", "steps", "selected", "cursor", "hint", "values", "assisted", "metric",
    ] {
        assert!(
            fields.iter().any(|f| f == field),
            "{OWNER}'s fields: {fields:?}"
        );
    }
    let writes: Vec<String> = modules
        .iter()
        .filter(|(name, _)| name.as_str() != OWNER)
        .flat_map(|(name, text)| writes_to_owner(name, text, &fields))
        .collect();
    assert!(
        writes.is_empty(),
        "writes to {OWNER}'s state from other modules: {writes:#?}"
    );
}

#[test]
fn a_write_to_the_owners_state_is_found() {
    let fields = ["hint".to_owned(), "steps".to_owned(), "pos".to_owned()];
    let text = "
export function f(game) {
  game.hint = { level, move };
  this.game.assisted = true;
  game.pos++;
  game.steps.push(step);
  game.values ??= [];
  game.solvedNote.hidden = true;
  if (game.pos === 0 || game.hint == null) game.say('x');
  const a = game.steps.length;
  // game.cursor = 'a1' in a comment
  /* game.cursor = 'a1' */
  endgame.x = 1;
  list.forEach((game) => game.draw());
}
class View extends Game {
  f() { this.hint = null; this.boardWrap = null; this.pos += 1; }
}
";
    assert_eq!(
        writes_to_owner("m.js", text, &fields),
        [
            "m.js: game.hint",
            "m.js: game.assisted",
            "m.js: game.pos",
            "m.js: game.steps",
            "m.js: game.values",
            "m.js: game.solvedNote",
            "m.js: this.hint",
            "m.js: this.pos",
        ]
    );
    assert!(writes_to_owner("m.js", "class A { f() { this.hint = 1; } }", &fields).is_empty());
}
