//! The peripheral pass of a dense group: batches from the most peripheral
//! candidates. Farthest layouts lie on the periphery, so most bounds become
//! exact, which lets the sample's slacks rule out more; and the sources of
//! these batches are mostly farthest from some layout, so searched at the
//! end anyway.

use super::search_sources;
use crate::analysis::lanes::WIDTH;
use crate::analysis::node_set::NodeSet;
use crate::analysis::plan::Plan;

/// At most this many peripheral batches.
const MAX_BATCHES: usize = 8;

/// Peripheral batches go on while the last one raised the bounds of at
/// least one node in this many.
const GO_ON_WHILE_RAISED_ONE_IN: usize = 10;

/// Searches from the [`WIDTH`] candidates with the largest bounds (smaller
/// nodes first on a tie), whose bounds the sweeps gave, and again from the
/// next most peripheral while a batch raises many bounds.
pub(crate) fn search(plan: &mut Plan) {
    for _ in 0..MAX_BATCHES {
        let before = plan.bounds().to_vec();
        search_batch(plan);
        let n_raised = (before.iter().zip(plan.bounds()))
            .filter(|(before, after)| before != after)
            .count();
        if n_raised * GO_ON_WHILE_RAISED_ONE_IN < before.len() {
            return;
        }
    }
}

/// Searches from the [`WIDTH`] candidates with the largest bounds.
fn search_batch(plan: &mut Plan) {
    let bounds = plan.bounds();
    let mut by_bound: Vec<u32> = plan.sources().iter().collect();
    by_bound.sort_by_key(|&node| (std::cmp::Reverse(bounds[node as usize]), node));
    let mut peripheral = NodeSet::new(bounds.len());
    for &node in by_bound.iter().take(WIDTH) {
        peripheral.insert(node);
    }
    search_sources(plan, &peripheral, false);
}
