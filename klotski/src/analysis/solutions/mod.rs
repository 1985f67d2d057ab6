//! Solution numbers: for every layout, its least distance to a solved
//! layout, how many solved layouts are that near, and how many are solutions.

mod found;
mod pass;
mod plain;
#[cfg(test)]
mod tests;

use rayon::prelude::*;

use crate::analysis::batches::merge_all;
use crate::analysis::node_set::NodeSet;
use crate::analysis::records::Farthest;
use crate::analysis::shape::Shape;
use crate::analysis::symmetry::{Orbits, Symmetry};
use crate::analysis::tuning::POOL_AFTER_LEVEL;
use crate::analysis::{GroupGraph, LayoutAnalysis};
use found::{Nearest, ServedFarthest};
use pass::{merge_served, SolutionPass};

/// Every node's solution numbers, and the farthest records of the sources
/// of `servable` that the solution searches served.
///
/// Solved farthest sources are solution sources too: a solution batch most
/// of whose sources are servable runs those to the end and records their
/// farthest distances, which saves a farthest search per source. Only the
/// sources still live after the first levels are searched to the end
/// ([`POOL_AFTER_LEVEL`]), so only those are served; the plan searches the
/// others, if it needs them, in farthest batches, which read one set per
/// neighbour instead of two. [`combine`] completes the solution numbers
/// with the farthest numbers.
pub(crate) fn nearest_solved(
    graph: &GroupGraph,
    orbits: &Orbits,
    searches: SolutionSearches,
) -> (Vec<Nearest>, ServedFarthest) {
    solutions(graph, orbits, false, searches, Some(POOL_AFTER_LEVEL))
}

/// How a group's solution searches run.
#[derive(Clone, Copy)]
pub(crate) enum SolutionSearches<'a> {
    /// One plain search per source if few are live after a few levels, in
    /// sparse groups (see [`plain`]).
    PlainIfFewLive,
    /// Bit-parallel batches, serving the farthest sources `servable` (see
    /// [`nearest_solved`]).
    Batched { servable: Option<&'a NodeSet> },
}

impl<'a> SolutionSearches<'a> {
    /// The searches of a group of this `shape`: in a sparse group plain
    /// ones if few sources are live, which serve no farthest source (there
    /// they would run the solution searches, which otherwise end early, to
    /// the end); else batches serving `servable`.
    pub(crate) fn for_shape(shape: &Shape, servable: Option<&'a NodeSet>) -> SolutionSearches<'a> {
        match shape {
            Shape::Sparse(_) => SolutionSearches::PlainIfFewLive,
            Shape::Small | Shape::Dense(_) => SolutionSearches::Batched { servable },
        }
    }
}

/// Joins every node's farthest numbers and solution numbers.
pub(crate) fn combine(farthest: Vec<Farthest>, nearest: Vec<Nearest>) -> Vec<LayoutAnalysis> {
    farthest
        .into_iter()
        .zip(nearest)
        .map(|(farthest, nearest)| LayoutAnalysis {
            farthest_step: farthest.step,
            farthest_num: farthest.count,
            min_solution_step: nearest.step,
            min_solution_num: nearest.n_nearest,
            solution_num: nearest.n_solutions,
        })
        .collect()
}

/// A layout's solution numbers with the layouts behind them.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SolutionReport {
    /// Least step distance to a solved layout; -1 when the group has none.
    pub min_solution_step: i32,
    /// The solved nodes that near (its minimum solutions), ascending; their
    /// count is the layout's `min_solution_num`.
    pub min_solutions: Vec<u32>,
    /// How many solved layouts are solutions (see [`LayoutAnalysis`]).
    pub solution_num: u32,
}

/// The solution numbers of every node together with its minimum solutions:
/// the solved layouts at the least distance, the list behind
/// `min_solution_num`. Costs the solution part of [`crate::analysis::analyse_group`]
/// (the farthest numbers, the dear part, are not computed).
pub fn analyse_solutions(graph: &GroupGraph) -> Vec<SolutionReport> {
    let searches = SolutionSearches::for_shape(&Shape::of(graph), None);
    let (nearest, _) = solutions(
        graph,
        &Orbits::of(graph),
        true,
        searches,
        Some(POOL_AFTER_LEVEL),
    );
    nearest
        .into_par_iter()
        .map(|mut nearest| {
            nearest.sources.sort_unstable();
            debug_assert_eq!(nearest.sources.len(), nearest.n_nearest as usize);
            SolutionReport {
                min_solution_step: nearest.step,
                min_solutions: nearest.sources,
                solution_num: nearest.n_solutions,
            }
        })
        .collect()
}

/// The solution numbers of every node, from searches started at the solved
/// nodes only: distances are symmetric, and a solved S is a solution of A
/// exactly when A is not blocked in the search from S (and A is S or not
/// solved).
///
/// When the group is its own left-right mirror image, only one solved
/// layout of each mirror pair is searched from: the mirror keeps the exit,
/// so what the search from S finds at A, the search from S's image finds at
/// A's image. This halves the searches of most large groups.
///
/// With `collect_sources`, each node also gets the list of its nearest
/// solved layouts. Batched `searches` with servable farthest sources run
/// the batches mostly made of them to the end and record their farthest
/// distances (see [`nearest_solved`]).
fn solutions(
    graph: &GroupGraph,
    orbits: &Orbits,
    collect_sources: bool,
    searches: SolutionSearches,
    pool_after_level: Option<u32>,
) -> (Vec<Nearest>, ServedFarthest) {
    let n = graph.n_nodes();
    let mirror = orbits.image(Symmetry::LeftRight);
    let is_source = |node: u32| {
        graph.is_solved(node) && mirror.is_none_or(|mirror| node <= mirror[node as usize])
    };
    let sources = NodeSet::from_fn(n, is_source);
    let pass = SolutionPass {
        graph,
        orbits,
        mirror,
        collect_sources,
        pool_after_level,
    };
    let mut per_worker = match searches {
        SolutionSearches::PlainIfFewLive => pass.plain_if_few_live(&sources),
        SolutionSearches::Batched { servable } => pass.batched(&sources, servable),
    };
    // A group without solved layouts has no search.
    if per_worker.is_empty() {
        per_worker.push(pass.new_found());
    }
    let (nearest, served): (Vec<_>, Vec<_>) = per_worker
        .into_iter()
        .map(|found| (found.nearest, found.served))
        .unzip();
    let mut nearest = merge_all(nearest, |a, b| {
        a[0].merge(&b[0]);
        a[1].merge(&b[1]);
    });
    let by_node = (0..n)
        .map(|node| {
            let mut found = std::mem::replace(&mut nearest[node][0], Nearest::NONE);
            if let Some(mirror) = mirror {
                found.merge(&nearest[mirror[node] as usize][1]);
            }
            found
        })
        .collect();
    (by_node, merge_served(served))
}
