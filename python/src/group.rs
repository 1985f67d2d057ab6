//! `Group`: a layout's group, its layouts and the table of their numbers;
//! and `Layout.group()`, which makes one.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use klotski::analysis::GroupGraph;
use klotski::{cancel, Code, GroupName, Move};
use numpy::PyArray1;
use pyo3::exceptions::{PyIndexError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PySlice, PyTuple};

use crate::background::interruptible;
use crate::layout::{Layout, LayoutArg};
use crate::names;
use crate::table::Columns;

/// A group: the layouts one reaches from each other by moves, in ascending
/// code order (a layout's position is its ``group_index``).
///
/// ``len(group)``, ``group[i]``, ``group[i:j]``, ``layout in group`` and
/// iteration work as for a sequence of ``Layout`` (``in`` also takes a
/// code or another text that names a layout). ``table()`` gives the ten
/// numbers of every layout as NumPy columns; ``to_networkx()`` the group as
/// a graph. Two groups are equal, and hash alike, when they are the same
/// group.
#[pyclass(frozen, eq, hash, sequence, module = "klotski")]
pub struct Group {
    /// Ascending.
    codes: Arc<Vec<Code>>,
    name: GroupName,
    /// The numbers read from a file (`Database.group`); computed by
    /// `table()` when absent.
    stored: Option<Arc<Columns>>,
}

impl PartialEq for Group {
    fn eq(&self, other: &Group) -> bool {
        self.name == other.name
    }
}

impl std::hash::Hash for Group {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name.hash(state);
    }
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
            stored: None,
        })
    }

    /// The group `name` with the numbers a file holds for it.
    pub fn stored(name: GroupName, columns: Columns) -> Group {
        Group {
            codes: Arc::new(columns.codes().to_vec()),
            name,
            stored: Some(Arc::new(columns)),
        }
    }

    /// The layout at `index` (negative from the end).
    fn at(&self, index: isize) -> PyResult<Layout> {
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
}

#[pymethods]
impl Layout {
    /// The layout's group: every layout one reaches from it by moves.
    fn group(&self, py: Python<'_>) -> PyResult<Group> {
        Group::of(py, self.code)
    }
}

#[pymethods]
impl Group {
    /// The group's name ``jiang-bing-style-group_num``, e.g. ``'5-4-1-1'``.
    #[getter]
    fn classification(&self) -> String {
        self.name.to_string()
    }

    /// The number of two-cell pieces of its layouts.
    #[getter]
    fn jiang(&self) -> u8 {
        self.name.class.jiang
    }

    /// The number of 1x1 pieces of its layouts.
    #[getter]
    fn bing(&self) -> u8 {
        self.name.class.bing
    }

    /// The number of 2x1 pieces of its layouts.
    #[getter]
    fn style(&self) -> u8 {
        self.name.class.style
    }

    /// Its number in its class, largest group first.
    #[getter]
    fn group_num(&self) -> u32 {
        self.name.group_num
    }

    fn __len__(&self) -> usize {
        self.codes.len()
    }

    fn __getitem__<'py>(&self, index: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let py = index.py();
        if let Ok(slice) = index.cast::<PySlice>() {
            let range = slice.indices(self.codes.len() as isize)?;
            let layouts: Vec<Layout> = (0..range.slicelength)
                .map(|i| self.codes[(range.start + i as isize * range.step) as usize].into())
                .collect();
            return Ok(PyList::new(py, layouts)?.into_any());
        }
        let Ok(index) = index.extract::<isize>() else {
            return Err(PyTypeError::new_err(format!(
                "a group's layouts are indexed by integers or slices, not {}",
                index.get_type().name()?
            )));
        };
        Ok(Bound::new(py, self.at(index)?)?.into_any())
    }

    /// Whether ``layout`` (a ``Layout`` or a text naming one) is in the
    /// group: ``False`` for anything else, a text that names no layout too.
    fn __contains__(&self, py: Python<'_>, layout: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(layout) = layout.extract::<LayoutArg>() else {
            return Ok(false);
        };
        match layout.code(py) {
            Ok(code) => Ok(self.codes.binary_search(&code).is_ok()),
            Err(error) if error.is_instance_of::<PyValueError>(py) => Ok(false),
            Err(error) => Err(error),
        }
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

    /// Pickled as its smallest layout's group.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let group = Bound::new(py, Layout::from(self.codes[0]))?.getattr("group")?;
        (group, ()).into_pyobject(py)
    }

    /// The ten numbers of every layout of the group, as a dict of
    /// equal-length NumPy arrays in ``group_index`` order: ``code``
    /// (strings), ``id``, ``group_index`` and the ten numbers (int64), so
    /// that ``pandas.DataFrame(group.table())`` is the group's rows of the
    /// database. A group from ``Database.group()`` reads them from the
    /// file; another is analysed by the engine (the builder's analysis of
    /// the whole group), with the GIL released and Ctrl-C stopping it.
    fn table<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        if let Some(stored) = &self.stored {
            return Columns::clone(stored).into_dict(py);
        }
        let codes = self.codes.clone();
        let columns = interruptible(py, move || Columns::compute(&codes))?
            .map_err(PyRuntimeError::new_err)?;
        columns.into_dict(py)
    }

    /// The group as a ``networkx.Graph``: a node per layout (its code),
    /// carrying the columns of ``table()``; an edge per step, carrying
    /// ``moves``, the step's text from each end: ``graph.edges[a, b]
    /// ["moves"][a]`` is the move that plays from ``a`` to ``b``.
    /// NetworkX is imported only here.
    fn to_networkx<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        slf.py()
            .import("klotski._networkx")?
            .call_method1("group_graph", (slf,))
    }

    /// The group's steps as four lists: the ``group_index`` of each
    /// step's smaller and larger code, the move from the first to the
    /// second and the move back (their texts). For ``to_networkx()``.
    fn _edges<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let codes = self.codes.clone();
        let edges = interruptible(py, move || {
            let graph = GroupGraph::build(codes.to_vec());
            let mut edges = Edges::default();
            for a in 0..graph.n_nodes() as u32 {
                cancel::checkpoint_every(a as usize);
                for &b in graph.neighbours(a).iter().filter(|&&b| b > a) {
                    let (from_a, from_b) = (graph.code(a).layout(), graph.code(b).layout());
                    edges.smaller.push(a);
                    edges.larger.push(b);
                    edges.forward.push(step_text(&from_a, &from_b));
                    edges.back.push(step_text(&from_b, &from_a));
                }
            }
            edges
        })?;
        (
            PyArray1::from_vec(py, edges.smaller),
            PyArray1::from_vec(py, edges.larger),
            PyList::new(py, edges.forward)?,
            PyList::new(py, edges.back)?,
        )
            .into_pyobject(py)
            .map(Bound::into_any)
    }
}

/// A group's steps, a column each (`Group._edges`).
#[derive(Default)]
struct Edges {
    /// The `group_index` of each step's smaller code.
    smaller: Vec<u32>,
    /// The `group_index` of its larger code.
    larger: Vec<u32>,
    /// The move from the smaller code to the larger.
    forward: Vec<String>,
    /// The move from the larger code back to the smaller.
    back: Vec<String>,
}

/// The text of the step from `from` to `to`, neighbours in a group.
fn step_text(from: &klotski::Layout, to: &klotski::Layout) -> String {
    let step = Move::between(from, to).expect("neighbours are one step apart");
    edge::json::MoveJson::from(&step).text
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
