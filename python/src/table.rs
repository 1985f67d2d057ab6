//! Tables as Python sees them: dicts of equal-length NumPy columns, so that
//! ``pandas.DataFrame(table)`` is the rows. A group's numbers ([`Columns`]),
//! computed by the engine or read from a file, and the file's summaries of
//! classes and groups.

use edge::numbers::{analysis_of, metrics_of_graph};
use klotski::analysis::{analyse_group, GroupGraph};
use klotski::{Code, CODE_DIGITS};
use numpy::{PyArray1, PyFixedUnicode};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use schema::{ClassRow, GroupRow, LayoutRow};

use crate::analysis::{number_row, NUMBER_NAMES};
use crate::names;

/// A code as NumPy's fixed-width string of 9 characters (dtype ``<U9``).
type CodeText = PyFixedUnicode<CODE_DIGITS>;

/// The columns of a group's table: every layout's code, id, group_index
/// and ten numbers, in group_index order.
#[derive(Clone)]
pub struct Columns {
    codes: Vec<Code>,
    ids: Vec<i64>,
    group_indexes: Vec<i64>,
    /// Per layout, the ten numbers in [`NUMBER_NAMES`]' order.
    numbers: [Vec<i64>; 10],
}

impl Columns {
    /// The analysis of the group of `codes` (ascending), as `build-db`
    /// computes a group's rows; an error names a count too large for
    /// int64 (none is, in the whole layout space).
    pub fn compute(codes: &[Code]) -> Result<Columns, String> {
        let graph = GroupGraph::build(codes.to_vec());
        let analyses = analyse_group(&graph);
        let metrics = metrics_of_graph(&graph)?;
        let ranks = names::ranks();
        let mut columns = Columns::with_capacity(codes.len());
        for (node, (a, (_, m))) in analyses.iter().zip(&metrics).enumerate() {
            let code = codes[node];
            columns.push(code, ranks.id(code).into(), node as i64, number_row(a, m));
        }
        Ok(columns)
    }

    /// The columns of a group's rows as a file holds them, or the first
    /// code that is not one (a damaged file).
    pub fn from_rows(rows: &[LayoutRow]) -> Result<Columns, String> {
        let mut columns = Columns::with_capacity(rows.len());
        for row in rows {
            let code = row
                .code
                .parse()
                .map_err(|error| format!("the stored code '{}' is not legal: {error}", row.code))?;
            let numbers = number_row(&analysis_of(&row.numbers), &row.metrics);
            columns.push(code, row.id.into(), row.group_index.into(), numbers);
        }
        Ok(columns)
    }

    /// The codes, in group_index order.
    pub fn codes(&self) -> &[Code] {
        &self.codes
    }

    fn with_capacity(n_layouts: usize) -> Columns {
        Columns {
            codes: Vec::with_capacity(n_layouts),
            ids: Vec::with_capacity(n_layouts),
            group_indexes: Vec::with_capacity(n_layouts),
            numbers: std::array::from_fn(|_| Vec::with_capacity(n_layouts)),
        }
    }

    fn push(&mut self, code: Code, id: i64, group_index: i64, numbers: [i64; 10]) {
        self.codes.push(code);
        self.ids.push(id);
        self.group_indexes.push(group_index);
        for (column, value) in self.numbers.iter_mut().zip(numbers) {
            column.push(value);
        }
    }

    /// The dict of ``Group.table()``.
    pub fn into_dict(self, py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
        let dict = PyDict::new(py);
        let codes: Vec<CodeText> = self.codes.iter().map(|&code| code_text(code)).collect();
        dict.set_item("code", PyArray1::from_vec(py, codes))?;
        dict.set_item("id", PyArray1::from_vec(py, self.ids))?;
        dict.set_item("group_index", PyArray1::from_vec(py, self.group_indexes))?;
        for (name, column) in NUMBER_NAMES.iter().zip(self.numbers) {
            dict.set_item(name, PyArray1::from_vec(py, column))?;
        }
        Ok(dict)
    }
}

/// The table of ``Database.classes()``: a row per class.
pub fn class_table<'py>(py: Python<'py>, rows: &[ClassRow]) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    let int = |name: &str, value: fn(&ClassRow) -> i64| {
        dict.set_item(name, PyArray1::from_iter(py, rows.iter().map(value)))
    };
    int("jiang", |row| row.jiang.into())?;
    int("bing", |row| row.bing.into())?;
    int("style", |row| row.style.into())?;
    int("n_layouts", |row| row.n_layouts.into())?;
    int("n_groups", |row| row.n_groups.into())?;
    int("n_solvable_groups", |row| row.n_solvable_groups.into())?;
    int("n_solved", |row| row.n_solved.into())?;
    int("largest_group_size", |row| row.largest_group_size.into())?;
    int("diameter", |row| row.diameter.into())?;
    int("max_min_solution_step", |row| {
        row.max_min_solution_step.into()
    })?;
    let hardest = rows.iter().map(|row| text_of(&row.max_min_solution_code));
    dict.set_item("max_min_solution_code", PyArray1::from_iter(py, hardest))?;
    Ok(dict)
}

/// The table of ``Database.groups()``: a row per group.
pub fn group_table<'py>(py: Python<'py>, rows: &[GroupRow]) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    let int = |name: &str, value: fn(&GroupRow) -> i64| {
        dict.set_item(name, PyArray1::from_iter(py, rows.iter().map(value)))
    };
    int("jiang", |row| row.key.jiang.into())?;
    int("bing", |row| row.key.bing.into())?;
    int("style", |row| row.key.style.into())?;
    int("group_num", |row| row.key.group_num.into())?;
    int("size", |row| row.size.into())?;
    int("diameter", |row| row.diameter.into())?;
    int("n_solved", |row| row.n_solved.into())?;
    int("max_min_solution_step", |row| {
        row.max_min_solution_step.into()
    })?;
    int("mirror_group_num", |row| row.mirror_group_num.into())?;
    let smallest = rows
        .iter()
        .map(|row| text_of(&Some(row.smallest_code.clone())));
    dict.set_item("smallest_code", PyArray1::from_iter(py, smallest))?;
    let hardest = rows.iter().map(|row| text_of(&row.max_min_solution_code));
    dict.set_item("max_min_solution_code", PyArray1::from_iter(py, hardest))?;
    Ok(dict)
}

/// A stored code as NumPy's fixed-width string; ``''`` for none.
fn text_of(code: &Option<String>) -> CodeText {
    let mut text = [0; CODE_DIGITS];
    for (slot, digit) in text
        .iter_mut()
        .zip(code.iter().flat_map(|code| code.chars()))
    {
        *slot = digit.into();
    }
    PyFixedUnicode(text)
}

/// A code's 9 digits as NumPy's fixed-width string.
fn code_text(code: Code) -> CodeText {
    text_of(&Some(code.to_string()))
}
