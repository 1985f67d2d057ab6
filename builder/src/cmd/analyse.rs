//! `klotski analyse CODE`: one layout's analysis, with the layouts behind it.

use klotski::analysis::{reference, GroupGraph};
use klotski::LayoutRef;

/// Print a layout's farthest step and count, minimum-solution step and count,
/// solution count, its farthest and minimum-solution layouts, and its group's
/// size (one search over the group; no database needed).
#[derive(clap::Args)]
pub struct Args {
    /// The layout: a code (e.g. 1A9BF0C00 or 1A9BF0C), a short code (e.g.
    /// 4WVE1) or a classification (e.g. 5-4-1-1-7472).
    layout: LayoutRef,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let code = super::resolve(args.layout)?;
    let graph = GroupGraph::build(klotski::group_of(code));
    let node = graph.node(code).expect("a layout is in its own group");
    let report = reference::analyse_layout(&graph, node);
    let numbers = report.analysis;
    let join = |codes: &[klotski::Code]| {
        codes
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    println!("code               {code}");
    println!("group size         {}", graph.n_nodes());
    println!("farthest_step      {}", numbers.farthest_step);
    println!("farthest_num       {}", numbers.farthest_num);
    println!("min_solution_step  {}", numbers.min_solution_step);
    println!("min_solution_num   {}", numbers.min_solution_num);
    println!("solution_num       {}", numbers.solution_num);
    println!("farthest           {}", join(&report.farthest));
    println!("min_solutions      {}", join(&report.min_solutions));
    Ok(())
}
