//! The fast analyser's pipeline: a group's shape, its farthest plan beside
//! its solution searches, the farthest searches left, and the fold over
//! orbits.

use std::sync::Mutex;

use super::node_set::NodeSet;
use super::plan::{
    eliminate, hubs, is_representative, known_farthest, lock, peripheral, pivots, sweeps, Plan,
};
use super::shape::Shape;
use super::solutions::{combine, nearest_solved, SolutionSearches};
use super::symmetry::Orbits;
use super::{GroupGraph, LayoutAnalysis};

/// Analyses every layout of a group; entry `i` is node `i`'s analysis.
///
/// 1. The group's shape is decided once (`Shape::of`).
/// 2. Its plan's strategies run beside its solution searches. In a small or
///    dense group nearly every orbit may be farthest from another, so the
///    solution searches serve the solved orbits as farthest searches
///    without waiting for the plan, which leaves those orbits to them: a
///    dense plan is a few sweeps, which give bounds, and one batch from
///    the most peripheral orbits; both count as farthest searches. A
///    sparse plan is all plain searches, sweeps then pivots, and the
///    solution searches serve nothing (they end early); the thread that
///    finishes them searches the layouts known to be farthest while the
///    sweeps run, then takes pivots.
/// 3. The plan absorbs what the solution searches served; then, in a large
///    dense group where over an eighth of the orbits are left, hubs
///    (`plan::hubs`), which hand the plan back to elimination where they
///    would not pay; elimination is a sample of the candidates left, when
///    they are many, then every candidate left.
/// 4. The records of one source per orbit fold over the orbits.
pub fn analyse_group(graph: &GroupGraph) -> Vec<LayoutAnalysis> {
    let orbits = Orbits::of(graph);
    let shape = Shape::of(graph);
    let servable = shape.serves_solved().then(|| solved_orbits(graph, &orbits));
    let searches = SolutionSearches::for_shape(&shape, servable.as_ref());
    let is_sparse = matches!(shape, Shape::Sparse(_));
    let is_dense = matches!(shape, Shape::Dense(_));
    let has_sweeps = !matches!(shape, Shape::Small);
    let plan = Mutex::new(Plan::new(graph, &orbits, servable.as_ref(), has_sweeps));
    let first_phase = "first phase: sweeps, peripheral batch, solution searches";
    let step = tracing::trace_span!("step", name = first_phase).entered();
    let ((), solutions) = rayon::join(
        || match shape {
            Shape::Small => {}
            Shape::Dense(first) => {
                sweeps::dense(&plan, first);
                // Nothing else searches for a dense plan.
                peripheral::search(&mut lock(&plan));
            }
            Shape::Sparse(first) => {
                sweeps::sparse(&plan, first);
                pivots::search(&plan);
            }
        },
        || {
            let solutions = nearest_solved(graph, &orbits, searches);
            if is_sparse {
                known_farthest::search(&plan);
            }
            solutions
        },
    );
    drop(step);
    let (nearest, served) = solutions;
    let mut plan = plan.into_inner().expect("no search panics");
    plan.absorb_served(&served.sources, &served.records);
    let n_orbits = plan.representatives().count();
    let farthest = if is_dense && hubs::worth_trying(plan.sources().count(), n_orbits) {
        hubs::finish(plan)
    } else {
        eliminate(plan)
    };
    combine(farthest, nearest)
}

/// The representatives of the orbits that hold a solved layout
/// ([`is_representative`]): the farthest sources the solution searches can
/// serve.
fn solved_orbits(graph: &GroupGraph, orbits: &Orbits) -> NodeSet {
    NodeSet::from_fn(graph.n_nodes(), |node| {
        graph.is_solved(node) && is_representative(graph, orbits, node)
    })
}
