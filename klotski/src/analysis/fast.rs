//! The fast analyser: bit-parallel searches spread over cores.

use super::farthest::{farthest_from, plan, Plan};
use super::solutions::{with_farthest_of_each_orbit, with_solutions};
use super::{GroupGraph, LayoutAnalysis};

/// Analyses every layout of a group; entry `i` is node `i`'s analysis.
pub fn analyse_group(graph: &GroupGraph) -> Vec<LayoutAnalysis> {
    match plan(graph) {
        Plan::FromCandidates(candidates) => {
            with_solutions(graph, farthest_from(graph, &candidates))
        }
        Plan::EachOrbit {
            representative,
            lower_bounds,
        } => with_farthest_of_each_orbit(graph, &representative, &lower_bounds),
    }
}
