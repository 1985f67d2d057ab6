//! `Analysis`: the database's ten numbers of one layout.

use edge::numbers::search_layout;
use klotski::analysis::LayoutAnalysis;
use klotski::Code;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use schema::MetricNumbers;

use crate::background::interruptible;
use crate::names;

/// The names of the ten numbers, in the database's column order.
pub const NUMBER_NAMES: [&str; 10] = [
    "farthest_step",
    "farthest_num",
    "min_solution_step",
    "min_solution_num",
    "solution_num",
    "min_straight_moves",
    "min_cell_moves",
    "n_min_step_sequences",
    "n_min_straight_sequences",
    "n_min_cell_sequences",
];

/// A layout's ten numbers, under the database's column names (exact
/// ``int``s), with its code and classification. ``Layout.analyse()``
/// computes them; ``Database.case()`` reads them from a built file. Two
/// analyses are equal, and hash alike, when every attribute is.
#[pyclass(frozen, eq, hash, module = "klotski")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Analysis {
    code: String,
    classification: String,
    /// In [`NUMBER_NAMES`]' order.
    numbers: [i64; 10],
}

/// The ten numbers of a layout in [`NUMBER_NAMES`]' order.
pub fn number_row(numbers: &LayoutAnalysis, metrics: &MetricNumbers) -> [i64; 10] {
    [
        numbers.farthest_step.into(),
        numbers.farthest_num.into(),
        numbers.min_solution_step.into(),
        numbers.min_solution_num.into(),
        numbers.solution_num.into(),
        metrics.min_straight_moves.into(),
        metrics.min_cell_moves.into(),
        metrics.n_min_step_sequences,
        metrics.n_min_straight_sequences,
        metrics.n_min_cell_sequences,
    ]
}

impl Analysis {
    /// The numbers of `code` with its classification.
    pub fn new(
        code: Code,
        classification: String,
        numbers: &LayoutAnalysis,
        metrics: &MetricNumbers,
    ) -> Analysis {
        Analysis {
            code: code.to_string(),
            classification,
            numbers: number_row(numbers, metrics),
        }
    }

    /// The numbers of `code` from searches over its group, as `klotski
    /// analyse` finds them.
    pub fn search(py: Python<'_>, code: Code) -> PyResult<Analysis> {
        let classification = names::classify(py, code)?.to_string();
        let searched =
            interruptible(py, move || search_layout(code))?.map_err(PyRuntimeError::new_err)?;
        Ok(Analysis::new(
            code,
            classification,
            &searched.report.analysis,
            &searched.metrics,
        ))
    }
}

#[pymethods]
impl Analysis {
    /// The layout's code.
    #[getter]
    fn code(&self) -> &str {
        &self.code
    }

    /// Its classification ``J-B-S-G-I``.
    #[getter]
    fn classification(&self) -> &str {
        &self.classification
    }

    /// The most steps to a layout of the group (0 when alone).
    #[getter]
    fn farthest_step(&self) -> i64 {
        self.numbers[0]
    }

    /// How many layouts are that far.
    #[getter]
    fn farthest_num(&self) -> i64 {
        self.numbers[1]
    }

    /// The fewest steps to a solved layout; -1 when the group has none.
    #[getter]
    fn min_solution_step(&self) -> i64 {
        self.numbers[2]
    }

    /// How many solved layouts are that near; 0 when none.
    #[getter]
    fn min_solution_num(&self) -> i64 {
        self.numbers[3]
    }

    /// How many solved layouts a shortest path reaches meeting no other
    /// solved layout first.
    #[getter]
    fn solution_num(&self) -> i64 {
        self.numbers[4]
    }

    /// The fewest straight moves to a solved layout; -1 when none.
    #[getter]
    fn min_straight_moves(&self) -> i64 {
        self.numbers[5]
    }

    /// The fewest cell moves to a solved layout; -1 when none.
    #[getter]
    fn min_cell_moves(&self) -> i64 {
        self.numbers[6]
    }

    /// How many minimum step sequences lead to a solved layout (1 when
    /// solved, 0 when none).
    #[getter]
    fn n_min_step_sequences(&self) -> i64 {
        self.numbers[7]
    }

    /// The same in straight moves.
    #[getter]
    fn n_min_straight_sequences(&self) -> i64 {
        self.numbers[8]
    }

    /// The same in cell moves.
    #[getter]
    fn n_min_cell_sequences(&self) -> i64 {
        self.numbers[9]
    }

    /// The code, the classification and the ten numbers as a dict, in the
    /// database's column order.
    pub fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("code", &self.code)?;
        dict.set_item("classification", &self.classification)?;
        for (name, value) in NUMBER_NAMES.iter().zip(self.numbers) {
            dict.set_item(name, value)?;
        }
        Ok(dict)
    }

    /// Pickled as its attributes.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let restore = py.get_type::<Analysis>().getattr("_restore")?;
        let state = (self.code.clone(), self.classification.clone(), self.numbers);
        (restore, state).into_pyobject(py)
    }

    /// An analysis from its pickled attributes.
    #[staticmethod]
    fn _restore(code: String, classification: String, numbers: [i64; 10]) -> Analysis {
        Analysis {
            code,
            classification,
            numbers,
        }
    }

    fn __repr__(&self) -> String {
        let numbers: Vec<String> = NUMBER_NAMES
            .iter()
            .zip(self.numbers)
            .map(|(name, value)| format!("{name}={value}"))
            .collect();
        format!(
            "Analysis(code='{}', classification='{}', {})",
            self.code,
            self.classification,
            numbers.join(", ")
        )
    }
}
