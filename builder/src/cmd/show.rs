//! `klotski show CODE`: print the board.

use klotski::LayoutRef;

/// Print a layout's board: `##` the 2x2 block, `<>` a 2x1 piece, `^`/`v` a 1x2
/// piece, `o` a 1x1 piece, `.` an empty cell.
#[derive(clap::Args)]
pub struct Args {
    /// The layout: a code (e.g. 1A9BF0C00 or 1A9BF0C), a short code (e.g.
    /// 4WVE1) or a classification (e.g. 5-4-1-1-7472).
    layout: LayoutRef,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let layout = super::resolve(args.layout)?.layout();
    Ok(super::print_out(&layout.to_string())?)
}
