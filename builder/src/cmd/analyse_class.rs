//! `klotski analyse-class J-B-S --out DIR`: the original per-class analysis
//! files, `farthest_J-B-S.csv` and `solution_J-B-S.csv`.

use anyhow::bail;
use builder::progress::Progress;
use klotski::analysis::{analyse_class, GroupGraph};
use klotski::{Class, ClassGroups};

use super::analysis_files::{AnalysisFiles, OutputArgs};

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
    #[command(flatten)]
    output: OutputArgs,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    args.output.create_dir()?;
    let groups = ClassGroups::build(args.class);
    if groups.n_layouts() == 0 {
        bail!("class {} has no layouts", args.class);
    }
    let progress = Progress::bar(
        groups.n_layouts() as u64,
        "layouts",
        format!("analysing {}", args.class),
    );
    let numbers = args.output.farthest().then(|| analyse_class(&groups));
    let files = AnalysisFiles::of_groups(
        groups.n_groups() as usize,
        args.output.contents(),
        &progress,
        |group_num| GroupGraph::build(groups.group_codes(group_num as u32).collect()),
        |group_num, _| numbers.as_ref().map(|numbers| numbers[group_num].clone()),
    )?;
    progress.finish();
    args.output.write(&files, &args.class.to_string())
}
