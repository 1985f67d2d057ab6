//! `klotski analyse-class J-B-S --out DIR`: the original per-class analysis
//! files, `farthest_J-B-S.csv` and `solution_J-B-S.csv`.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;

use anyhow::{bail, Context};
use builder::output::write_atomically;
use builder::progress;
use klotski::analysis::{analyse_class, reference, GroupGraph};
use klotski::{Class, ClassGroups, Code};
use rayon::prelude::*;

/// Write one class's analysis files in the original format: rows by group,
/// inside a group by code, with the farthest and minimum-solution layouts.
/// The numbers come from the fast analyser and the layout lists from one
/// reference search per layout; the two are checked against each other.
#[derive(clap::Args)]
pub struct Args {
    /// The class, jiang-bing-style (e.g. 0-3-0).
    class: Class,
    /// Directory to write into (created if missing).
    #[arg(long)]
    out: PathBuf,
}

/// Layouts formatted per parallel work item, so output streams in order.
const CHUNK: usize = 1024;

pub fn run(args: Args) -> anyhow::Result<()> {
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("cannot create {}", args.out.display()))?;
    let groups = ClassGroups::build(args.class);
    if groups.n_layouts() == 0 {
        bail!("class {} has no layouts", args.class);
    }
    let progress = progress::bar(
        groups.n_layouts() as u64,
        "layouts",
        format!("analysing {}", args.class),
    );
    let mut farthest = Vec::new();
    let mut solution = Vec::new();
    let class_numbers = analyse_class(&groups);
    for (group_num, numbers) in (0..groups.n_groups()).zip(&class_numbers) {
        let graph = GroupGraph::build(groups.group_codes(group_num).collect());
        let nodes: Vec<u32> = (0..graph.n_nodes() as u32).collect();
        for chunk in nodes.chunks(CHUNK) {
            let lines: Vec<(String, String)> = chunk
                .par_iter()
                .map(|&node| format_lines(&graph, node, &numbers[node as usize]))
                .collect::<anyhow::Result<_>>()?;
            for (farthest_line, solution_line) in lines {
                farthest.extend_from_slice(farthest_line.as_bytes());
                solution.extend_from_slice(solution_line.as_bytes());
            }
            progress.inc(chunk.len() as u64);
        }
    }
    progress.finish();
    for (name, bytes) in [("farthest", &farthest), ("solution", &solution)] {
        let path = args.out.join(format!("{name}_{}.csv", args.class));
        write_atomically(&path, |writer| Ok(writer.write_all(bytes)?))?;
        tracing::info!(path = %path.display(), bytes = bytes.len(), "written");
    }
    Ok(())
}

/// The two lines of one layout, after checking the fast numbers against a
/// reference search.
fn format_lines(
    graph: &GroupGraph,
    node: u32,
    fast: &klotski::analysis::LayoutAnalysis,
) -> anyhow::Result<(String, String)> {
    let report = reference::analyse_layout(graph, node);
    let code = graph.code(node);
    if report.analysis != *fast {
        bail!(
            "the analysers disagree on {code}: fast {fast:?}, reference {:?}",
            report.analysis
        );
    }
    let numbers = report.analysis;
    let mut farthest = format!("{code},{},{},", numbers.farthest_step, numbers.farthest_num);
    join_codes(&mut farthest, &report.farthest);
    farthest.push('\n');
    let mut solution = format!(
        "{code},{},{},",
        numbers.min_solution_step, numbers.min_solution_num
    );
    join_codes(&mut solution, &report.min_solutions);
    writeln!(solution, ",{}", numbers.solution_num).expect("writing to a String");
    Ok((farthest, solution))
}

fn join_codes(line: &mut String, codes: &[Code]) {
    for (i, code) in codes.iter().enumerate() {
        if i > 0 {
            line.push('-');
        }
        write!(line, "{code}").expect("writing to a String");
    }
}
