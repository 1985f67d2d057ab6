//! `klotski graph LAYOUT`: a layout's group as a graph file for graph tools.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::bail;
use builder::graph_file::{Format, GraphExport, NumberSource};
use builder::output::write_atomically;
use klotski::LayoutRef;

use super::stored::Stored;

/// A layout's group as a graph: its layouts, joined by their steps.
///
/// Writes every layout of the group (or, with --radius, those at most R
/// steps from the layout) with its code, classification and five numbers,
/// and every step between two of them with its move, as GraphML or GEXF
/// (Gephi, Cytoscape, NetworkX, igraph) or as two CSV files. Without --db
/// the numbers come from analysing the whole group now (well under a
/// second for 1A9BF0C00's, longer for the largest groups, also with
/// --radius); with --db they are read from the database.
#[derive(clap::Args)]
pub struct Args {
    /// A layout of the group: a code, a short code or a classification.
    layout: LayoutRef,
    /// The file format; csv writes a node file and an edge file.
    #[arg(long, value_enum, default_value = "graphml")]
    format: Format,
    /// Only the layouts at most R steps from the layout, and the steps
    /// between them.
    #[arg(long, value_name = "R")]
    radius: Option<u32>,
    /// Write to this file instead of standard output. With csv (where it is
    /// needed) it names the pair: `g.csv` writes `g.nodes.csv` and
    /// `g.edges.csv`.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Read the numbers from this database instead of computing them.
    #[arg(long, value_name = "PATH")]
    db: Option<PathBuf>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let code = super::resolve(args.layout)?;
    if args.format == Format::Csv && args.out.is_none() {
        bail!("--format csv writes two files: name them with --out (e.g. --out graph.csv)");
    }
    let started = Instant::now();
    let stored = args.db.as_deref().map(Stored::open).transpose()?;
    let source = match &stored {
        Some(stored) => {
            stored.row(code)?;
            NumberSource::Stored(stored.database())
        }
        None => NumberSource::Computed,
    };
    let graph = GraphExport::collect(code, args.radius, source)?;
    match (args.format, &args.out) {
        (Format::Csv, Some(out)) => {
            let (nodes, edges) = csv_pair(out);
            write_atomically(&nodes, |file| Ok(graph.write_nodes_csv(file)?))?;
            write_atomically(&edges, |file| Ok(graph.write_edges_csv(file)?))?;
        }
        (format, Some(out)) => write_atomically(out, |file| Ok(write_xml(&graph, format, file)?))?,
        (format, None) => {
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            write_xml(&graph, format, &mut out)?;
            std::io::Write::flush(&mut out)?;
        }
    }
    tracing::info!(
        nodes = graph.codes.len(),
        edges = graph.subgraph.edges().len(),
        seconds = started.elapsed().as_secs_f64(),
        "graph of {} written",
        graph.group
    );
    Ok(())
}

fn write_xml(
    graph: &GraphExport,
    format: Format,
    out: &mut impl std::io::Write,
) -> std::io::Result<()> {
    match format {
        Format::Gexf => graph.write_gexf(out),
        _ => graph.write_graphml(out),
    }
}

/// The node and edge files of `--out FILE` (`FILE` without a `.csv`).
fn csv_pair(out: &Path) -> (PathBuf, PathBuf) {
    let stem = match out.extension() {
        Some(extension) if extension == "csv" => out.with_extension(""),
        _ => out.to_owned(),
    };
    let with = |suffix| builder::output::with_suffix(&stem, suffix);
    (with(".nodes.csv"), with(".edges.csv"))
}
