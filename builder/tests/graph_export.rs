//! `klotski graph`: the exported graph holds exactly a group's layouts and
//! steps (checked against the engine, not against the code that wrote it),
//! with their numbers, and standard readers (NetworkX) read every format.

mod common;

use std::collections::HashSet;
use std::path::Path;
use std::process::Command;

use builder::graph_file::{GraphExport, NumberSource};
use builder::{build_database, BuildOptions, DEFAULT_BATCH_LAYOUTS};
use common::{klotski, scratch_dir};
use klotski::analysis::{reference, GroupGraph};
use klotski::{ClassGroups, Code, Move};
use serde_json::Value;

fn code(text: &str) -> Code {
    text.parse().unwrap()
}

/// The nodes' codes and the edges as code pairs of an export.
fn codes_and_steps(export: &GraphExport) -> (Vec<Code>, Vec<(Code, Code)>) {
    let steps = export
        .subgraph
        .edges()
        .iter()
        .map(|&(a, b)| (export.codes[a as usize], export.codes[b as usize]))
        .collect();
    (export.codes.clone(), steps)
}

/// Checks that `steps` are the steps among `codes`, each once: every one
/// a step (by `Move::between`), none twice, and every step of a layout
/// that stays among `codes` present (by `for_each_step`).
fn check_steps(codes: &[Code], steps: &[(Code, Code)]) {
    let members: HashSet<Code> = codes.iter().copied().collect();
    let mut seen = HashSet::new();
    for &(a, b) in steps {
        assert!(Move::between(&a.layout(), &b.layout()).is_some(), "{a}-{b}");
        assert!(a < b, "{a}-{b}: the smaller code first");
        assert!(seen.insert((a, b)), "{a}-{b} twice");
    }
    let mut expected = 0;
    for &a in codes {
        a.layout().for_each_step(|next| {
            let b = next.code();
            if members.contains(&b) {
                assert!(seen.contains(&(a.min(b), a.max(b))), "{a}-{b} missing");
                expected += 1;
            }
        });
    }
    assert_eq!(steps.len() * 2, expected);
}

#[test]
fn the_group_export_holds_exactly_its_layouts_and_steps() {
    let centre = code("1A9BF0C00");
    let export = GraphExport::collect(centre, None, NumberSource::Computed).unwrap();
    // The group's layouts as the class labelling finds them (union-find
    // over the whole class), not as the export's search did.
    let groups = ClassGroups::build(centre.layout().class());
    let (group_num, _) = groups.locate(centre).unwrap();
    let expected: Vec<Code> = groups.group_codes(group_num).collect();
    let (codes, steps) = codes_and_steps(&export);
    assert_eq!(codes, expected);
    assert_eq!(codes.len(), 25_955);
    check_steps(&codes, &steps);
    // The numbers, against the reference analyser on a few layouts, and
    // the spec's known values for 1A9BF0C00.
    let graph = GroupGraph::build(expected);
    for text in ["1A9BF0C00", "00A6BFC00", "DAAF4CC00", "12E68FC00"] {
        let node = graph.node(code(text)).unwrap();
        let position = export.subgraph.position(node).unwrap() as usize;
        let expected = reference::analyse_layout(&graph, node).analysis;
        assert_eq!(export.numbers[position], expected, "{text}");
        assert_eq!(
            export.classification(position).to_string(),
            groups.classify(code(text)).unwrap().to_string()
        );
    }
    let at = export
        .subgraph
        .position(graph.node(centre).unwrap())
        .unwrap() as usize;
    let numbers = export.numbers[at];
    assert_eq!(
        (
            numbers.min_solution_step,
            numbers.farthest_step,
            numbers.farthest_num
        ),
        (81, 124, 8)
    );
}

#[test]
fn a_ball_export_holds_the_layouts_within_its_radius() {
    let centre = code("1A9BF0C00");
    let export = GraphExport::collect(centre, Some(6), NumberSource::Computed).unwrap();
    // Breadth-first layers from the centre, by the moves alone.
    let mut within: HashSet<Code> = HashSet::from([centre]);
    let mut layer = vec![centre];
    for _ in 0..6 {
        let mut next_layer = Vec::new();
        for a in layer {
            for step in a.layout().moves() {
                if within.insert(step.after().code()) {
                    next_layer.push(step.after().code());
                }
            }
        }
        layer = next_layer;
    }
    let mut expected: Vec<Code> = within.into_iter().collect();
    expected.sort_unstable();
    let (codes, steps) = codes_and_steps(&export);
    assert_eq!(codes, expected);
    check_steps(&codes, &steps);
    assert_eq!(export.subgraph.radius(), Some(6));
}

#[test]
fn stored_numbers_equal_computed_ones() {
    let dir = scratch_dir("graph_export", "stored");
    let db = dir.join("klotski.db");
    build_database(&BuildOptions {
        db: db.clone(),
        classes: vec!["1-1-0".parse().unwrap()],
        force: false,
        batch_layouts: DEFAULT_BATCH_LAYOUTS,
        free_space: builder::space::CHECKED,
    })
    .unwrap();
    let database = schema::Database::open(&db).unwrap();
    let groups = ClassGroups::build("1-1-0".parse().unwrap());
    // The largest group whole, and a ball in it whose nodes do not start
    // at group_index 0.
    let centre = groups.group_codes(0).nth(500).unwrap();
    for radius in [None, Some(3)] {
        let stored = GraphExport::collect(centre, radius, NumberSource::Stored(&database)).unwrap();
        let computed = GraphExport::collect(centre, radius, NumberSource::Computed).unwrap();
        assert_eq!(stored.codes, computed.codes);
        assert_eq!(stored.numbers, computed.numbers);
        assert_eq!(stored.group, computed.group);
    }
    // The command line reads them too.
    let out = dir.join("g.csv");
    let args = ["graph", "1-1-0-0-500", "--format", "csv", "--db"];
    let output = Command::new(env!("CARGO_BIN_EXE_klotski"))
        .args(args)
        .arg(&db)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let nodes = std::fs::read_to_string(dir.join("g.nodes.csv")).unwrap();
    assert_eq!(nodes.lines().count(), 1 + groups.group_size(0) as usize);
    assert!(dir.join("g.edges.csv").exists());
}

#[test]
fn csv_needs_out_and_says_so() {
    let output = klotski(&["graph", "1A9BF0C00", "--format", "csv"]);
    assert!(!output.status.success());
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "klotski: --format csv writes two files: name them with --out (e.g. --out graph.csv)\n"
    );
}

/// What NetworkX reads from a file of `format`: nodes, edges, and the
/// attributes of one node and one edge, as JSON.
fn read_with_networkx(dir: &Path, format: &str, node: &str, edge: (&str, &str)) -> Value {
    let script = r#"
import json, sys
import networkx as nx
fmt, d, node, a, b = sys.argv[1:]
if fmt == "graphml":
    g = nx.read_graphml(d + "/g.graphml")
elif fmt == "gexf":
    g = nx.read_gexf(d + "/g.gexf")
else:
    import csv
    g = nx.Graph()
    with open(d + "/g.nodes.csv") as f:
        for row in csv.DictReader(f):
            g.add_node(row.pop("code"), **row)
    with open(d + "/g.edges.csv") as f:
        for row in csv.DictReader(f):
            g.add_edge(row.pop("source"), row.pop("target"), **row)
attrs = {k: v for k, v in g.nodes[node].items() if k != "label"}
print(json.dumps({
    "nodes": g.number_of_nodes(),
    "edges": g.number_of_edges(),
    "connected": nx.is_connected(g),
    "node": {k: str(v).lower() for k, v in attrs.items()},
    "move": g.edges[a, b]["move"],
}))
"#;
    let output = Command::new("python3")
        .args(["-c", script, format])
        .arg(dir)
        .args([node, edge.0, edge.1])
        .output()
        .expect("python3 runs");
    assert!(output.status.success(), "{format}: {output:?}");
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
#[cfg_attr(
    missing_networkx,
    ignore = "needs NetworkX: python3 -m pip install networkx==3.6.1"
)]
fn networkx_reads_every_format() {
    let dir = scratch_dir("graph_export", "networkx");
    let d = dir.to_str().unwrap();
    for format in ["graphml", "gexf", "csv"] {
        let out = format!("{d}/g.{format}");
        common::stdout(&["graph", "1A9BF0C00", "--format", format, "--out", &out]);
        let read = read_with_networkx(&dir, format, "1A9BF0C00", ("1A98FCC00", "1A9BF0C00"));
        assert_eq!(read["nodes"], 25_955, "{format}");
        assert_eq!(read["edges"], 47_151, "{format}");
        assert_eq!(read["connected"], true, "{format}");
        let node = &read["node"];
        assert_eq!(node["classification"], "5-4-1-1-7472", "{format}");
        assert_eq!(node["solved"], "false", "{format}");
        for (name, value) in [
            ("min_solution_step", "81"),
            ("min_solution_num", "2"),
            ("solution_num", "6"),
            ("farthest_step", "124"),
            ("farthest_num", "8"),
        ] {
            assert_eq!(node[name], value, "{format} {name}");
        }
        // The move from the smaller code to the larger.
        let expected = Move::between(&code("1A98FCC00").layout(), &code("1A9BF0C00").layout())
            .unwrap()
            .to_string();
        assert_eq!(read["move"], expected.as_str(), "{format}");
    }
}
