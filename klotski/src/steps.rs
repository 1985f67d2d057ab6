//! Steps: every layout one move away, as the spec defines a move (a piece slides
//! any distance through empty cells, turning as it likes).
//!
//! Each piece's reachable positions are a flood fill over a 20-bit mask of the
//! top-left cells where the piece fits once lifted off the board: a handful of
//! shifts per piece and no allocation.

use crate::board::{block_cells, BOARD, COLUMN_0, COLUMN_3, ROW_4};
use crate::layout::Layout;
use crate::metric::Metric;

/// Top-left cells where a 2x2 block fits on an empty board.
const BLOCK_HEADS: u32 = BOARD & !COLUMN_3 & !ROW_4;

/// Cells one orthogonal move from a cell of `mask`.
#[inline]
fn neighbours(mask: u32) -> u32 {
    (mask << 1 & !COLUMN_0) | (mask >> 1 & !COLUMN_3) | (mask << 4 & BOARD) | mask >> 4
}

/// The positions reachable from `start` through `placeable` (which contains it).
#[inline]
fn flood(start: u32, placeable: u32) -> u32 {
    let mut reach = start;
    loop {
        let next = (reach | neighbours(reach)) & placeable;
        if next == reach {
            return reach;
        }
        reach = next;
    }
}

/// The positions a piece at `start` reaches by one straight slide through
/// `placeable`: a ray in each direction, stopped by the first misfit.
#[inline]
fn straight_reach(start: u32, placeable: u32) -> u32 {
    let ray = |shift: fn(u32) -> u32| {
        let (mut at, mut reach) = (start, 0);
        while at != 0 {
            at = shift(at) & placeable;
            reach |= at;
        }
        reach
    };
    ray(|mask| mask << 1 & !COLUMN_0)
        | ray(|mask| mask >> 1 & !COLUMN_3)
        | ray(|mask| mask << 4 & BOARD)
        | ray(|mask| mask >> 4)
}

/// The finest metric of the move of a piece from `start` to `target` (one
/// bit each) that fits at the cells of `placeable`.
#[inline]
fn finest_metric(start: u32, target: u32, placeable: u32) -> Metric {
    if neighbours(start) & target != 0 {
        Metric::Cell
    } else if straight_reach(start, placeable) & target != 0 {
        Metric::Straight
    } else {
        Metric::Step
    }
}

/// How far a piece may spread: all reachable positions, or one cell down or right.
#[derive(Clone, Copy)]
enum Reach {
    Step,
    SlideDownOrRight,
}

impl Reach {
    /// The new positions of a piece at `start` that fits at the cells of `placeable`.
    #[inline]
    fn targets(self, start: u32, placeable: u32) -> u32 {
        match self {
            Reach::Step => flood(start, placeable) & !start,
            Reach::SlideDownOrRight => ((start << 1 & !COLUMN_0) | start << 4) & placeable,
        }
    }
}

impl Layout {
    /// Calls `visit` with every layout one step away: each distinct position each
    /// piece can reach. Layouts come out in no particular order, each once.
    #[inline]
    pub fn for_each_step(&self, mut visit: impl FnMut(Layout)) {
        self.for_each_move(Reach::Step, |next, _, _, _| visit(next));
    }

    /// Calls `visit` with every layout one step away, as
    /// [`for_each_step`](Layout::for_each_step), and the finest metric of the
    /// move that gives it: [`Metric::Cell`] for a one-cell slide,
    /// [`Metric::Straight`] for a longer straight slide, [`Metric::Step`]
    /// when the piece must turn.
    #[inline]
    pub fn for_each_step_with_metric(&self, mut visit: impl FnMut(Layout, Metric)) {
        self.for_each_move(Reach::Step, |next, start, target, placeable| {
            visit(next, finest_metric(start, target, placeable))
        });
    }

    /// Calls `visit` with every layout one move of `metric` away.
    #[inline]
    pub fn for_each_move_in(&self, metric: Metric, mut visit: impl FnMut(Layout)) {
        self.for_each_step_with_metric(|next, finest| {
            if metric.admits(finest) {
                visit(next)
            }
        });
    }

    /// Calls `visit` with every layout where one piece has slid one cell down or
    /// one cell right. Every one-cell slide, read in one direction or the other,
    /// appears exactly once over all layouts; groups are connected by them alone.
    #[inline]
    pub fn for_each_slide_down_or_right(&self, mut visit: impl FnMut(Layout)) {
        self.for_each_move(Reach::SlideDownOrRight, |next, _, _, _| visit(next));
    }

    /// Number of layouts one step away.
    pub fn n_steps(&self) -> u32 {
        let mut n = 0;
        self.for_each_step(|_| n += 1);
        n
    }

    /// Calls `visit(next, start, target, placeable)` for every move `reach`
    /// allows: the layout it gives, the piece's top-left cell before and
    /// after (one bit each) and where that piece fits once lifted.
    #[inline]
    fn for_each_move(&self, reach: Reach, mut visit: impl FnMut(Layout, u32, u32, u32)) {
        let occupied = self.occupied();
        let empty = BOARD & !occupied;
        // Only a piece touching an empty cell can move at all.
        let near_empty = neighbours(empty);

        let block = block_cells(self.head);
        if block & near_empty != 0 {
            let free = empty | block;
            let placeable = free & free >> 1 & free >> 4 & free >> 5 & BLOCK_HEADS;
            let start = 1 << self.head;
            for_each_bit(reach.targets(start, placeable), |target| {
                let next = Layout {
                    head: target.trailing_zeros(),
                    ..*self
                };
                visit(next, start, target, placeable)
            });
        }

        for_each_bit(self.horizontal & (near_empty | near_empty >> 1), |start| {
            let free = empty | start | start << 1;
            let placeable = free & free >> 1 & !COLUMN_3;
            for_each_bit(reach.targets(start, placeable), |target| {
                let next = Layout {
                    horizontal: self.horizontal ^ start ^ target,
                    ..*self
                };
                visit(next, start, target, placeable)
            });
        });

        for_each_bit(self.vertical & (near_empty | near_empty >> 4), |start| {
            let free = empty | start | start << 4;
            let placeable = free & free >> 4 & !ROW_4;
            for_each_bit(reach.targets(start, placeable), |target| {
                let next = Layout {
                    vertical: self.vertical ^ start ^ target,
                    ..*self
                };
                visit(next, start, target, placeable)
            });
        });

        for_each_bit(self.single & near_empty, |start| {
            let placeable = empty | start;
            for_each_bit(reach.targets(start, placeable), |target| {
                let next = Layout {
                    single: self.single ^ start ^ target,
                    ..*self
                };
                visit(next, start, target, placeable)
            });
        });
    }
}

/// Calls `f` with each set bit of `mask` as a one-bit mask, lowest first.
#[inline]
fn for_each_bit(mut mask: u32, mut f: impl FnMut(u32)) {
    while mask != 0 {
        let bit = mask & mask.wrapping_neg();
        f(bit);
        mask ^= bit;
    }
}

#[cfg(test)]
mod tests {
    use crate::Code;
    use std::collections::BTreeSet;

    fn steps(text: &str) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        text.parse::<Code>()
            .unwrap()
            .layout()
            .for_each_step(|next| {
                assert!(out.insert(next.code().to_string()), "duplicate step");
            });
        out
    }

    #[test]
    fn classic_layout_steps() {
        // Empty cells (1,4) and (2,4). Each of the four 1x1 pieces around them
        // reaches both, one of them by an L-shaped path: still one step.
        let start: String = "1A9BF0C00"
            .parse::<Code>()
            .unwrap()
            .layout()
            .rows()
            .concat();
        let next = steps("1A9BF0C00");
        assert_eq!(next.len(), 8);
        let mut moved = BTreeSet::new();
        for code in &next {
            let cells: String = code.parse::<Code>().unwrap().layout().rows().concat();
            let changed: Vec<(usize, char, char)> = start
                .chars()
                .zip(cells.chars())
                .enumerate()
                .filter(|(_, (a, b))| a != b)
                .map(|(cell, (a, b))| (cell, a, b))
                .collect();
            assert_eq!(changed.len(), 2, "{code}");
            let (from, to) = if changed[0].1 == 'o' {
                (changed[0], changed[1])
            } else {
                (changed[1], changed[0])
            };
            assert_eq!((from.1, from.2, to.1, to.2), ('o', '.', '.', 'o'), "{code}");
            moved.insert((from.0, to.0));
        }
        let expected: BTreeSet<(usize, usize)> = [13, 14, 16, 19]
            .iter()
            .flat_map(|&from| [(from, 17), (from, 18)])
            .collect();
        assert_eq!(moved, expected);
    }

    #[test]
    fn steps_are_symmetric_and_stay_in_class() {
        for class in ["1-1-0", "2-2-1", "3-1-2"] {
            let class = class.parse().unwrap();
            for code in crate::enumerate::class_codes(class) {
                let text = code.to_string();
                for next in steps(&text) {
                    assert_eq!(next.parse::<Code>().unwrap().layout().class(), class);
                    assert!(
                        steps(&next).contains(&text),
                        "{next} does not lead back to {text}"
                    );
                }
            }
        }
    }
}
