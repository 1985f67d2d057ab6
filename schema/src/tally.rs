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
    /// Entry `step + 1`: how many rows have min_solution_step = step and how
    /// many have farthest_step = step.
    histogram: Vec<[u32; 2]>,
    /// The hardest rows by min_solution_step.
    by_min_solution_step: Ranking,
    /// The hardest rows by farthest_step.
    by_farthest_step: Ranking,
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
            by_min_solution_step: Ranking::default(),
            by_farthest_step: Ranking::default(),
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
        let (Ok(farthest_step), Ok(min_solution_slot)) = (
            i32::try_from(numbers.farthest_step),
            usize::try_from(numbers.min_solution_step + 1),
        ) else {
            return Err(Error::inconsistent(format!(
                "layout {} has farthest_step {} and min_solution_step {}",
                row.code, numbers.farthest_step, numbers.min_solution_step
            )));
        };
        self.n_layouts += 1;
        self.diameter = self.diameter.max(numbers.farthest_step);
        self.n_solved += u32::from(numbers.min_solution_step == 0);
        if numbers.min_solution_step > self.max_min_solution_step {
            self.max_min_solution_step = numbers.min_solution_step;
            self.max_min_solution_code = Some(row.code.clone());
        }
        let farthest_slot = farthest_step as usize + 1;
        let needed = min_solution_slot.max(farthest_slot) + 1;
        if self.histogram.len() < needed {
            self.histogram.resize(needed, [0, 0]);
        }
        self.histogram[min_solution_slot][0] += 1;
        self.histogram[farthest_slot][1] += 1;
        self.by_min_solution_step
            .offer(numbers.min_solution_step, row.id);
        self.by_farthest_step.offer(farthest_step, row.id);
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
            .filter(|(_, counts)| **counts != [0, 0])
            .map(
                |(step, &[n_min_solution_step, n_farthest_step])| HistogramRow {
                    step,
                    n_min_solution_step,
                    n_farthest_step,
                },
            )
    }

    /// Offers the group's hardest layouts to its class's rankings by
    /// min_solution_step and by farthest_step: a class's hardest are among
    /// its groups' hardest.
    pub(crate) fn offer_hardest(
        &self,
        by_min_solution_step: &mut Ranking,
        by_farthest_step: &mut Ranking,
    ) {
        by_min_solution_step.offer_all(&self.by_min_solution_step);
        by_farthest_step.offer_all(&self.by_farthest_step);
    }

    /// The group's hardest layouts as `layout_group_hardest` ranks them:
    /// pairs of ids by min_solution_step and by farthest_step, hardest first.
    pub(crate) fn hardest(&self) -> impl Iterator<Item = (u32, u32)> {
        self.by_min_solution_step
            .ids()
            .into_iter()
            .zip(self.by_farthest_step.ids())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rows::LayoutNumbers;

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
        let counts: Vec<(i32, u32, u32)> = histogram
            .iter()
            .map(|row| (row.step, row.n_min_solution_step, row.n_farthest_step))
            .collect();
        assert_eq!(counts, [(0, 1, 0), (2, 2, 1), (3, 0, 1), (4, 0, 1)]);
        let hardest: Vec<(u32, u32)> = tally.hardest().collect();
        assert_eq!(hardest, [(5, 8), (9, 5), (8, 9)]);
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
