//! The page's modules joined into one file per view, once, at start: a
//! fresh browser then fetches one script for the first view instead of a
//! module per file (each fetch costs a cold browser more than its bytes).
//! `server/web/` stays plain modules, each with one job; only what is
//! served is joined.
//!
//! The modules keep to a form this relies on, and `bundle` refuses any
//! other: imports at the start of a line, `import { a, b as c } from
//! './x.js';` or `import * as x from './x.js';`; exports at the start of a
//! line, `export function|async function|const|class NAME` or `export {
//! a, b };`. Each module becomes an async function of its own scope whose
//! imports are taken from the modules evaluated before it (in the order an
//! ES module graph evaluates them) and which returns its exports. A module
//! loaded on demand (`import('./levels.js')`) is served as itself, its
//! imports taken from the entry's file: the two share one copy of each module.

use std::collections::BTreeMap;

/// What is wrong with a module, for the message at start.
pub type Refusal = String;

/// A module's imports, its exports and its body with neither.
struct Module {
    /// Each imported module, with what is bound from it: `(name, local)`
    /// pairs, or the namespace's local name.
    imports: Vec<(String, Binding)>,
    exports: Vec<String>,
    body: String,
}

/// What a module binds from one it imports.
enum Binding {
    Names(Vec<(String, String)>),
    Namespace(String),
}

/// The modules `entry` imports, directly or not (names in `files`, texts),
/// with it, as one module: each evaluated once, imports first. Its last
/// line exports the table of the modules (`modules`), which a module
/// loaded on demand takes its imports from.
pub fn bundle(files: &BTreeMap<&str, &str>, entry: &str) -> Result<String, Refusal> {
    let mut out = String::from("const modules = {};\n");
    for (name, module) in evaluation_order(files, entry)? {
        out.push_str(&format!("modules['{name}'] = await (async () => {{\n"));
        out.push_str(&wrapped(&module, "modules"));
        out.push_str("})();\n");
    }
    out.push_str("export { modules };\n");
    Ok(out)
}

/// A module loaded on demand (`name`), its imports taken from the table
/// `bundle` made of `entry`'s modules; it keeps its exports.
pub fn on_demand(files: &BTreeMap<&str, &str>, name: &str, entry: &str) -> Result<String, Refusal> {
    let text = files.get(name).ok_or(format!("no module {name}"))?;
    let module = parse(name, text)?;
    let joined = evaluation_order(files, entry)?;
    if let Some((missing, _)) = module
        .imports
        .iter()
        .find(|(from, _)| !joined.iter().any(|(held, _)| held == from))
    {
        return Err(format!("{name} imports {missing}, which {entry} does not"));
    }
    let mut out = format!("import {{ modules }} from './{entry}';\n");
    out.push_str(&imports_of(&module, "modules"));
    out.push_str(&module.body);
    out.push_str(&format!("export {{ {} }};\n", module.exports.join(", ")));
    Ok(out)
}

/// `module`'s body in a function of its own: its imports from `table`,
/// then its text, then the object of its exports.
fn wrapped(module: &Module, table: &str) -> String {
    format!(
        "{}{}return {{ {} }};\n",
        imports_of(module, table),
        module.body,
        module.exports.join(", ")
    )
}

/// `module`'s imports as declarations reading `table`.
fn imports_of(module: &Module, table: &str) -> String {
    module
        .imports
        .iter()
        .map(|(from, binding)| match binding {
            Binding::Names(names) => {
                let names: Vec<String> = names
                    .iter()
                    .map(|(name, local)| {
                        if name == local {
                            name.clone()
                        } else {
                            format!("{name}: {local}")
                        }
                    })
                    .collect();
                format!("const {{ {} }} = {table}['{from}'];\n", names.join(", "))
            }
            Binding::Namespace(local) => format!("const {local} = {table}['{from}'];\n"),
        })
        .collect()
}

/// `entry` and the modules it imports, directly or not, each read once,
/// in the order an ES module graph evaluates them (imports first).
fn evaluation_order(
    files: &BTreeMap<&str, &str>,
    entry: &str,
) -> Result<Vec<(String, Module)>, Refusal> {
    let mut order = Vec::new();
    visit(files, entry, &mut order, &mut Vec::new())?;
    Ok(order)
}

/// Adds the modules `name` imports, then `name`, to `order` (each once).
fn visit(
    files: &BTreeMap<&str, &str>,
    name: &str,
    order: &mut Vec<(String, Module)>,
    trail: &mut Vec<String>,
) -> Result<(), Refusal> {
    if order.iter().any(|(done, _)| done == name) {
        return Ok(());
    }
    if trail.iter().any(|open| open == name) {
        return Err(format!("an import circle through {name}"));
    }
    let text = files.get(name).ok_or(format!("no module {name}"))?;
    let module = parse(name, text)?;
    trail.push(name.to_owned());
    for (imported, _) in &module.imports {
        visit(files, imported, order, trail)?;
    }
    trail.pop();
    order.push((name.to_owned(), module));
    Ok(())
}

/// A module's text read as `bundle` needs it.
fn parse(name: &str, text: &str) -> Result<Module, Refusal> {
    let mut module = Module {
        imports: Vec::new(),
        exports: Vec::new(),
        body: String::new(),
    };
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.starts_with("import ") {
            let mut statement = line.to_owned();
            while !statement.trim_end().ends_with(';') {
                let next = lines
                    .next()
                    .ok_or(format!("{name}: an import without its end"))?;
                statement.push(' ');
                statement.push_str(next.trim());
            }
            module.imports.push(import(name, &statement)?);
        } else if let Some(declaration) = line.strip_prefix("export ") {
            if let Some(list) = declaration.strip_prefix('{') {
                let list = list
                    .trim_end()
                    .strip_suffix("};")
                    .ok_or(format!("{name}: an export list on one line: {line}"))?;
                module
                    .exports
                    .extend(list.split(',').map(|n| n.trim().to_owned()));
                continue;
            }
            module.exports.push(
                declared(declaration)
                    .ok_or(format!("{name}: an export of another form: {line}"))?,
            );
            module.body.push_str(declaration);
            module.body.push('\n');
        } else {
            module.body.push_str(line);
            module.body.push('\n');
        }
    }
    Ok(module)
}

/// The name a declaration (`function f(`, `async function f(`, `const x
/// =`, `class C`) declares.
fn declared(declaration: &str) -> Option<String> {
    let rest = ["async function ", "function ", "const ", "class "]
        .iter()
        .find_map(|start| declaration.strip_prefix(start))?;
    let name: String = rest
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '$')
        .collect();
    (!name.is_empty()).then_some(name)
}

/// An import statement on one line: the module and what it binds.
fn import(name: &str, statement: &str) -> Result<(String, Binding), Refusal> {
    let wrong = || format!("{name}: an import of another form: {statement}");
    let (what, from) = statement
        .strip_prefix("import ")
        .and_then(|rest| rest.rsplit_once(" from "))
        .ok_or_else(wrong)?;
    let from = from
        .trim()
        .trim_end_matches(';')
        .trim_matches(['\'', '"'])
        .strip_prefix("./")
        .ok_or_else(wrong)?
        .to_owned();
    let what = what.trim();
    let binding = if let Some(local) = what.strip_prefix("* as ") {
        Binding::Namespace(local.trim().to_owned())
    } else {
        let list = what
            .strip_prefix('{')
            .and_then(|w| w.strip_suffix('}'))
            .ok_or_else(wrong)?;
        Binding::Names(
            list.split(',')
                .map(str::trim)
                .filter(|n| !n.is_empty())
                .map(|n| match n.split_once(" as ") {
                    Some((name, local)) => (name.trim().to_owned(), local.trim().to_owned()),
                    None => (n.to_owned(), n.to_owned()),
                })
                .collect(),
        )
    };
    Ok((from, binding))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files() -> BTreeMap<&'static str, &'static str> {
        BTreeMap::from([
            ("a.js", "import { b, c as see } from './b.js';\nimport * as d from './d.js';\nexport const x = b() + see + d.y;\n"),
            ("b.js", "import {\n  y,\n} from './d.js';\nexport function b() {\n  return y;\n}\nconst c = 1;\nexport { c };\n"),
            ("d.js", "export const y = await Promise.resolve(2);\n"),
            ("later.js", "import { b } from './b.js';\nexport async function later() {\n  return b();\n}\n"),
        ])
    }

    #[test]
    fn modules_are_joined_imports_first_each_once() {
        let joined = bundle(&files(), "a.js").unwrap();
        let d = joined.find("modules['d.js'] =").unwrap();
        let b = joined.find("modules['b.js'] =").unwrap();
        let a = joined.find("modules['a.js'] =").unwrap();
        assert!(d < b && b < a, "{joined}");
        assert_eq!(joined.matches("modules['d.js'] =").count(), 1);
        assert!(
            joined.contains("const { b, c: see } = modules['b.js'];"),
            "{joined}"
        );
        assert!(joined.contains("const d = modules['d.js'];"), "{joined}");
        assert!(joined.contains("return { b, c };"), "{joined}");
        assert!(
            joined.contains("const y = await Promise.resolve(2);"),
            "{joined}"
        );
        assert!(
            !joined.contains("export const") && !joined.contains("import "),
            "{joined}"
        );
    }

    #[test]
    fn a_module_on_demand_takes_its_imports_from_the_bundle() {
        let later = on_demand(&files(), "later.js", "a.js").unwrap();
        assert_eq!(
            later,
            "import { modules } from './a.js';\nconst { b } = modules['b.js'];\nasync function later() {\n  return b();\n}\nexport { later };\n"
        );
    }

    #[test]
    fn other_forms_and_circles_are_refused() {
        for (text, says) in [
            ("export default 1;\n", "another form"),
            ("import x from './d.js';\n", "another form"),
            ("import { y } from 'https://x/d.js';\n", "another form"),
            ("import { y } from './d.js'\n", "without its end"),
        ] {
            let mut files = files();
            files.insert("a.js", text);
            let refusal = bundle(&files, "a.js").err().unwrap();
            assert!(refusal.contains(says), "{text}: {refusal}");
        }
        let mut files = files();
        files.insert("d.js", "import { x } from './a.js';\n");
        assert!(bundle(&files, "a.js").err().unwrap().contains("circle"));
        // A module on demand whose import the entry does not hold would
        // find nothing in the table.
        files.insert("d.js", "export const y = 2;\n");
        files.insert("e.js", "export const e = 1;\n");
        files.insert("later.js", "import { e } from './e.js';\n");
        let refusal = on_demand(&files, "later.js", "a.js").err().unwrap();
        assert_eq!(refusal, "later.js imports e.js, which a.js does not");
    }
}
