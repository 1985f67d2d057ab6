//! The three metrics and the counts of minimum move sequences against an
//! independent slow model: a 4x5 grid of piece ids, with its own move
//! generator for each metric (one cell; a straight slide cell by cell; any
//! chain of one-cell slides), its own decoder and encoder
//! (`common/grid.rs`) and a counting breadth-first search over a hash map.
//! Nothing is shared with the engine but `Code` and the class's list of
//! codes.

mod common;

use std::collections::{BTreeSet, HashMap, VecDeque};

use common::all_codes;
use common::slow::{is_solved, slow_next, SlowMetric, SLOW_METRICS};
use klotski::analysis::{shortest_in_every_metric, GroupGraph};
use klotski::{Class, ClassGroups, Code, Metric};
use rayon::prelude::*;

/// Per code of `codes` (a union of whole groups): the fewest moves of
/// `metric` to a solved layout (-1 when none) and the number of minimum
/// move sequences, by a counting breadth-first search.
fn slow_shortest(codes: &[u64], metric: SlowMetric) -> HashMap<u64, (i32, u64)> {
    let next: HashMap<u64, BTreeSet<u64>> = codes
        .par_iter()
        .map(|&raw| (raw, slow_next(raw, metric)))
        .collect();
    let mut found: HashMap<u64, (i32, u64)> = HashMap::new();
    let mut queue = VecDeque::new();
    for &raw in codes.iter().filter(|&&raw| is_solved(raw)) {
        found.insert(raw, (0, 1));
        queue.push_back(raw);
    }
    // Level by level: a layout's count is whole before it is taken.
    while let Some(raw) = queue.pop_front() {
        let (moves, count) = found[&raw];
        for &after in &next[&raw] {
            match found.get_mut(&after) {
                None => {
                    found.insert(after, (moves + 1, count));
                    queue.push_back(after);
                }
                Some((known, total)) if *known == moves + 1 => *total += count,
                Some(_) => {}
            }
        }
    }
    for &raw in codes {
        found.entry(raw).or_insert((-1, 0));
    }
    found
}

/// Every layout of `class`: the engine's fewest moves and counts in each
/// metric equal the slow model's.
fn check_class(name: &str) {
    let class: Class = name.parse().unwrap();
    let groups = ClassGroups::build(class);
    let codes: Vec<u64> = groups.codes().iter().map(|code| code.value()).collect();
    for (metric, slow_metric) in Metric::ALL.into_iter().zip(SLOW_METRICS) {
        let slow = slow_shortest(&codes, slow_metric);
        (0..groups.n_groups())
            .into_par_iter()
            .for_each(|group_num| {
                let graph = GroupGraph::build(groups.group_codes(group_num).collect());
                let fast = &shortest_in_every_metric(&graph).unwrap()[metric.idx()];
                for (node, shortest) in fast.iter().enumerate() {
                    let code = graph.code(node as u32);
                    assert_eq!(
                        (shortest.moves, shortest.n_sequences),
                        slow[&code.value()],
                        "{code} in {metric} moves"
                    );
                }
            });
    }
}

#[test]
fn small_classes_agree_with_the_slow_model() {
    for class in ["1-1-0", "2-2-1", "3-1-2", "0-4-0", "7-0-4", "4-6-2"] {
        check_class(class);
    }
}

#[test]
fn ten_piece_classes_agree_with_the_slow_model() {
    for class in ["5-4-0", "5-4-1", "5-4-5"] {
        check_class(class);
    }
}

#[test]
fn each_metric_s_moves_agree_with_the_slow_model_on_every_53rd_layout() {
    all_codes()
        .codes()
        .par_iter()
        .step_by(53)
        .for_each(|&code| {
            let layout = code.layout();
            for (metric, slow_metric) in Metric::ALL.into_iter().zip(SLOW_METRICS) {
                let slow = slow_next(code.value(), slow_metric);
                let mut fast = BTreeSet::new();
                layout.for_each_move_in(metric, |next| {
                    assert!(fast.insert(next.code().value()), "{code}: twice");
                });
                assert_eq!(fast, slow, "{code} in {metric} moves");
                let derived: BTreeSet<u64> = layout
                    .moves_in(metric)
                    .iter()
                    .map(|step| step.after().code().value())
                    .collect();
                assert_eq!(derived, slow, "{code}: Move::metric in {metric} moves");
            }
        });
}

/// The classic layout: 81 steps (the spec), 90 straight moves and 116 cell
/// moves (the puzzle literature's numbers; the slow model agrees on its
/// whole class, 5-4-1, above), and how many minimum sequences in each.
#[test]
fn the_classic_layout_in_three_metrics() {
    let code: Code = "1A9BF0C00".parse().unwrap();
    let graph = GroupGraph::build(klotski::group_of(code));
    let all = shortest_in_every_metric(&graph).unwrap();
    let node = graph.node(code).unwrap() as usize;
    let found: Vec<(i32, u64)> = all
        .iter()
        .map(|metric| (metric[node].moves, metric[node].n_sequences))
        .collect();
    assert_eq!(found, [(81, 256), (90, 4096), (116, 4_112_640_000)]);
}
