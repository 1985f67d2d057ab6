//! Per-layout analysis of a group: for every layout A, how far the farthest
//! layouts are and how many there are, and how A reaches solved layouts
//! (spec, "Per-layout analysis").
//!
//! # Glossary
//!
//! The project's own words, used throughout these modules:
//! - **node**: a layout of the group, numbered by its `group_index`.
//! - **eccentricity**, ecc(v): v's farthest step; **F**: the layouts farthest
//!   from some layout (every farthest search must reach them all).
//! - **orbit**: a layout and its images under the group's symmetries
//!   (mirrors that map the group onto itself); one **representative** per
//!   orbit is searched, its record weighted by the orbit's size.
//! - **lane**: one source of a bit-parallel search (1024 at once, or 128 in
//!   a **narrow** search); a **batch** is the sources of one such search.
//! - **frontier**: the nodes reached at the last level; a node is
//!   **saturated** once every live source has reached it.
//! - **blocked**: in a solution search from a solved layout S, a node one of
//!   whose shortest paths from S meets another solved layout first (it
//!   counts no solution for S); a source is **live** while it reaches some
//!   node unblocked, and a **survivor** is a source still live where a
//!   search stopped early.
//! - **served**: a solved source whose solution search also runs to the end
//!   as a farthest search, so the plan need not search it again.
//! - **record**: per node, the largest distance to a searched source and
//!   the weights of the sources that far.
//! - **bound**: a lower bound on a node's eccentricity; a source's **slack**:
//!   the least bound(v) - d(source, v); every layout nearer to the source
//!   than its slack is farthest from nobody and is **ruled out**.
//! - **candidate**: an orbit not ruled out nor searched yet; **elimination**
//!   searches candidates until none is left.
//! - **sweep**: a plain search from the periphery that raises bounds;
//!   **pivot**: a plain search chosen to rule out candidates; a **ball**: the
//!   nodes a breadth-first search from a seed meets first (a batch of
//!   sources near each other).
//! - **sample**: one candidate in 16, searched for its slacks, its round
//!   begun by a **probe** of a few balls that must pay.
//! - **hub**: a node with no neighbour of a smaller bound, searched so that
//!   its neighbours' numbers are **certified** without searches of their
//!   own; the first hubs searched are the **sign** that decides between hubs
//!   and the sample.
//!
//! # Module map
//!
//! The public face:
//! - [`GroupGraph`] (`graph`): one group as a compact adjacency graph (CSR,
//!   u32 nodes in code order, so a node is its layout's `group_index`).
//! - [`reference`](mod@reference): one plain breadth-first search per
//!   layout. Obviously correct and O(n * edges); used by tests, for single
//!   layouts and for the layout lists.
//! - [`analyse_group`] (`pipeline`): the fast analyser. Bit-parallel
//!   breadth-first searches from 1024 sources at once: the farthest numbers
//!   from one layout per orbit of the layouts that can be farthest from
//!   anybody (found by elimination with distance bounds, or by hubs), the
//!   solution numbers from the solved layouts only (shortest paths
//!   reverse).
//! - [`analyse_solutions`] (`solutions`): the solution numbers alone, with
//!   each layout's minimum solutions.
//! - [`shortest_solutions`] (`sequences`): in one metric, every layout's
//!   fewest moves to solved and its number of minimum move sequences (one
//!   counting breadth-first search from the solved layouts).
//! - [`analyse_class`] (`class`): every group of a class, each symmetry
//!   orbit of groups analysed once.
//! - [`GroupShape`] (`shape`): whether a group is small, dense or sparse,
//!   which decides how it is analysed.
//!
//! The search engine: `bit_bfs` (the bit-parallel kernel: its driver, level
//! step, counter, visitors), `plain_bfs` (one source per search), `lanes`
//! (lane sets), `spare` (lane-set arrays kept between searches), `node_set`,
//! `symmetry` (orbits), `batches` (source batches and balls over the worker
//! threads). The vocabulary of the farthest searches: `records`. The
//! strategies: `farthest_searches` (farthest searches from a set of
//! sources, in ball batches), `solutions` (with `solutions::plain`, one
//! solved layout at a time), `plan` (sweeps, pivots, sample, hubs). Their
//! tuning constants, each with the measurement behind it: `tuning`.

// The search engine.
mod batches;
mod bit_bfs;
mod graph;
mod lanes;
mod node_set;
mod plain_bfs;
mod spare;
mod symmetry;
// The vocabulary of the farthest searches.
mod records;
// The strategies and the pipeline that joins them.
mod class;
mod farthest_searches;
mod pipeline;
mod plan;
pub mod reference;
mod sequences;
mod shape;
mod solutions;
// The tuning constants of all of them.
mod tuning;

pub use class::analyse_class;
pub use graph::GroupGraph;
pub use pipeline::analyse_group;
pub use sequences::{shortest_in_every_metric, shortest_solutions, Count, CountOverflow, Shortest};
pub use shape::GroupShape;
pub use solutions::{analyse_solutions, SolutionReport};
pub use spare::release_spare_sets;

/// What the bit-parallel searches read, write and spend, level by level:
/// the one entry point of the measurement programs (`bench`), with the
/// `kernel-stats` feature only.
#[cfg(feature = "kernel-stats")]
pub use bit_bfs::kernel_stats::{take_kernel_counts, LevelCounts, SearchKind};

/// The five numbers of one layout.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct LayoutAnalysis {
    /// Largest step distance to a layout of the group (0 when isolated).
    pub farthest_step: u32,
    /// How many layouts are that far (itself when isolated: always >= 1).
    pub farthest_num: u32,
    /// Least step distance to a solved layout; -1 when the group has none.
    pub min_solution_step: i32,
    /// How many solved layouts are that near; 0 when none.
    pub min_solution_num: u32,
    /// How many solved layouts are reached by some shortest path that meets no
    /// other solved layout first (the layout itself counts as met).
    pub solution_num: u32,
}
