//! `klotski analyse-group LAYOUT --out DIR` and `klotski analyse-group
//! --seeds FILE --out DIR`: the original's analysis files of one group
//! (`--analy-group`) or of the groups of a file of seed codes
//! (`--analy-multi-group`).

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use builder::progress::Progress;
use klotski::analysis::{analyse_group, GroupGraph};
use klotski::{Code, LayoutRef};

use super::analysis_files::{AnalysisFiles, OutputArgs};

/// Write the analysis files of one group, or of a seed file's groups, in the original format.
///
/// The files are those of `analyse-class`, for chosen groups: rows by group
/// in the order named, inside a group by code. For LAYOUT they are named
/// after its code, `farthest_CODE.csv` and `solution_CODE.csv` (the
/// original's `--analy-group`); for `--seeds 5-4-0.txt` after the file,
/// `farthest_5-4-0.csv` and `solution_5-4-0.csv` (its `--analy-multi-group`;
/// the seed files `export` writes give a class's files exactly). The
/// farthest file needs one reference search per layout, quadratic in the
/// group size; every line is checked against the fast analyser.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("groups").required(true).args(["layout", "seeds"])))]
pub struct Args {
    /// A layout of the group: a code, a short code or a classification.
    layout: Option<LayoutRef>,
    /// A file of seed codes, one a line (blank lines are skipped): the
    /// groups of these layouts, in the file's order, each once.
    #[arg(long, value_name = "FILE")]
    seeds: Option<PathBuf>,
    #[command(flatten)]
    output: OutputArgs,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let (name, seeds) = match (args.layout, &args.seeds) {
        (Some(layout), _) => {
            let code = super::resolve(layout)?;
            (code.to_string(), vec![code])
        }
        (None, Some(path)) => (seed_file_name(path), read_seeds(path)?),
        (None, None) => unreachable!("clap requires LAYOUT or --seeds"),
    };
    let groups = distinct_groups(&seeds);
    args.output.create_dir()?;
    let n_layouts: usize = groups.iter().map(Vec::len).sum();
    let progress = Progress::bar(n_layouts as u64, "layouts", format!("analysing {name}"));
    let files = AnalysisFiles::of_groups(
        groups.len(),
        args.output.contents(),
        &progress,
        |i| GroupGraph::build(groups[i].clone()),
        |_, graph| args.output.farthest().then(|| analyse_group(graph)),
    )?;
    progress.finish();
    args.output.write(&files, &name)
}

/// The name a seed file gives its output files: its file name without
/// `.txt`, as the original named them (`5-4-0.txt` gives `farthest_5-4-0.csv`).
fn seed_file_name(path: &Path) -> String {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    name.strip_suffix(".txt").unwrap_or(&name).to_string()
}

/// The codes of a seed file, one a line, blank lines skipped. A line that
/// is not a code is an error naming the file and the line.
fn read_seeds(path: &Path) -> anyhow::Result<Vec<Code>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut seeds = Vec::new();
    for (number, line) in (1..).zip(text.lines()) {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let code = line.parse::<Code>().with_context(|| {
            format!(
                "{} line {number}: '{line}' is not a layout's code",
                path.display()
            )
        })?;
        seeds.push(code);
    }
    if seeds.is_empty() {
        bail!("{} holds no seed codes", path.display());
    }
    Ok(seeds)
}

/// The groups of `seeds`, ascending codes each, in the seeds' order; a
/// group named twice is listed once, at its first seed.
fn distinct_groups(seeds: &[Code]) -> Vec<Vec<Code>> {
    let mut seen = HashSet::new();
    let mut groups = Vec::new();
    for &seed in seeds {
        let group = klotski::group_of(seed);
        if seen.insert(group[0]) {
            groups.push(group);
        } else {
            tracing::warn!(%seed, "a seed of a group already named: skipped");
        }
    }
    groups
}
