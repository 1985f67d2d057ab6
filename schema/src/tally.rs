//! A group's summary, gathered from its layout rows as they stream past in
//! ascending id (and so ascending code) order: its `layout_group` row, its
//! histogram and its hardest layouts.

use crate::error::{Error, Result};
use crate::ranking::Ranking;
use crate::rows::{GroupKey, GroupRow, HistogramRow, LayoutRow};

/// What the writer knows of one group so far.
#[derive(Debug)]
pub(crate) struct GroupTally {
    /// Rows counted so far: the next row's group_index.
    pub(crate) n_layouts: u32,
    /// Code of the first row: the smallest.
    smallest_code: String,
    /// Largest farthest_step so far.
    diameter: u32,
    /// Rows with min_solution_step 0 so far.
    n_solved: u32,
    /// Largest min_solution_step so far; -1 while there is none.
    max_min_solution_step: i32,
    /// The first code with `max_min_solution_step`; the smallest, since codes
    /// ascend.
    max_min_solution_code: Option<String>,
    /// Entry `step + 1`: how many rows have min_solution_step, farthest_step,
    /// min_straight_moves and min_cell_moves = step, in [`RANKED`] order.
    histogram: Vec<[u32; N_RANKED]>,
    /// The hardest rows by each number, in [`RANKED`] order.
    rankings: Rankings,
}

/// The numbers a group's and a class's histogram count and hardest layouts
/// rank, in the order of the histogram's and the ranking's columns.
pub(crate) const RANKED: [&str; N_RANKED] = [
    "min_solution_step",
    "farthest_step",
    "min_straight_moves",
    "min_cell_moves",
];

/// Number of [`RANKED`] numbers.
pub(crate) const N_RANKED: usize = 4;

/// One [`Ranking`] per [`RANKED`] number.
pub(crate) type Rankings = [Ranking; N_RANKED];

/// A row's [`RANKED`] numbers, each from -1 up; an error names a number out
/// of range.
fn ranked_numbers(row: &LayoutRow) -> Result<[i32; N_RANKED]> {
    let numbers = row.numbers;
    let metrics = row.metrics;
    let ranked = [
        i64::from(numbers.min_solution_step),
        i64::from(numbers.farthest_step),
        i64::from(metrics.min_straight_moves),
        i64::from(metrics.min_cell_moves),
    ];
    let mut out = [0; N_RANKED];
    for ((slot, value), name) in out.iter_mut().zip(ranked).zip(RANKED) {
        *slot = i32::try_from(value)
            .ok()
            .filter(|&value| value >= -1)
            .ok_or_else(|| {
                Error::inconsistent(format!("layout {} has {name} {value}", row.code))
            })?;
    }
    Ok(out)
}

impl GroupTally {
    /// A group whose first row is `row`.
    pub(crate) fn new(row: &LayoutRow) -> GroupTally {
        GroupTally {
            n_layouts: 0,
            smallest_code: row.code.clone(),
            diameter: 0,
            n_solved: 0,
            max_min_solution_step: -1,
            max_min_solution_code: None,
            histogram: Vec::new(),
            rankings: Rankings::default(),
        }
    }

    /// Counts the group's next row, which must have the next group_index.
    pub(crate) fn add(&mut self, row: &LayoutRow) -> Result<()> {
        if row.group_index != self.n_layouts {
            return Err(Error::inconsistent(format!(
                "layout {} has group_index {} but is number {} of group {}",
                row.code, row.group_index, self.n_layouts, row.group
            )));
        }
        let numbers = row.numbers;
        let ranked = ranked_numbers(row)?;
        let solvable = [
            numbers.min_solution_step,
            row.metrics.min_straight_moves,
            row.metrics.min_cell_moves,
        ]
        .map(|moves| moves >= 0);
        if solvable.contains(&true) && solvable.contains(&false) {
            return Err(Error::inconsistent(format!(
                "layout {} is solvable in some metrics only",
                row.code
            )));
        }
        self.n_layouts += 1;
        self.diameter = self.diameter.max(numbers.farthest_step);
        self.n_solved += u32::from(numbers.min_solution_step == 0);
        if numbers.min_solution_step > self.max_min_solution_step {
            self.max_min_solution_step = numbers.min_solution_step;
            self.max_min_solution_code = Some(row.code.clone());
        }
        let needed = ranked.iter().max().map_or(0, |&most| most as usize + 2);
        if self.histogram.len() < needed {
            self.histogram.resize(needed, [0; N_RANKED]);
        }
        for (number, value) in ranked.into_iter().enumerate() {
            self.histogram[(value + 1) as usize][number] += 1;
            self.rankings[number].offer(value, row.id);
        }
        Ok(())
    }

    /// The group's row, once all its layouts are counted.
    pub(crate) fn to_row(&self, key: GroupKey, mirror_group_num: u32) -> Result<GroupRow> {
        if (self.n_solved > 0) != (self.max_min_solution_step >= 0) {
            return Err(Error::inconsistent(format!(
                "group {key} has {} solved layouts but a largest min_solution_step of {}",
                self.n_solved, self.max_min_solution_step
            )));
        }
        Ok(GroupRow {
            key,
            size: self.n_layouts,
            smallest_code: self.smallest_code.clone(),
            diameter: self.diameter,
            n_solved: self.n_solved,
            max_min_solution_step: self.max_min_solution_step,
            max_min_solution_code: self.max_min_solution_code.clone(),
            mirror_group_num,
        })
    }

    /// The group's histogram: the steps some layout has, ascending.
    pub(crate) fn histogram(&self) -> impl Iterator<Item = HistogramRow> + '_ {
        (-1..)
            .zip(&self.histogram)
            .filter(|(_, counts)| **counts != [0; N_RANKED])
            .map(
                |(step, &[by_min_solution, by_farthest, by_straight, by_cell])| HistogramRow {
                    step,
                    n_min_solution_step: by_min_solution,
                    n_farthest_step: by_farthest,
                    n_min_straight_moves: by_straight,
                    n_min_cell_moves: by_cell,
                },
            )
    }

    /// Offers the group's hardest layouts to its class's rankings: a class's
    /// hardest are among its groups' hardest.
    pub(crate) fn offer_hardest(&self, class: &mut Rankings) {
        for (class, group) in class.iter_mut().zip(&self.rankings) {
            class.offer_all(group);
        }
    }

    /// The group's hardest layouts as `layout_group_hardest` ranks them: per
    /// rank, the ids by each [`RANKED`] number, hardest first.
    pub(crate) fn hardest(&self) -> Vec<[u32; N_RANKED]> {
        ranks(&self.rankings)
    }
}

/// Rankings side by side: per rank, the id by each number. Every ranking
/// of a group or class holds as many layouts (its size or
/// [`N_HARDEST`](crate::N_HARDEST)).
pub(crate) fn ranks(rankings: &Rankings) -> Vec<[u32; N_RANKED]> {
    let ids = rankings.each_ref().map(Ranking::ids);
    (0..ids[0].len())
        .map(|rank| ids.each_ref().map(|ids| ids[rank]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rows::{LayoutNumbers, MetricNumbers};

    const KEY: GroupKey = GroupKey {
        jiang: 1,
        bing: 2,
        style: 0,
        group_num: 3,
    };

    fn row(id: u32, group_index: u32, farthest_step: u32, min_solution_step: i32) -> LayoutRow {
        LayoutRow {
            id,
            code: format!("{id:09X}"),
            group: KEY,
            group_index,
            is_mirror: false,
            is_mirror_as_released: false,
            numbers: LayoutNumbers {
                farthest_step,
                farthest_num: 1,
                min_solution_step,
                min_solution_num: u32::from(min_solution_step >= 0),
                solution_num: u32::from(min_solution_step >= 0),
            },
            // Made-up numbers in the other metrics: twice and three times
            // the steps, -1 when there are none.
            metrics: MetricNumbers {
                min_straight_moves: if min_solution_step < 0 {
                    -1
                } else {
                    2 * min_solution_step
                },
                min_cell_moves: if min_solution_step < 0 {
                    -1
                } else {
                    3 * min_solution_step
                },
                ..MetricNumbers::default()
            },
        }
    }

    fn tally(rows: &[LayoutRow]) -> Result<GroupRow> {
        let mut tally = GroupTally::new(&rows[0]);
        for row in rows {
            tally.add(row)?;
        }
        tally.to_row(KEY, 4)
    }

    #[test]
    fn summarises_a_solvable_group() {
        let group = tally(&[row(5, 0, 3, 2), row(8, 1, 4, 0), row(9, 2, 2, 2)]).unwrap();
        let expected = GroupRow {
            key: KEY,
            size: 3,
            smallest_code: "000000005".to_owned(),
            diameter: 4,
            n_solved: 1,
            max_min_solution_step: 2,
            max_min_solution_code: Some("000000005".to_owned()),
            mirror_group_num: 4,
        };
        assert_eq!(group, expected);
    }

    #[test]
    fn summarises_an_unsolvable_group() {
        let group = tally(&[row(5, 0, 1, -1), row(6, 1, 1, -1)]).unwrap();
        assert_eq!(group.n_solved, 0);
        assert_eq!(group.max_min_solution_step, -1);
        assert_eq!(group.max_min_solution_code, None);
    }

    #[test]
    fn counts_the_histogram_and_ranks_the_hardest() {
        let mut tally = GroupTally::new(&row(5, 0, 3, 2));
        for row in [row(5, 0, 3, 2), row(8, 1, 4, 0), row(9, 2, 2, 2)] {
            tally.add(&row).unwrap();
        }
        let histogram: Vec<HistogramRow> = tally.histogram().collect();
        let counts: Vec<(i32, [u32; 4])> = histogram
            .iter()
            .map(|row| {
                let numbers = [
                    row.n_min_solution_step,
                    row.n_farthest_step,
                    row.n_min_straight_moves,
                    row.n_min_cell_moves,
                ];
                (row.step, numbers)
            })
            .collect();
        assert_eq!(
            counts,
            [
                (0, [1, 0, 1, 1]),
                (2, [2, 1, 0, 0]),
                (3, [0, 1, 0, 0]),
                (4, [0, 1, 2, 0]),
                (6, [0, 0, 0, 2])
            ]
        );
        assert_eq!(tally.hardest(), [[5, 8, 5, 5], [9, 5, 9, 9], [8, 9, 8, 8]]);
    }

    #[test]
    fn rejects_a_layout_solvable_in_some_metrics_only() {
        let mut half = row(5, 0, 1, 3);
        half.metrics.min_cell_moves = -1;
        let error = tally(&[half]).unwrap_err();
        assert!(error.to_string().contains("some metrics only"), "{error}");
    }

    #[test]
    fn rejects_a_gap_in_group_index() {
        let error = tally(&[row(5, 0, 1, -1), row(6, 2, 1, -1)]).unwrap_err();
        assert!(error.to_string().contains("group_index 2"), "{error}");
    }

    #[test]
    fn rejects_steps_to_a_solution_without_one() {
        let error = tally(&[row(5, 0, 1, 3)]).unwrap_err();
        assert!(error.to_string().contains("0 solved layouts"), "{error}");
    }
}
