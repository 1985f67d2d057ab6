//! The tests' own reading of codes, sharing nothing with the engine: a code
//! decoded into pieces (kind and top-left cell) and pieces encoded back, as
//! the spec's "The code" describes.

/// Piece kinds by code item: 1 horizontal, 2 vertical, 3 single, 4 the 2x2 block.
pub const BLOCK: u8 = 4;

/// (width, height) of a piece kind.
pub fn size(kind: u8) -> (usize, usize) {
    match kind {
        1 => (2, 1),
        2 => (1, 2),
        3 => (1, 1),
        _ => (2, 2),
    }
}

/// Pieces as (kind, x, y) of the top-left cell, in code order.
pub fn decode(raw: u64) -> Vec<(u8, usize, usize)> {
    let head = (raw >> 32) as usize;
    let mut pieces = vec![(BLOCK, head % 4, head / 4)];
    let mut covered = [[false; 4]; 5];
    let mut slot = 0;
    for y in 0..5 {
        for x in 0..4 {
            for dy in 0..2 {
                for dx in 0..2 {
                    if (x, y) == (head % 4 + dx, head / 4 + dy) {
                        covered[y][x] = true;
                    }
                }
            }
            if covered[y][x] {
                continue;
            }
            let item = ((raw >> (30 - 2 * slot)) & 3) as u8;
            slot += 1;
            if item != 0 {
                let (w, h) = size(item);
                for dy in 0..h {
                    for dx in 0..w {
                        covered[y + dy][x + dx] = true;
                    }
                }
                pieces.push((item, x, y));
            } else {
                covered[y][x] = true;
            }
        }
    }
    pieces
}

/// The code of a set of pieces, the inverse of [`decode`].
pub fn encode(pieces: &[(u8, usize, usize)]) -> u64 {
    let mut grid = [[0u8; 4]; 5]; // kind at top-left cells, 9 elsewhere covered
    let mut head = 0;
    for &(kind, x, y) in pieces {
        let (w, h) = size(kind);
        for dy in 0..h {
            for dx in 0..w {
                grid[y + dy][x + dx] = 9;
            }
        }
        grid[y][x] = kind;
        if kind == BLOCK {
            head = x + 4 * y;
        }
    }
    let mut range = 0u64;
    let mut n_items = 0;
    for row in grid {
        for cell in row {
            match cell {
                9 | BLOCK => {}
                item => {
                    range = range << 2 | u64::from(item);
                    n_items += 1;
                }
            }
        }
    }
    (head as u64) << 32 | range << (32 - 2 * n_items)
}
