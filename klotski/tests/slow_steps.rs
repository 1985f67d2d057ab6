//! The fast step generator and the moves derived from it against an
//! independent slow one: a grid of piece ids, a breadth-first search of
//! one-cell slides per piece, its own code decoder and encoder
//! (`common/grid.rs`) and move texts (nothing shared with the engine but
//! `Code`).

mod common;

use std::collections::{BTreeSet, VecDeque};

use common::all_codes;
use common::grid::{decode, encode, size};
use rayon::prelude::*;

/// A step as the slow generator sees it: the code it gives and its move text.
#[derive(PartialEq, Eq, PartialOrd, Ord, Debug)]
struct SlowMove {
    after: u64,
    text: String,
}

/// A cell's name: column letter, row number.
fn cell_name(x: usize, y: usize) -> String {
    format!("{}{}", char::from(b'a' + x as u8), y + 1)
}

/// The move text of piece `kind` from `(x0, y0)` to `(x, y)`: its shape,
/// then its top-left cell before and after, joined by a hyphen.
fn move_text(kind: u8, from: (i32, i32), to: (i32, i32)) -> String {
    let (w, h) = size(kind);
    format!(
        "{w}x{h} {}-{}",
        cell_name(from.0 as usize, from.1 as usize),
        cell_name(to.0 as usize, to.1 as usize)
    )
}

fn slow_steps(raw: u64) -> BTreeSet<u64> {
    slow_moves(raw).into_iter().map(|step| step.after).collect()
}

fn slow_moves(raw: u64) -> BTreeSet<SlowMove> {
    let pieces = decode(raw);
    let mut owner = [[usize::MAX; 4]; 5];
    for (i, &(kind, x, y)) in pieces.iter().enumerate() {
        let (w, h) = size(kind);
        for dy in 0..h {
            for dx in 0..w {
                owner[y + dy][x + dx] = i;
            }
        }
    }
    let mut out = BTreeSet::new();
    for (i, &(kind, x0, y0)) in pieces.iter().enumerate() {
        let (w, h) = size(kind);
        let fits = |x: i32, y: i32| {
            (0..h as i32).all(|dy| {
                (0..w as i32).all(|dx| {
                    let (cx, cy) = (x + dx, y + dy);
                    (0..4).contains(&cx)
                        && (0..5).contains(&cy)
                        && [usize::MAX, i].contains(&owner[cy as usize][cx as usize])
                })
            })
        };
        let mut seen = BTreeSet::from([(x0 as i32, y0 as i32)]);
        let mut queue = VecDeque::from([(x0 as i32, y0 as i32)]);
        while let Some((x, y)) = queue.pop_front() {
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let next = (x + dx, y + dy);
                if fits(next.0, next.1) && seen.insert(next) {
                    queue.push_back(next);
                    let mut moved = pieces.clone();
                    moved[i] = (kind, next.0 as usize, next.1 as usize);
                    let text = move_text(kind, (x0 as i32, y0 as i32), next);
                    out.insert(SlowMove {
                        after: encode(&moved),
                        text,
                    });
                }
            }
        }
    }
    out
}

#[test]
fn fast_steps_match_slow_steps_on_every_37th_layout() {
    let codes = all_codes().codes();
    codes.par_iter().step_by(37).for_each(|&code| {
        assert_eq!(encode(&decode(code.value())), code.value());
        let mut fast = BTreeSet::new();
        code.layout().for_each_step(|next| {
            assert!(
                fast.insert(next.code().value()),
                "{code} gives a step twice"
            );
        });
        assert_eq!(fast, slow_steps(code.value()), "{code}");
    });
}

#[test]
fn moves_match_slow_moves_on_every_41st_layout() {
    let codes = all_codes().codes();
    codes.par_iter().step_by(41).for_each(|&code| {
        let layout = code.layout();
        let fast: BTreeSet<SlowMove> = layout
            .moves()
            .iter()
            .map(|step| SlowMove {
                after: step.after().code().value(),
                text: step.to_string(),
            })
            .collect();
        assert_eq!(fast, slow_moves(code.value()), "{code}");
        let texts: BTreeSet<String> = fast.into_iter().map(|step| step.text).collect();
        assert_eq!(texts.len() as u32, layout.n_steps(), "{code}: texts repeat");
    });
}
