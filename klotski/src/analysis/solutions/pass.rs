//! The bit-parallel solution searches of a group, and the plain ones of a
//! sparse group where few sources live long: a worker's pass over its
//! sources, what it finds, and the visitor that folds a batch's arrivals
//! into it.

use std::sync::Mutex;

use super::found::{Nearest, ServedFarthest};
use super::plain::PlainSolutionSearch;
use crate::analysis::batches::{merge_all, search_balls, search_batches, share_out};
use crate::analysis::bit_bfs::{AfterLevels, BitBfs, Survivors, Tracking, Visitor};
use crate::analysis::lanes::{LaneSet, Lanes, NarrowLanes, WIDTH};
use crate::analysis::node_set::NodeSet;
use crate::analysis::records::{Farthest, FarthestOfAll};
use crate::analysis::symmetry::Orbits;
use crate::analysis::tuning::{PLAIN_LEVELS, PLAIN_WHEN_LIVE_AT_MOST, SERVE_WHEN_SHARE_AT_LEAST};
use crate::analysis::GroupGraph;

/// How many of the solved `sources` are still live (unblocked somewhere)
/// after `levels` levels.
fn n_live_after(graph: &GroupGraph, sources: &[u32], levels: u32) -> usize {
    let new_worker = || (PlainSolutionSearch::new(graph), 0);
    share_out(sources, new_worker, |(search, n_live), &source| {
        *n_live += usize::from(search.run(source, levels, |_, _| ()));
    })
    .into_iter()
    .map(|(_, n_live)| n_live)
    .sum()
}

/// What one worker's solution searches found.
pub(super) struct WorkerFound {
    /// Per node: what its own sources and their mirror images found (see
    /// [`SolutionVisitor::nearest`]).
    pub(super) nearest: Vec<[Nearest; 2]>,
    pub(super) served: ServedFarthest,
    /// The live sources of the searches that stopped early.
    survivors: Vec<Survivor>,
}

/// A source whose search stopped early, to be searched again with others.
struct Survivor {
    source: u32,
    /// The last level whose arrivals were reported.
    level: u32,
}

/// Runs solution searches and folds what they find into a worker's
/// [`WorkerFound`].
pub(super) struct SolutionPass<'a> {
    pub(super) graph: &'a GroupGraph,
    pub(super) orbits: &'a Orbits,
    /// Every node's left-right image, when solution searches start from one
    /// solved layout per mirror pair.
    pub(super) mirror: Option<&'a [u32]>,
    pub(super) collect_sources: bool,
    /// Batched searches from more than one batch of sources stop at this
    /// level, and the sources live then are searched again together
    /// ([`POOL_AFTER_LEVEL`](crate::analysis::tuning::POOL_AFTER_LEVEL)); `None` runs every batch to the end.
    pub(super) pool_after_level: Option<u32>,
}

impl SolutionPass<'_> {
    /// What one worker has found before its first search.
    pub(super) fn new_found(&self) -> WorkerFound {
        WorkerFound {
            nearest: vec![[Nearest::NONE, Nearest::NONE]; self.graph.n_nodes()],
            served: ServedFarthest {
                sources: Vec::new(),
                records: Vec::new(),
            },
            survivors: Vec::new(),
        }
    }

    /// One plain search per source when few are live after
    /// [`PLAIN_LEVELS`] levels (see [`PLAIN_WHEN_LIVE_AT_MOST`]), else
    /// [`SolutionPass::batched`].
    pub(super) fn plain_if_few_live(&self, sources: &NodeSet) -> Vec<WorkerFound> {
        let list: Vec<u32> = sources.iter().collect();
        if n_live_after(self.graph, &list, PLAIN_LEVELS) > PLAIN_WHEN_LIVE_AT_MOST {
            return self.batched(sources, None);
        }
        self.plain(&list, u32::MAX)
    }

    /// One plain search per source up to `last_level`; the workers' finds
    /// hold the sources still live then as survivors.
    fn plain(&self, sources: &[u32], last_level: u32) -> Vec<WorkerFound> {
        let new_worker = || (PlainSolutionSearch::new(self.graph), self.new_found());
        let per_worker = share_out(sources, new_worker, |(search, found), &source| {
            let image = self
                .mirror
                .map(|mirror| mirror[source as usize])
                .filter(|&image| image != source);
            let live = search.run(source, last_level, |level, node| {
                let nearest = &mut found.nearest[node as usize];
                self.record(&mut nearest[0], level, node, 1, 1, || vec![source]);
                if let Some(image) = image {
                    self.record(&mut nearest[1], level, node, 1, 1, || vec![image]);
                }
            });
            if live {
                found.survivors.push(Survivor {
                    source,
                    level: last_level,
                });
            }
        });
        per_worker.into_iter().map(|(_, found)| found).collect()
    }

    /// Bit-parallel ball batches. With more sources than one batch holds,
    /// every source first runs up to the pooling level, and only the
    /// sources live then are searched again, in ball batches of their own
    /// (see [`POOL_AFTER_LEVEL`](crate::analysis::tuning::POOL_AFTER_LEVEL)). Each batch to the end that serves no
    /// farthest source stops once at most 128 of its sources are live; then
    /// the survivors of every batch, together in 128-lane searches.
    pub(super) fn batched(
        &self,
        sources: &NodeSet,
        servable: Option<&NodeSet>,
    ) -> Vec<WorkerFound> {
        let level = match self.pool_after_level {
            Some(level) if sources.count() > WIDTH => level,
            _ => return self.batched_to_the_end(Vec::new(), sources, None, servable),
        };
        let mut per_worker = self.first_levels(sources, level);
        let mut live = NodeSet::new(self.graph.n_nodes());
        for found in &mut per_worker {
            for survivor in std::mem::take(&mut found.survivors) {
                debug_assert_eq!(survivor.level, level);
                live.insert(survivor.source);
            }
        }
        self.batched_to_the_end(per_worker, &live, Some(level), servable)
    }

    /// Searches from every source up to `level`, serving no farthest
    /// source; the workers' finds hold the sources still live then as
    /// survivors. One plain search per source: up to level 2 each reaches a
    /// few hundred nodes, where a bit-parallel batch would clear and scan
    /// state for the whole group (docs/journal/analysis.md, "Pooled after
    /// their first levels").
    fn first_levels(&self, sources: &NodeSet, level: u32) -> Vec<WorkerFound> {
        let list: Vec<u32> = sources.iter().collect();
        self.plain(&list, level)
    }

    /// Searches from the `sources` in batches to the end, serving the
    /// servable sources of the batches mostly made of them; with
    /// `first_levels`, every source's arrivals up to that level are
    /// reported already ([`Self::first_levels`], whose finds `per_worker`
    /// holds and which go on collecting).
    fn batched_to_the_end(
        &self,
        mut per_worker: Vec<WorkerFound>,
        sources: &NodeSet,
        first_levels: Option<u32>,
        servable: Option<&NodeSet>,
    ) -> Vec<WorkerFound> {
        let graph = self.graph;
        let wanted = |source: u32| servable.is_some_and(|servable| servable.contains(source));
        let init = || self.new_found();
        // The finds of the first levels are reused, not merged later.
        let earlier = Mutex::new(std::mem::take(&mut per_worker));
        let reuse_or_init = || {
            earlier
                .lock()
                .expect("no search panics")
                .pop()
                .unwrap_or_else(init)
        };
        let reported_levels = [first_levels.unwrap_or(0); WIDTH];
        per_worker.extend(search_balls(
            graph,
            sources,
            WIDTH,
            Tracking::Blocked,
            reuse_or_init,
            |bfs, batch, found| {
                let n_wanted = batch.iter().filter(|&&source| wanted(source)).count();
                let serve = n_wanted > 0
                    && n_wanted as f64 >= SERVE_WHEN_SHARE_AT_LEAST * batch.len() as f64;
                let served: Vec<bool> = batch
                    .iter()
                    .map(|&source| serve && wanted(source))
                    .collect();
                let reported = first_levels.map(|_| &reported_levels[..batch.len()]);
                if let Some(stopped) = self.search(bfs, batch, &served, reported, found) {
                    for lane in stopped.lanes.indexes() {
                        found.survivors.push(Survivor {
                            source: batch[lane],
                            level: stopped.level,
                        });
                    }
                }
            },
        ));
        per_worker.append(&mut earlier.lock().expect("no search panics"));
        let survivors: Vec<Survivor> = per_worker
            .iter_mut()
            .flat_map(|found| std::mem::take(&mut found.survivors))
            .collect();
        let tails: Vec<&[Survivor]> = survivors.chunks(NarrowLanes::WIDTH).collect();
        if !tails.is_empty() {
            per_worker.extend(search_batches(
                graph,
                &tails,
                Tracking::Blocked,
                init,
                |bfs, tail, found| {
                    let sources: Vec<u32> = tail.iter().map(|survivor| survivor.source).collect();
                    let levels: Vec<u32> = tail.iter().map(|survivor| survivor.level).collect();
                    let served = vec![false; tail.len()];
                    let stopped = self.search(bfs, &sources, &served, Some(&levels), found);
                    debug_assert!(stopped.is_none(), "a narrow search runs to the end");
                },
            ));
        }
        per_worker
    }

    /// Folds into `nearest` (a node's) that `n_reached` sources reach `node`
    /// first at `level`, `n_unblocked` of them unblocked; `sources` lists
    /// them, asked for only when collecting and when they may be nearest.
    #[inline]
    fn record(
        &self,
        nearest: &mut Nearest,
        level: u32,
        node: u32,
        n_reached: u32,
        n_unblocked: u32,
        sources: impl FnOnce() -> Vec<u32>,
    ) {
        // A solved node counts only its own search, which reaches it at level 0.
        let n_solutions = match (self.graph.is_solved(node), level) {
            (true, 0) => 1,
            (true, _) => 0,
            (false, _) => n_unblocked,
        };
        let step = level as i32;
        if self.collect_sources && (nearest.step < 0 || step <= nearest.step) {
            nearest.merge(&Nearest {
                step,
                n_nearest: n_reached,
                n_solutions,
                sources: sources(),
            });
        } else {
            nearest.add(step, n_reached, n_solutions);
        }
    }

    /// Searches from `batch`, folding into `found` the arrivals that earlier
    /// searches did not report (those of lane i up to `reported[i]`, when
    /// given: the live sources of the first levels' plain searches, see
    /// [`Self::first_levels`], and the survivors of stopped searches). With
    /// `served` lanes, it records their farthest distances and runs to the
    /// end ([`BitBfs::run_keeping`]); without, it stops once few sources are
    /// live ([`BitBfs::run_until_few`]) and returns the survivors.
    fn search(
        &self,
        bfs: &mut BitBfs,
        batch: &[u32],
        served: &[bool],
        reported: Option<&[u32]>,
        found: &mut WorkerFound,
    ) -> Option<Survivors> {
        let mirror = self.mirror.map(|mirror| {
            let mut paired = Lanes::EMPTY;
            for (index, &source) in batch.iter().enumerate() {
                if mirror[source as usize] != source {
                    paired |= &Lanes::single(index);
                }
            }
            (mirror, paired)
        });
        let mut solution_visitor = SolutionVisitor {
            pass: self,
            batch,
            nearest: &mut found.nearest,
            mirror,
        };
        let mut solution_visitor = AfterLevels::new(reported, &mut solution_visitor);
        let mut kept = Lanes::EMPTY;
        for (lane, _) in served.iter().enumerate().filter(|(_, &served)| served) {
            kept |= &Lanes::single(lane);
        }
        if kept.is_empty() {
            return bfs.run_until_few(batch, &mut solution_visitor);
        }
        let sources = batch.iter().zip(served).filter(|(_, &served)| served);
        found
            .served
            .sources
            .extend(sources.map(|(&source, _)| source));
        if found.served.records.is_empty() {
            found.served.records = vec![Farthest::default(); self.graph.n_nodes()];
        }
        let weights = batch
            .iter()
            .zip(served)
            .map(|(&source, &served)| served.then(|| self.orbits.orbit_size(source)));
        let farthest_visitor = FarthestOfAll::new(&mut found.served.records, weights);
        bfs.run_keeping(batch, &kept, &mut (solution_visitor, farthest_visitor));
        None
    }
}

/// Joins the workers' served sources and records.
pub(super) fn merge_served(per_worker: Vec<ServedFarthest>) -> ServedFarthest {
    let sources = per_worker
        .iter()
        .flat_map(|served| served.sources.iter().copied())
        .collect();
    let records = per_worker
        .into_iter()
        .map(|served| served.records)
        .filter(|records| !records.is_empty())
        .collect();
    let records = merge_all(records, |a, b| *a = a.merge(*b));
    ServedFarthest { sources, records }
}

/// Folds each arrival into the node's nearest-solution numbers.
struct SolutionVisitor<'a> {
    pass: &'a SolutionPass<'a>,
    /// The searched sources, by lane.
    batch: &'a [u32],
    /// Per node v: what the searched sources find at v, and what their
    /// mirror images find at v's image (kept at v, beside the first, so the
    /// searches write in node order; moved to the image at the end).
    nearest: &'a mut [[Nearest; 2]],
    /// When searching from one solved layout per mirror pair: every node's
    /// mirror image, and the sources whose image is another layout.
    mirror: Option<(&'a [u32], Lanes)>,
}

impl SolutionVisitor<'_> {
    /// Folds in that `sources` (lanes of the batch), `counts` of them
    /// (reached, unblocked), reach `node` first at `level`, or with
    /// `imaged`, that their images reach `node`'s image.
    #[inline]
    fn record(&mut self, level: u32, node: u32, sources: &Lanes, counts: (u32, u32), imaged: bool) {
        let nearest = &mut self.nearest[node as usize][usize::from(imaged)];
        let (batch, mirror) = (self.batch, self.mirror);
        let listed = || {
            let source = |lane: usize| {
                let source = batch[lane];
                match mirror {
                    Some((mirror, _)) if imaged => mirror[source as usize],
                    _ => source,
                }
            };
            sources.indexes().map(source).collect()
        };
        let (n_reached, n_unblocked) = counts;
        self.pass
            .record(nearest, level, node, n_reached, n_unblocked, listed);
    }
}

impl Visitor for SolutionVisitor<'_> {
    fn arrive(&mut self, level: u32, node: u32, sources: &Lanes, blocked: &Lanes) {
        let counts = |sources: &Lanes| (sources.count(), sources.and_not(blocked).count());
        let own = counts(sources);
        self.record(level, node, sources, own, false);
        if let Some((_, paired)) = self.mirror {
            // Most sources have an image of their own: theirs are counted.
            if sources.and_not(&paired).is_empty() {
                self.record(level, node, sources, own, true);
            } else {
                let images = sources.and(&paired);
                if !images.is_empty() {
                    self.record(level, node, &images, counts(&images), true);
                }
            }
        }
    }
}
