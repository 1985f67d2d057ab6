//! `klotski solve CODE`: a minimum-step solution, move by move.

use std::path::PathBuf;

use anyhow::bail;
use edge::json::SolutionJson;
use klotski::{paths, Code, LayoutRef};

use super::route::{self, RouteFormat};
use super::stored::Stored;

/// A minimum-step solution, move by move.
///
/// Prints a minimum-step solution: one line per step with the step number,
/// the move and the layout it gives, ending in a solved layout.
#[derive(clap::Args)]
pub struct Args {
    /// The layout: a code (1A9BF0C00 or 1A9BF0C), a short code (4WVE1) or a
    /// classification (5-4-1-1-7472).
    layout: LayoutRef,
    /// Walk down the min_solution_step stored in this database (no search of
    /// the group; the same solution as the search gives).
    #[arg(long, value_name = "PATH")]
    db: Option<PathBuf>,
    #[command(flatten)]
    format: RouteFormat,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let code = super::resolve(args.layout)?;
    let solution = match &args.db {
        None => paths::solve(code),
        Some(path) => walk_stored(&Stored::open(path)?, code)?,
    };
    let Some(solution) = solution else {
        bail!("{code} cannot be solved: its group has no solved layout");
    };
    let last = *solution
        .last()
        .expect("a solution starts where it is asked");
    eprintln!("{code}: {} steps to {last}", solution.len() - 1);
    route::print(&solution, &args.format, || SolutionJson::new(&solution))
}

/// A minimum solution walked down the database's stored numbers, or `None`
/// when the stored `min_solution_step` is -1.
fn walk_stored(stored: &Stored, code: Code) -> anyhow::Result<Option<Vec<Code>>> {
    let Ok(steps) = u32::try_from(stored.row(code)?.numbers.min_solution_step) else {
        return Ok(None);
    };
    paths::solution_walk(code, steps, |next| stored.min_solution_step(next)).map(Some)
}
