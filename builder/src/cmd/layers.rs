//! `klotski layers CODE`: the breadth-first layers from a layout.

use std::io::Write;
use std::path::PathBuf;

use klotski::analysis::GroupGraph;
use klotski::paths::Layers;
use klotski::LayoutRef;
use serde::Serialize;

use builder::output::write_atomically;

/// How many layouts are 0, 1, 2, ... steps from a layout.
///
/// Prints how many layouts are 0, 1, 2, ... steps from a layout (the
/// original's layer model, `--analy`). With `--out`, also write every layout
/// of the group with its layer and its links to the layers before and after.
#[derive(clap::Args)]
pub struct Args {
    /// The layout: a code, a short code or a classification.
    layout: LayoutRef,
    /// Write a CSV with a line per layout of the group: `layer,code,previous,next`
    /// (previous and next: the codes one step away in the layer before and
    /// after, separated by spaces), by layer, then code.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Print the layer sizes as JSON.
    #[arg(long)]
    json: bool,
}

/// The JSON answer of `layers --json`.
#[derive(Serialize)]
struct LayersJson {
    code: String,
    group_size: usize,
    sizes: Vec<u32>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let code = super::resolve(args.layout)?;
    let graph = GroupGraph::build(klotski::group_of(code));
    let start = graph.node(code).expect("a layout is in its own group");
    let layers = Layers::search(&graph, start);
    if let Some(path) = &args.out {
        write_atomically(path, |file| write_links(file, &graph, &layers))?;
    }
    let sizes = layers.sizes();
    if args.json {
        let answer = LayersJson {
            code: code.to_string(),
            group_size: graph.n_nodes(),
            sizes,
        };
        return super::print_json(&answer);
    }
    let mut out = String::from("layer  layouts\n");
    for (k, size) in sizes.iter().enumerate() {
        out += &format!("{k:>5}  {size}\n");
    }
    super::print_out(&out)?;
    eprintln!(
        "{code}: {} layouts in {} layers",
        graph.n_nodes(),
        layers.n_layers()
    );
    Ok(())
}

/// The CSV of every layout with its layer and links, by layer then code.
fn write_links(out: &mut impl Write, graph: &GroupGraph, layers: &Layers) -> anyhow::Result<()> {
    let join = |nodes: Vec<u32>| {
        let codes: Vec<String> = nodes.iter().map(|&n| graph.code(n).to_string()).collect();
        codes.join(" ")
    };
    writeln!(out, "layer,code,previous,next")?;
    for k in 0..layers.n_layers() {
        for &node in layers.layer(k) {
            writeln!(
                out,
                "{k},{},{},{}",
                graph.code(node),
                join(layers.nearer(graph, node)),
                join(layers.farther(graph, node))
            )?;
        }
    }
    Ok(())
}
