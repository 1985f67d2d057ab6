//! The peripheral pass of a dense group: one batch from the 1024 most
//! peripheral candidates. Farthest layouts lie on the periphery, so most
//! bounds become exact, which lets the sample's slacks rule out more.

use super::{search_sources, step};
use crate::analysis::lanes::WIDTH;
use crate::analysis::node_set::NodeSet;
use crate::analysis::plan::Plan;

/// Searches from the [`WIDTH`] candidates with the largest bounds (smaller
/// nodes first on a tie), whose bounds the sweeps gave.
pub(crate) fn search(plan: &mut Plan) {
    let bounds = plan.bounds();
    let mut by_bound: Vec<u32> = plan.sources().iter().collect();
    by_bound.sort_by_key(|&node| (std::cmp::Reverse(bounds[node as usize]), node));
    let peripheral = NodeSet::from_nodes(bounds.len(), by_bound.into_iter().take(WIDTH));
    let _step = step("peripheral batch", &peripheral);
    search_sources(plan, &peripheral, false);
}
