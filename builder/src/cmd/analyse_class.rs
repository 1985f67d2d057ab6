//! `klotski analyse-class J-B-S --out DIR`: the original per-class analysis
//! files, `farthest_J-B-S.csv` and `solution_J-B-S.csv`.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;

use anyhow::{bail, Context};
use builder::output::write_atomically;
use builder::progress::Progress;
use klotski::analysis::{
    analyse_class, analyse_solutions, reference, GroupGraph, LayoutAnalysis, SolutionReport,
};
use klotski::{Class, ClassGroups, Code};
use rayon::prelude::*;

/// Write one class's analysis files in the original format.
///
/// Writes rows by group,
/// inside a group by code, with the farthest and minimum-solution layouts.
///
/// The solution file comes from the fast solution searches alone, which
/// also yield the minimum-solution layouts; it takes seconds even for the
/// largest classes. The farthest layouts need one reference search per
/// layout (quadratic in the group size), so the farthest file suits classes
/// of up to some 100,000 layouts; while writing it, the fast numbers and
/// lists are checked against those searches.
#[derive(clap::Args)]
pub struct Args {
    /// The class, jiang-bing-style (e.g. 0-3-0).
    class: Class,
    /// Directory to write into (created if missing).
    #[arg(long)]
    out: PathBuf,
    /// Which files to write.
    #[arg(long, value_enum, default_value_t = Files::Both)]
    files: Files,
}

/// The per-class files to write.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Files {
    /// `farthest_J-B-S.csv` and `solution_J-B-S.csv`.
    Both,
    /// `farthest_J-B-S.csv` only.
    Farthest,
    /// `solution_J-B-S.csv` only (fast for every class).
    Solution,
}

impl Files {
    fn farthest(self) -> bool {
        self != Files::Solution
    }

    fn solution(self) -> bool {
        self != Files::Farthest
    }
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
    let progress = Progress::bar(
        groups.n_layouts() as u64,
        "layouts",
        format!("analysing {}", args.class),
    );
    let files = ClassFiles::new(&groups, args.files, progress.clone())?;
    progress.finish();
    for (name, bytes) in [("farthest", files.farthest), ("solution", files.solution)] {
        let Some(bytes) = bytes else { continue };
        let path = args.out.join(format!("{name}_{}.csv", args.class));
        write_atomically(&path, |writer| Ok(writer.write_all(&bytes)?))?;
        tracing::info!(path = %path.display(), bytes = bytes.len(), "written");
    }
    Ok(())
}

/// The contents of a class's files, each present when asked for.
struct ClassFiles {
    farthest: Option<Vec<u8>>,
    solution: Option<Vec<u8>>,
}

impl ClassFiles {
    fn new(groups: &ClassGroups, files: Files, progress: Progress) -> anyhow::Result<ClassFiles> {
        let numbers = files.farthest().then(|| analyse_class(groups));
        let per_group: Vec<(Vec<u8>, Vec<u8>)> = (0..groups.n_groups())
            .into_par_iter()
            .map(|group_num| {
                let graph = GroupGraph::build(groups.group_codes(group_num).collect());
                let solutions = analyse_solutions(&graph);
                let lines = match &numbers {
                    Some(numbers) => {
                        checked_group_lines(&graph, &numbers[group_num as usize], &solutions)?
                    }
                    None => (Vec::new(), solution_lines(&graph, &solutions)),
                };
                progress.inc(graph.n_nodes() as u64);
                Ok(lines)
            })
            .collect::<anyhow::Result<_>>()?;
        let (farthest_bytes, solution_bytes): (Vec<_>, Vec<_>) = per_group.into_iter().unzip();
        Ok(ClassFiles {
            farthest: files.farthest().then(|| farthest_bytes.concat()),
            solution: files.solution().then(|| solution_bytes.concat()),
        })
    }
}

/// A group's solution lines from the fast solution searches.
fn solution_lines(graph: &GroupGraph, solutions: &[SolutionReport]) -> Vec<u8> {
    let mut bytes = Vec::new();
    for (node, solution) in solutions.iter().enumerate() {
        let line = solution_line(
            graph.code(node as u32),
            solution.min_solution_step,
            &min_solution_codes(graph, solution),
            solution.solution_num,
        );
        bytes.extend_from_slice(line.as_bytes());
    }
    bytes
}

/// A group's farthest and solution lines from one reference search per
/// layout, after checking the fast numbers and minimum solutions against it.
fn checked_group_lines(
    graph: &GroupGraph,
    numbers: &[LayoutAnalysis],
    solutions: &[SolutionReport],
) -> anyhow::Result<(Vec<u8>, Vec<u8>)> {
    let (mut farthest, mut solution) = (Vec::new(), Vec::new());
    let nodes: Vec<u32> = (0..graph.n_nodes() as u32).collect();
    for chunk in nodes.chunks(CHUNK) {
        let lines: Vec<(String, String)> = chunk
            .par_iter()
            .map(|&node| {
                let node = node as usize;
                checked_lines(graph, node as u32, &numbers[node], &solutions[node])
            })
            .collect::<anyhow::Result<_>>()?;
        for (farthest_line, solution_line) in lines {
            farthest.extend_from_slice(farthest_line.as_bytes());
            solution.extend_from_slice(solution_line.as_bytes());
        }
    }
    Ok((farthest, solution))
}

/// The two lines of one layout, after checking the fast numbers and
/// minimum solutions against a reference search.
fn checked_lines(
    graph: &GroupGraph,
    node: u32,
    fast: &LayoutAnalysis,
    fast_solutions: &SolutionReport,
) -> anyhow::Result<(String, String)> {
    let report = reference::analyse_layout(graph, node);
    let code = graph.code(node);
    if report.analysis != *fast {
        bail!(
            "the analysers disagree on {code}: fast {fast:?}, reference {:?}",
            report.analysis
        );
    }
    let fast_min_solutions = min_solution_codes(graph, fast_solutions);
    if fast_min_solutions != report.min_solutions {
        bail!(
            "the analysers disagree on the minimum solutions of {code}: fast {fast_min_solutions:?}, reference {:?}",
            report.min_solutions
        );
    }
    let numbers = report.analysis;
    let mut farthest = format!("{code},{},{},", numbers.farthest_step, numbers.farthest_num);
    join_codes(&mut farthest, &report.farthest);
    farthest.push('\n');
    let solution = solution_line(
        code,
        numbers.min_solution_step,
        &report.min_solutions,
        numbers.solution_num,
    );
    Ok((farthest, solution))
}

/// The codes of a layout's minimum solutions, ascending.
fn min_solution_codes(graph: &GroupGraph, solution: &SolutionReport) -> Vec<Code> {
    solution
        .min_solutions
        .iter()
        .map(|&node| graph.code(node))
        .collect()
}

/// `CODE,min_solution_step,min_solution_num,S1-...-Sk,solution_num\n`.
fn solution_line(code: Code, step: i32, min_solutions: &[Code], solution_num: u32) -> String {
    let mut line = format!("{code},{step},{},", min_solutions.len());
    join_codes(&mut line, min_solutions);
    writeln!(line, ",{solution_num}").expect("writing to a String");
    line
}

fn join_codes(line: &mut String, codes: &[Code]) {
    for (i, code) in codes.iter().enumerate() {
        if i > 0 {
            line.push('-');
        }
        write!(line, "{code}").expect("writing to a String");
    }
}
