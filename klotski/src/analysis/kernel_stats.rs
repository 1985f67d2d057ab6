//! What the bit-parallel search kernel reads, writes and spends, level by
//! level, for measuring it against the machine's memory limits (issue 25's
//! roofline; `examples/kernel_bytes.rs`), and the wall time of each step of
//! a group's analysis.
//!
//! Counting is compiled in only with the `kernel-stats` feature: without it
//! [`ENABLED`] is false and every count the kernel keeps is optimised away.

use std::collections::BTreeMap;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use super::lanes::LaneSet;

/// Whether the kernel counts (the `kernel-stats` feature).
pub const ENABLED: bool = cfg!(feature = "kernel-stats");

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
    /// Counts a frontier set read by a candidate that lacked `missing` and
    /// has `arrived` from the sets read before at this level.
    #[inline]
    pub(crate) fn count_read<L: LaneSet>(&mut self, sources: &L, missing: &L, arrived: &L) {
        self.frontier_reads += 1;
        let brought = sources.and(missing);
        if brought.is_empty() {
            self.idle_reads += 1;
        } else if brought.and_not(arrived).is_empty() {
            self.repeat_reads += 1;
        }
    }

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

/// Counts by kind of search and level, summed over every search since the
/// last [`take`].
static COUNTS: Mutex<BTreeMap<(SearchKind, u32), LevelCounts>> = Mutex::new(BTreeMap::new());

/// Adds one level's counts (called once per level, only when [`ENABLED`]).
pub(crate) fn record(kind: SearchKind, level: u32, counts: &LevelCounts) {
    let mut all = lock(&COUNTS);
    all.entry((kind, level)).or_default().add(counts);
}

/// The counts since the last call, by kind of search and level, and resets
/// them. Empty unless the `kernel-stats` feature is on.
pub fn take() -> BTreeMap<(SearchKind, u32), LevelCounts> {
    std::mem::take(&mut *lock(&COUNTS))
}

/// One step of a group's analysis: what it does, the sources it searched
/// and its wall time (see [`time_step`]).
#[derive(Clone, Debug)]
pub struct Step {
    /// What the step does.
    pub name: &'static str,
    /// How many sources (orbits) it searched, for a step that searches a
    /// set of them.
    pub sources: Option<usize>,
    /// Its wall time.
    pub time: Duration,
}

/// The steps recorded since the last [`take_steps`], in the order they
/// ended.
static STEPS: Mutex<Vec<Step>> = Mutex::new(Vec::new());

/// Runs one step of a group's analysis, recording its wall time when
/// [`ENABLED`]. Steps may nest (the first phase holds the peripheral
/// batch) and run beside each other.
pub(crate) fn time_step<T>(
    name: &'static str,
    sources: Option<usize>,
    step: impl FnOnce() -> T,
) -> T {
    if !ENABLED {
        return step();
    }
    let started = Instant::now();
    let result = step();
    let time = started.elapsed();
    lock(&STEPS).push(Step {
        name,
        sources,
        time,
    });
    result
}

/// The steps since the last call, in the order they ended, and resets
/// them. Empty unless the `kernel-stats` feature is on.
pub fn take_steps() -> Vec<Step> {
    std::mem::take(&mut *lock(&STEPS))
}

/// Locks one of the recorders. What they hold is for measuring only, so a
/// lock poisoned by a panicking thread is taken as it is.
fn lock<T>(recorder: &Mutex<T>) -> MutexGuard<'_, T> {
    recorder
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    use super::super::lanes::{LaneSet, Lanes};
    use super::*;

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
        let mut counts = LevelCounts::default();
        // Only sources the candidate has: idle.
        counts.count_read(&set_of(&[0, 3]), &missing, &arrived);
        // Only a missing source an earlier read brought: a repeat.
        counts.count_read(&set_of(&[0, 2, 5]), &missing, &arrived);
        // A missing source not brought yet: neither.
        counts.count_read(&set_of(&[2, 700]), &missing, &arrived);
        assert_eq!(
            (
                counts.frontier_reads,
                counts.idle_reads,
                counts.repeat_reads
            ),
            (3, 1, 1)
        );
    }

    #[test]
    fn a_timed_step_returns_its_result_and_is_recorded_when_counting() {
        let name = "a step of this test";
        assert_eq!(time_step(name, Some(3), || 7), 7);
        let recorded: Vec<Step> = take_steps()
            .into_iter()
            .filter(|step| step.name == name)
            .collect();
        assert_eq!(recorded.len(), usize::from(ENABLED));
        assert!(recorded.iter().all(|step| step.sources == Some(3)));
    }
}
