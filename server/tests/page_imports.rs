//! The page's modules (`server/web/*.js`) import one another without a
//! circle: each file has one job, and a circle means two files share one.

use std::collections::BTreeMap;
use std::path::Path;

/// Each module's name and the modules it imports.
fn imports() -> BTreeMap<String, Vec<String>> {
    let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("web");
    let mut graph = BTreeMap::new();
    for entry in std::fs::read_dir(web).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "js") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        graph.insert(name, imported(&text));
    }
    graph
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
