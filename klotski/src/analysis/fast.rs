//! The fast analyser: bit-parallel searches spread over cores.

use super::farthest;
use super::plain::FirstSweep;
use super::sampled;
use super::solutions::{combine, nearest_solved, SolutionSearches};
use super::symmetry::Orbits;
use super::{GroupGraph, LayoutAnalysis};

/// Analyses every layout of a group; entry `i` is node `i`'s analysis.
///
/// The group's plan (bounds on eccentricity; in a sparse group, plain
/// searches that are farthest searches too, ruling out most layouts, the
/// later ones taken by whichever thread is free) runs beside its solution
/// searches, whose thread then helps a sparse plan. In a dense group the
/// plan rules out no layout, so the solution searches serve the solved
/// sources of every orbit without waiting for it: searching from a layout
/// that is farthest from nobody changes no number (see
/// [`farthest::plan`]). In a sparse group serving would run the solution
/// searches, which otherwise end early, to the end, and they are plain
/// searches when few solved layouts stay unblocked
/// ([`SolutionSearches::for_group`]). The farthest searches left run after
/// both, a sample first when they are many ([`sampled`]).
pub fn analyse_group(graph: &GroupGraph) -> Vec<LayoutAnalysis> {
    let orbits = Orbits::of(graph);
    let first_sweep = FirstSweep::of(graph);
    let every_orbit = farthest::every_orbit(graph, &orbits);
    let searches = SolutionSearches::for_group(&first_sweep, Some(&every_orbit));
    let (plan, (nearest, served)) =
        farthest::plan(graph, &orbits, &every_orbit, first_sweep, || {
            nearest_solved(graph, &orbits, searches)
        });
    let records = sampled::farthest_records(graph, &orbits, plan, served);
    combine(farthest::fold_orbits(&orbits, &records), nearest)
}
