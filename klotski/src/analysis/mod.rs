//! Per-layout analysis of a group: for every layout A, how far the farthest
//! layouts are and how many there are, and how A reaches solved layouts
//! (spec, "Per-layout analysis").
//!
//! - [`GroupGraph`]: one group as a compact adjacency graph (CSR, u32 nodes in
//!   code order, so a node is its layout's `group_index`).
//! - [`reference`](mod@reference): one plain breadth-first search per layout. Obviously
//!   correct and O(n * edges); used by tests, for single layouts and for the
//!   layout lists.
//! - [`analyse_group`]: the fast analyser. Bit-parallel breadth-first searches
//!   from 1024 sources at once: the farthest numbers from one layout per
//!   symmetry orbit of the layouts that can be farthest from anybody (found
//!   by elimination with distance bounds), the solution numbers from the
//!   solved layouts only (shortest paths reverse).
//! - [`analyse_solutions`]: the solution numbers alone, with each layout's
//!   minimum solutions (the searches from the solved layouts, cheap).
//! - [`analyse_class`]: every group of a class, each symmetry orbit of groups
//!   analysed once.
//! - [`GroupShape`]: whether a group is small, dense or sparse, which
//!   decides how it is analysed.

// The search engine.
mod batches;
mod bit_bfs;
mod graph;
mod lanes;
mod node_set;
mod plain_bfs;
mod spare;
mod symmetry;
mod tuning;
// The vocabulary of the farthest searches.
mod records;
// The strategies and the pipeline that joins them.
mod class;
mod farthest_searches;
mod pipeline;
mod plan;
pub mod reference;
mod shape;
mod solutions;

pub use class::analyse_class;
pub use graph::GroupGraph;
pub use pipeline::analyse_group;
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
