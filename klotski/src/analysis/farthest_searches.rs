//! Bit-parallel farthest searches from a set of sources, in ball batches
//! over the worker threads: the records they leave at every node, and
//! what other visitors of each batch find (every source's slack, its last
//! level).

use super::batches::{batch_width, search_balls};
use super::bit_bfs::{BitBfs, Tracking, Visitor};
use super::lanes::{LaneSet, Lanes};
use super::node_set::NodeSet;
use super::records::{merge_into, Farthest, FarthestOfAll, SourceSlack};
use super::GroupGraph;
use crate::analysis::tuning::MAX_SLACK;

/// What searches from a set of sources found.
pub(crate) struct Searched {
    /// Per node: the farthest record of the searched sources.
    pub(crate) records: Vec<Farthest>,
    /// Per source, when measured: its slack against the bounds.
    pub(crate) slacks: Vec<SourceSlack>,
}

/// Searches from the `sources`, each counted with its `weight`; with lower
/// `bounds` on eccentricity, also measures every source's slack against
/// them (see [`SlackMeter`]).
pub(crate) fn search(
    graph: &GroupGraph,
    sources: &NodeSet,
    weight: impl Fn(u32) -> u32 + Sync,
    bounds: Option<&[u32]>,
) -> Searched {
    let (records, per_worker) = search_with(
        graph,
        sources,
        |source| Some(weight(source)),
        |_| bounds.map(SlackMeter::new),
        |meter, batch, slacks: &mut Vec<SourceSlack>| {
            if let Some(meter) = meter {
                slacks.extend(meter.slacks(batch));
            }
        },
    );
    Searched {
        records,
        slacks: per_worker.into_iter().flatten().collect(),
    }
}

/// Searches from `sources` in ball batches over the workers: returns the
/// records of every source with a `weight` (those without are not
/// recorded), and, per worker, what `collect` gathered into its `F` from
/// the visitor `visitor_for` made for each batch (lane i: `batch[i]`).
pub(crate) fn search_with<F: Default + Send, V: Visitor>(
    graph: &GroupGraph,
    sources: &NodeSet,
    weight: impl Fn(u32) -> Option<u32> + Sync,
    visitor_for: impl Fn(&[u32]) -> V + Sync,
    collect: impl Fn(V, &[u32], &mut F) + Sync,
) -> (Vec<Farthest>, Vec<F>) {
    let n = graph.n_nodes();
    let per_worker = search_balls(
        graph,
        sources,
        batch_width(sources.count()),
        Tracking::Arrivals,
        || (vec![Farthest::default(); n], F::default()),
        |bfs: &mut BitBfs, batch, (records, found)| {
            let weights = batch.iter().map(|&source| weight(source));
            let records = FarthestOfAll::new(records, weights);
            let mut visitor = (records, visitor_for(batch));
            bfs.run(batch, &mut visitor);
            collect(visitor.1, batch, found);
        },
    );
    let mut workers = per_worker.into_iter();
    let (mut records, found) = workers.next().expect("search_balls gives a worker");
    let mut per_worker = vec![found];
    for (other, found) in workers {
        merge_into(&mut records, &other);
        per_worker.push(found);
    }
    (records, per_worker)
}

/// Measures every source's slack against lower bounds on eccentricity: the
/// least `bound(v) - d(w, v)` over the nodes v its search reaches, 0 when
/// some v is at least `bound(v)` away, at most [`MAX_SLACK`].
///
/// A bit-parallel search measures the slack of each of its sources for one
/// OR per arrival, into the set of the slack it shows.
pub(crate) struct SlackMeter<'a> {
    bounds: &'a [u32],
    /// Entry t: the sources whose search met some v with `bound(v) - d = t`.
    met_at: [Lanes; MAX_SLACK as usize],
}

impl<'a> SlackMeter<'a> {
    /// A meter against `bounds`, one per node.
    pub(crate) fn new(bounds: &'a [u32]) -> SlackMeter<'a> {
        SlackMeter {
            bounds,
            met_at: [Lanes::EMPTY; MAX_SLACK as usize],
        }
    }

    /// Every source with its slack, `sources[i]` being lane i's.
    pub(crate) fn slacks<'s>(
        &'s self,
        sources: &'s [u32],
    ) -> impl Iterator<Item = SourceSlack> + 's {
        sources.iter().enumerate().map(|(lane, &source)| {
            let lane = Lanes::single(lane);
            let slack = (0..MAX_SLACK)
                .find(|&t| !self.met_at[t as usize].and(&lane).is_empty())
                .unwrap_or(MAX_SLACK);
            SourceSlack { source, slack }
        })
    }
}

impl Visitor for SlackMeter<'_> {
    fn arrive(&mut self, level: u32, node: u32, sources: &Lanes, _blocked: &Lanes) {
        let slack = self.bounds[node as usize].saturating_sub(level);
        if slack < MAX_SLACK {
            self.met_at[slack as usize] |= sources;
        }
    }
}
