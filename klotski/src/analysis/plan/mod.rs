//! The farthest plan: which sources the farthest searches need, found by
//! elimination with distance bounds, while the searches the strategies run
//! are kept as farthest searches.
//!
//! Let F be the layouts that are farthest from some layout: in sparse
//! groups a tiny set (24 of the 25,955 layouts of the group of
//! `1A9BF0C00`). If a set C contains F, searches from C alone give every
//! node's eccentricity (a farthest node of it is in C) and its farthest
//! count (all of them are). C is found by elimination: with lower bounds
//! L(v) <= ecc(v), a pivot w and its distances d(w, .), any u with d(u, w) <
//! slack(w) = min over v of (L(v) - d(w, v)) has, for every v, d(u, v) <=
//! d(u, w) + d(w, v) < L(v) <= ecc(v): u is farthest from nobody.
//!
//! Searches from more sources give the same numbers: a node u outside F is
//! nearer to every v than v's farthest nodes, so it never adds to v's count.
//! F is closed under the group's symmetries (they keep distances), so one
//! search per orbit is enough, weighted by the orbit's size
//! ([`crate::analysis::records::fold_orbits`]).
//!
//! [`Plan`] holds the bounds, the candidate orbits and the records, and
//! absorbs every search in one place. The strategies read it and feed it:
//! - [`sweeps`]: plain searches one after another from the periphery;
//! - [`known_farthest`]: the layouts a sweep found farthest, on the free core;
//! - [`pivots`]: plain searches chosen to rule out the candidates left;
//! - [`peripheral`]: one batch from the most peripheral candidates (dense);
//! - [`sample`]: a sample of many candidates, whose slacks rule out the rest;
//! - [`search_sources`]: a batch of candidates, as the rest are searched;
//! - [`eliminate`]: the sample, then the rest;
//! - [`hubs`]: instead of elimination, where over an eighth of the orbits
//!   of a large dense group are left and few of them are ruled out by the
//!   sample: layouts certified through searched neighbours.

mod candidates;
mod eliminate;
pub(crate) mod hubs;
pub(crate) mod known_farthest;
pub(crate) mod peripheral;
pub(crate) mod pivots;
pub(crate) mod sample;
mod state;
pub(crate) mod sweeps;
#[cfg(test)]
mod tests;

pub(crate) use eliminate::eliminate;
pub(crate) use state::{is_representative, lock, Plan, SearchedOrbits};

use super::farthest_searches;
use super::node_set::NodeSet;

/// Enters the span of one step of a group's analysis, named `name`, that
/// searches from `sources`: a `step` span at level TRACE (the measurement
/// programs time them; off, it costs a check of a static). Dropped, it ends.
pub(crate) fn step(name: &'static str, sources: &NodeSet) -> tracing::span::EnteredSpan {
    tracing::trace_span!("step", name, sources = sources.count()).entered()
}

/// Searches from the candidate `sources` (one per orbit, weighted by the
/// orbit's size) in bit-parallel batches, measuring their slacks with
/// `measure_slacks`, and absorbs them.
pub(crate) fn search_sources(plan: &mut Plan, sources: &NodeSet, measure_slacks: bool) {
    let orbits = plan.orbits();
    let bounds = measure_slacks.then(|| plan.bounds());
    let searched = farthest_searches::search(
        plan.graph(),
        sources,
        |source| orbits.orbit_size(source),
        bounds,
    );
    plan.absorb_batch(sources, searched);
}
