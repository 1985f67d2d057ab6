//! Board geometry as 20-bit cell masks: bit `x + 4*y` is the cell at column `x`, row `y`.

/// Number of columns.
pub const WIDTH: u32 = 4;
/// Number of rows.
pub const HEIGHT: u32 = 5;
/// Number of cells.
pub const CELLS: u32 = WIDTH * HEIGHT;

/// Every cell of the board.
pub const BOARD: u32 = (1 << CELLS) - 1;
/// Cells in column 0.
pub const COLUMN_0: u32 = 0x1_1111;
/// Cells in column 3.
pub const COLUMN_3: u32 = COLUMN_0 << 3;
/// Cells in row 4 (the bottom row).
pub const ROW_4: u32 = 0xF << 16;

/// The address of the 2x2 block in every solved layout (x = 1, y = 3).
pub const SOLVED_HEAD: u32 = 13;

/// Cells a 2x2 block with its top-left cell at `head` covers.
#[inline]
pub const fn block_cells(head: u32) -> u32 {
    0b11_0011 << head
}

/// Whether a 2x2 block fits with its top-left cell at `head`.
#[inline]
pub const fn is_block_head(head: u32) -> bool {
    head < 15 && head % 4 != 3
}

/// Mirrors a cell mask left to right: (x, y) -> (3 - x, y).
#[inline]
pub fn mirror_columns(mask: u32) -> u32 {
    let mut out = 0;
    for x in 0..WIDTH {
        let column = (mask >> x) & COLUMN_0;
        out |= column << (WIDTH - 1 - x);
    }
    out
}

/// Mirrors a cell mask top to bottom: (x, y) -> (x, 4 - y).
#[inline]
pub fn mirror_rows(mask: u32) -> u32 {
    let mut out = 0;
    for y in 0..HEIGHT {
        let row = (mask >> (WIDTH * y)) & 0xF;
        out |= row << (WIDTH * (HEIGHT - 1 - y));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirrors_are_involutions_and_move_cells() {
        for cell in 0..CELLS {
            let (x, y) = (cell % 4, cell / 4);
            assert_eq!(mirror_columns(1 << cell), 1 << (3 - x + 4 * y));
            assert_eq!(mirror_rows(1 << cell), 1 << (x + 4 * (4 - y)));
        }
        assert_eq!(mirror_columns(mirror_columns(0xABCDE)), 0xABCDE);
        assert_eq!(mirror_rows(mirror_rows(0xABCDE)), 0xABCDE);
    }

    #[test]
    fn block_heads() {
        let heads: Vec<u32> = (0..CELLS).filter(|&h| is_block_head(h)).collect();
        assert_eq!(heads, [0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14]);
    }
}
