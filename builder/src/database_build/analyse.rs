//! Analysing the groups the checkpoint does not hold yet, a batch of whole
//! groups at a time, each batch committed to the checkpoint once done.
//!
//! Small groups dominate in number and big ones in time, so the groups of a
//! batch are analysed concurrently, each also in parallel inside (the
//! engine's analyser uses every thread on one group). Only one batch is in
//! flight: its layouts bound the graphs and search state alive at once.

use std::time::Instant;

use anyhow::bail;
use edge::keys::group_key;
use edge::numbers::{metrics_of_graph, numbers_of};
use klotski::analysis::{analyse_group, GroupGraph};
use klotski::{ClassGroups, GroupName};
use rayon::prelude::*;
use schema::{Checkpoint, GroupKey, PackedMetrics, SavedGroup};
use tracing::{debug, info};

use super::analysed::{Analysed, Analyses};
use crate::progress::Progress;

/// Groups of at least this many layouts log their analysis's wall time at
/// the debug level: the 25,000 smaller ones take a few percent of a build.
const PROFILED_AT_LEAST: u64 = 10_000;

/// One group to analyse: its class's position in the build and its number.
#[derive(Clone, Copy)]
struct Pending {
    class_idx: usize,
    group_num: u32,
    size: u64,
}

/// Analyses every group of `classes` missing from `analyses`, adding them
/// there and to the checkpoint, a batch of about `batch_layouts` layouts at
/// a time.
pub(super) fn analyse_pending(
    classes: &[ClassGroups],
    analyses: &mut Analyses,
    checkpoint: &mut Checkpoint,
    batch_layouts: u64,
) -> anyhow::Result<()> {
    let pending: Vec<Pending> = classes
        .iter()
        .enumerate()
        .flat_map(|(class_idx, groups)| {
            (0..groups.n_groups()).map(move |group_num| Pending {
                class_idx,
                group_num,
                size: groups.group_size(group_num).into(),
            })
        })
        .filter(|group| !analyses.contains_key(&key_of(classes, group)))
        .collect();
    let n_layouts: u64 = pending.iter().map(|group| group.size).sum();
    let started = Instant::now();
    let bar = Progress::bar(n_layouts, "layouts", "analysing");
    for batch in batches(&pending, batch_layouts) {
        let done: Vec<(GroupKey, Analysed)> = batch
            .par_iter()
            .map(|group| {
                let started = Instant::now();
                let codes = classes[group.class_idx].group_codes(group.group_num);
                let graph = GroupGraph::build(codes.collect());
                let analysis = analyse_group(&graph);
                let analysed = with_metrics(&graph, analysis)?;
                bar.inc(group.size);
                let key = key_of(classes, group);
                // The profile of a build by group
                // (`RUST_LOG=info,builder::database_build::analyse=debug`).
                if group.size >= PROFILED_AT_LEAST {
                    debug!(group = %key, layouts = group.size, elapsed = ?started.elapsed(), "analysed a group");
                }
                Ok((key, analysed))
            })
            .collect::<anyhow::Result<_>>()?;
        let saved: Vec<SavedGroup> = done
            .iter()
            .map(|(key, analysed)| SavedGroup {
                key: *key,
                numbers: analysed.analysis.iter().map(numbers_of).collect(),
                metrics: analysed.metrics.iter().map(|m| m.unpack()).collect(),
            })
            .collect();
        checkpoint.save(&saved)?;
        debug!(groups = saved.len(), "saved a batch to the checkpoint");
        analyses.extend(done);
    }
    bar.finish_and_clear();
    info!(
        groups = pending.len(),
        layouts = n_layouts,
        elapsed = ?started.elapsed(),
        "analysed"
    );
    Ok(())
}

/// A group's analysis with its numbers in the other metrics, whose fewest
/// steps must equal the analysis's min_solution_step (two searches, one
/// answer).
fn with_metrics(
    graph: &GroupGraph,
    analysis: Vec<klotski::analysis::LayoutAnalysis>,
) -> anyhow::Result<Analysed> {
    let found = metrics_of_graph(graph).map_err(anyhow::Error::msg)?;
    let mut metrics = Vec::with_capacity(found.len());
    for (node, ((step, numbers), layout)) in found.into_iter().zip(&analysis).enumerate() {
        if step != layout.min_solution_step {
            bail!(
                "{}: the step search finds {step} steps to solved, the analysis {}",
                graph.code(node as u32),
                layout.min_solution_step
            );
        }
        metrics.push(PackedMetrics::pack(&numbers)?);
    }
    Ok(Analysed { analysis, metrics })
}

fn key_of(classes: &[ClassGroups], group: &Pending) -> GroupKey {
    group_key(GroupName {
        class: classes[group.class_idx].class(),
        group_num: group.group_num,
    })
}

/// Consecutive runs of `groups`, each closed as soon as its sizes add up to
/// `budget` or more.
fn batches(groups: &[Pending], budget: u64) -> Vec<&[Pending]> {
    let mut batches = Vec::new();
    let mut start = 0;
    let mut n_layouts = 0;
    for (i, group) in groups.iter().enumerate() {
        n_layouts += group.size;
        if n_layouts >= budget {
            batches.push(&groups[start..=i]);
            start = i + 1;
            n_layouts = 0;
        }
    }
    if start < groups.len() {
        batches.push(&groups[start..]);
    }
    batches
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batches_close_once_they_reach_the_budget() {
        let groups: Vec<Pending> = [5, 1, 1, 3, 1, 8, 1]
            .iter()
            .map(|&size| Pending {
                class_idx: 0,
                group_num: 0,
                size,
            })
            .collect();
        let sizes = |budget| -> Vec<Vec<u64>> {
            batches(&groups, budget)
                .iter()
                .map(|batch| batch.iter().map(|group| group.size).collect())
                .collect()
        };
        assert_eq!(sizes(4), [vec![5], vec![1, 1, 3], vec![1, 8], vec![1]]);
        assert_eq!(sizes(100), [vec![5, 1, 1, 3, 1, 8, 1]]);
        assert_eq!(sizes(1).len(), groups.len());
        assert_eq!(sizes(0).len(), groups.len());
        assert!(batches(&[], 4).is_empty());
    }
}
