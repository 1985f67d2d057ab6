//! The slow model of moves, shared by the tests that check the engine
//! against it: a 4x5 grid of piece ids with its own move generator for
//! each metric (one cell; a straight slide cell by cell; any chain of
//! one-cell slides) over the decoder and encoder of `grid.rs`.

use std::collections::{BTreeSet, HashSet, VecDeque};

use super::grid::{decode, encode, size, BLOCK};

/// The slow model's names for the metrics, in the order of `Metric::ALL`.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum SlowMetric {
    Step,
    Straight,
    Cell,
}

pub const SLOW_METRICS: [SlowMetric; 3] =
    [SlowMetric::Step, SlowMetric::Straight, SlowMetric::Cell];

/// A board: the id (index in the piece list, from 1) covering each cell, 0
/// when empty.
type Grid = [[usize; 4]; 5];

fn grid_of(pieces: &[(u8, usize, usize)]) -> Grid {
    let mut grid = [[0; 4]; 5];
    for (i, &(kind, x, y)) in pieces.iter().enumerate() {
        let (w, h) = size(kind);
        for row in grid.iter_mut().skip(y).take(h) {
            for cell in row.iter_mut().skip(x).take(w) {
                *cell = i + 1;
            }
        }
    }
    grid
}

/// Whether piece `i` (its kind `kind`) fits with its top-left cell at
/// `(x, y)`: on the board, over empty cells or its own.
fn fits(grid: &Grid, i: usize, kind: u8, x: i32, y: i32) -> bool {
    let (w, h) = size(kind);
    (0..h as i32).all(|dy| {
        (0..w as i32).all(|dx| {
            let (cx, cy) = (x + dx, y + dy);
            (0..4).contains(&cx)
                && (0..5).contains(&cy)
                && [0, i + 1].contains(&grid[cy as usize][cx as usize])
        })
    })
}

const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// The codes one move of `metric` from `raw`.
pub fn slow_next(raw: u64, metric: SlowMetric) -> BTreeSet<u64> {
    let pieces = decode(raw);
    let grid = grid_of(&pieces);
    let mut out = BTreeSet::new();
    for (i, &(kind, x0, y0)) in pieces.iter().enumerate() {
        let start = (x0 as i32, y0 as i32);
        let mut ends = BTreeSet::new();
        match metric {
            SlowMetric::Cell => {
                for (dx, dy) in DIRECTIONS {
                    if fits(&grid, i, kind, start.0 + dx, start.1 + dy) {
                        ends.insert((start.0 + dx, start.1 + dy));
                    }
                }
            }
            SlowMetric::Straight => {
                for (dx, dy) in DIRECTIONS {
                    let mut at = (start.0 + dx, start.1 + dy);
                    while fits(&grid, i, kind, at.0, at.1) {
                        ends.insert(at);
                        at = (at.0 + dx, at.1 + dy);
                    }
                }
            }
            SlowMetric::Step => {
                let mut queue = VecDeque::from([start]);
                while let Some((x, y)) = queue.pop_front() {
                    for (dx, dy) in DIRECTIONS {
                        let next = (x + dx, y + dy);
                        if next != start
                            && fits(&grid, i, kind, next.0, next.1)
                            && ends.insert(next)
                        {
                            queue.push_back(next);
                        }
                    }
                }
            }
        }
        for (x, y) in ends {
            let mut moved = pieces.clone();
            moved[i] = (kind, x as usize, y as usize);
            out.insert(encode(&moved));
        }
    }
    out
}

/// Whether the 2x2 block is at the exit.
pub fn is_solved(raw: u64) -> bool {
    decode(raw)
        .iter()
        .any(|&(kind, x, y)| kind == BLOCK && (x, y) == (1, 3))
}

/// The fewest moves of `metric` from `raw` to a solved layout, by a plain
/// breadth-first search forward that stops at the first solved layout;
/// `None` when none can be reached.
pub fn slow_moves_to_solved(raw: u64, metric: SlowMetric) -> Option<u32> {
    let mut seen = HashSet::from([raw]);
    let mut layer = vec![raw];
    let mut moves = 0;
    while !layer.is_empty() {
        if layer.iter().any(|&layout| is_solved(layout)) {
            return Some(moves);
        }
        layer = layer
            .iter()
            .flat_map(|&layout| slow_next(layout, metric))
            .filter(|&next| seen.insert(next))
            .collect();
        moves += 1;
    }
    None
}
