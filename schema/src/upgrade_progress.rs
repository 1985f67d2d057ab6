//! What an upgrade tells of its progress: the trait the caller implements
//! (the builder's progress bars).

/// Told how a migration goes: from a version before 3 it computes every
/// layout's numbers in the other metrics; it reads every layout, then
/// builds the indexes and statistics, which report nothing until done.
pub trait UpgradeProgress {
    /// The metric numbers of `n_layouts` layouts are being computed; each
    /// class done is reported by [`read`](UpgradeProgress::read).
    fn computing(&mut self, n_layouts: u64);
    /// The pass over the layouts begins: `n_layouts` rows.
    fn reading(&mut self, n_layouts: u64);
    /// `n_rows` more layout rows have been read.
    fn read(&mut self, n_rows: u64);
    /// The indexes and statistics are being built.
    fn indexing(&mut self);
}
