//! Filling the columns schema 3 added to `layout` in a file migrated from an
//! older version: the numbers only the engine knows, asked of a
//! [`GroupMetrics`] class by class, then written in one pass in id order.

use rusqlite::{params, Connection};

use crate::error::{Error, Result};
use crate::packed::PackedMetrics;
use crate::rows::MetricNumbers;
use crate::upgrade_progress::UpgradeProgress;

/// What the engine computes for a migration to schema 3, given the codes of
/// a class's groups (the schema knows no engine; the builder supplies it).
pub trait GroupMetrics {
    /// For each group (entry `g` is group_num `g`, its codes as numbers in
    /// group_index order), each layout's fewest steps to a solved layout
    /// (-1 when none: checked against the stored `min_solution_step`) and
    /// its [`MetricNumbers`], in the same order. An error is one line.
    #[allow(clippy::type_complexity)]
    fn class_metrics(
        &self,
        groups: &[Vec<u64>],
    ) -> std::result::Result<Vec<Vec<(i32, MetricNumbers)>>, String>;
}

/// One class's layouts as the file holds them, by group then group_index.
struct ClassLayouts {
    /// Per group: the ids.
    ids: Vec<Vec<u32>>,
    /// Per group: the codes as numbers.
    codes: Vec<Vec<u64>>,
    /// Per group: the stored min_solution_step.
    steps: Vec<Vec<i32>>,
}

/// Computes and writes every layout's metric columns.
pub(crate) fn fill_metrics(
    conn: &Connection,
    metrics: &dyn GroupMetrics,
    progress: &mut dyn UpgradeProgress,
) -> Result<()> {
    let classes: Vec<[u32; 3]> = conn
        .prepare("SELECT jiang, bing, style FROM layout_class ORDER BY jiang, bing, style")?
        .query_map([], |row| Ok([row.get(0)?, row.get(1)?, row.get(2)?]))?
        .collect::<rusqlite::Result<_>>()?;
    let n_layouts: i64 = conn.query_row("SELECT count(*) FROM layout", [], |row| row.get(0))?;
    progress.computing(n_layouts.unsigned_abs());
    // Every class first, then one pass in id order: a class's rows are
    // spread over the whole table.
    // Packed as a build holds them: 24 bytes a layout instead of 40.
    let mut computed: Vec<(u32, PackedMetrics)> = Vec::with_capacity(n_layouts as usize);
    for class in classes {
        let layouts = read_class(conn, class)?;
        let found = metrics.class_metrics(&layouts.codes).map_err(|error| {
            Error::migration(format!(
                "computing class {}-{}-{}: {error}",
                class[0], class[1], class[2]
            ))
        })?;
        for (group_num, ((ids, steps), found)) in layouts
            .ids
            .iter()
            .zip(&layouts.steps)
            .zip(found)
            .enumerate()
        {
            if found.len() != ids.len() {
                return Err(Error::inconsistent(format!(
                    "group {}-{}-{}-{group_num} has {} layouts but {} were computed",
                    class[0],
                    class[1],
                    class[2],
                    ids.len(),
                    found.len()
                )));
            }
            for ((&id, &stored), (step, numbers)) in ids.iter().zip(steps).zip(found) {
                if step != stored {
                    return Err(Error::inconsistent(format!(
                        "layout id {id} has min_solution_step {stored} but the engine finds {step}"
                    )));
                }
                computed.push((id, PackedMetrics::pack(&numbers)?));
            }
            progress.read(ids.len() as u64);
        }
    }
    computed.sort_unstable_by_key(|&(id, _)| id);
    let mut update = conn.prepare(
        "UPDATE layout SET min_straight_moves = ?2, min_cell_moves = ?3, \
         n_min_step_sequences = ?4, n_min_straight_sequences = ?5, n_min_cell_sequences = ?6 \
         WHERE id = ?1",
    )?;
    for (id, packed) in computed {
        let m = packed.unpack();
        update.execute(params![
            id,
            m.min_straight_moves,
            m.min_cell_moves,
            m.n_min_step_sequences,
            m.n_min_straight_sequences,
            m.n_min_cell_sequences
        ])?;
    }
    let n_missing: i64 = conn.query_row(
        "SELECT count(*) FROM layout WHERE n_min_cell_sequences IS NULL",
        [],
        |row| row.get(0),
    )?;
    if n_missing > 0 {
        return Err(Error::inconsistent(format!(
            "{n_missing} layouts are in no class of layout_class"
        )));
    }
    Ok(())
}

/// The layouts of one class, by group_num then group_index, which must run
/// from 0 without a gap.
fn read_class(conn: &Connection, [jiang, bing, style]: [u32; 3]) -> Result<ClassLayouts> {
    let mut select = conn.prepare_cached(
        "SELECT id, code, group_num, group_index, min_solution_step FROM layout \
         WHERE jiang = ?1 AND bing = ?2 AND style = ?3 ORDER BY group_num, group_index",
    )?;
    let mut rows = select.query(params![jiang, bing, style])?;
    let mut layouts = ClassLayouts {
        ids: Vec::new(),
        codes: Vec::new(),
        steps: Vec::new(),
    };
    while let Some(row) = rows.next()? {
        let (id, code, group_num, group_index): (u32, String, u32, u32) =
            (row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?);
        if group_num as usize == layouts.ids.len() && group_index == 0 {
            layouts.ids.push(Vec::new());
            layouts.codes.push(Vec::new());
            layouts.steps.push(Vec::new());
        }
        let last = layouts.ids.len().checked_sub(1);
        if last != Some(group_num as usize)
            || layouts.ids[group_num as usize].len() != group_index as usize
        {
            return Err(Error::inconsistent(format!(
                "layout {code} is number {group_index} of group {jiang}-{bing}-{style}-{group_num}, \
                 out of order"
            )));
        }
        let value = u64::from_str_radix(&code, 16)
            .map_err(|_| Error::inconsistent(format!("layout id {id} has code '{code}'")))?;
        layouts.ids[group_num as usize].push(id);
        layouts.codes[group_num as usize].push(value);
        layouts.steps[group_num as usize].push(row.get(4)?);
    }
    Ok(layouts)
}
