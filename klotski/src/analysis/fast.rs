//! The fast analyser: bit-parallel searches spread over cores.

use super::farthest::farthest_numbers;
use super::solutions::with_solutions;
use super::{GroupGraph, LayoutAnalysis};

/// Analyses every layout of a group; entry `i` is node `i`'s analysis.
pub fn analyse_group(graph: &GroupGraph) -> Vec<LayoutAnalysis> {
    with_solutions(graph, farthest_numbers(graph))
}
