//! The fast analyser: bit-parallel searches spread over cores.

use super::batches::merge_all;
use super::farthest::{self, FirstSweep};
use super::solutions::{combine, nearest_solved};
use super::symmetry::Orbits;
use super::{GroupGraph, LayoutAnalysis};

/// Analyses every layout of a group; entry `i` is node `i`'s analysis.
///
/// The group's plan (which layouts may be farthest from another, found by
/// plain searches, mostly on one thread) runs beside its solution searches.
/// In a dense group nearly every layout may be farthest from another, so
/// the solution searches serve the solved sources of every orbit without
/// waiting for the plan: searching from a layout the plan rules out changes
/// no number (see [`farthest::plan`]). In a sparse group few layouts can be
/// farthest from another, and serving would run the solution searches,
/// which otherwise end early, to the end.
pub fn analyse_group(graph: &GroupGraph) -> Vec<LayoutAnalysis> {
    let orbits = Orbits::of(graph);
    let first_sweep = FirstSweep::of(graph);
    let servable = (!first_sweep.is_sparse()).then(|| farthest::every_orbit(graph, &orbits));
    let (mut farthest_sources, (nearest, served)) = rayon::join(
        || farthest::plan(graph, &orbits, first_sweep),
        || nearest_solved(graph, &orbits, servable.as_deref()),
    );
    for &source in &served.sources {
        farthest_sources[source as usize] = false;
    }
    let searched =
        farthest::farthest_records(graph, &farthest_sources, |source| orbits.orbit_size(source));
    // `served.records` is empty when no source was served: nothing to merge.
    let records = merge_all(vec![searched, served.records], |a, b| {
        *a = farthest::merge_farthest(*a, *b)
    });
    combine(farthest::fold_orbits(&orbits, &records), nearest)
}
