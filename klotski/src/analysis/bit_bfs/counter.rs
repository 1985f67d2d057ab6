//! What the level step tells a counter of its work, for measuring the
//! kernel against the machine's memory limits.
//!
//! The kernel ([`super::level`]) is generic over its [`Counter`], whose
//! methods do nothing unless a counter defines them: compiled for
//! `NoCounts`, every count is gone from the machine code (no branch, no
//! instruction). Only with the `kernel-stats` feature do searches run
//! with a counter that counts (`kernel_stats`).

use crate::analysis::lanes::LaneSet;

/// Receives what one search's level step does, in sets of lanes `L`.
pub(crate) trait Counter<L: LaneSet>: Default {
    /// A level starts.
    fn start_level(&mut self) {}
    /// A candidate is pulled: it reads its `seen` set and its neighbour list.
    fn candidate(&mut self) {}
    /// The candidate just pulled has every live source already: it reads
    /// no neighbour.
    fn saturated(&mut self) {}
    /// A neighbour id is read (and its bit of the frontier bitmap).
    fn neighbour(&mut self) {}
    /// A frontier set, `sources`, is read by a candidate that lacked
    /// `missing` and has `arrived` from the sets read before it at this
    /// level.
    fn frontier_read(&mut self, _sources: &L, _missing: &L, _arrived: &L) {}
    /// A second set is read, in a search tracking blocking: what a frontier
    /// neighbour passing on some but not all of its sources passes on.
    fn second_set(&mut self) {}
    /// Level `level` of a search (`blocked`: one tracking blocking) ended,
    /// `arrivals` nodes reached.
    fn end_level(&mut self, _level: u32, _blocked: bool, _arrivals: usize) {}
}

/// The counter that counts nothing: the kernel's without the
/// `kernel-stats` feature.
#[cfg(not(feature = "kernel-stats"))]
#[derive(Default)]
pub(crate) struct NoCounts;

#[cfg(not(feature = "kernel-stats"))]
impl<L: LaneSet> Counter<L> for NoCounts {}
