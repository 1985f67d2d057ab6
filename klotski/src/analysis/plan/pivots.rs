//! Pivots: plain searches chosen to rule out candidates, in sparse groups,
//! taken by whichever thread is free once the sweeps are done.
//!
//! The [`OPENING_PIVOTS`] most central nodes first (their balls are the
//! largest where slacks are small everywhere), then one *ascent* per
//! candidate left, most peripheral first: the candidate is covered by the
//! ball expected to hold it with the most room ([`ascent`]). After
//! [`MAX_USELESS_PIVOTS`] useless ascents in a row, the most central nodes
//! not yet searched or ruled out, until as many in a row are useless again.

use std::sync::Mutex;

use rayon::prelude::*;

use super::candidates::Taken;
use super::state::{lock, SharedPlan};
use crate::analysis::plain_bfs::distances_from;
use crate::analysis::plan::Plan;
use crate::analysis::tuning::{MAX_USELESS_PIVOTS, OPENING_PIVOTS};

/// Runs pivots on every thread until they stop.
pub(crate) fn search(plan: &SharedPlan) {
    let choice = Mutex::new(PivotChoice::new());
    // Whichever thread is free takes the next pivot: the other one once the
    // solution searches and the known farthest layouts are done.
    (0..rayon::current_num_threads())
        .into_par_iter()
        .for_each(|_| {
            let graph = lock(plan).graph();
            loop {
                // The locks are released before the search; the plan's is
                // always taken first.
                let next = {
                    let mut plan = lock(plan);
                    choice.lock().expect("no search panics").take(&mut plan)
                };
                let Some(pivot) = next else { break };
                let distances = distances_from(graph, pivot.taken.source);
                let mut plan = lock(plan);
                let useful = plan.absorb_plain(pivot.taken, &distances);
                choice.lock().expect("no search panics").done(pivot, useful);
            }
        });
}

/// A pivot taken to be searched, and the candidate it was chosen to rule
/// out, if any (pivots by ascent have one).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Pivot {
    pub(super) taken: Taken,
    pub(super) target: Option<u32>,
}

/// How the next pivot is chosen, and the pivots running now.
pub(super) struct PivotChoice {
    phase: Phase,
    /// The pivots running now.
    running: Vec<Pivot>,
    /// How many pivots in a row were useless.
    n_useless: usize,
}

/// Where the choice of pivots is.
enum Phase {
    /// No pivot yet.
    NotYet,
    /// The first pivots: the most central nodes, whose balls are the
    /// largest, and how many more to take.
    Opening(std::vec::IntoIter<u32>, usize),
    /// For the most peripheral candidate, the node whose ball is expected
    /// to hold it with the most room ([`ascent`]).
    Ascent,
    /// The nodes not yet considered as pivots, most central first.
    Centrality(std::vec::IntoIter<u32>),
}

impl PivotChoice {
    pub(super) fn new() -> PivotChoice {
        PivotChoice {
            phase: Phase::NotYet,
            running: Vec::new(),
            n_useless: 0,
        }
    }

    /// The next pivot, its orbit taken in `plan`, or `None` when the
    /// pivots stop.
    pub(super) fn take(&mut self, plan: &mut Plan) -> Option<Pivot> {
        let running = &mut self.running;
        let pivot = loop {
            match &mut self.phase {
                Phase::NotYet => {
                    self.phase = Phase::Opening(by_centrality(plan), OPENING_PIVOTS);
                }
                Phase::Opening(_, 0) => self.phase = Phase::Ascent,
                Phase::Opening(by_centrality, left) => {
                    *left -= 1;
                    break central_pivot(plan, by_centrality)?;
                }
                Phase::Ascent if self.n_useless >= MAX_USELESS_PIVOTS => {
                    self.phase = Phase::Centrality(by_centrality(plan));
                    self.n_useless = 0;
                }
                Phase::Ascent => {
                    let target = most_peripheral(plan, |node| {
                        running.iter().all(|r| r.target != Some(node))
                    })?;
                    let ascent = ascent(plan, target);
                    let source = pivot_of(plan, target, ascent, |node| {
                        running.iter().all(|r| r.taken.source != node)
                    });
                    break Pivot {
                        taken: plan.take(source),
                        target: Some(target),
                    };
                }
                Phase::Centrality(_) if self.n_useless >= MAX_USELESS_PIVOTS => return None,
                Phase::Centrality(by_centrality) => break central_pivot(plan, by_centrality)?,
            }
        };
        running.push(pivot);
        Some(pivot)
    }

    /// Notes that the search from `pivot` is absorbed, and whether it was
    /// useful ([`Plan::absorb_plain`]).
    pub(super) fn done(&mut self, pivot: Pivot, useful: bool) {
        self.n_useless = if useful { 0 } else { self.n_useless + 1 };
        self.running.retain(|&running| running != pivot);
    }
}

/// The candidate with the largest bound that `allowed` lets through
/// (smallest first on a tie), if any.
pub(super) fn most_peripheral(plan: &Plan, allowed: impl Fn(u32) -> bool) -> Option<u32> {
    let (bounds, candidates) = (plan.bounds(), plan.candidates());
    (0..bounds.len() as u32)
        .filter(|&node| candidates.is_candidate(node) && allowed(node))
        .max_by_key(|&node| (bounds[node as usize], std::cmp::Reverse(node)))
}

/// The nodes reached from `target` by steps that each raise the expected
/// slack U ([`Plan::upper_slack`]) by one, `target` first; only `target`
/// when it is known to be farthest from some search (U is 0 there).
///
/// A node w's ball holds `target` when d(w, target) < slack(w) <= U(w).
/// U is 1-Lipschitz, so U(w) - d(w, target) <= U(target): the most room
/// is at the nodes where equality holds, which are those of the ascent.
pub(super) fn ascent(plan: &Plan, target: u32) -> Vec<u32> {
    let upper = plan.upper_slack();
    let mut reached = vec![target];
    if upper[target as usize] == 0 {
        return reached;
    }
    let mut seen = vec![false; upper.len()];
    seen[target as usize] = true;
    let mut next = 0;
    while let Some(&node) = reached.get(next) {
        next += 1;
        for &neighbour in plan.graph().neighbours(node) {
            if upper[neighbour as usize] == upper[node as usize] + 1
                && !std::mem::replace(&mut seen[neighbour as usize], true)
            {
                reached.push(neighbour);
            }
        }
    }
    reached
}

/// The pivot to rule out `target`, from its `ascent`: the node with the
/// largest U, which makes the largest ball if the bound is close, among
/// those not yet searched that `allowed` lets through (else `target`).
/// When the bound is not close, the search lowers U around the pivot, and
/// the next ascent ends elsewhere.
pub(super) fn pivot_of(
    plan: &Plan,
    target: u32,
    ascent: Vec<u32>,
    allowed: impl Fn(u32) -> bool,
) -> u32 {
    let (nearest, upper) = (plan.nearest(), plan.upper_slack());
    ascent
        .into_iter()
        .filter(|&node| node == target || nearest[node as usize] > 0 && allowed(node))
        .max_by_key(|&node| (upper[node as usize], std::cmp::Reverse(node)))
        .unwrap_or(target)
}

/// The next candidate of `by_centrality`, taken as a pivot, if any.
fn central_pivot(plan: &mut Plan, by_centrality: &mut std::vec::IntoIter<u32>) -> Option<Pivot> {
    let source = by_centrality.find(|&node| plan.candidates().is_candidate(node))?;
    Some(Pivot {
        taken: plan.take(source),
        target: None,
    })
}

/// Every node, most central (smallest bound) first.
fn by_centrality(plan: &Plan) -> std::vec::IntoIter<u32> {
    let bounds = plan.bounds();
    let mut by_centrality: Vec<u32> = (0..bounds.len() as u32).collect();
    by_centrality.sort_by_key(|&node| (bounds[node as usize], node));
    by_centrality.into_iter()
}
