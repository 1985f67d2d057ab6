//! A sequence of layouts, each one step from the next, printed as numbered
//! moves (`solve` and `path`): one line per step, the board after each with
//! `--boards`, or JSON.

use std::fmt::Write as _;

use klotski::paths::{self, NotAStep};
use klotski::Code;
use serde::Serialize;

/// How a route is printed.
#[derive(clap::Args)]
pub struct RouteFormat {
    /// Draw the board before the first step and after each step, with its
    /// column letters and row numbers.
    #[arg(long, conflicts_with = "json")]
    boards: bool,
    /// Print JSON, as the service answers: the layouts, and the moves with
    /// their pieces, cells and resulting codes.
    #[arg(long)]
    json: bool,
}

/// Prints `route` as `format` says; `json` is the whole JSON answer, built
/// only when asked for.
pub fn print<T: Serialize>(
    route: &[Code],
    format: &RouteFormat,
    json: impl FnOnce() -> Result<T, NotAStep>,
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
        writeln!(out, "{:>3}  {step}  {code}", i + 1)?;
        if format.boards {
            board(&mut out, code);
        }
    }
    Ok(super::print_out(&out)?)
}

/// The board of `code` with its column letters and row numbers, indented
/// under the step lines, and a blank line.
fn board(out: &mut String, code: Code) {
    out.push_str(&code.layout().labelled_board(5));
    out.push('\n');
}
