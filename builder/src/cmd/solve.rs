//! `klotski solve CODE`: a minimum solution, move by move, in any metric.

use anyhow::bail;
use edge::json::SolutionJson;
use klotski::{paths, Code, Metric};

use super::layout_args::LayoutArgs;
use super::route::{self, RouteFormat};
use super::stored::Stored;

/// A minimum solution, move by move.
///
/// Prints a minimum solution (the fewest steps, or with --metric the fewest
/// straight or cell moves): one line per move with its number, the move
/// and the layout it gives, ending in a solved layout.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    layout: LayoutArgs,
    #[command(flatten)]
    format: RouteFormat,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let (code, stored, metric) = args.layout.resolve()?;
    let solution = match &stored {
        None => paths::solve_in(code, metric),
        Some(stored) => walk_stored(stored, code, metric)?,
    };
    let Some(solution) = solution else {
        bail!("{code} cannot be solved: its group has no solved layout");
    };
    let last = *solution
        .last()
        .expect("a solution starts where it is asked");
    eprintln!(
        "{code}: {} {} to {last}",
        solution.len() - 1,
        metric.moves_name()
    );
    route::print(&solution, &args.format, || {
        SolutionJson::new(&solution, metric)
    })
}

/// A minimum solution walked down the database's stored numbers, or `None`
/// when the stored fewest moves are -1.
fn walk_stored(stored: &Stored, code: Code, metric: Metric) -> anyhow::Result<Option<Vec<Code>>> {
    let Ok(moves) = u32::try_from(edge::numbers::min_moves(&stored.row(code)?, metric)) else {
        return Ok(None);
    };
    paths::solution_walk_in(code, moves, metric, |next| stored.min_moves(next, metric)).map(Some)
}
