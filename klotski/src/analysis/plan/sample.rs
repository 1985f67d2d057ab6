//! The sample: when thousands of candidates are left, one in 16 is
//! searched first, and its slacks rule out most of the rest.
//!
//! In a dense group the sweeps rule out few layouts, yet few may be
//! farthest from another there too (docs/journal/analysis.md, "A sample
//! first, its rounds probed"). A
//! bit-parallel search measures the slack of each of its sources for one
//! OR per arrival ([`crate::analysis::farthest_searches::SlackMeter`]), so a sample
//! of the sources, searched first, rules out a ball around each of them,
//! and its searches are farthest searches like any other: nothing is spent
//! twice. Slacks are small in dense groups (mostly 2-4), but the balls of a
//! sample of one source in 16 cover most of the group: on the largest group
//! of 4-3-3 the sample and the sources it left cost a third of searching
//! every source.

use super::{search_sources, step};
use crate::analysis::batches::{batch_width, Balls};
use crate::analysis::node_set::NodeSet;
use crate::analysis::plan::Plan;
use crate::analysis::tuning::{FEWER_BY, ONE_IN, SAMPLE_AT_LEAST};
use crate::analysis::GroupGraph;

/// A round first searches a probe, the first of the ball batches its
/// sample makes, one per worker, and the rest of its sample only if the
/// probe rules out at least as many candidates as it searched: a sample's
/// batches are scattered and cost about 1.55 times a ball of the rest, so
/// a round that rules out little is a loss. Where nearly every layout is
/// farthest from another (2-6-1-0, 2-3-1-0) a round rules out nothing;
/// where few are (3-5-1-0, 4-3-3-0) a first round rules out ten times its
/// sources. The probe's batches are those the whole round would have
/// searched first, so a round that goes on costs what it did without one.
fn n_probe_batches() -> usize {
    rayon::current_num_threads()
}

/// Searches samples of the candidates in rounds while they are many and
/// pay (see [`n_probe_batches`] and [`FEWER_BY`]).
pub(crate) fn search(plan: &mut Plan) {
    for round in 0..ONE_IN {
        let sources = plan.sources();
        let n_sources = sources.count();
        if n_sources < SAMPLE_AT_LEAST || search_round(plan, &sources, round) == Round::NotPaying {
            return;
        }
        let n_left = plan.sources().count();
        if n_left * FEWER_BY > n_sources * (FEWER_BY - 1) {
            return;
        }
    }
}

/// How a sample round ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Round {
    /// Its whole sample was searched.
    Searched,
    /// Its probe ruled out fewer candidates than it searched.
    NotPaying,
}

/// Searches round `round`'s sample of the candidate `sources`, measuring
/// slacks: its probe, then the rest if the probe paid.
pub(super) fn search_round(plan: &mut Plan, sources: &NodeSet, round: u32) -> Round {
    let sample = sample(sources, round);
    let probe = first_balls(plan.graph(), &sample, n_probe_batches());
    let probe_step = step("sample: a round's probe", &probe);
    search_sources(plan, &probe, true);
    drop(probe_step);
    let left = plan.sources();
    let n_ruled_out = sources.count() - left.count() - probe.count();
    if n_ruled_out < probe.count() {
        return Round::NotPaying;
    }
    let mut rest = sample;
    rest.intersect_with(&left);
    let _step = step("sample: the rest of a round", &rest);
    search_sources(plan, &rest, true);
    Round::Searched
}

/// About one in [`ONE_IN`] of the sources, spread over the ids by
/// Fibonacci hashing (ids near each other are layouts near each other);
/// each round takes another slice of the hashes.
pub(super) fn sample(sources: &NodeSet, round: u32) -> NodeSet {
    let mut sample = NodeSet::new(sources.bound());
    for node in sources.iter() {
        if node.wrapping_mul(0x9E37_79B9) / (u32::MAX / ONE_IN + 1) == round {
            sample.insert(node);
        }
    }
    sample
}

/// The sources of the first `n` ball batches of `sources` (see [`Balls`]).
fn first_balls(graph: &GroupGraph, sources: &NodeSet, n: usize) -> NodeSet {
    let balls = Balls::new(graph, sources, batch_width(sources.count()));
    NodeSet::from_nodes(sources.bound(), balls.take(n).flatten())
}
