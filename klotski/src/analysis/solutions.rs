//! Solution numbers: for every layout, its least distance to a solved
//! layout, how many solved layouts are that near, and how many are solutions.

use rayon::prelude::*;

use super::batches::{ball_batches, merge_all, search_batches};
use super::bit_bfs::{Tracking, Visitor};
use super::farthest::{self, FarthestOfEach};
use super::lanes::Lanes;
use super::symmetry::Symmetry;
use super::{GroupGraph, LayoutAnalysis};

/// Completes the farthest numbers with the solution numbers of every node.
pub(crate) fn with_solutions(graph: &GroupGraph, farthest: Vec<(u32, u32)>) -> Vec<LayoutAnalysis> {
    let (nearest, _) = solutions(graph, false, None);
    combine(farthest, nearest)
}

/// Every node's analysis where each orbit of nodes needs its own farthest
/// search (`representative[v]` is node v's orbit's, see
/// [`farthest::Plan::EachOrbit`]). The solved representatives are the
/// solution sources, so their farthest numbers come from the solution
/// searches, run to the end; the other representatives get plain searches.
/// This saves a plain search per solution source: a fifth of the searches
/// of the densest groups.
pub(crate) fn with_farthest_of_each_orbit(
    graph: &GroupGraph,
    representative: &[u32],
    lower_bounds: &[u32],
) -> Vec<LayoutAnalysis> {
    let (nearest, of_sources) = solutions(graph, false, Some(lower_bounds));
    let mut wanted: Vec<bool> = (0..graph.n_nodes() as u32)
        .map(|node| representative[node as usize] == node)
        .collect();
    let mut farthest = vec![(0, 0); graph.n_nodes()];
    for &(source, step, num) in &of_sources {
        assert!(
            wanted[source as usize],
            "a solution source represents its orbit"
        );
        wanted[source as usize] = false;
        farthest[source as usize] = (step, num);
    }
    for (node, step, num) in farthest::farthest_of_each(graph, &wanted, lower_bounds) {
        farthest[node as usize] = (step, num);
    }
    for (node, &rep) in representative.iter().enumerate() {
        farthest[node] = farthest[rep as usize];
    }
    combine(farthest, nearest)
}

fn combine(farthest: Vec<(u32, u32)>, nearest: Vec<Nearest>) -> Vec<LayoutAnalysis> {
    farthest
        .into_iter()
        .zip(nearest)
        .map(|((farthest_step, farthest_num), nearest)| LayoutAnalysis {
            farthest_step,
            farthest_num,
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
    let (nearest, _) = solutions(graph, true, None);
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
struct Nearest {
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
        if other.step >= 0 && (self.step < 0 || other.step < self.step) {
            self.step = other.step;
            self.n_nearest = other.n_nearest;
            self.sources.clone_from(&other.sources);
        } else if other.step >= 0 && other.step == self.step {
            self.n_nearest += other.n_nearest;
            self.sources.extend_from_slice(&other.sources);
        }
        self.n_solutions += other.n_solutions;
    }
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
/// solved layouts. With `farthest_of_sources` (lower bounds of the farthest
/// steps), every search runs to its end and also yields `(source,
/// farthest_step, farthest_num)` of each source.
fn solutions(
    graph: &GroupGraph,
    collect_sources: bool,
    farthest_of_sources: Option<&[u32]>,
) -> (Vec<Nearest>, Vec<(u32, u32, u32)>) {
    let n = graph.n_nodes();
    let mirror = left_right_images(graph);
    let is_source = |node: u32| {
        graph.is_solved(node)
            && mirror
                .as_ref()
                .is_none_or(|mirror| node <= mirror[node as usize])
    };
    let sources: Vec<bool> = (0..n as u32).map(is_source).collect();
    let tracking = match farthest_of_sources {
        Some(_) => Tracking::BlockedToTheEnd,
        None => Tracking::Blocked,
    };
    let per_worker = search_batches(
        graph,
        &ball_batches(graph, &sources),
        tracking,
        || (vec![[Nearest::NONE, Nearest::NONE]; n], Vec::new()),
        |bfs, batch, (nearest, of_sources)| {
            let mirror = mirror.as_deref().map(|mirror| {
                let mut paired = Lanes::EMPTY;
                for (index, &source) in batch.iter().enumerate() {
                    if mirror[source as usize] != source {
                        paired |= &Lanes::single(index);
                    }
                }
                (mirror, paired)
            });
            let solution_visitor = SolutionVisitor {
                graph,
                batch,
                nearest,
                mirror,
                collect_sources,
            };
            if let Some(lower_bounds) = farthest_of_sources {
                let farthest_visitor = FarthestOfEach::new(batch, lower_bounds);
                let mut visitors = (solution_visitor, farthest_visitor);
                bfs.run(batch, &mut visitors);
                of_sources.extend(visitors.1.of_sources(batch));
            } else {
                bfs.run(batch, &mut { solution_visitor });
            }
        },
    );
    let (nearest, of_sources): (Vec<_>, Vec<_>) = per_worker.into_iter().unzip();
    let mut nearest = merge_all(nearest, |a, b| {
        a[0].merge(&b[0]);
        a[1].merge(&b[1]);
    });
    let by_node = (0..n)
        .map(|node| {
            let mut found = std::mem::replace(&mut nearest[node][0], Nearest::NONE);
            if let Some(mirror) = &mirror {
                found.merge(&nearest[mirror[node] as usize][1]);
            }
            found
        })
        .collect();
    (by_node, of_sources.concat())
}

/// Each node's left-right mirror image, when the group is its own image
/// (symmetries map groups onto groups, so one layout decides).
fn left_right_images(graph: &GroupGraph) -> Option<Vec<u32>> {
    let image_node = |node| Symmetry::LeftRight.image_node(graph, node);
    image_node(0)?;
    Some(
        (0..graph.n_nodes() as u32)
            .into_par_iter()
            .map(|node| image_node(node).expect("the group is its own mirror image"))
            .collect(),
    )
}

/// Folds each arrival into the node's nearest-solution numbers.
struct SolutionVisitor<'a> {
    graph: &'a GroupGraph,
    /// The searched sources, by lane.
    batch: &'a [u32],
    /// Per node v: what the searched sources find at v, and what their
    /// mirror images find at v's image (kept at v, beside the first, so the
    /// searches write in node order; moved to the image at the end).
    nearest: &'a mut [[Nearest; 2]],
    /// When searching from one solved layout per mirror pair: every node's
    /// mirror image, and the sources whose image is another layout.
    mirror: Option<(&'a [u32], Lanes)>,
    collect_sources: bool,
}

impl SolutionVisitor<'_> {
    /// Folds in that `sources` (lanes of the batch) reach `node` first at
    /// `level`, or with `imaged`, that their images reach `node`'s image.
    fn record(&mut self, level: u32, node: u32, sources: &Lanes, blocked: &Lanes, imaged: bool) {
        // A solved node counts only its own search, which reaches it at level 0.
        let n_solutions = match (self.graph.is_solved(node), level) {
            (true, 0) => 1,
            (true, _) => 0,
            (false, _) => sources.and_not(blocked).count(),
        };
        let mut arrival = Nearest {
            step: level as i32,
            n_nearest: sources.count(),
            n_solutions,
            sources: Vec::new(),
        };
        let nearest = &mut self.nearest[node as usize][usize::from(imaged)];
        if self.collect_sources && (nearest.step < 0 || level as i32 <= nearest.step) {
            let source = |lane: usize| {
                let source = self.batch[lane];
                match self.mirror {
                    Some((mirror, _)) if imaged => mirror[source as usize],
                    _ => source,
                }
            };
            arrival.sources = sources.indexes().map(source).collect();
        }
        nearest.merge(&arrival);
    }
}

impl Visitor for SolutionVisitor<'_> {
    fn arrive(&mut self, level: u32, node: u32, sources: &Lanes, blocked: &Lanes) {
        self.record(level, node, sources, blocked, false);
        if let Some((_, paired)) = self.mirror {
            let images = sources.and(&paired);
            if !images.is_empty() {
                self.record(level, node, &images, &blocked.and(&paired), true);
            }
        }
    }
}
