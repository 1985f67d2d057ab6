//! The typed rows of the database's tables, one struct per table.
//!
//! The fields are the columns, under the same names; see
//! `migrations/0001_initial.sql` for what each one means.

use std::fmt;

use rusqlite::{Row, ToSql};

/// A group's name, jiang-bing-style-group_num: its class and its number there.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct GroupKey {
    /// Number of two-cell pieces.
    pub jiang: u32,
    /// Number of 1x1 pieces.
    pub bing: u32,
    /// Number of horizontal 2x1 pieces.
    pub style: u32,
    /// The group's number within its class, largest group first.
    pub group_num: u32,
}

impl GroupKey {
    /// The group's class.
    pub fn class(&self) -> ClassKey {
        ClassKey {
            jiang: self.jiang,
            bing: self.bing,
            style: self.style,
        }
    }
}

impl fmt::Display for GroupKey {
    /// Writes the name as `J-B-S-G`, e.g. `5-4-1-0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let GroupKey {
            jiang,
            bing,
            style,
            group_num,
        } = self;
        write!(f, "{jiang}-{bing}-{style}-{group_num}")
    }
}

/// The five numbers the analysis gives a layout: how far its farthest
/// layouts are and how many, how near its nearest solved layouts are and how
/// many, and how many solutions it has. The checkpoint saves them per group;
/// [`LayoutRow`] holds them.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct LayoutNumbers {
    /// Largest number of steps to another layout of the group.
    pub farthest_step: u32,
    /// How many layouts are `farthest_step` steps away.
    pub farthest_num: u32,
    /// Fewest steps to a solved layout; -1 when the group has none.
    pub min_solution_step: i32,
    /// How many solved layouts are `min_solution_step` steps away.
    pub min_solution_num: u32,
    /// How many solved layouts are solutions.
    pub solution_num: u32,
}

/// A layout's numbers in the other two metrics and its counts of minimum
/// move sequences in all three (schema 3; see `migrations/0003_metrics.sql`).
/// The fewest steps is [`LayoutNumbers::min_solution_step`].
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct MetricNumbers {
    /// Fewest straight moves to a solved layout; -1 when the group has none.
    pub min_straight_moves: i32,
    /// Fewest cell moves to a solved layout; -1 when the group has none.
    pub min_cell_moves: i32,
    /// Distinct minimum step sequences to a solved layout (1 when solved,
    /// 0 when the group has none). An SQL INTEGER: every count of the layout
    /// space is below 2^61, so never negative.
    pub n_min_step_sequences: i64,
    /// Distinct minimum straight-move sequences.
    pub n_min_straight_sequences: i64,
    /// Distinct minimum cell-move sequences.
    pub n_min_cell_sequences: i64,
}

/// A class's name, jiang-bing-style.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct ClassKey {
    /// Number of two-cell pieces.
    pub jiang: u32,
    /// Number of 1x1 pieces.
    pub bing: u32,
    /// Number of horizontal 2x1 pieces.
    pub style: u32,
}

impl fmt::Display for ClassKey {
    /// Writes the name as `J-B-S`, e.g. `5-4-1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}-{}", self.jiang, self.bing, self.style)
    }
}

/// One row of `layout_group_histogram` or `layout_class_histogram`, without
/// its group or class: how many layouts have a step as their numbers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct HistogramRow {
    /// A number of steps; -1 only as a min_solution_step.
    pub step: i32,
    /// How many layouts have `min_solution_step` = `step`.
    pub n_min_solution_step: u32,
    /// How many layouts have `farthest_step` = `step`.
    pub n_farthest_step: u32,
    /// How many layouts have `min_straight_moves` = `step`.
    pub n_min_straight_moves: u32,
    /// How many layouts have `min_cell_moves` = `step`.
    pub n_min_cell_moves: u32,
}

/// One row of `layout`: a layout, its classification and its analysis.
///
/// It dereferences to its [`LayoutNumbers`], so that `row.farthest_step`
/// reads as the column does.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LayoutRow {
    /// Rank of the code among all legal codes, from 0.
    pub id: u32,
    /// The code: 9 uppercase hex digits.
    pub code: String,
    /// The layout's group.
    pub group: GroupKey,
    /// Position of the code in its group sorted ascending, from 0.
    pub group_index: u32,
    /// The layout equals its own left-right reflection.
    pub is_mirror: bool,
    /// The mirror flag as the original release computed it: `is_mirror`, and
    /// a few layouts more that it marked by mistake. Only for reproducing
    /// the original `main` table.
    pub is_mirror_as_released: bool,
    /// The analysis.
    pub numbers: LayoutNumbers,
    /// The numbers in the other metrics and the counts of minimum sequences.
    pub metrics: MetricNumbers,
}

/// One row of `layout_group`: a group and its summary.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GroupRow {
    /// The group's name.
    pub key: GroupKey,
    /// Number of layouts.
    pub size: u32,
    /// The smallest code (group_index 0).
    pub smallest_code: String,
    /// Largest `farthest_step` of the group's layouts.
    pub diameter: u32,
    /// Number of solved layouts.
    pub n_solved: u32,
    /// Largest `min_solution_step` of the group's layouts; -1 when
    /// `n_solved` is 0.
    pub max_min_solution_step: i32,
    /// The smallest code with `max_min_solution_step`; `None` when
    /// `n_solved` is 0.
    pub max_min_solution_code: Option<String>,
    /// `group_num` of the group of mirror images, in the same class.
    pub mirror_group_num: u32,
}

impl GroupRow {
    /// The group is its own mirror image.
    pub fn is_self_mirror(&self) -> bool {
        self.mirror_group_num == self.key.group_num
    }
}

/// One row of `layout_class`: a class and totals over its groups. The writer
/// derives these rows from the group rows. With the feature `openapi` it is
/// also the server's JSON of a class's counts (`serde::Serialize`,
/// `utoipa::ToSchema`).
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "openapi", derive(serde::Serialize, utoipa::ToSchema))]
pub struct ClassRow {
    /// Number of two-cell pieces.
    pub jiang: u32,
    /// Number of 1x1 pieces.
    pub bing: u32,
    /// Number of horizontal 2x1 pieces.
    pub style: u32,
    /// Number of layouts.
    pub n_layouts: u32,
    /// Number of groups.
    pub n_groups: u32,
    /// Number of groups holding a solved layout.
    pub n_solvable_groups: u32,
    /// Number of solved layouts.
    pub n_solved: u32,
    /// Size of the largest group.
    pub largest_group_size: u32,
    /// Largest diameter of its groups.
    pub diameter: u32,
    /// Largest `min_solution_step`; -1 when nothing is solvable.
    pub max_min_solution_step: i32,
    /// The smallest code with that `min_solution_step`; null when -1.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub max_min_solution_code: Option<String>,
}

impl ClassRow {
    /// The class's name, `J-B-S`, e.g. `5-4-1`.
    pub fn name(&self) -> String {
        self.key().to_string()
    }

    /// The class's key.
    pub fn key(&self) -> ClassKey {
        ClassKey {
            jiang: self.jiang,
            bing: self.bing,
            style: self.style,
        }
    }
}

/// The `meta` table: what the file is and how it was built.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Meta {
    /// The last migration applied; equals `PRAGMA user_version`.
    pub schema_version: u32,
    /// Version of the engine that computed the rows.
    pub engine_version: String,
    /// UTC time the build started, `YYYY-MM-DDTHH:MM:SSZ`.
    pub build_date: String,
    /// Names (`J-B-S`) of the classes included, ascending.
    pub classes: Vec<String>,
    /// The build finished and passed its checks.
    pub complete: bool,
    /// Not all classes are included.
    pub partial: bool,
}

/// Totals over the whole database.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Totals {
    /// Number of classes.
    pub n_classes: u32,
    /// Number of groups.
    pub n_groups: u32,
    /// Number of layouts.
    pub n_layouts: u32,
    /// Number of solved layouts.
    pub n_solved: u32,
}

/// The columns of `layout` read into a [`LayoutRow`], in its field order.
pub(crate) const LAYOUT_COLUMNS: &str = "id, code, jiang, bing, style, group_num, group_index, \
    is_mirror, is_mirror_as_released, farthest_step, farthest_num, min_solution_step, \
    min_solution_num, solution_num, min_straight_moves, min_cell_moves, n_min_step_sequences, \
    n_min_straight_sequences, n_min_cell_sequences";

/// Number of columns in [`LAYOUT_COLUMNS`].
pub(crate) const N_LAYOUT_COLUMNS: usize = 19;

/// The columns of `layout_group` read into a [`GroupRow`], in its field order.
pub(crate) const GROUP_COLUMNS: &str = "jiang, bing, style, group_num, size, smallest_code, \
    diameter, n_solved, max_min_solution_step, max_min_solution_code, mirror_group_num";

/// Number of columns in [`GROUP_COLUMNS`].
pub(crate) const N_GROUP_COLUMNS: usize = 11;

/// The columns of `layout_class` read into a [`ClassRow`], in its field order.
pub(crate) const CLASS_COLUMNS: &str = "jiang, bing, style, n_layouts, n_groups, \
    n_solvable_groups, n_solved, largest_group_size, diameter, max_min_solution_step, \
    max_min_solution_code";

impl GroupKey {
    /// Reads a key from four columns starting at `first`.
    pub(crate) fn from_sql(row: &Row<'_>, first: usize) -> rusqlite::Result<GroupKey> {
        Ok(GroupKey {
            jiang: row.get(first)?,
            bing: row.get(first + 1)?,
            style: row.get(first + 2)?,
            group_num: row.get(first + 3)?,
        })
    }
}

/// The columns of the histogram tables read into a [`HistogramRow`].
pub(crate) const HISTOGRAM_COLUMNS: &str =
    "step, n_min_solution_step, n_farthest_step, n_min_straight_moves, n_min_cell_moves";

impl HistogramRow {
    /// Reads a row selected as [`HISTOGRAM_COLUMNS`].
    pub(crate) fn from_sql(row: &Row<'_>) -> rusqlite::Result<HistogramRow> {
        Ok(HistogramRow {
            step: row.get(0)?,
            n_min_solution_step: row.get(1)?,
            n_farthest_step: row.get(2)?,
            n_min_straight_moves: row.get(3)?,
            n_min_cell_moves: row.get(4)?,
        })
    }
}

impl LayoutRow {
    /// The values of [`LAYOUT_COLUMNS`].
    pub(crate) fn sql_values(&self) -> [&dyn ToSql; N_LAYOUT_COLUMNS] {
        [
            &self.id,
            &self.code,
            &self.group.jiang,
            &self.group.bing,
            &self.group.style,
            &self.group.group_num,
            &self.group_index,
            &self.is_mirror,
            &self.is_mirror_as_released,
            &self.numbers.farthest_step,
            &self.numbers.farthest_num,
            &self.numbers.min_solution_step,
            &self.numbers.min_solution_num,
            &self.numbers.solution_num,
            &self.metrics.min_straight_moves,
            &self.metrics.min_cell_moves,
            &self.metrics.n_min_step_sequences,
            &self.metrics.n_min_straight_sequences,
            &self.metrics.n_min_cell_sequences,
        ]
    }

    /// Reads a row selected as [`LAYOUT_COLUMNS`].
    pub(crate) fn from_sql(row: &Row<'_>) -> rusqlite::Result<LayoutRow> {
        Ok(LayoutRow {
            id: row.get(0)?,
            code: row.get(1)?,
            group: GroupKey::from_sql(row, 2)?,
            group_index: row.get(6)?,
            is_mirror: row.get(7)?,
            is_mirror_as_released: row.get(8)?,
            numbers: LayoutNumbers {
                farthest_step: row.get(9)?,
                farthest_num: row.get(10)?,
                min_solution_step: row.get(11)?,
                min_solution_num: row.get(12)?,
                solution_num: row.get(13)?,
            },
            metrics: MetricNumbers {
                min_straight_moves: row.get(14)?,
                min_cell_moves: row.get(15)?,
                n_min_step_sequences: row.get(16)?,
                n_min_straight_sequences: row.get(17)?,
                n_min_cell_sequences: row.get(18)?,
            },
        })
    }
}

impl GroupRow {
    /// The values of [`GROUP_COLUMNS`].
    pub(crate) fn sql_values(&self) -> [&dyn ToSql; N_GROUP_COLUMNS] {
        [
            &self.key.jiang,
            &self.key.bing,
            &self.key.style,
            &self.key.group_num,
            &self.size,
            &self.smallest_code,
            &self.diameter,
            &self.n_solved,
            &self.max_min_solution_step,
            &self.max_min_solution_code,
            &self.mirror_group_num,
        ]
    }

    /// Reads a row selected as [`GROUP_COLUMNS`].
    pub(crate) fn from_sql(row: &Row<'_>) -> rusqlite::Result<GroupRow> {
        Ok(GroupRow {
            key: GroupKey::from_sql(row, 0)?,
            size: row.get(4)?,
            smallest_code: row.get(5)?,
            diameter: row.get(6)?,
            n_solved: row.get(7)?,
            max_min_solution_step: row.get(8)?,
            max_min_solution_code: row.get(9)?,
            mirror_group_num: row.get(10)?,
        })
    }
}

impl ClassRow {
    /// Reads a row selected as [`CLASS_COLUMNS`].
    pub(crate) fn from_sql(row: &Row<'_>) -> rusqlite::Result<ClassRow> {
        Ok(ClassRow {
            jiang: row.get(0)?,
            bing: row.get(1)?,
            style: row.get(2)?,
            n_layouts: row.get(3)?,
            n_groups: row.get(4)?,
            n_solvable_groups: row.get(5)?,
            n_solved: row.get(6)?,
            largest_group_size: row.get(7)?,
            diameter: row.get(8)?,
            max_min_solution_step: row.get(9)?,
            max_min_solution_code: row.get(10)?,
        })
    }
}
