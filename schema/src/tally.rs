//! A group's summary, gathered from its layout rows as they stream past in
//! ascending id (and so ascending code) order.

use crate::error::{Error, Result};
use crate::rows::{GroupKey, GroupRow, LayoutRow};

/// What the writer knows of one group so far.
#[derive(Debug)]
pub(crate) struct GroupTally {
    /// The group's ids so far, in group_index order.
    pub(crate) ids: Vec<u32>,
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
}

impl GroupTally {
    /// A group whose first row is `row`.
    pub(crate) fn new(row: &LayoutRow) -> GroupTally {
        GroupTally {
            ids: Vec::new(),
            smallest_code: row.code.clone(),
            diameter: 0,
            n_solved: 0,
            max_min_solution_step: -1,
            max_min_solution_code: None,
        }
    }

    /// Counts the group's next row, which must have the next group_index.
    pub(crate) fn add(&mut self, row: &LayoutRow) -> Result<()> {
        if row.group_index as usize != self.ids.len() {
            return Err(Error::inconsistent(format!(
                "layout {} has group_index {} but is number {} of group {}",
                row.code,
                row.group_index,
                self.ids.len(),
                row.group
            )));
        }
        self.ids.push(row.id);
        self.diameter = self.diameter.max(row.farthest_step);
        self.n_solved += u32::from(row.min_solution_step == 0);
        if row.min_solution_step > self.max_min_solution_step {
            self.max_min_solution_step = row.min_solution_step;
            self.max_min_solution_code = Some(row.code.clone());
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
            size: u32::try_from(self.ids.len())
                .map_err(|_| Error::inconsistent(format!("group {key} is too large")))?,
            smallest_code: self.smallest_code.clone(),
            diameter: self.diameter,
            n_solved: self.n_solved,
            max_min_solution_step: self.max_min_solution_step,
            max_min_solution_code: self.max_min_solution_code.clone(),
            mirror_group_num,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            farthest_step,
            farthest_num: 1,
            min_solution_step,
            min_solution_num: u32::from(min_solution_step >= 0),
            solution_num: u32::from(min_solution_step >= 0),
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
