//! A board drawn as the original's `--show` drew it, in squares of `&%`
//! (the board with column letters and row numbers is the engine's
//! [`Layout::labelled_board`]).

use klotski::board::{HEIGHT, WIDTH};
use klotski::Layout;

/// The unit the original's `--show` drew a filled square of a board with.
const SQUARE_UNIT: &str = "&%";

/// The board of `layout` as the original's `--show CODE WIDTH` drew it: a
/// cell is a square of `square_width` by `square_width` units, each unit two
/// characters (`&%` where a piece is, two spaces where none is), one unit of
/// space between cells and inside the frame, the frame of `&%` all round.
/// A piece fills its cells and the spaces between them, so pieces stand apart.
pub fn draw_squares(layout: &Layout, square_width: u32) -> String {
    let pitch = square_width + 1;
    let units_wide = WIDTH * pitch - 1;
    let units_high = HEIGHT * pitch - 1;
    let mut filled = vec![vec![false; units_wide as usize]; units_high as usize];
    let rows: Vec<Vec<char>> = layout
        .rows()
        .iter()
        .map(|row| row.chars().collect())
        .collect();
    for (y, row) in (0..HEIGHT).zip(&rows) {
        for (x, &cell) in (0..WIDTH).zip(row) {
            let (width, height) = match cell {
                'o' => (1, 1),
                '<' => (2, 1),
                '^' => (1, 2),
                // The block's top-left cell is its first in reading order.
                '#' if (x == 0 || row[x as usize - 1] != '#')
                    && (y == 0 || rows[y as usize - 1][x as usize] != '#') =>
                {
                    (2, 2)
                }
                _ => continue,
            };
            for unit_y in y * pitch..y * pitch + height * pitch - 1 {
                for unit_x in x * pitch..x * pitch + width * pitch - 1 {
                    filled[unit_y as usize][unit_x as usize] = true;
                }
            }
        }
    }
    let unit = |filled: bool| if filled { SQUARE_UNIT } else { "  " };
    let frame = SQUARE_UNIT.repeat(units_wide as usize + 4) + "\n";
    let margin = format!(
        "{SQUARE_UNIT}{}{SQUARE_UNIT}\n",
        "  ".repeat(units_wide as usize + 2)
    );
    let mut out = frame.clone() + &margin;
    for units in &filled {
        out += SQUARE_UNIT;
        out += "  ";
        out.extend(units.iter().map(|&filled| unit(filled)));
        out += "  ";
        out += SQUARE_UNIT;
        out += "\n";
    }
    out + &margin + &frame
}
