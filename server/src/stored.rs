//! A layout's row as the routes receive it: its code a [`Code`], read from
//! the row's text at most once, when the row leaves the database, and
//! never when the request already named the code. The text stays in here,
//! so what the routes and answers hold is the value; it becomes text again
//! only when an answer is written.

use klotski::{Code, Metric};
use schema::{GroupKey, LayoutNumbers, LayoutRow, MetricNumbers};

use crate::error::AppError;

/// A layout row and its code as a value.
#[derive(Debug, Clone)]
pub(crate) struct StoredLayout {
    code: Code,
    /// The row; its `code` text is read only by the constructors.
    row: LayoutRow,
}

impl StoredLayout {
    /// The row of a layout the request named by `code`: the lookup matched
    /// the row against it, so its text is not read again.
    pub(crate) fn of_code(code: Code, row: LayoutRow) -> StoredLayout {
        StoredLayout { code, row }
    }

    /// A row found by something other than its code (an id, a
    /// classification, a group's page): its text read as a code, once. The
    /// database holds only legal codes, so a failure is a damaged file.
    pub(crate) fn read(row: LayoutRow) -> Result<StoredLayout, AppError> {
        let code = row.code.parse().map_err(|error| {
            AppError::Internal(format!("stored code {:?} is not legal: {error}", row.code))
        })?;
        Ok(StoredLayout { code, row })
    }

    /// The code.
    pub(crate) fn code(&self) -> Code {
        self.code
    }

    /// Rank of the code among all legal codes.
    pub(crate) fn id(&self) -> u32 {
        self.row.id
    }

    /// The group.
    pub(crate) fn group(&self) -> GroupKey {
        self.row.group
    }

    /// Position of the code in its group sorted ascending.
    pub(crate) fn group_index(&self) -> u32 {
        self.row.group_index
    }

    /// The layout equals its own left-right reflection.
    pub(crate) fn is_mirror(&self) -> bool {
        self.row.is_mirror
    }

    /// The analysis.
    pub(crate) fn numbers(&self) -> &LayoutNumbers {
        &self.row.numbers
    }

    /// The numbers in the other metrics.
    pub(crate) fn metrics(&self) -> &MetricNumbers {
        &self.row.metrics
    }

    /// The fewest moves to a solved layout in `metric`; -1 when its group
    /// has none.
    pub(crate) fn min_moves(&self, metric: Metric) -> i32 {
        edge::numbers::min_moves(&self.row, metric)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(code: &str) -> LayoutRow {
        LayoutRow {
            id: 0,
            code: code.to_owned(),
            group: GroupKey {
                jiang: 5,
                bing: 4,
                style: 1,
                group_num: 1,
            },
            group_index: 0,
            is_mirror: false,
            is_mirror_as_released: false,
            numbers: LayoutNumbers::default(),
            metrics: MetricNumbers::default(),
        }
    }

    #[test]
    fn a_stored_code_is_read_as_its_value() {
        let layout = StoredLayout::read(row("1A9BF0C00")).unwrap();
        assert_eq!(layout.code(), "1A9BF0C00".parse::<Code>().unwrap());
    }

    #[test]
    fn an_illegal_stored_code_is_a_damaged_file() {
        let error = StoredLayout::read(row("1A9BF0C0G")).unwrap_err();
        assert!(matches!(error, AppError::Internal(ref detail) if detail.contains("1A9BF0C0G")));
    }
}
