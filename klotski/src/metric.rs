//! The three ways of counting moves (spec, "Steps"): a **step** moves one
//! piece anywhere it can slide, turns allowed; a **straight move** slides one
//! piece any distance in one direction; a **cell move** slides one piece by
//! one cell. Every cell move is a straight move and every straight move is a
//! step, so a move has a *finest* metric (the smallest set it belongs to)
//! and counts in that metric and every coarser one.

use std::fmt;
use std::str::FromStr;

/// A way of counting moves. Ordered from the coarsest (`Step`) to the finest
/// (`Cell`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub enum Metric {
    /// One piece to any position it reaches through empty cells.
    #[default]
    Step,
    /// One piece any number of cells in one direction.
    Straight,
    /// One piece one cell.
    Cell,
}

impl Metric {
    /// The three metrics, coarsest first.
    pub const ALL: [Metric; 3] = [Metric::Step, Metric::Straight, Metric::Cell];

    /// The lowercase name: `step`, `straight`, `cell`.
    pub fn name(self) -> &'static str {
        match self {
            Metric::Step => "step",
            Metric::Straight => "straight",
            Metric::Cell => "cell",
        }
    }

    /// The plural of a move of this metric, for counts: `steps`, `straight
    /// moves`, `cell moves`.
    pub fn moves_name(self) -> &'static str {
        match self {
            Metric::Step => "steps",
            Metric::Straight => "straight moves",
            Metric::Cell => "cell moves",
        }
    }

    /// Whether a move whose finest metric is `finest` is a move of this
    /// metric: `finest` is this metric or a finer one.
    #[inline]
    pub fn admits(self, finest: Metric) -> bool {
        finest >= self
    }

    /// Position in [`Metric::ALL`] (0, 1, 2): an index for arrays of one
    /// value per metric.
    #[inline]
    pub fn idx(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A text that names no metric.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MetricError {
    text: String,
}

impl fmt::Display for MetricError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a metric: step, straight or cell", self.text)
    }
}

impl std::error::Error for MetricError {}

impl FromStr for Metric {
    type Err = MetricError;

    /// Reads `step`, `straight` or `cell`, either case.
    fn from_str(text: &str) -> Result<Metric, MetricError> {
        Metric::ALL
            .into_iter()
            .find(|metric| metric.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| MetricError {
                text: text.to_owned(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_bad_ones_name_the_three() {
        for metric in Metric::ALL {
            assert_eq!(metric.to_string().parse::<Metric>(), Ok(metric));
            assert_eq!(Metric::ALL[metric.idx()], metric);
        }
        assert_eq!("CELL".parse::<Metric>(), Ok(Metric::Cell));
        let error = "steps".parse::<Metric>().unwrap_err().to_string();
        assert_eq!(error, "'steps' is not a metric: step, straight or cell");
        assert!("".parse::<Metric>().is_err());
    }

    #[test]
    fn finer_moves_count_in_coarser_metrics() {
        assert!(Metric::Step.admits(Metric::Cell));
        assert!(Metric::Step.admits(Metric::Straight));
        assert!(Metric::Straight.admits(Metric::Cell));
        assert!(!Metric::Straight.admits(Metric::Step));
        assert!(!Metric::Cell.admits(Metric::Straight));
        for metric in Metric::ALL {
            assert!(metric.admits(metric));
        }
    }
}
