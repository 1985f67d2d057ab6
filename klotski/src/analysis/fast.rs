//! The fast analyser: bit-parallel searches spread over cores.

use super::farthest::{self, FirstSweep, Plan};
use super::solutions::{combine, nearest_solved, with_farthest_searches};
use super::symmetry::Orbits;
use super::{GroupGraph, LayoutAnalysis};

/// Analyses every layout of a group; entry `i` is node `i`'s analysis.
///
/// A sparse group's plan (sequential plain searches, most of its time on
/// one thread) runs beside its solution searches, which need nothing from
/// it: few of its layouts can be farthest from another, so no solution
/// search has farthest sources to serve. A dense group's solution searches
/// serve the solved farthest sources, so its plan comes first.
pub fn analyse_group(graph: &GroupGraph) -> Vec<LayoutAnalysis> {
    let orbits = Orbits::of(graph);
    let first_sweep = FirstSweep::of(graph);
    if first_sweep.is_sparse() {
        let (plan, nearest) = rayon::join(
            || farthest::plan(graph, &orbits, first_sweep),
            || nearest_solved(graph, &orbits),
        );
        return combine(farthest::numbers(graph, &orbits, plan), nearest);
    }
    match farthest::plan(graph, &orbits, first_sweep) {
        Plan::SearchFrom(sources) => with_farthest_searches(graph, &orbits, &sources),
        found => combine(
            farthest::numbers(graph, &orbits, found),
            nearest_solved(graph, &orbits),
        ),
    }
}
