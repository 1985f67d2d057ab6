//! Known-farthest searches: while a sparse group's sweeps run, the core
//! they leave free searches the candidates known to be farthest from a
//! search so far.
//!
//! They are farthest from somebody, so they are searched in any plan: here
//! the free core searches them, where the pivots would later. Their balls
//! are empty (a farthest layout has no slack), so unlike pivots chosen
//! early (whose balls, drawn by bounds still rising, swallow nodes the
//! final bounds would make better pivots) they rule out nothing, and they
//! make bounds exact sooner. On the group of `1A9BF0C00` they take 5 or 6
//! of the pivots' searches off the time after the sweeps.

use super::state::{lock, SharedPlan};
use crate::analysis::plain_bfs::{distances_from, farthest_nodes};
use crate::analysis::plan::Plan;

/// Searches the known farthest candidates until there are none or the
/// sweeps are done.
pub(crate) fn search(plan: &SharedPlan) {
    let graph = lock(plan).graph();
    loop {
        let taken = {
            let mut plan = lock(plan);
            if !plan.is_sweeping() {
                return;
            }
            match next(&plan) {
                Some(source) => plan.take(source),
                None => return,
            }
        };
        let distances = distances_from(graph, taken.source);
        let farthest = farthest_nodes(&distances);
        let mut plan = lock(plan);
        plan.absorb_plain(taken, &distances);
        plan.note_farthest(&farthest);
    }
}

/// The candidate known to be farthest from a search so far that is
/// farthest from every search (smallest first on a tie), if any.
pub(super) fn next(plan: &Plan) -> Option<u32> {
    let nearest = plan.nearest();
    plan.known_farthest()
        .iter()
        .copied()
        .filter(|&node| plan.candidates().is_candidate(node))
        .max_by_key(|&node| (nearest[node as usize], std::cmp::Reverse(node)))
}
