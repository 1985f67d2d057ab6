//! No import circle among the files of any crate: a file that uses an item
//! of another file of its crate must not be used back, directly or round a
//! longer loop. A circle means the two files are one module in two pieces
//! (or share an item that belongs to a third), and it makes neither
//! readable on its own.
//!
//! The test reads every crate's `src/` (the module tree from each root:
//! `lib.rs`, `main.rs`, `bin/*.rs`, following `mod name;`), and draws an
//! edge from a file to the file that defines what it names: `use`
//! statements and paths through `crate::`, `super::`, `self::` or one of
//! its own child modules, resolved through re-exports (`pub use` is a
//! module's face, not a use of its own). Declaring a module (`mod name;`)
//! is not a use of it, and a module marked `#[cfg(test)]` is left out (a
//! test may use anything of its crate). It fails on every strongly connected set of files,
//! naming one circle in it and the references that make each edge.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fs;
use std::path::{Path, PathBuf};

/// The crates whose files are checked, by folder.
const CRATES: &[&str] = &[
    "klotski", "schema", "edge", "builder", "server", "bench", "python", "probe",
];

#[test]
fn no_crate_has_an_import_circle() {
    let root = repo();
    let mut graph = Graph::default();
    for name in CRATES {
        read_crate(&root, &root.join(name).join("src"), &mut graph);
    }
    assert!(
        graph.files.len() > 100,
        "read only {} files",
        graph.files.len()
    );
    let circles: Vec<String> = graph
        .circles()
        .iter()
        .map(|circle| circle.describe(&graph))
        .collect();
    assert!(
        circles.is_empty(),
        "import circles:\n\n{}",
        circles.join("\n\n")
    );
}

#[test]
fn a_made_up_circle_is_found_and_named() {
    let mut graph = Graph::default();
    for (from, to) in [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("e", "e")] {
        graph.add_edge(from, to, format!("{from} names {to}"));
    }
    let circles = graph.circles();
    assert_eq!(circles.len(), 1, "one circle: a, b, c (not d, not e alone)");
    assert_eq!(circles[0].files, ["a", "b", "c"]);
    let described = circles[0].describe(&graph);
    assert!(
        described.contains("a -> b -> c -> a"),
        "the circle named: {described}"
    );
    assert!(described.contains("c names a"), "its edges: {described}");
}

#[test]
fn a_made_up_crate_s_circles_are_found_through_every_kind_of_path() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("src");
    let write = |name: &str, text: &str| {
        let path = src.join(name);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    };
    // lib.rs re-exports `Thing`: naming `crate::Thing` is naming thing.rs.
    write(
        "lib.rs",
        "mod thing;\nmod other;\nmod parent;\npub use thing::Thing;\npub const TOP: u8 = 1;\n",
    );
    // thing.rs <-> other.rs: a `use` one way, a full path the other way.
    write(
        "thing.rs",
        "use crate::other::{self, Other};\npub struct Thing;\n\
         // crate::parent in a comment is no use\nconst S: &str = \"crate::parent\";\n\
         #[cfg(test)]\nmod tests {\n    use crate::parent::Shared;\n}\n",
    );
    write("other.rs", "pub struct Other(crate::Thing);\n");
    // parent/mod.rs <-> parent/child.rs: a child's `super::`, the parent's
    // relative path to its child.
    write(
        "parent/mod.rs",
        "mod child;\npub struct Shared;\nfn f() { child::g(); }\n\
         #[cfg(test)]\nmod tests {\n    use super::Shared;\n}\n",
    );
    write(
        "parent/child.rs",
        "pub fn g() -> super::Shared { super::Shared }\n",
    );
    let mut graph = Graph::default();
    read_crate(dir.path(), &src, &mut graph);
    let circles: Vec<Vec<String>> = graph.circles().into_iter().map(|c| c.files).collect();
    assert_eq!(
        circles,
        [
            vec!["src/other.rs".to_string(), "src/thing.rs".to_string()],
            vec![
                "src/parent/child.rs".to_string(),
                "src/parent/mod.rs".to_string()
            ],
        ]
    );
    assert!(
        !graph
            .edges
            .contains_key(&("src/lib.rs".into(), "src/thing.rs".into())),
        "a re-export is no use"
    );
    assert!(
        !graph
            .edges
            .contains_key(&("src/thing.rs".into(), "src/parent/mod.rs".into())),
        "comments, strings and tests are no use"
    );
}

/// The repository's top folder.
fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_owned()
}

/// Files and the references between them.
#[derive(Default)]
struct Graph {
    /// Every file read, by its name relative to the repository.
    files: BTreeSet<String>,
    /// Edges from a file to another, each with the references that make it.
    edges: BTreeMap<(String, String), BTreeSet<String>>,
}

/// One strongly connected set of files and a circle through all of them.
struct Circle {
    /// The files, sorted.
    files: Vec<String>,
}

impl Graph {
    fn add_edge(&mut self, from: &str, to: &str, why: String) {
        self.files.insert(from.to_string());
        self.files.insert(to.to_string());
        if from != to {
            self.edges
                .entry((from.to_string(), to.to_string()))
                .or_default()
                .insert(why);
        }
    }

    fn successors(&self, file: &str) -> Vec<&str> {
        self.edges
            .keys()
            .filter(|(from, _)| from == file)
            .map(|(_, to)| to.as_str())
            .collect()
    }

    /// Every set of two or more files that reach each other (Tarjan's
    /// strongly connected components), in the order of their first file.
    fn circles(&self) -> Vec<Circle> {
        struct State<'g> {
            index: HashMap<&'g str, usize>,
            low: HashMap<&'g str, usize>,
            stack: Vec<&'g str>,
            on_stack: BTreeSet<&'g str>,
            found: Vec<Vec<String>>,
        }
        fn visit<'g>(graph: &'g Graph, file: &'g str, state: &mut State<'g>) {
            let n = state.index.len();
            state.index.insert(file, n);
            state.low.insert(file, n);
            state.stack.push(file);
            state.on_stack.insert(file);
            for next in graph.successors(file) {
                if !state.index.contains_key(next) {
                    visit(graph, next, state);
                    let low = state.low[file].min(state.low[next]);
                    state.low.insert(file, low);
                } else if state.on_stack.contains(next) {
                    let low = state.low[file].min(state.index[next]);
                    state.low.insert(file, low);
                }
            }
            if state.low[file] == state.index[file] {
                let mut component = Vec::new();
                loop {
                    let top = state.stack.pop().unwrap();
                    state.on_stack.remove(top);
                    component.push(top.to_string());
                    if top == file {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    state.found.push(component);
                }
            }
        }
        let mut state = State {
            index: HashMap::new(),
            low: HashMap::new(),
            stack: Vec::new(),
            on_stack: BTreeSet::new(),
            found: Vec::new(),
        };
        for file in &self.files {
            if !state.index.contains_key(file.as_str()) {
                visit(self, file, &mut state);
            }
        }
        state.found.sort();
        state
            .found
            .into_iter()
            .map(|files| Circle { files })
            .collect()
    }
}

impl Circle {
    /// One circle through the set's first file (the shortest back to it),
    /// and the references along it.
    fn describe(&self, graph: &Graph) -> String {
        let inside: BTreeSet<&str> = self.files.iter().map(String::as_str).collect();
        let start = self.files[0].as_str();
        // Breadth-first from the start inside the set, back to the start.
        let mut previous: HashMap<&str, &str> = HashMap::new();
        let mut queue = std::collections::VecDeque::from([start]);
        let mut last = None;
        'search: while let Some(file) = queue.pop_front() {
            for next in graph.successors(file) {
                if next == start {
                    last = Some(file);
                    break 'search;
                }
                if inside.contains(next) && !previous.contains_key(next) {
                    previous.insert(next, file);
                    queue.push_back(next);
                }
            }
        }
        let mut path = vec![start];
        let mut file = last.expect("a strongly connected set has a circle");
        while file != start {
            path.push(file);
            file = previous[file];
        }
        path[1..].reverse();
        path.push(start);
        let mut text = format!(
            "{} files reach each other: {}\none circle: {}\n",
            self.files.len(),
            self.files.join(", "),
            path.join(" -> ")
        );
        for pair in path.windows(2) {
            let why = &graph.edges[&(pair[0].to_string(), pair[1].to_string())];
            let why: Vec<&str> = why.iter().map(String::as_str).collect();
            text += &format!("  {} -> {}: {}\n", pair[0], pair[1], why.join(", "));
        }
        text
    }
}

/// A module: the file that holds it and its path in its crate.
#[derive(Clone)]
struct Module {
    file: String,
}

/// What one crate root's module tree holds.
#[derive(Default)]
struct Tree {
    /// Every module (inline ones too) by its path, `""` for the root.
    modules: HashMap<String, Module>,
    /// Imports (`use`, public or not): (module path, name) -> the full
    /// path it stands for.
    imports: HashMap<(String, String), Vec<String>>,
}

/// A reference read from a file: from which module, to which full path.
struct Reference {
    file: String,
    path: Vec<String>,
}

/// Reads the module trees of the crate whose sources are in `src` into
/// `graph`, file names relative to `repo`.
fn read_crate(repo: &Path, src: &Path, graph: &mut Graph) {
    let mut roots = vec![src.join("lib.rs"), src.join("main.rs")];
    if let Ok(entries) = fs::read_dir(src.join("bin")) {
        roots.extend(entries.map(|entry| entry.unwrap().path()));
    }
    for root in roots.into_iter().filter(|root| root.is_file()) {
        let mut tree = Tree::default();
        let mut references = Vec::new();
        read_module(repo, &root, Vec::new(), true, &mut tree, &mut references);
        for reference in references {
            graph.files.insert(reference.file.clone());
            if let Some(target) = tree.resolve(&reference.path, 0) {
                graph.add_edge(&reference.file, &target, reference.path.join("::"));
            }
        }
        for module in tree.modules.values() {
            graph.files.insert(module.file.clone());
        }
    }
}

/// Reads the module at `file`, with the path `path`, and the modules it
/// declares. `owns_folder`: its children sit beside it (a root, a
/// `mod.rs`), not in a folder of its name.
fn read_module(
    repo: &Path,
    file: &Path,
    path: Vec<String>,
    owns_folder: bool,
    tree: &mut Tree,
    references: &mut Vec<Reference>,
) {
    let name = file
        .strip_prefix(repo)
        .unwrap()
        .to_string_lossy()
        .into_owned();
    let text = fs::read_to_string(file).unwrap_or_else(|e| panic!("{name}: {e}"));
    let tokens = without_test_modules(tokens(&strip(&text)));
    let parsed = parse(&tokens, &path);
    let folder = if owns_folder {
        file.parent().unwrap().to_owned()
    } else {
        file.with_extension("")
    };
    for inline in &parsed.inline_modules {
        tree.modules
            .insert(inline.join("::"), Module { file: name.clone() });
    }
    tree.modules
        .insert(path.join("::"), Module { file: name.clone() });
    for (module, alias, target) in parsed.imports {
        // A glob (`use super::*` in tests) names nothing for others.
        if alias != "*" {
            tree.imports.insert((module.join("::"), alias), target);
        }
    }
    for target in parsed.references {
        references.push(Reference {
            file: name.clone(),
            path: target,
        });
    }
    for child in parsed.declared {
        let flat = folder.join(format!("{child}.rs"));
        let nested = folder.join(&child).join("mod.rs");
        let mut child_path = path.clone();
        child_path.push(child.clone());
        if flat.is_file() {
            read_module(repo, &flat, child_path, false, tree, references);
        } else if nested.is_file() {
            read_module(repo, &nested, child_path, true, tree, references);
        } else {
            panic!("{name} declares mod {child}, found in neither {flat:?} nor {nested:?}");
        }
    }
}

impl Tree {
    /// The file that defines what the full path `path` names, or `None`
    /// when it leaves the crate. `depth` bounds chains of re-exports.
    fn resolve(&self, path: &[String], depth: usize) -> Option<String> {
        assert!(depth < 20, "re-exports loop at {}", path.join("::"));
        let mut module: Vec<String> = Vec::new();
        for (i, segment) in path.iter().enumerate() {
            let mut child = module.clone();
            child.push(segment.clone());
            if self.modules.contains_key(&child.join("::")) {
                module = child;
                continue;
            }
            let here = module.join("::");
            if let Some(target) = self.imports.get(&(here.clone(), segment.clone())) {
                let mut full = target.clone();
                full.extend(path[i + 1..].iter().cloned());
                return self.resolve(&full, depth + 1);
            }
            break;
        }
        self.modules.get(&module.join("::")).map(|m| m.file.clone())
    }
}

/// What one file says about modules.
struct Parsed {
    /// Child modules declared `mod name;` at the file's top level.
    declared: Vec<String>,
    /// Paths of the inline modules (`mod name { ... }`).
    inline_modules: Vec<Vec<String>>,
    /// (module, name or `*`, full path) of each `use`.
    imports: Vec<(Vec<String>, String, Vec<String>)>,
    /// Full paths (from the crate root) named by `use` or inline paths.
    references: Vec<Vec<String>>,
}

/// Reads a file's tokens, whose module path is `path`.
fn parse(tokens: &[String], path: &[String]) -> Parsed {
    // First pass: the file's own child modules, and inline ones'.
    let mut declared = Vec::new();
    let mut children: HashMap<Vec<String>, BTreeSet<String>> = HashMap::new();
    let mut inline_modules = Vec::new();
    {
        let mut scopes: Vec<(Vec<String>, usize)> = vec![(path.to_vec(), 0)];
        let mut depth = 0;
        for i in 0..tokens.len() {
            match tokens[i].as_str() {
                "{" => depth += 1,
                "}" => {
                    depth -= 1;
                    if scopes.len() > 1 && scopes.last().unwrap().1 == depth {
                        scopes.pop();
                    }
                }
                "mod" if i + 2 < tokens.len() => {
                    let scope = scopes.last().unwrap().0.clone();
                    let name = tokens[i + 1].clone();
                    children
                        .entry(scope.clone())
                        .or_default()
                        .insert(name.clone());
                    let mut inner = scope;
                    inner.push(name.clone());
                    if tokens[i + 2] == ";" {
                        declared.push(name);
                    } else if tokens[i + 2] == "{" {
                        inline_modules.push(inner.clone());
                        scopes.push((inner, depth));
                    }
                }
                _ => {}
            }
        }
    }
    let mut parsed = Parsed {
        declared,
        inline_modules,
        imports: Vec::new(),
        references: Vec::new(),
    };
    let mut scopes: Vec<(Vec<String>, usize)> = vec![(path.to_vec(), 0)];
    let mut depth = 0;
    let mut i = 0;
    while i < tokens.len() {
        let scope = scopes.last().unwrap().0.clone();
        let token = tokens[i].as_str();
        match token {
            "{" => depth += 1,
            "}" => {
                depth -= 1;
                if scopes.len() > 1 && scopes.last().unwrap().1 == depth {
                    scopes.pop();
                }
            }
            "mod" if i + 2 < tokens.len() && tokens[i + 2] == "{" => {
                let mut inner = scope.clone();
                inner.push(tokens[i + 1].clone());
                scopes.push((inner, depth));
                depth += 1;
                i += 3;
                continue;
            }
            "use" => {
                let public = i > 0 && (tokens[i - 1] == "pub" || tokens[i - 1] == ")");
                let end = (i..tokens.len()).find(|&j| tokens[j] == ";").unwrap();
                for (target, alias) in expand_use(&tokens[i + 1..end]) {
                    let Some(full) = absolute(&target, &scope, &children) else {
                        continue;
                    };
                    // Any import is a name that the module's children
                    // may reach it by; only a private one is a use.
                    if !public {
                        parsed.references.push(full.clone());
                    }
                    parsed.imports.push((scope.clone(), alias, full));
                }
                i = end + 1;
                continue;
            }
            _ => {}
        }
        let starts_path = is_ident(token)
            && tokens.get(i + 1).is_some_and(|t| t == "::")
            && (i == 0 || (tokens[i - 1] != "::" && tokens[i - 1] != "$"));
        if starts_path {
            let mut target = vec![token.to_string()];
            let mut j = i + 1;
            while j + 1 < tokens.len() && tokens[j] == "::" && is_ident(&tokens[j + 1]) {
                target.push(tokens[j + 1].clone());
                j += 2;
            }
            if let Some(full) = absolute(&target, &scope, &children) {
                parsed.references.push(full);
            }
            i = j;
            continue;
        }
        i += 1;
    }
    parsed
}

/// The full path of `target` named in module `scope`, when it starts in
/// this crate (`crate`, `super`, `self` or a child module of the scope).
fn absolute(
    target: &[String],
    scope: &[String],
    children: &HashMap<Vec<String>, BTreeSet<String>>,
) -> Option<Vec<String>> {
    let (mut full, rest) = match target.first()?.as_str() {
        "crate" => (Vec::new(), &target[1..]),
        "self" => (scope.to_vec(), &target[1..]),
        "super" => {
            let mut full = scope.to_vec();
            let mut rest = target;
            while rest.first().is_some_and(|s| s == "super") {
                full.pop()?;
                rest = &rest[1..];
            }
            (full, rest)
        }
        first if children.get(scope).is_some_and(|c| c.contains(first)) => (scope.to_vec(), target),
        _ => return None,
    };
    full.extend(rest.iter().cloned());
    Some(full)
}

/// The paths a `use` tree names, each with the name it brings (`*` for a
/// glob).
fn expand_use(tokens: &[String]) -> Vec<(Vec<String>, String)> {
    fn tree(
        tokens: &[String],
        i: &mut usize,
        prefix: Vec<String>,
        out: &mut Vec<(Vec<String>, String)>,
    ) {
        let mut path = prefix;
        while let Some(token) = tokens.get(*i) {
            match token.as_str() {
                "::" => *i += 1,
                "{" => {
                    *i += 1;
                    loop {
                        tree(tokens, i, path.clone(), out);
                        match tokens.get(*i).map(String::as_str) {
                            Some(",") => *i += 1,
                            Some("}") => {
                                *i += 1;
                                break;
                            }
                            _ => break,
                        }
                        if tokens.get(*i).is_some_and(|t| t == "}") {
                            *i += 1;
                            break;
                        }
                    }
                    return;
                }
                "*" => {
                    *i += 1;
                    out.push((path, "*".into()));
                    return;
                }
                "as" => {
                    let alias = tokens[*i + 1].clone();
                    *i += 2;
                    out.push((path, alias));
                    return;
                }
                "," | "}" => break,
                "self" if !path.is_empty() => *i += 1,
                ident => {
                    path.push(ident.to_string());
                    *i += 1;
                }
            }
        }
        if let Some(last) = path.last().cloned() {
            out.push((path, last));
        }
    }
    let mut out = Vec::new();
    let start = usize::from(tokens.first().is_some_and(|t| t == "::"));
    let mut i = start;
    tree(tokens, &mut i, Vec::new(), &mut out);
    out
}

fn is_ident(token: &str) -> bool {
    token
        .chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
}

/// `tokens` without the modules marked `#[cfg(test)]`: a test may use
/// anything of its crate.
fn without_test_modules(tokens: Vec<String>) -> Vec<String> {
    const MARK: [&str; 7] = ["#", "[", "cfg", "(", "test", ")", "]"];
    let mut out = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        let marked = tokens.len() >= i + MARK.len() + 3
            && MARK.iter().zip(&tokens[i..]).all(|(m, t)| m == t)
            && tokens[i + MARK.len()] == "mod";
        if !marked {
            out.push(tokens[i].clone());
            i += 1;
            continue;
        }
        i += MARK.len() + 2;
        if tokens[i] == "{" {
            let mut depth = 0;
            for token in &tokens[i..] {
                match token.as_str() {
                    "{" => depth += 1,
                    "}" => depth -= 1,
                    _ => {}
                }
                i += 1;
                if depth == 0 {
                    break;
                }
            }
        } else {
            i += 1; // the `;` of `mod tests;`
        }
    }
    out
}

/// The tokens of stripped source: identifiers, `::`, and single
/// punctuation characters.
fn tokens(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(chars[start..i].iter().collect());
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            out.push("::".into());
            i += 2;
        } else {
            out.push(c.to_string());
            i += 1;
        }
    }
    out
}

/// The source without comments, strings and character literals (each
/// replaced by a space), so that only code is read.
fn strip(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && raw_string_at(&chars, i) {
            let mut hashes = 0;
            i += 1;
            while chars[i] == '#' {
                hashes += 1;
                i += 1;
            }
            i += 1; // the opening quote
            let closing: String = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            let closing: Vec<char> = closing.chars().collect();
            while i < chars.len() && !chars[i..].starts_with(&closing) {
                i += 1;
            }
            i += closing.len();
            out.push(' ');
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push(' ');
        } else if c == '\'' && is_char_literal(&chars, i) {
            i += 1;
            while chars[i] != '\'' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push(' ');
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// Whether a raw string (`r"`, `r#"`) starts at `i`, not an identifier
/// ending in r.
fn raw_string_at(chars: &[char], i: usize) -> bool {
    let after_ident = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
    let mut j = i + 1;
    while chars.get(j) == Some(&'#') {
        j += 1;
    }
    !after_ident && chars.get(j) == Some(&'"')
}

/// Whether the quote at `i` opens a character literal, not a lifetime.
fn is_char_literal(chars: &[char], i: usize) -> bool {
    match chars.get(i + 1) {
        Some('\\') => true,
        Some(_) => chars.get(i + 2) == Some(&'\''),
        None => false,
    }
}
