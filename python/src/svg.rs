//! A layout's board as an SVG picture, for Jupyter (`Layout._repr_svg_`):
//! the frame with its exit under b5-c5, the column letters and row
//! numbers that moves use, each piece a rounded rectangle.

use std::fmt::Write;

use klotski::board::{HEIGHT, WIDTH};
use klotski::{Cell, Layout, Piece};

/// A cell's side, in SVG units.
const CELL: u32 = 40;
/// The room for the letters and numbers, left and above the board.
const MARGIN: u32 = 20;
/// The gap between a piece and its cells' edges.
const GAP: u32 = 2;

/// The fill of each kind of piece.
fn colour(piece: Piece) -> &'static str {
    match piece {
        Piece::Block => "#c0392b",
        Piece::Horizontal => "#2e86c1",
        Piece::Vertical => "#28b463",
        Piece::Single => "#f1c40f",
    }
}

/// The board of `layout` as an SVG document.
pub fn board(layout: &Layout) -> String {
    let (width, height) = (MARGIN + WIDTH * CELL + 6, MARGIN + HEIGHT * CELL + 6);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"12\">\
         <title>{}</title>",
        layout.code()
    );
    let (left, top) = (MARGIN, MARGIN);
    let (right, bottom) = (left + WIDTH * CELL, top + HEIGHT * CELL);
    // The frame, open under columns b and c: the exit.
    let _ = write!(
        svg,
        "<path d=\"M{exit_left} {bottom} H{left} V{top} H{right} V{bottom} H{exit_right}\" \
         fill=\"none\" stroke=\"#333\" stroke-width=\"4\"/>",
        exit_left = left + CELL,
        exit_right = left + 3 * CELL,
    );
    for x in 0..WIDTH {
        let name = Cell::at(x, 0).expect("on the board").to_string();
        let _ = write!(
            svg,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
            left + x * CELL + CELL / 2,
            MARGIN - 6,
            &name[..1]
        );
    }
    for y in 0..HEIGHT {
        let name = Cell::at(0, y).expect("on the board").to_string();
        let _ = write!(
            svg,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
            MARGIN / 2,
            top + y * CELL + CELL / 2 + 4,
            &name[1..]
        );
    }
    for (cell, piece, (n_wide, n_high)) in pieces(layout) {
        let _ = write!(
            svg,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"5\" fill=\"{}\" \
             stroke=\"#222\"/>",
            left + cell.column() * CELL + GAP,
            top + cell.row() * CELL + GAP,
            n_wide * CELL - 2 * GAP,
            n_high * CELL - 2 * GAP,
            colour(piece)
        );
    }
    svg + "</svg>"
}

/// Every piece with its top-left cell and its size in cells (wide, high).
fn pieces(layout: &Layout) -> Vec<(Cell, Piece, (u32, u32))> {
    let rows: Vec<Vec<char>> = layout
        .rows()
        .iter()
        .map(|row| row.chars().collect())
        .collect();
    let mut pieces = Vec::new();
    for y in 0..HEIGHT {
        for x in 0..WIDTH {
            let cell = Cell::at(x, y).expect("on the board");
            let Some(piece) = layout.piece_at(cell.index()) else {
                continue;
            };
            let size = match rows[y as usize][x as usize] {
                'o' => (1, 1),
                '<' => (2, 1),
                '^' => (1, 2),
                // The block's top-left cell is the first of its in reading order.
                '#' if cell.index() == layout.block_address() => (2, 2),
                _ => continue,
            };
            pieces.push((cell, piece, size));
        }
    }
    pieces
}
