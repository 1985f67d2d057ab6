//! `klotski moves CODE`: every move from a layout, valued.

use std::fmt::Write;
use std::path::PathBuf;

use klotski::analysis::{reference, GroupGraph, LayoutAnalysis};
use klotski::{LayoutRef, Move, Progress};
use rayon::prelude::*;
use serde::Serialize;

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
    /// Print JSON: each move with the five numbers of the layout it gives.
    #[arg(long)]
    json: bool,
}

/// One move as JSON.
#[derive(Serialize)]
struct MoveJson {
    piece: &'static str,
    from: String,
    to: String,
    text: String,
    code: String,
    /// `nearer`, `same` or `farther`; absent when the group has no solved layout.
    progress: Option<&'static str>,
    farthest_step: u32,
    farthest_num: u32,
    min_solution_step: i32,
    min_solution_num: u32,
    solution_num: u32,
}

/// The JSON answer of `moves --json`.
#[derive(Serialize)]
struct MovesJson {
    code: String,
    min_solution_step: i32,
    moves: Vec<MoveJson>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let code = super::resolve(args.layout)?;
    let moves = code.layout().moves();
    let (here, mut valued) = match &args.db {
        Some(path) => {
            let stored = Stored::open(path)?;
            let here = stored::analysis(&stored.row(code)?);
            let valued = moves
                .into_iter()
                .map(|step| Ok((step, stored::analysis(&stored.row(step.after().code())?))))
                .collect::<anyhow::Result<Vec<_>>>()?;
            (here, valued)
        }
        None => {
            let graph = GroupGraph::build(klotski::group_of(code));
            let analyse = |code| {
                let node = graph.node(code).expect("a step stays in the group");
                reference::analyse_layout(&graph, node).analysis
            };
            let valued = moves
                .into_par_iter()
                .map(|step| (step, analyse(step.after().code())))
                .collect();
            (analyse(code), valued)
        }
    };
    let progress =
        |after: &LayoutAnalysis| Progress::between(here.min_solution_step, after.min_solution_step);
    // Stable: moves of equal progress keep the board order. A group has
    // solved layouts everywhere or nowhere, so `None`s never mix.
    valued.sort_by_key(|(_, after)| progress(after));
    if args.json {
        let answer = MovesJson {
            code: code.to_string(),
            min_solution_step: here.min_solution_step,
            moves: valued
                .iter()
                .map(|(step, after)| move_json(step, after, progress(after)))
                .collect(),
        };
        return super::print_json(&answer);
    }
    let mut out = String::new();
    writeln!(
        out,
        "{:<15} {:<9}  {:>17}  {:>13}  progress",
        "move", "code", "min_solution_step", "farthest_step"
    )?;
    for (step, after) in &valued {
        writeln!(
            out,
            "{:<15} {}  {:>17}  {:>13}  {}",
            step.to_string(),
            step.after().code(),
            after.min_solution_step,
            after.farthest_step,
            progress(after).map_or("-", Progress::name)
        )?;
    }
    Ok(super::print_out(&out)?)
}

fn move_json(step: &Move, after: &LayoutAnalysis, progress: Option<Progress>) -> MoveJson {
    MoveJson {
        piece: step.piece().shape(),
        from: step.from().to_string(),
        to: step.to().to_string(),
        text: step.to_string(),
        code: step.after().code().to_string(),
        progress: progress.map(Progress::name),
        farthest_step: after.farthest_step,
        farthest_num: after.farthest_num,
        min_solution_step: after.min_solution_step,
        min_solution_num: after.min_solution_num,
        solution_num: after.solution_num,
    }
}
