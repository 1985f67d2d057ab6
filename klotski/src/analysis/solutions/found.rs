//! What the solution searches find: each node's nearest solved layouts,
//! and the farthest numbers of the sources they served.

use std::cmp::Ordering;

use crate::analysis::records::Farthest;

/// A node's view of the solved layouts.
#[derive(Clone)]
pub(crate) struct Nearest {
    /// Least distance to a solved layout, -1 for none.
    pub(super) step: i32,
    /// Solved layouts at that distance.
    pub(super) n_nearest: u32,
    /// Solved layouts that are solutions.
    pub(super) n_solutions: u32,
    /// The solved layouts at that distance, in no order, when collected.
    pub(super) sources: Vec<u32>,
}

impl Nearest {
    pub(super) const NONE: Nearest = Nearest {
        step: -1,
        n_nearest: 0,
        n_solutions: 0,
        sources: Vec::new(),
    };

    pub(super) fn merge(&mut self, other: &Nearest) {
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
    pub(super) fn add(&mut self, step: i32, n_nearest: u32, n_solutions: u32) -> Option<Ordering> {
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
