//! A sequence of layouts, each one step from the next, printed as numbered
//! moves (`solve` and `path`): one line per step, the board after each with
//! `--boards`, or JSON.

use std::fmt::Write as _;

use klotski::{paths, Code};
use serde::Serialize;

/// How a route is printed.
#[derive(clap::Args)]
pub struct RouteFormat {
    /// Draw the board before the first step and after each step, with its
    /// column letters and row numbers.
    #[arg(long, conflicts_with = "json")]
    boards: bool,
    /// Print JSON: the moves with their pieces, cells and resulting codes.
    #[arg(long)]
    json: bool,
}

/// One step of a route as JSON.
#[derive(Serialize)]
pub struct StepJson {
    /// 1 for the first move.
    step: usize,
    /// The piece's shape: `2x2`, `2x1`, `1x2` or `1x1`.
    piece: &'static str,
    /// Its top-left cell before the move, e.g. `b4`.
    from: String,
    /// Its top-left cell after.
    to: String,
    /// The move's text, e.g. `1x1 b4 down 1`.
    text: String,
    /// The layout after the move.
    code: String,
}

/// `route`'s moves as JSON objects.
pub fn steps_json(route: &[Code]) -> anyhow::Result<Vec<StepJson>> {
    Ok(paths::moves_along(route)?
        .iter()
        .enumerate()
        .map(|(i, step)| StepJson {
            step: i + 1,
            piece: step.piece().shape(),
            from: step.from().to_string(),
            to: step.to().to_string(),
            text: step.to_string(),
            code: step.after().code().to_string(),
        })
        .collect())
}

/// Prints `route` as `format` says; `json` is the whole JSON answer, built
/// only when asked for.
pub fn print<T: Serialize>(
    route: &[Code],
    format: &RouteFormat,
    json: impl FnOnce() -> anyhow::Result<T>,
) -> anyhow::Result<()> {
    if format.json {
        return super::print_json(&json()?);
    }
    let mut out = String::new();
    if format.boards {
        board(&mut out, route[0]);
    }
    for (i, step) in paths::moves_along(route)?.iter().enumerate() {
        let code = step.after().code();
        writeln!(out, "{:>3}  {:<15} {code}", i + 1, step.to_string())?;
        if format.boards {
            board(&mut out, code);
        }
    }
    Ok(super::print_out(&out)?)
}

/// The board of `code` with its column letters and row numbers, indented
/// under the step lines, and a blank line.
fn board(out: &mut String, code: Code) {
    out.push_str(&super::board::draw(&code.layout(), 5));
    out.push('\n');
}
