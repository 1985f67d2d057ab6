//! `Layout` and `Move`, and the searches between layouts: `solve`, `path`.

use klotski::{paths, Code, Metric, ShortCode};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::analysis::Analysis;
use crate::background::interruptible;
use crate::group::Group;
use crate::names;

/// A legal layout of the 4x5 board.
///
/// ``Layout(text)`` reads a code (``'1A9BF0C00'``, or ``'1a9bf0c'`` without
/// its trailing zeros), a short code (``'4WVE1'``) or a classification
/// ``J-B-S-G-I`` (``'5-4-1-1-7472'``); a text that names no layout raises
/// ``ValueError`` with the reason the CLI gives.
///
/// Layouts are equal, and hash alike, when their codes are. ``str()`` draws
/// the board with column letters a-d and row numbers 1-5, the names moves
/// use; in Jupyter a layout shows as a picture of its board.
#[pyclass(frozen, eq, hash, module = "klotski")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Layout {
    pub(crate) code: Code,
}

impl From<Code> for Layout {
    fn from(code: Code) -> Layout {
        Layout { code }
    }
}

#[pymethods]
impl Layout {
    #[new]
    fn new(py: Python<'_>, text: &str) -> PyResult<Layout> {
        names::resolve(py, text).map(Layout::from)
    }

    /// The code: 9 hex digits, e.g. ``'1A9BF0C00'``.
    #[getter]
    fn code(&self) -> String {
        self.code.to_string()
    }

    /// The short code: the id in 5 characters, e.g. ``'4WVE1'``.
    #[getter]
    fn short_code(&self) -> String {
        ShortCode::from_id(self.id())
            .expect("ids are below N_LAYOUTS")
            .to_string()
    }

    /// The id: the rank of the code among all 29,334,498 legal codes.
    #[getter]
    fn id(&self) -> u32 {
        names::ranks().id(self.code)
    }

    /// The unique name ``jiang-bing-style-group_num-group_index``, e.g.
    /// ``'5-4-1-1-7472'`` (the first call for a class finds its groups: up
    /// to a few seconds).
    #[getter]
    fn classification(&self, py: Python<'_>) -> PyResult<String> {
        Ok(names::classify(py, self.code)?.to_string())
    }

    /// Whether the 2x2 block is at the exit (b4-c5).
    #[getter]
    fn is_solved(&self) -> bool {
        self.code.is_solved()
    }

    /// The board as five strings of four characters, top row first, as the
    /// API answers it: ``##`` the 2x2 block, ``<>`` a 2x1 piece, ``^`` over
    /// ``v`` a 1x2 piece, ``o`` a 1x1 piece, ``.`` an empty cell.
    #[getter]
    fn board(&self) -> Vec<String> {
        self.code.layout().rows()
    }

    /// Every move from this layout in ``metric``: ``'step'`` (one piece
    /// anywhere it can slide, turns allowed), ``'straight'`` (any distance
    /// in one direction) or ``'cell'`` (one cell).
    #[pyo3(signature = (metric = "step"))]
    fn moves(&self, metric: &str) -> PyResult<Vec<Move>> {
        let metric = parse_metric(metric)?;
        Ok(self
            .code
            .layout()
            .moves_in(metric)
            .iter()
            .map(Move::from)
            .collect())
    }

    /// The ten numbers of this layout, computed by searches over its group
    /// (as ``klotski analyse`` does); the GIL is released meanwhile, and
    /// Ctrl-C stops the wait.
    fn analyse(&self, py: Python<'_>) -> PyResult<Analysis> {
        Analysis::search(py, self.code)
    }

    /// The layout's group: every layout one reaches from it by moves.
    fn group(&self, py: Python<'_>) -> PyResult<Group> {
        Group::of(py, self.code)
    }

    fn __str__(&self) -> String {
        self.code.layout().labelled_board(0)
    }

    fn __repr__(&self) -> String {
        format!("Layout('{}')", self.code)
    }

    /// The board as an SVG picture (Jupyter shows it).
    fn _repr_svg_(&self) -> String {
        crate::svg::board(&self.code.layout())
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let class = py.get_type::<Layout>();
        (class, (self.code.to_string(),)).into_pyobject(py)
    }
}

/// One move: which piece goes where, and the layout it gives, as the CLI's
/// ``--json`` and the API write it.
#[pyclass(frozen, eq, get_all, module = "klotski")]
#[derive(Clone, PartialEq, Eq)]
pub struct Move {
    /// The piece, width x height: ``'2x2'`` (the block), ``'2x1'``,
    /// ``'1x2'`` or ``'1x1'``.
    piece: &'static str,
    /// The piece's top-left cell before the move, e.g. ``'b4'`` (columns
    /// a-d left to right, rows 1-5 top to bottom).
    from_cell: String,
    /// Its top-left cell after the move.
    to_cell: String,
    /// ``'up'``, ``'down'``, ``'left'`` or ``'right'`` when the piece slides
    /// in one straight line; ``None`` when it turns on its way.
    direction: Option<&'static str>,
    /// How many cells it slides, with ``direction``; ``None`` otherwise.
    distance: Option<u32>,
    /// The move as the CLI prints it, from cell to cell by the piece's
    /// top-left cell: ``'1x1 b4-b5'`` (a slide), ``'1x1 a5-b4'`` (a turn).
    text: String,
    /// The layout after the move.
    layout: Layout,
}

impl From<&klotski::Move> for Move {
    fn from(step: &klotski::Move) -> Move {
        Move {
            piece: step.piece().shape(),
            from_cell: step.from().to_string(),
            to_cell: step.to().to_string(),
            direction: step.slide().map(|slide| slide.direction.name()),
            distance: step.slide().map(|slide| slide.distance),
            text: step.to_string(),
            layout: step.after().code().into(),
        }
    }
}

#[pymethods]
impl Move {
    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("<Move {} -> {}>", self.text, self.layout.code)
    }
}

/// A layout given as a ``Layout`` or as a text that names one.
#[derive(FromPyObject)]
pub enum LayoutArg<'py> {
    /// A `Layout`.
    Layout(PyRef<'py, Layout>),
    /// A code, short code or classification.
    Text(String),
}

impl LayoutArg<'_> {
    /// The code of the layout.
    pub fn code(&self, py: Python<'_>) -> PyResult<Code> {
        match self {
            LayoutArg::Layout(layout) => Ok(layout.code),
            LayoutArg::Text(text) => names::resolve(py, text),
        }
    }
}

/// The metric a text names, or a `ValueError` naming the three.
pub fn parse_metric(text: &str) -> PyResult<Metric> {
    text.parse()
        .map_err(|error: klotski::MetricError| PyValueError::new_err(error.to_string()))
}

/// A minimum solution: the layouts from ``layout`` to a solved layout, the
/// fewest moves of ``metric`` (``'step'``, ``'straight'`` or ``'cell'``)
/// apart, both ends included. ``ValueError`` when the group has no solved
/// layout. The GIL is released while the group is searched, and Ctrl-C
/// stops the wait.
#[pyfunction]
#[pyo3(signature = (layout, metric = "step"))]
pub fn solve(py: Python<'_>, layout: LayoutArg<'_>, metric: &str) -> PyResult<Vec<Layout>> {
    let (code, metric) = (layout.code(py)?, parse_metric(metric)?);
    let solution = interruptible(py, move || paths::solve_in(code, metric))?.ok_or_else(|| {
        PyValueError::new_err(format!(
            "{code} cannot be solved: its group has no solved layout"
        ))
    })?;
    Ok(solution.into_iter().map(Layout::from).collect())
}

/// A shortest path: the layouts from ``a`` to ``b``, the fewest moves of
/// ``metric`` apart, both ends included. ``ValueError`` when they are in
/// different groups. The GIL is released while the group is searched, and
/// Ctrl-C stops the wait.
#[pyfunction]
#[pyo3(signature = (a, b, metric = "step"))]
pub fn path(
    py: Python<'_>,
    a: LayoutArg<'_>,
    b: LayoutArg<'_>,
    metric: &str,
) -> PyResult<Vec<Layout>> {
    let (from, to, metric) = (a.code(py)?, b.code(py)?, parse_metric(metric)?);
    let path = interruptible(py, move || paths::path_between_in(from, to, metric))?
        .map_err(|error| PyValueError::new_err(error.to_string()))?;
    Ok(path.into_iter().map(Layout::from).collect())
}
