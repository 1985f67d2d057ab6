//! The tables derived from `layout`: the group rows, the groups' and classes'
//! histograms and hardest layouts, and the class rows. A new build and a
//! migrated file derive them the same way, from the layout rows in id order,
//! so both hold the same rows.

use std::collections::HashMap;

use rusqlite::{params, Connection};

use crate::error::{Error, Result};
use crate::rows::{GroupKey, LayoutRow};
use crate::tally::{ranks, GroupTally, Rankings};

/// Derives `layout_class` from `layout_group`: a class row is a sum over the
/// class's groups, so it cannot disagree with them.
pub(crate) const DERIVE_CLASSES: &str = "
    INSERT INTO layout_class
    WITH class AS (
        SELECT jiang, bing, style, sum(size) AS n_layouts, count(*) AS n_groups,
               sum(n_solved > 0) AS n_solvable_groups, sum(n_solved) AS n_solved,
               max(size) AS largest_group_size, max(diameter) AS diameter,
               max(max_min_solution_step) AS max_min_solution_step
        FROM layout_group
        GROUP BY jiang, bing, style
    )
    SELECT class.*,
           (SELECT min(g.max_min_solution_code) FROM layout_group AS g
            WHERE (g.jiang, g.bing, g.style) = (class.jiang, class.bing, class.style)
              AND g.max_min_solution_step = class.max_min_solution_step)
    FROM class;
";

/// Derives `layout_class_histogram` from `layout_group_histogram`.
const DERIVE_CLASS_HISTOGRAMS: &str = "
    INSERT INTO layout_class_histogram
    SELECT jiang, bing, style, step, sum(n_min_solution_step), sum(n_farthest_step),
           sum(n_min_straight_moves), sum(n_min_cell_moves)
    FROM layout_group_histogram
    GROUP BY jiang, bing, style, step;
";

/// Every group met in the layout rows, tallied as the rows stream past.
#[derive(Debug, Default)]
pub(crate) struct Tallies {
    /// Every group met so far.
    pub(crate) groups: HashMap<GroupKey, GroupTally>,
    /// The id the last layout row had.
    last_id: Option<u32>,
}

impl Tallies {
    /// Counts the next layout row: ids must ascend, and each row's
    /// `group_index` must be the number of rows of its group before it.
    pub(crate) fn add(&mut self, row: &LayoutRow) -> Result<()> {
        if let Some(last) = self.last_id.filter(|&last| row.id <= last) {
            return Err(Error::inconsistent(format!(
                "layout id {} after id {last}: ids must ascend",
                row.id
            )));
        }
        if row.is_mirror && !row.is_mirror_as_released {
            return Err(Error::inconsistent(format!(
                "layout {} is a mirror image but not as released: the released flag \
                 marks every mirror image",
                row.code
            )));
        }
        self.groups
            .entry(row.group)
            .or_insert_with(|| GroupTally::new(row))
            .add(row)?;
        self.last_id = Some(row.id);
        Ok(())
    }

    /// The groups in key order, so that the same layouts make the same rows
    /// in the same places.
    pub(crate) fn sorted(&self) -> Vec<(GroupKey, &GroupTally)> {
        let mut sorted: Vec<(GroupKey, &GroupTally)> = self
            .groups
            .iter()
            .map(|(key, tally)| (*key, tally))
            .collect();
        sorted.sort_unstable_by_key(|(key, _)| *key);
        sorted
    }
}

/// Writes every group's and class's histogram and hardest layouts, into the
/// four tables, which must be empty. `layout_group` and `layout_class` must
/// be written.
pub(crate) fn insert_details(conn: &Connection, tallies: &Tallies) -> Result<()> {
    let mut insert_histogram = conn.prepare(
        "INSERT INTO layout_group_histogram \
         (jiang, bing, style, group_num, step, n_min_solution_step, n_farthest_step, \
          n_min_straight_moves, n_min_cell_moves) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?;
    let mut insert_hardest = conn.prepare(
        "INSERT INTO layout_group_hardest \
         (jiang, bing, style, group_num, rank, by_min_solution_step, by_farthest_step, \
          by_min_straight_moves, by_min_cell_moves) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?;
    let mut classes: HashMap<[u32; 3], Rankings> = HashMap::new();
    for (key, tally) in tallies.sorted() {
        let GroupKey {
            jiang,
            bing,
            style,
            group_num,
        } = key;
        for row in tally.histogram() {
            insert_histogram.execute(params![
                jiang,
                bing,
                style,
                group_num,
                row.step,
                row.n_min_solution_step,
                row.n_farthest_step,
                row.n_min_straight_moves,
                row.n_min_cell_moves
            ])?;
        }
        for (rank, [by_min_solution, by_farthest, by_straight, by_cell]) in
            (1u32..).zip(tally.hardest())
        {
            insert_hardest.execute(params![
                jiang,
                bing,
                style,
                group_num,
                rank,
                by_min_solution,
                by_farthest,
                by_straight,
                by_cell
            ])?;
        }
        tally.offer_hardest(classes.entry([jiang, bing, style]).or_default());
    }
    conn.execute_batch(DERIVE_CLASS_HISTOGRAMS)?;
    let mut insert_class_hardest = conn.prepare(
        "INSERT INTO layout_class_hardest \
         (jiang, bing, style, rank, by_min_solution_step, by_farthest_step, \
          by_min_straight_moves, by_min_cell_moves) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?;
    let mut classes: Vec<([u32; 3], Rankings)> = classes.into_iter().collect();
    classes.sort_unstable_by_key(|(class, _)| *class);
    for ([jiang, bing, style], rankings) in classes {
        for (rank, [by_min_solution, by_farthest, by_straight, by_cell]) in
            (1u32..).zip(ranks(&rankings))
        {
            insert_class_hardest.execute(params![
                jiang,
                bing,
                style,
                rank,
                by_min_solution,
                by_farthest,
                by_straight,
                by_cell
            ])?;
        }
    }
    Ok(())
}
