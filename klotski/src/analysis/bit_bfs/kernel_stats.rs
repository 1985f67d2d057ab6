//! The kernel's counts (the `kernel-stats` feature): what the bit-parallel
//! searches read, write and spend, level by level, for measuring them
//! against the machine's memory limits (`bench/src/bin/kernel_bytes.rs`).
//!
//! Each search counts into its own [`KernelCounts`], which adds its totals
//! to the process's when the search state is dropped; [`take_kernel_counts`]
//! hands them over.

use std::collections::BTreeMap;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use super::counter::Counter;
use crate::analysis::lanes::LaneSet;

/// Which searches a count belongs to.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub struct SearchKind {
    /// Bytes of one node's set of sources: 128 for 1024 lanes, 16 for 128.
    pub set_bytes: usize,
    /// Whether the search tracks blocked flags (solution searches).
    pub blocked: bool,
}

/// The counts of one level of one search, or their sum over many.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct LevelCounts {
    /// Levels summed (searches, when counting one level).
    pub levels: u64,
    /// Candidates pulled: each reads its `seen` set and its neighbour list.
    pub candidates: u64,
    /// Candidates found saturated on reading `seen` (no neighbour read).
    pub saturated: u64,
    /// Neighbour ids read (each also tests one bit of the frontier bitmap).
    pub neighbours: u64,
    /// Frontier sets read at random: the kernel's expensive reads.
    pub frontier_reads: u64,
    /// Frontier sets read that held none of the sources the candidate
    /// lacked (every source in them had reached it before).
    pub idle_reads: u64,
    /// Frontier sets read whose sources the candidate lacked had all come
    /// in sets read before them at the same level.
    pub repeat_reads: u64,
    /// Second sets read, in searches tracking blocking: what a frontier
    /// neighbour passing on some but not all of its sources passes on.
    pub second_sets: u64,
    /// Nodes reached: each writes its `seen` and `next` sets.
    pub arrivals: u64,
    /// Wall time of the level (frontier in and out, candidates, pull).
    pub time: Duration,
}

impl LevelCounts {
    /// Adds `other` into these counts.
    pub fn add(&mut self, other: &LevelCounts) {
        self.levels += other.levels;
        self.candidates += other.candidates;
        self.saturated += other.saturated;
        self.neighbours += other.neighbours;
        self.frontier_reads += other.frontier_reads;
        self.idle_reads += other.idle_reads;
        self.repeat_reads += other.repeat_reads;
        self.second_sets += other.second_sets;
        self.arrivals += other.arrivals;
        self.time += other.time;
    }

    /// Bytes read for these counts with sets of `set_bytes`: each
    /// candidate's `seen` set, offsets and neighbour ids, and the frontier
    /// sets (the frontier bitmap, a few bits per node, is left out).
    pub fn bytes_read(&self, set_bytes: usize) -> u64 {
        let set_bytes = set_bytes as u64;
        self.candidates * (set_bytes + 8)
            + self.neighbours * 4
            + (self.frontier_reads + self.second_sets) * set_bytes
    }

    /// Bytes written: each arrival's `seen` and `next` sets.
    pub fn bytes_written(&self, set_bytes: usize) -> u64 {
        self.arrivals * 2 * set_bytes as u64
    }
}

/// The counter of one search state: the level being counted, and the
/// counts of every level it searched, by kind and level.
#[derive(Default)]
pub(crate) struct KernelCounts {
    level: LevelCounts,
    started: Option<Instant>,
    pub(super) totals: BTreeMap<(SearchKind, u32), LevelCounts>,
}

impl<L: LaneSet> Counter<L> for KernelCounts {
    fn start_level(&mut self) {
        self.level = LevelCounts::default();
        self.started = Some(Instant::now());
    }

    fn candidate(&mut self) {
        self.level.candidates += 1;
    }

    fn saturated(&mut self) {
        self.level.saturated += 1;
    }

    fn neighbour(&mut self) {
        self.level.neighbours += 1;
    }

    #[inline]
    fn frontier_read(&mut self, sources: &L, missing: &L, arrived: &L) {
        self.level.frontier_reads += 1;
        let brought = sources.and(missing);
        if brought.is_empty() {
            self.level.idle_reads += 1;
        } else if brought.and_not(arrived).is_empty() {
            self.level.repeat_reads += 1;
        }
    }

    fn second_set(&mut self) {
        self.level.second_sets += 1;
    }

    fn end_level(&mut self, level: u32, blocked: bool, arrivals: usize) {
        self.level.levels = 1;
        self.level.arrivals = arrivals as u64;
        self.level.time = self.started.take().map_or(Duration::ZERO, |s| s.elapsed());
        let kind = SearchKind {
            set_bytes: size_of::<L>(),
            blocked,
        };
        self.totals
            .entry((kind, level))
            .or_default()
            .add(&self.level);
    }
}

/// The process's counts, by kind of search and level, summed over every
/// search state dropped since the last [`take_kernel_counts`].
static COUNTS: Mutex<BTreeMap<(SearchKind, u32), LevelCounts>> = Mutex::new(BTreeMap::new());

impl Drop for KernelCounts {
    fn drop(&mut self) {
        let mut all = lock(&COUNTS);
        for (key, counts) in std::mem::take(&mut self.totals) {
            all.entry(key).or_default().add(&counts);
        }
    }
}

/// The counts of the kernel's searches since the last call, by kind of
/// search and level, and resets them: those of every search state dropped
/// meanwhile (an analysis's, once it has returned).
pub fn take_kernel_counts() -> BTreeMap<(SearchKind, u32), LevelCounts> {
    std::mem::take(&mut *lock(&COUNTS))
}

/// Locks the counts. They are for measuring only, so a lock poisoned by a
/// panicking thread is taken as it is.
fn lock<T>(recorder: &Mutex<T>) -> MutexGuard<'_, T> {
    recorder
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::lanes::Lanes;

    #[test]
    fn a_read_is_idle_a_repeat_or_bringing_new_sources() {
        let set_of = |lanes: &[usize]| {
            let mut set = Lanes::EMPTY;
            for &lane in lanes {
                set |= &Lanes::single(lane);
            }
            set
        };
        let missing = set_of(&[1, 2, 700]);
        let arrived = set_of(&[2, 5]);
        let mut counts = KernelCounts::default();
        let counter: &mut dyn FnMut(&Lanes) = &mut |sources| {
            Counter::<Lanes>::frontier_read(&mut counts, sources, &missing, &arrived)
        };
        // Only sources the candidate has: idle.
        counter(&set_of(&[0, 3]));
        // Only a missing source an earlier read brought: a repeat.
        counter(&set_of(&[0, 2, 5]));
        // A missing source not brought yet: neither.
        counter(&set_of(&[2, 700]));
        let level = counts.level;
        assert_eq!(
            (level.frontier_reads, level.idle_reads, level.repeat_reads),
            (3, 1, 1)
        );
    }
}
