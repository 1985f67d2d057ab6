//! The rows of `layout` in id order, and each group's mirror group.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::time::Instant;

use edge::keys::group_key;
use edge::numbers::numbers_of;
use klotski::{ClassGroups, CodeRanks, GroupName};
use schema::{GroupKey, LayoutRow, Writer};
use tracing::info;

use super::analysed::{Analysed, Analyses};
use crate::progress::Progress;

/// Rows handed to the writer per call (one transaction each).
const ROWS_PER_CALL: usize = 100_000;

/// Batches of rows made ahead of the writer: the rows of the next batches
/// are made on another thread while SQLite takes one.
const BATCHES_AHEAD: usize = 2;

/// Writes the layout rows of `classes`, in id order. Each class's rows come
/// in code order, which is id order, so the classes merge by id. The rows
/// are made on a thread of their own, a few batches ahead of the writer.
pub(super) fn write_layouts(
    writer: &mut Writer,
    ranks: &CodeRanks,
    classes: &[ClassGroups],
    analyses: &Analyses,
) -> anyhow::Result<()> {
    let n_layouts: usize = classes.iter().map(ClassGroups::n_layouts).sum();
    let bar = Progress::bar(n_layouts as u64, "rows", "writing layouts");
    let started = Instant::now();
    std::thread::scope(|scope| -> anyhow::Result<()> {
        let (batches, received) = std::sync::mpsc::sync_channel(BATCHES_AHEAD);
        scope.spawn(move || {
            // The writer stops taking batches when it fails: then sending
            // fails too, and this thread ends.
            rows_in_id_order(ranks, classes, analyses, |batch| {
                batches.send(batch).is_ok()
            });
        });
        for batch in received {
            writer.insert_layouts(&batch)?;
            bar.inc(batch.len() as u64);
        }
        Ok(())
    })?;
    bar.finish_and_clear();
    let elapsed = started.elapsed();
    info!(
        rows = n_layouts,
        ?elapsed,
        rows_per_second = (n_layouts as f64 / elapsed.as_secs_f64()).round(),
        "written"
    );
    Ok(())
}

/// Hands the rows of `classes` to `take` in id order, [`ROWS_PER_CALL`] at
/// a time (fewer in the last batch), until it returns false.
fn rows_in_id_order(
    ranks: &CodeRanks,
    classes: &[ClassGroups],
    analyses: &Analyses,
    mut take: impl FnMut(Vec<LayoutRow>) -> bool,
) {
    let mut streams: Vec<_> = classes
        .iter()
        .map(|groups| class_rows(ranks, groups, analyses).peekable())
        .collect();
    let mut next_ids: BinaryHeap<Reverse<(u32, usize)>> = streams
        .iter_mut()
        .enumerate()
        .filter_map(|(class_idx, rows)| rows.peek().map(|row| Reverse((row.id, class_idx))))
        .collect();
    let mut batch = Vec::with_capacity(ROWS_PER_CALL);
    while let Some(Reverse((_, class_idx))) = next_ids.pop() {
        let rows = &mut streams[class_idx];
        batch.push(
            rows.next()
                .expect("a class is in the heap while it has rows"),
        );
        if let Some(row) = rows.peek() {
            next_ids.push(Reverse((row.id, class_idx)));
        }
        if batch.len() == ROWS_PER_CALL {
            let full = std::mem::replace(&mut batch, Vec::with_capacity(ROWS_PER_CALL));
            if !take(full) {
                return;
            }
        }
    }
    take(batch);
}

/// The rows of one class, in code order.
fn class_rows<'a>(
    ranks: &'a CodeRanks,
    groups: &'a ClassGroups,
    analyses: &'a Analyses,
) -> impl Iterator<Item = LayoutRow> + 'a {
    let class = groups.class();
    // Every group is analysed by now.
    let by_group_num: Vec<&Analysed> = (0..groups.n_groups())
        .map(|group_num| &analyses[&group_key(GroupName { class, group_num })])
        .collect();
    groups.classified().map(move |(code, name)| {
        let group_num = name.group.group_num;
        let analysed = by_group_num[group_num as usize];
        let analysis = analysed.analysis[name.group_index as usize];
        let layout = code.layout();
        LayoutRow {
            id: ranks.id(code),
            code: code.to_string(),
            group: group_key(name.group),
            group_index: name.group_index,
            is_mirror: layout.is_mirror(),
            is_mirror_as_released: layout.is_mirror_as_released(),
            numbers: numbers_of(&analysis),
            metrics: analysed.metrics[name.group_index as usize].unpack(),
        }
    })
}

/// For every group, the group_num of the group holding the left-right
/// mirror images of its layouts: the group of its smallest code's image
/// (steps commute with the mirror, so one layout decides).
pub(super) fn mirror_group_nums(classes: &[ClassGroups]) -> HashMap<GroupKey, u32> {
    classes
        .iter()
        .flat_map(|groups| {
            (0..groups.n_groups()).map(move |group_num| {
                let smallest = groups
                    .group_codes(group_num)
                    .next()
                    .expect("a group has layouts");
                let image = smallest.layout().mirror_left_right().code();
                let (mirror_group_num, _) = groups
                    .locate(image)
                    .expect("a mirror image stays in its class");
                let name = GroupName {
                    class: groups.class(),
                    group_num,
                };
                (group_key(name), mirror_group_num)
            })
        })
        .collect()
}
