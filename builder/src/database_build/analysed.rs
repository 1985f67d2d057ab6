//! What the analysis phase hands the write phase: every group's numbers.

use std::collections::HashMap;

use klotski::analysis::LayoutAnalysis;
use schema::{GroupKey, PackedMetrics};

/// The analysis of every group, by key.
pub(super) type Analyses = HashMap<GroupKey, Analysed>;

/// One group's numbers; entry `i` of each is the layout with group_index `i`.
pub(super) struct Analysed {
    /// The five numbers of the original.
    pub(super) analysis: Vec<LayoutAnalysis>,
    /// The numbers in the other metrics, and the counts of minimum sequences.
    pub(super) metrics: Vec<PackedMetrics>,
}

impl Analysed {
    /// Number of layouts.
    pub(super) fn len(&self) -> usize {
        self.analysis.len()
    }
}
