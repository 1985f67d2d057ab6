//! Sweeps: plain searches one after another, each from the node the last
//! ones make most peripheral, which give lower bounds on eccentricity and
//! find farthest layouts.

use super::state::{lock, SharedPlan};
use crate::analysis::plain_bfs::{distances_from, farthest_nodes};
use crate::analysis::plan::candidates::CANDIDATE;
use crate::analysis::plan::Plan;
use crate::analysis::shape::FirstSweep;
use crate::analysis::tuning::{DOUBLE_SWEEPS, MAX_SWEEPS};

/// The sweeps of a dense group, where a batch of 1024 sources is a ball of
/// small radius r and costs about 2r + 1 plain searches: a few, for bounds.
pub(crate) fn dense(plan: &SharedPlan, first: FirstSweep) {
    sweep(plan, first, DOUBLE_SWEEPS);
}

/// The sweeps of a sparse group: 2r + 1 of them (at most [`MAX_SWEEPS`]), r
/// the radius of a ball of 1024 nodes around node 0, about what one batch
/// costs in plain searches. The later ones start at the node farthest from
/// every search so far, which spreads them over the periphery, where the
/// farthest layouts lie: in a sparse group they make nearly every bound
/// exact (docs/journal/analysis.md, "Sparse groups: spread sweeps, pivots
/// by ascent").
pub(crate) fn sparse(plan: &SharedPlan, first: FirstSweep) {
    let n_sweeps = (2 * first.radius + 1).min(MAX_SWEEPS);
    sweep(plan, first, n_sweeps);
}

/// Runs `n_sweeps` sweeps, the first of them `first`, into `plan`. The
/// first [`DOUBLE_SWEEPS`] start at the node with the largest bound so far;
/// the later ones at the node farthest from every search so far. Every
/// start but node 0 is a candidate: no orbit is searched twice.
fn sweep(plan: &SharedPlan, first: FirstSweep, n_sweeps: usize) {
    let graph = lock(plan).graph();
    // A start is taken when chosen, so that no other search takes it.
    let mut next = (lock(plan).take(0), first.distances);
    for done in 1.. {
        let farthest = farthest_nodes(&next.1);
        let mut plan = lock(plan);
        plan.absorb_plain(next.0, &next.1);
        plan.note_farthest(&farthest);
        let start = match done < n_sweeps {
            true => next_sweep(&plan, done >= DOUBLE_SWEEPS),
            false => None,
        };
        let Some(start) = start else {
            plan.end_sweeps();
            return;
        };
        let taken = plan.take(start);
        drop(plan);
        next = (taken, distances_from(graph, start));
    }
}

/// The next sweep's start among the candidates: the node with the largest
/// bound, or when `spread`, the node farthest from every search so far
/// (largest bound among those); `None` when there is none.
pub(super) fn next_sweep(plan: &Plan, spread: bool) -> Option<u32> {
    // The key (nearest, bound, smaller node first), packed into one word
    // so that the search for the largest vectorises: fields of 21 bits
    // hold any distance and node of a group (under a million layouts).
    const FIELD: u32 = (1 << 21) - 1;
    // The top bit, set for a candidate, puts every candidate first.
    let key = |(node, ((&bound, &nearest), &removed_at)): (usize, ((&u32, &u32), &u32))| {
        let nearest = if spread { nearest.min(FIELD) } else { 0 };
        (u64::from(removed_at == CANDIDATE) << 63)
            | (u64::from(nearest) << 42)
            | (u64::from(bound) << 21)
            | u64::from(FIELD - node as u32)
    };
    let removed_at = plan.candidates().removed_at();
    let best = (plan.bounds().iter().zip(plan.nearest()).zip(removed_at))
        .enumerate()
        .map(key)
        .max()
        .filter(|&best| best >> 63 == 1)?;
    Some(FIELD - (best as u32 & FIELD))
}
