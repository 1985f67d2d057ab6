//! `klotski analyse-class J-B-S --out DIR`: the original per-class analysis
//! files, `farthest_J-B-S.csv` and `solution_J-B-S.csv`.

use std::path::PathBuf;

use anyhow::{bail, Context};
use builder::progress::Progress;
use klotski::analysis::{analyse_class, GroupGraph};
use klotski::{Class, ClassGroups};

use super::analysis_files::{AnalysisFiles, Contents, Files};

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
/// lists are checked against those searches. `--integral` adds every
/// solution with its steps to the solution file, as the original's
/// `-integral` commands did (one reference search per layout too).
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
    /// List every solution with its steps in the solution file:
    /// `...,solution_num,C1(d1)-C2(d2)-...`, by steps, then code.
    #[arg(long)]
    integral: bool,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("cannot create {}", args.out.display()))?;
    let groups = ClassGroups::build(args.class);
    if groups.n_layouts() == 0 {
        bail!("class {} has no layouts", args.class);
    }
    let contents = Contents {
        files: args.files,
        integral: args.integral,
    };
    let progress = Progress::bar(
        groups.n_layouts() as u64,
        "layouts",
        format!("analysing {}", args.class),
    );
    let numbers = (args.files != Files::Solution).then(|| analyse_class(&groups));
    let files = AnalysisFiles::of_groups(
        groups.n_groups() as usize,
        contents,
        &progress,
        |group_num| GroupGraph::build(groups.group_codes(group_num as u32).collect()),
        |group_num, _| numbers.as_ref().map(|numbers| numbers[group_num].clone()),
    )?;
    progress.finish();
    files.write(&args.out, &args.class.to_string())
}
