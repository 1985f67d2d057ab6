//! The original's analysis files of a list of groups, `farthest_NAME.csv`
//! and `solution_NAME.csv`: what `analyse-class` writes for a class and
//! `analyse-group` for the groups of chosen layouts. Rows by group in the
//! order given, inside a group by code.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use builder::output::write_atomically;
use builder::progress::Progress;
use klotski::analysis::{analyse_solutions, reference, GroupGraph, LayoutAnalysis, SolutionReport};
use klotski::Code;
use rayon::prelude::*;

/// Which of the two files to write.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Files {
    /// `farthest_NAME.csv` and `solution_NAME.csv`.
    Both,
    /// `farthest_NAME.csv` only.
    Farthest,
    /// `solution_NAME.csv` only (fast, unless `--integral`).
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

/// Where the files go and what they hold: the arguments `analyse-class`
/// and `analyse-group` share.
#[derive(clap::Args)]
pub struct OutputArgs {
    /// Directory to write into (created if missing).
    #[arg(long)]
    out: PathBuf,
    /// Which files to write.
    #[arg(long, value_enum, default_value_t = Files::Both)]
    files: Files,
    /// List every solution with its steps in the solution file:
    /// `...,solution_num,C1(d1)-C2(d2)-...`, by steps, then code (the
    /// original's `-integral` commands).
    #[arg(long)]
    integral: bool,
}

impl OutputArgs {
    /// What the files hold.
    pub fn contents(&self) -> Contents {
        Contents {
            files: self.files,
            integral: self.integral,
        }
    }

    /// Whether the farthest file is written (it needs the fast numbers).
    pub fn farthest(&self) -> bool {
        self.files.farthest()
    }

    /// Creates the output directory, if missing.
    pub fn create_dir(&self) -> anyhow::Result<()> {
        std::fs::create_dir_all(&self.out)
            .with_context(|| format!("cannot create {}", self.out.display()))
    }

    /// Writes the files of `files` into the output directory, named after `name`.
    pub fn write(&self, files: &AnalysisFiles, name: &str) -> anyhow::Result<()> {
        files.write(&self.out, name)
    }
}

/// What the files hold.
#[derive(Clone, Copy)]
pub struct Contents {
    /// Which files.
    files: Files,
    /// The solution file lists every solution with its steps after the
    /// numbers, as the original's `-integral` commands wrote it.
    integral: bool,
}

impl Contents {
    /// The farthest layouts and the solution lists need one reference search
    /// per layout (quadratic in the group size); the solution numbers alone
    /// come from the fast solution searches.
    fn per_layout_searches(self) -> bool {
        self.files.farthest() || self.integral
    }
}

/// Layouts formatted per parallel work item, so output streams in order.
const CHUNK: usize = 1024;

/// The contents of the two files, each present when asked for.
pub struct AnalysisFiles {
    farthest: Option<Vec<u8>>,
    solution: Option<Vec<u8>>,
}

impl AnalysisFiles {
    /// The files of `n_groups` groups, in order: `graph(i)` builds the i-th
    /// group, `fast(i, graph)` gives its fast numbers when the farthest file
    /// is asked for (`None` otherwise). Every line written from a reference
    /// search is first checked against the fast numbers and solution
    /// searches; a disagreement is an error.
    pub fn of_groups(
        n_groups: usize,
        contents: Contents,
        progress: &Progress,
        graph: impl Fn(usize) -> GroupGraph + Sync,
        fast: impl Fn(usize, &GroupGraph) -> Option<Vec<LayoutAnalysis>> + Sync,
    ) -> anyhow::Result<AnalysisFiles> {
        let per_group: Vec<(Vec<u8>, Vec<u8>)> = (0..n_groups)
            .into_par_iter()
            .map(|i| {
                let graph = graph(i);
                let lines = group_lines(&graph, fast(i, &graph).as_deref(), contents)?;
                progress.inc(graph.n_nodes() as u64);
                Ok(lines)
            })
            .collect::<anyhow::Result<_>>()?;
        let (farthest, solution): (Vec<_>, Vec<_>) = per_group.into_iter().unzip();
        Ok(AnalysisFiles {
            farthest: contents.files.farthest().then(|| farthest.concat()),
            solution: contents.files.solution().then(|| solution.concat()),
        })
    }

    /// Writes `farthest_{name}.csv` and `solution_{name}.csv` (those asked
    /// for) into `out`, each atomically.
    fn write(&self, out: &Path, name: &str) -> anyhow::Result<()> {
        for (kind, bytes) in [("farthest", &self.farthest), ("solution", &self.solution)] {
            let Some(bytes) = bytes else { continue };
            let path = out.join(format!("{kind}_{name}.csv"));
            write_atomically(&path, |writer| Ok(writer.write_all(bytes)?))?;
            tracing::info!(path = %path.display(), bytes = bytes.len(), "written");
        }
        Ok(())
    }
}

/// One group's farthest and solution lines (the farthest ones empty when
/// not asked for).
fn group_lines(
    graph: &GroupGraph,
    fast: Option<&[LayoutAnalysis]>,
    contents: Contents,
) -> anyhow::Result<(Vec<u8>, Vec<u8>)> {
    let solutions = analyse_solutions(graph);
    if !contents.per_layout_searches() {
        return Ok((Vec::new(), solution_lines(graph, &solutions)));
    }
    let (mut farthest, mut solution) = (Vec::new(), Vec::new());
    let nodes: Vec<u32> = (0..graph.n_nodes() as u32).collect();
    for chunk in nodes.chunks(CHUNK) {
        let lines: Vec<(String, String)> = chunk
            .par_iter()
            .map(|&node| {
                let fast = fast.map(|numbers| &numbers[node as usize]);
                checked_lines(graph, node, fast, &solutions[node as usize], contents)
            })
            .collect::<anyhow::Result<_>>()?;
        for (farthest_line, solution_line) in lines {
            farthest.extend_from_slice(farthest_line.as_bytes());
            solution.extend_from_slice(solution_line.as_bytes());
        }
    }
    Ok((farthest, solution))
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
            None,
        );
        bytes.extend_from_slice(line.as_bytes());
    }
    bytes
}

/// The two lines of one layout from a reference search, after checking the
/// fast numbers (when given) and the solution search against it.
fn checked_lines(
    graph: &GroupGraph,
    node: u32,
    fast: Option<&LayoutAnalysis>,
    fast_solutions: &SolutionReport,
    contents: Contents,
) -> anyhow::Result<(String, String)> {
    let report = reference::analyse_layout(graph, node);
    let code = graph.code(node);
    let numbers = report.analysis;
    if let Some(fast) = fast.filter(|&fast| *fast != numbers) {
        bail!("the analysers disagree on {code}: fast {fast:?}, reference {numbers:?}");
    }
    let fast_min_solutions = min_solution_codes(graph, fast_solutions);
    if fast_min_solutions != report.min_solutions
        || fast_solutions.min_solution_step != numbers.min_solution_step
        || fast_solutions.solution_num != numbers.solution_num
    {
        bail!(
            "the analysers disagree on the solutions of {code}: fast {fast_solutions:?} \
             ({fast_min_solutions:?}), reference {numbers:?} ({:?})",
            report.min_solutions
        );
    }
    let mut farthest = String::new();
    if contents.files.farthest() {
        write!(
            farthest,
            "{code},{},{},",
            numbers.farthest_step, numbers.farthest_num
        )
        .expect("writing to a String");
        join_codes(&mut farthest, &report.farthest);
        farthest.push('\n');
    }
    let listed = contents.integral.then(|| reference::solutions(graph, node));
    if let Some(listed) = listed
        .as_ref()
        .filter(|listed| listed.len() != numbers.solution_num as usize)
    {
        bail!(
            "{code} has solution_num {} but {} solutions are listed",
            numbers.solution_num,
            listed.len()
        );
    }
    let solution = solution_line(
        code,
        numbers.min_solution_step,
        &report.min_solutions,
        numbers.solution_num,
        listed.as_deref(),
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

/// `CODE,min_solution_step,min_solution_num,S1-...-Sk,solution_num\n`; with
/// the list of every solution, `,C1(d1)-C2(d2)-...` before the line break
/// (by distance, then code; the original's `-integral` format).
fn solution_line(
    code: Code,
    step: i32,
    min_solutions: &[Code],
    solution_num: u32,
    solutions: Option<&[(u32, Code)]>,
) -> String {
    let mut line = format!("{code},{step},{},", min_solutions.len());
    join_codes(&mut line, min_solutions);
    write!(line, ",{solution_num}").expect("writing to a String");
    if let Some(solutions) = solutions {
        line.push(',');
        for (i, (distance, solved)) in solutions.iter().enumerate() {
            let separator = if i > 0 { "-" } else { "" };
            write!(line, "{separator}{solved}({distance})").expect("writing to a String");
        }
    }
    line.push('\n');
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines the original's `HRD_group::Output_detail` wrote for the
    /// classic layout (copied from its `--analy-group` and
    /// `--analy-group-integral` files).
    #[test]
    fn solution_lines_have_the_original_format() {
        let code = |text: &str| text.parse::<Code>().unwrap();
        let min = [code("DAA7F3000"), code("DAAF4CC00")];
        let listed: Vec<(u32, Code)> = [
            (81, "DAA7F3000"),
            (81, "DAAF4CC00"),
            (85, "DAFA73000"),
            (85, "DFAA4CC00"),
            (97, "DAE9F3000"),
            (97, "DBAB4CC00"),
        ]
        .iter()
        .map(|&(step, solved)| (step, code(solved)))
        .collect();
        assert_eq!(
            solution_line(code("1A9BF0C00"), 81, &min, 6, None),
            "1A9BF0C00,81,2,DAA7F3000-DAAF4CC00,6\n"
        );
        assert_eq!(
            solution_line(code("1A9BF0C00"), 81, &min, 6, Some(&listed)),
            "1A9BF0C00,81,2,DAA7F3000-DAAF4CC00,6,DAA7F3000(81)-DAAF4CC00(81)-DAFA73000(85)-\
             DFAA4CC00(85)-DAE9F3000(97)-DBAB4CC00(97)\n"
        );
        assert_eq!(
            solution_line(code("005FDD400"), -1, &[], 0, Some(&[])),
            "005FDD400,-1,0,,0,\n"
        );
    }
}
