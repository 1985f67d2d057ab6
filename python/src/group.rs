//! `Group`: a layout's group, its layouts and the table of their numbers.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use edge::numbers::metrics_of_graph;
use klotski::analysis::{analyse_group, GroupGraph};
use klotski::{Code, GroupName, Move, CODE_DIGITS};
use numpy::{PyArray1, PyFixedUnicode};
use pyo3::exceptions::{PyIndexError, PyRuntimeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::analysis::{number_row, NUMBER_NAMES};
use crate::background::interruptible;
use crate::layout::Layout;
use crate::names;

/// A code as NumPy's fixed-width string of 9 characters (dtype ``<U9``).
type CodeText = PyFixedUnicode<CODE_DIGITS>;

/// A group: the layouts one reaches from each other by moves, in ascending
/// code order (a layout's position is its ``group_index``).
///
/// ``len(group)``, ``group[i]``, ``layout in group`` and iteration work as
/// for a sequence of ``Layout``. ``table()`` gives the ten numbers of every
/// layout as NumPy columns; ``to_networkx()`` the group as a graph.
#[pyclass(frozen, sequence, module = "klotski")]
pub struct Group {
    /// Ascending.
    codes: Arc<Vec<Code>>,
    name: GroupName,
}

impl Group {
    /// The group of `code`: found by a search from it (off the GIL), named
    /// by its class's groups.
    pub fn of(py: Python<'_>, code: Code) -> PyResult<Group> {
        let codes = interruptible(py, move || klotski::group_of(code))?;
        let name = names::classify(py, code)?.group;
        Ok(Group {
            codes: Arc::new(codes),
            name,
        })
    }
}

#[pymethods]
impl Group {
    /// The group's name ``jiang-bing-style-group_num``, e.g. ``'5-4-1-1'``.
    #[getter]
    fn classification(&self) -> String {
        self.name.to_string()
    }

    fn __len__(&self) -> usize {
        self.codes.len()
    }

    fn __getitem__(&self, index: isize) -> PyResult<Layout> {
        let n_layouts = self.codes.len() as isize;
        let position = if index < 0 { index + n_layouts } else { index };
        if !(0..n_layouts).contains(&position) {
            return Err(PyIndexError::new_err(format!(
                "group {} has {n_layouts} layouts: no index {index}",
                self.name
            )));
        }
        Ok(self.codes[position as usize].into())
    }

    fn __contains__(&self, layout: PyRef<'_, Layout>) -> bool {
        self.codes.binary_search(&layout.code).is_ok()
    }

    fn __iter__(&self) -> GroupIterator {
        GroupIterator {
            codes: self.codes.clone(),
            next: AtomicUsize::new(0),
        }
    }

    fn __repr__(&self) -> String {
        format!("<Group {} of {} layouts>", self.name, self.codes.len())
    }

    /// The ten numbers of every layout of the group, as a dict of
    /// equal-length NumPy arrays in ``group_index`` order: ``code``
    /// (strings), ``id``, ``group_index`` and the ten numbers (int64), so
    /// that ``pandas.DataFrame(group.table())`` is the group's rows of the
    /// database. Computed by the engine's analysis of the whole group (the
    /// builder's); the GIL is released meanwhile, and Ctrl-C stops the wait.
    fn table<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let codes = self.codes.clone();
        let columns = interruptible(py, move || Columns::compute(&codes))?
            .map_err(PyRuntimeError::new_err)?;
        columns.into_dict(py)
    }

    /// The group as a ``networkx.Graph``: a node per layout (its code),
    /// carrying the columns of ``table()``; an edge per step, carrying the
    /// move's text (``move``) from the smaller code to the larger, as
    /// ``klotski graph`` exports it. NetworkX is imported only here.
    fn to_networkx<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        slf.py()
            .import("klotski._networkx")?
            .call_method1("group_graph", (slf,))
    }

    /// The group's steps as three lists: the ``group_index`` of each
    /// step's smaller and larger code, and the move from the first to the
    /// second (its text). For ``to_networkx()``.
    fn _edges<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let codes = self.codes.clone();
        let (sources, targets, moves) = interruptible(py, move || {
            let graph = GroupGraph::build(codes.to_vec());
            let mut edges = (Vec::new(), Vec::new(), Vec::new());
            for a in 0..graph.n_nodes() as u32 {
                for &b in graph.neighbours(a).iter().filter(|&&b| b > a) {
                    let step = Move::between(&graph.code(a).layout(), &graph.code(b).layout())
                        .expect("neighbours are one step apart");
                    edges.0.push(a);
                    edges.1.push(b);
                    edges.2.push(step.to_string());
                }
            }
            edges
        })?;
        (
            PyArray1::from_vec(py, sources),
            PyArray1::from_vec(py, targets),
            PyList::new(py, moves)?,
        )
            .into_pyobject(py)
            .map(Bound::into_any)
    }
}

/// An iterator over a group's layouts, in ``group_index`` order.
#[pyclass(frozen, module = "klotski")]
pub struct GroupIterator {
    codes: Arc<Vec<Code>>,
    next: AtomicUsize,
}

#[pymethods]
impl GroupIterator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self) -> Option<Layout> {
        let position = self.next.fetch_add(1, Ordering::Relaxed);
        self.codes.get(position).map(|&code| code.into())
    }
}

/// The columns of [`Group::table`], computed off the GIL.
struct Columns {
    codes: Vec<CodeText>,
    ids: Vec<i64>,
    /// Per layout, the ten numbers in [`NUMBER_NAMES`]' order.
    numbers: [Vec<i64>; 10],
}

impl Columns {
    /// The analysis of the group of `codes` (ascending), as `build-db`
    /// computes a group's rows; an error names a count too large for
    /// int64 (none is, in the whole layout space).
    fn compute(codes: &[Code]) -> Result<Columns, String> {
        let graph = GroupGraph::build(codes.to_vec());
        let analyses = analyse_group(&graph);
        let metrics = metrics_of_graph(&graph)?;
        let ranks = names::ranks();
        let mut numbers: [Vec<i64>; 10] = Default::default();
        for column in &mut numbers {
            column.reserve_exact(codes.len());
        }
        for (a, (_, m)) in analyses.iter().zip(&metrics) {
            let row = number_row(a, m);
            for (column, value) in numbers.iter_mut().zip(row) {
                column.push(value);
            }
        }
        Ok(Columns {
            codes: codes.iter().map(|&code| code_text(code)).collect(),
            ids: codes.iter().map(|&code| ranks.id(code).into()).collect(),
            numbers,
        })
    }

    fn into_dict(self, py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
        let n_layouts = self.codes.len() as i64;
        let dict = PyDict::new(py);
        dict.set_item("code", PyArray1::from_vec(py, self.codes))?;
        dict.set_item("id", PyArray1::from_vec(py, self.ids))?;
        dict.set_item(
            "group_index",
            PyArray1::from_vec(py, (0..n_layouts).collect()),
        )?;
        for (name, column) in NUMBER_NAMES.iter().zip(self.numbers) {
            dict.set_item(name, PyArray1::from_vec(py, column))?;
        }
        Ok(dict)
    }
}

/// A code's 9 digits as NumPy's fixed-width string.
fn code_text(code: Code) -> CodeText {
    let mut text = [0; CODE_DIGITS];
    for (slot, digit) in text.iter_mut().zip(code.to_string().chars()) {
        *slot = digit.into();
    }
    PyFixedUnicode(text)
}
