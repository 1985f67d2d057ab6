//! The named layouts' step counts: the engine's fewest steps for every
//! entry, and every published count that differs from it listed in
//! `data/named_errata.tsv` with the engine's count, an independent slow
//! search's count and a note, exactly (nothing missing, nothing else).

mod common;

use common::slow::{slow_moves_to_solved, SlowMetric};
use klotski::paths::solve_in;
use std::collections::HashSet;

use klotski::{named_layouts, Layout, Metric, NamedLayout};
use rayon::prelude::*;

const ERRATA: &str = include_str!("../data/named_errata.tsv");

const ERRATA_HEADER: &str = "name\tvariant\tcode\tpublished_steps\tengine_steps\tslow_steps\tnote";

/// The engine's fewest steps to solved, by a breadth-first search over
/// its step generator that stops at the first solved layout (milliseconds,
/// where building the group's graph takes tens); `None` when no solved
/// layout can be reached.
fn engine_steps(named: &NamedLayout) -> Option<u32> {
    let start = named.code.layout();
    let mut seen = HashSet::from([start]);
    let mut layer = vec![start];
    let mut steps = 0;
    while !layer.is_empty() {
        if layer.iter().any(Layout::is_solved) {
            return Some(steps);
        }
        let mut next = Vec::new();
        for layout in &layer {
            layout.for_each_step(|after| {
                if seen.insert(after) {
                    next.push(after);
                }
            });
        }
        layer = next;
        steps += 1;
    }
    None
}

/// The engine's fewest moves of `metric` to solved, from the group's graph.
fn engine_moves(named: &NamedLayout, metric: Metric) -> Option<u32> {
    solve_in(named.code, metric).map(|path| path.len() as u32 - 1)
}

/// A number, or empty for none.
fn text_of(moves: Option<u32>) -> String {
    moves.map(|moves| moves.to_string()).unwrap_or_default()
}

/// Why a published count differs from the engine's: another metric's
/// count, or the source's error.
fn note(named: &NamedLayout, published: u32) -> String {
    if engine_steps(named).is_none() {
        return "the source's error: the layout cannot be solved".to_owned();
    }
    for (metric, words) in [
        (Metric::Straight, "straight-move"),
        (Metric::Cell, "cell-move"),
    ] {
        if engine_moves(named, metric) == Some(published) {
            return format!("matches the {words} count {published}");
        }
    }
    "the source's error: neither count agrees".to_owned()
}

/// The errata row of an entry whose published count differs from the
/// engine's fewest steps; `None` when they agree or nothing is published.
fn erratum(named: &NamedLayout, steps: Option<u32>) -> Option<String> {
    let published = named.published_steps?;
    if steps == Some(published) {
        return None;
    }
    let slow = slow_moves_to_solved(named.code.value(), SlowMetric::Step);
    Some(
        [
            named.name.to_owned(),
            named.variant.to_string(),
            named.code.to_string(),
            published.to_string(),
            text_of(steps),
            text_of(slow),
            note(named, published),
        ]
        .join("\t"),
    )
}

#[test]
fn every_published_count_agrees_or_is_listed_in_the_errata() {
    let expected: Vec<String> = named_layouts()
        .par_iter()
        .filter_map(|named| erratum(named, engine_steps(named)))
        .collect();
    let mut lines = ERRATA.lines();
    assert_eq!(lines.next(), Some(ERRATA_HEADER));
    let listed: Vec<&str> = lines.collect();
    let missing: Vec<&String> = expected
        .iter()
        .filter(|row| !listed.contains(&row.as_str()))
        .collect();
    let extra: Vec<&&str> = listed
        .iter()
        .filter(|row| !expected.contains(&row.to_string()))
        .collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "errata rows missing:\n{}\nlisted but not true:\n{}",
        missing
            .iter()
            .map(|row| row.as_str())
            .collect::<Vec<_>>()
            .join("\n"),
        extra.iter().map(|row| **row).collect::<Vec<_>>().join("\n")
    );
    assert_eq!(listed.len(), expected.len(), "a row listed twice");
}

/// The engine's fewest steps against the slow search, on every tenth entry
/// (the errata rows are all checked above).
#[test]
fn the_engine_s_steps_match_the_slow_search_on_a_sample() {
    named_layouts().par_iter().step_by(10).for_each(|named| {
        assert_eq!(
            engine_steps(named),
            slow_moves_to_solved(named.code.value(), SlowMetric::Step),
            "{}",
            named.display_name()
        );
    });
}
