//! Elimination: the sample, whose slacks rule out candidates, then a search
//! from every candidate left.

use super::{sample, search_sources, step, Plan};
use crate::analysis::records::{fold_orbits, Farthest};

/// Finishes `plan` by elimination: its sample, then every candidate left;
/// returns every node's farthest numbers (folded over the orbits, see
/// [`fold_orbits`]).
pub(crate) fn eliminate(mut plan: Plan) -> Vec<Farthest> {
    sample::search(&mut plan);
    let rest = plan.sources();
    let step = step("elimination: every candidate left", &rest);
    search_sources(&mut plan, &rest, false);
    drop(step);
    fold_orbits(plan.orbits(), &plan.into_records())
}
