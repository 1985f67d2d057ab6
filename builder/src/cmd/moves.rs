//! `klotski moves CODE`: every move from a layout, valued.

use std::fmt::Write;
use std::path::PathBuf;

use edge::json::MovesJson;
use klotski::analysis::{reference, GroupGraph, LayoutAnalysis};
use klotski::{Code, LayoutRef, Progress, ValuedMove};
use rayon::prelude::*;

use super::stored::{self, Stored};

/// Every move from a layout, valued, best first.
///
/// Prints every move from a layout with the min_solution_step and
/// farthest_step of the layout it gives, best first: the moves of a minimum
/// solution (nearer to solved), then those that stay as near, then the rest.
#[derive(clap::Args)]
pub struct Args {
    /// The layout: a code, a short code or a classification.
    layout: LayoutRef,
    /// Read the numbers from this database instead of searching the group.
    #[arg(long, value_name = "PATH")]
    db: Option<PathBuf>,
    /// Print JSON, as the service's /case/{code}/moves answers: each move
    /// with the five numbers of the layout it gives.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let code = super::resolve(args.layout)?;
    let (here, valued) = match &args.db {
        Some(path) => read(&Stored::open(path)?, code)?,
        None => searched(code),
    };
    if args.json {
        return super::print_json(&MovesJson::new(code, here, &valued));
    }
    let mut out = String::new();
    writeln!(
        out,
        "{:<15} {:<9}  {:>17}  {:>13}  progress",
        "move", "code", "min_solution_step", "farthest_step"
    )?;
    for valued in &valued {
        writeln!(
            out,
            "{:<15} {}  {:>17}  {:>13}  {}",
            valued.step.to_string(),
            valued.step.after().code(),
            valued.after.min_solution_step,
            valued.after.farthest_step,
            valued.progress.map_or("-", Progress::name)
        )?;
    }
    Ok(super::print_out(&out)?)
}

/// The `min_solution_step` of `code` and its moves valued by the numbers
/// `stored` holds.
fn read(stored: &Stored, code: Code) -> anyhow::Result<(i32, Vec<ValuedMove>)> {
    let here = stored.row(code)?.numbers.min_solution_step;
    let valued = code.layout().valued_moves(here, |moves| {
        moves
            .iter()
            .map(|step| Ok(stored::analysis(&stored.row(step.after().code())?)))
            .collect::<anyhow::Result<_>>()
    })?;
    Ok((here, valued))
}

/// The `min_solution_step` of `code` and its moves valued by a search of
/// its group from each layout, the searches in parallel.
fn searched(code: Code) -> (i32, Vec<ValuedMove>) {
    let graph = GroupGraph::build(klotski::group_of(code));
    let analyse = |code| -> LayoutAnalysis {
        let node = graph.node(code).expect("a step stays in the group");
        reference::analyse_layout(&graph, node).analysis
    };
    let here = analyse(code).min_solution_step;
    let valued = code.layout().valued_moves(here, |moves| {
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
