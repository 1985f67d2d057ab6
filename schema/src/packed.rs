//! A layout's numbers in the other metrics, packed for memory: a build
//! holds every layout's analysis until the rows are written, and a
//! migration every layout's new numbers until they are written in id
//! order; 20 bytes instead of `MetricNumbers`' 32, twelve bytes saved for
//! every layout of the space.

use crate::error::{Error, Result};
use crate::rows::MetricNumbers;

/// [`MetricNumbers`] in 20 bytes: the fewest moves as `i16`, the counts of
/// minimum step and straight-move sequences as `u32`, the count of cell-move
/// sequences as two `u32` halves (so the struct is 4-byte aligned). Over the
/// whole layout space the moves stay below 180 and those two counts below
/// 2^30 (`bench`'s `count_sizes`); a number that does not fit is an error
/// when packing, never a wrong number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PackedMetrics {
    moves: [i16; 2],
    sequences: [u32; 2],
    cell_sequences: [u32; 2],
}

impl PackedMetrics {
    /// Packs `metrics`, or says which number does not fit.
    pub fn pack(metrics: &MetricNumbers) -> Result<PackedMetrics> {
        let moves = |value: i32, name: &str| {
            i16::try_from(value)
                .map_err(|_| Error::inconsistent(format!("{name} {value} does not fit 16 bits")))
        };
        let count = |value: i64, name: &str| {
            u32::try_from(value)
                .map_err(|_| Error::inconsistent(format!("{name} {value} does not fit 32 bits")))
        };
        let cell = u64::try_from(metrics.n_min_cell_sequences)
            .map_err(|_| Error::inconsistent("a negative count of cell-move sequences"))?;
        Ok(PackedMetrics {
            moves: [
                moves(metrics.min_straight_moves, "min_straight_moves")?,
                moves(metrics.min_cell_moves, "min_cell_moves")?,
            ],
            sequences: [
                count(metrics.n_min_step_sequences, "n_min_step_sequences")?,
                count(metrics.n_min_straight_sequences, "n_min_straight_sequences")?,
            ],
            cell_sequences: [(cell >> 32) as u32, cell as u32],
        })
    }

    /// The numbers packed.
    pub fn unpack(self) -> MetricNumbers {
        let cell = u64::from(self.cell_sequences[0]) << 32 | u64::from(self.cell_sequences[1]);
        MetricNumbers {
            min_straight_moves: self.moves[0].into(),
            min_cell_moves: self.moves[1].into(),
            n_min_step_sequences: self.sequences[0].into(),
            n_min_straight_sequences: self.sequences[1].into(),
            n_min_cell_sequences: i64::try_from(cell).expect("packed from an i64"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packs_in_20_bytes_and_back() {
        assert_eq!(std::mem::size_of::<PackedMetrics>(), 20);
        let largest = MetricNumbers {
            min_straight_moves: 150,
            min_cell_moves: -1,
            n_min_step_sequences: 829_440_000,
            n_min_straight_sequences: 0,
            n_min_cell_sequences: 1_198_222_023_398_400_000,
        };
        assert_eq!(PackedMetrics::pack(&largest).unwrap().unpack(), largest);
        let too_many = MetricNumbers {
            n_min_step_sequences: 1 << 32,
            ..largest
        };
        let error = PackedMetrics::pack(&too_many).unwrap_err().to_string();
        assert!(error.contains("n_min_step_sequences 4294967296"), "{error}");
    }
}
