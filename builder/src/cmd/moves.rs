//! `klotski moves CODE`: every move from a layout, valued.

use std::fmt::Write;

use edge::json::MovesJson;
use edge::numbers::min_moves;
use klotski::analysis::{reference, shortest_solutions, GroupGraph, LayoutAnalysis};
use klotski::{Code, Metric, Progress, ValuedMove};
use rayon::prelude::*;

use super::layout_args::LayoutArgs;
use super::stored::{self, Stored};

/// Every move from a layout, valued, best first.
///
/// Prints every move from a layout with the min_solution_step and
/// farthest_step of the layout it gives, best first: the moves of a minimum
/// solution (nearer to solved), then those that stay as near, then the rest.
/// With --metric straight or cell: the moves of that metric, with the
/// fewest moves of that metric from the layout each gives, best first in
/// that metric.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    layout: LayoutArgs,
    /// Print JSON, as the service's /case/{code}/moves answers: each move
    /// with the five numbers of the layout it gives.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let (code, stored, metric) = args.layout.resolve()?;
    let (here, valued) = match &stored {
        Some(stored) => read(stored, code, metric)?,
        None => searched(code, metric),
    };
    if args.json {
        return super::print_json(&MovesJson::new(code, metric, here, &valued));
    }
    let mut out = String::new();
    // In steps, the fewest moves is min_solution_step: no column of its own.
    let own_column = (metric != Metric::Step).then(|| format!("min_{metric}_moves"));
    let title = own_column
        .as_deref()
        .map_or(String::new(), |name| format!("  {name}"));
    writeln!(
        out,
        "{:<9}  {:<9}  {:>17}  {:>13}{title}  progress",
        "move", "code", "min_solution_step", "farthest_step"
    )?;
    for valued in &valued {
        let moves = own_column.as_ref().map_or(String::new(), |name| {
            format!("  {:>width$}", valued.after_moves, width = name.len())
        });
        writeln!(
            out,
            "{:<9}  {}  {:>17}  {:>13}{moves}  {}",
            valued.step.to_string(),
            valued.step.after().code(),
            valued.after.min_solution_step,
            valued.after.farthest_step,
            valued.progress.map_or("-", Progress::name)
        )?;
    }
    Ok(super::print_out(&out)?)
}

/// The fewest moves of `metric` from `code` and its moves valued by the
/// numbers `stored` holds.
fn read(stored: &Stored, code: Code, metric: Metric) -> anyhow::Result<(i32, Vec<ValuedMove>)> {
    let here = min_moves(&stored.row(code)?, metric);
    let valued = code.layout().valued_moves_in(metric, here, |moves| {
        moves
            .iter()
            .map(|step| {
                let row = stored.row(step.after().code())?;
                Ok((stored::analysis(&row), min_moves(&row, metric)))
            })
            .collect::<anyhow::Result<_>>()
    })?;
    Ok((here, valued))
}

/// The fewest moves of `metric` from `code` and its moves valued by a
/// search of its group from each layout (the searches in parallel) and one
/// search from the solved layouts in `metric`.
fn searched(code: Code, metric: Metric) -> (i32, Vec<ValuedMove>) {
    let graph = GroupGraph::build(klotski::group_of(code));
    let shortest = shortest_solutions(&graph, metric).expect("counts fit in 64 bits");
    let analyse = |code| -> (LayoutAnalysis, i32) {
        let node = graph.node(code).expect("a move stays in the group");
        let analysis = reference::analyse_layout(&graph, node).analysis;
        (analysis, shortest[node as usize].moves)
    };
    let here = analyse(code).1;
    let valued = code.layout().valued_moves_in(metric, here, |moves| {
        Ok::<_, std::convert::Infallible>(
            moves
                .par_iter()
                .map(|step| analyse(step.after().code()))
                .collect(),
        )
    });
    let Ok(valued) = valued;
    (here, valued)
}
