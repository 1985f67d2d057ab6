//! The fast analyser: bit-parallel searches spread over cores.

use super::farthest::{plan, Plan};
use super::solutions::{with_farthest_searches, with_solutions};
use super::symmetry::Orbits;
use super::{GroupGraph, LayoutAnalysis};

/// Analyses every layout of a group; entry `i` is node `i`'s analysis.
pub fn analyse_group(graph: &GroupGraph) -> Vec<LayoutAnalysis> {
    let orbits = Orbits::of(graph);
    match plan(graph, &orbits) {
        Plan::Found(farthest) => with_solutions(graph, &orbits, farthest),
        Plan::SearchFrom(sources) => with_farthest_searches(graph, &orbits, &sources),
    }
}
