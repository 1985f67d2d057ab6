//! `klotski show CODE`: print the board.

use klotski::LayoutRef;
use serde::Serialize;

use super::board;

/// Draw a layout's board, with column letters and row numbers.
///
/// `##` the 2x2 block, `<>` a 2x1 piece, `^` over `v` a 1x2 piece, `o` a
/// 1x1 piece, `.` an empty cell. Columns a-d and rows 1-5 name the cells as
/// moves do: `1x1 b4-b5` moves the 1x1 piece whose cell is column b, row
/// 4, to row 5. The exit is below b5 and c5.
///
/// `--squares` draws the board as the original's `--show CODE [WIDTH]` did:
/// each cell a square of WIDTH by WIDTH units (4 when WIDTH is not given),
/// each unit `&%` where a piece is.
#[derive(clap::Args)]
pub struct Args {
    /// The layout: a code (e.g. 1A9BF0C00 or 1A9BF0C), a short code (e.g.
    /// 4WVE1) or a classification (e.g. 5-4-1-1-7472).
    layout: LayoutRef,
    /// Print the five rows alone, without the letters and numbers.
    #[arg(long, conflicts_with = "json")]
    plain: bool,
    /// Print JSON: the code and the five rows, top first.
    #[arg(long)]
    json: bool,
    /// Draw the board in squares of WIDTH by WIDTH units of `&%`, as the
    /// original's `--show` did (WIDTH 4 when not given).
    #[arg(
        long,
        value_name = "WIDTH",
        num_args = 0..=1,
        default_missing_value = "4",
        conflicts_with_all = ["plain", "json"],
        value_parser = clap::value_parser!(u32).range(1..=MAX_SQUARE_WIDTH),
    )]
    squares: Option<u32>,
}

/// The widest square `--squares` draws: a board of 16-unit squares is 176
/// characters wide, already wider than most terminals.
const MAX_SQUARE_WIDTH: i64 = 16;

/// The JSON answer of `show --json`.
#[derive(Serialize)]
struct ShowJson {
    code: String,
    rows: Vec<String>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let code = super::resolve(args.layout)?;
    let layout = code.layout();
    if args.json {
        return super::print_json(&ShowJson {
            code: code.to_string(),
            rows: layout.rows(),
        });
    }
    let text = if let Some(square_width) = args.squares {
        board::draw_squares(&layout, square_width)
    } else if args.plain {
        layout.to_string()
    } else {
        layout.labelled_board(0)
    };
    Ok(super::print_out(&text)?)
}
