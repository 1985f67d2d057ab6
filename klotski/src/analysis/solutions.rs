//! Solution numbers: for every layout, its least distance to a solved
//! layout, how many solved layouts are that near, and how many are solutions.

use std::cmp::Ordering;
use std::sync::Mutex;

use rayon::prelude::*;

use super::batches::{merge_all, search_balls, search_batches, share_out};
use super::bit_bfs::{AfterLevels, BitBfs, Survivors, Tracking, Visitor};
use super::lanes::{LaneSet, Lanes, NarrowLanes, WIDTH};
use super::node_set::NodeSet;
use super::plain_solutions::PlainSolutionSearch;
use super::records::{Farthest, FarthestOfAll};
use super::shape::Shape;
use super::symmetry::{Orbits, Symmetry};
use super::{GroupGraph, LayoutAnalysis};
use crate::analysis::tuning::{
    PLAIN_LEVELS, PLAIN_WHEN_LIVE_AT_MOST, POOL_AFTER_LEVEL, SERVE_WHEN_SHARE_AT_LEAST,
};

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
    /// sparse groups (see [`super::plain_solutions`]).
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
/// `min_solution_num`. Costs the solution part of [`super::analyse_group`]
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

/// A node's view of the solved layouts.
#[derive(Clone)]
pub(crate) struct Nearest {
    /// Least distance to a solved layout, -1 for none.
    step: i32,
    /// Solved layouts at that distance.
    n_nearest: u32,
    /// Solved layouts that are solutions.
    n_solutions: u32,
    /// The solved layouts at that distance, in no order, when collected.
    sources: Vec<u32>,
}

impl Nearest {
    const NONE: Nearest = Nearest {
        step: -1,
        n_nearest: 0,
        n_solutions: 0,
        sources: Vec::new(),
    };

    fn merge(&mut self, other: &Nearest) {
        match self.add(other.step, other.n_nearest, other.n_solutions) {
            Some(Ordering::Less) => self.sources.clone_from(&other.sources),
            Some(Ordering::Equal) => self.sources.extend_from_slice(&other.sources),
            Some(Ordering::Greater) | None => {}
        }
    }

    /// Adds `n_nearest` solved layouts at distance `step` (-1: none) and
    /// `n_solutions` solutions, leaving the listed sources as they are;
    /// returns how `step` compared with the nearest distance before
    /// (`None` for no solved layout added).
    #[inline]
    fn add(&mut self, step: i32, n_nearest: u32, n_solutions: u32) -> Option<Ordering> {
        self.n_solutions += n_solutions;
        if step < 0 {
            return None;
        }
        let order = match self.step {
            nearest if nearest < 0 => Ordering::Less,
            nearest => step.cmp(&nearest),
        };
        match order {
            Ordering::Less => (self.step, self.n_nearest) = (step, n_nearest),
            Ordering::Equal => self.n_nearest += n_nearest,
            Ordering::Greater => {}
        }
        Some(order)
    }
}

/// What the solution searches found for the farthest sources they served.
pub(crate) struct ServedFarthest {
    /// The served sources.
    pub(crate) sources: Vec<u32>,
    /// Their records, one source per orbit weighted by the orbit's size
    /// (empty when none was served).
    pub(crate) records: Vec<Farthest>,
}

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

/// What one worker's solution searches found.
struct WorkerFound {
    /// Per node: what its own sources and their mirror images found (see
    /// [`SolutionVisitor::nearest`]).
    nearest: Vec<[Nearest; 2]>,
    served: ServedFarthest,
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
struct SolutionPass<'a> {
    graph: &'a GroupGraph,
    orbits: &'a Orbits,
    /// Every node's left-right image, when solution searches start from one
    /// solved layout per mirror pair.
    mirror: Option<&'a [u32]>,
    collect_sources: bool,
    /// Batched searches from more than one batch of sources stop at this
    /// level, and the sources live then are searched again together
    /// ([`POOL_AFTER_LEVEL`]); `None` runs every batch to the end.
    pool_after_level: Option<u32>,
}

impl SolutionPass<'_> {
    /// What one worker has found before its first search.
    fn new_found(&self) -> WorkerFound {
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
    fn plain_if_few_live(&self, sources: &NodeSet) -> Vec<WorkerFound> {
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
    /// (see [`POOL_AFTER_LEVEL`]). Each batch to the end that serves no
    /// farthest source stops once at most 128 of its sources are live; then
    /// the survivors of every batch, together in 128-lane searches.
    fn batched(&self, sources: &NodeSet, servable: Option<&NodeSet>) -> Vec<WorkerFound> {
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
    /// state for the whole group (in 2-5-1-0, 32,472 sources took 0.8-1.0 s
    /// in batches).
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
fn merge_served(per_worker: Vec<ServedFarthest>) -> ServedFarthest {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Class, ClassGroups};

    #[test]
    fn pooled_solution_searches_equal_searches_run_to_the_end() {
        // 1-3-1's largest group: 45,136 layouts, dense, 3,276 solved, so
        // its sources (one per mirror pair) fill more than one batch.
        let class: Class = "1-3-1".parse().unwrap();
        let groups = ClassGroups::build(class);
        let graph = GroupGraph::build(groups.group_codes(0).collect());
        let orbits = Orbits::of(&graph);
        let searches = SolutionSearches::for_shape(&Shape::of(&graph), None);
        assert!(matches!(searches, SolutionSearches::Batched { .. }));
        let mirror = orbits.image(Symmetry::LeftRight).expect("its own mirror");
        let n_sources = (0..graph.n_nodes() as u32)
            .filter(|&node| graph.is_solved(node) && node <= mirror[node as usize])
            .count();
        assert!(n_sources > 1 + WIDTH, "{n_sources} sources");

        let numbers = |pool_after_level| {
            let (nearest, _) = solutions(&graph, &orbits, true, searches, pool_after_level);
            nearest
                .into_iter()
                .map(|mut nearest| {
                    nearest.sources.sort_unstable();
                    (
                        nearest.step,
                        nearest.n_nearest,
                        nearest.n_solutions,
                        nearest.sources,
                    )
                })
                .collect::<Vec<_>>()
        };
        let pooled = numbers(Some(POOL_AFTER_LEVEL));
        let to_the_end = numbers(None);
        assert_eq!(pooled.len(), to_the_end.len());
        for (node, (pooled, to_the_end)) in pooled.iter().zip(&to_the_end).enumerate() {
            assert_eq!(pooled, to_the_end, "node {node}");
        }
    }
}
