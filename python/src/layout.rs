//! `Layout` and `Move`, and what a function takes as a layout (`LayoutArg`).

use edge::json::MoveJson;
use klotski::{Code, Metric, ShortCode};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

use crate::analysis::Analysis;
use crate::arguments::{named, MetricArg};
use crate::names;

/// A legal layout of the 4x5 board.
///
/// ``Layout(text)`` reads a code (``'1A9BF0C00'``, or ``'1a9bf0c'`` without
/// its trailing zeros), a short code (``'4WVE1'``), a classification
/// ``J-B-S-G-I`` (``'5-4-1-1-7472'``) or the name of a classic layout
/// (``'横刀立马'``, ``'hengdaolima'``, ``'守口如瓶 2'``); a text that names
/// no layout raises ``ValueError`` with the reason the CLI gives (a part of
/// several names lists them, an unknown name the nearest).
/// ``Layout(layout)`` is the layout itself; ``Layout.from_board(text)``
/// reads a drawn board.
///
/// Layouts are equal, and hash alike, when their codes are, and order by
/// id (which is code order). ``str()`` draws the board with column letters
/// a-d and row numbers 1-5, the names moves use, under the layout's first
/// name when it has one; ``repr()`` names it beside the code. In Jupyter a
/// layout shows as a picture of its board.
#[pyclass(frozen, eq, ord, hash, module = "klotski")]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
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
    fn new(py: Python<'_>, layout: LayoutArg) -> PyResult<Layout> {
        layout.code(py).map(Layout::from)
    }

    /// The layout a board drawn as text shows: the five rows ``str()``
    /// prints (with or without the column letters and row numbers), or
    /// the five strings of ``board`` joined by newlines. ``ValueError``
    /// says what is wrong with another text.
    #[staticmethod]
    fn from_board(text: &Bound<'_, PyAny>) -> PyResult<Layout> {
        let text: String = named(text, "text", "a board as str(layout) draws it")?;
        klotski::Layout::from_board(without_name_line(&text))
            .map(Layout::from)
            .map_err(|error| PyValueError::new_err(error.to_string()))
    }

    /// The code: 9 hex digits, e.g. ``'1A9BF0C00'``.
    #[getter]
    fn code(&self) -> String {
        self.code.to_string()
    }

    /// The layout's names as classic layouts (关卡), a dict each (keys as
    /// in ``named_layouts()``, without the layout's own): empty for most
    /// layouts.
    #[getter]
    fn names<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        crate::named::names_of(py, self.code)
    }

    /// The first of ``names`` as shown (``'横刀立马'``), or ``None``.
    #[getter]
    fn name(&self) -> Option<String> {
        first_name(self.code)
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
    /// ``'5-4-1-1-7472'`` (the first call for a class finds its class's
    /// groups, as ``klotski info`` does; later calls look them up).
    #[getter]
    fn classification(&self, py: Python<'_>) -> PyResult<String> {
        Ok(names::classify(py, self.code)?.to_string())
    }

    /// The number of two-cell pieces (2x1 and 1x2): the classification's
    /// first number.
    #[getter]
    fn jiang(&self) -> u32 {
        self.code.layout().class().jiang.into()
    }

    /// The number of 1x1 pieces: the classification's second number.
    #[getter]
    fn bing(&self) -> u32 {
        self.code.layout().class().bing.into()
    }

    /// The number of 2x1 (horizontal) pieces: the classification's third
    /// number.
    #[getter]
    fn style(&self) -> u32 {
        self.code.layout().class().style.into()
    }

    /// The group's number in its class, largest group first: the
    /// classification's fourth number (found as ``classification`` is).
    #[getter]
    fn group_num(&self, py: Python<'_>) -> PyResult<u32> {
        Ok(names::classify(py, self.code)?.group.group_num)
    }

    /// The layout's position in its group, in code order: the
    /// classification's fifth number (found as ``classification`` is).
    #[getter]
    fn group_index(&self, py: Python<'_>) -> PyResult<u32> {
        Ok(names::classify(py, self.code)?.group_index)
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

    /// The layout mirrored left to right (itself when symmetric).
    fn mirror(&self) -> Layout {
        self.code.layout().mirror_left_right().code().into()
    }

    /// Every move from this layout in ``metric``: ``'step'`` (one piece
    /// anywhere it can slide, turns allowed), ``'straight'`` (any distance
    /// in one direction) or ``'cell'`` (one cell).
    #[pyo3(signature = (metric = MetricArg::STEP), text_signature = "($self, metric='step')")]
    fn moves(&self, metric: MetricArg) -> Vec<Move> {
        self.moves_in(metric.0)
    }

    /// The layout after the move ``text``, written as ``Move.text`` writes
    /// it (any step from this layout). ``ValueError`` lists this layout's
    /// steps when ``text`` is none of them.
    fn apply(&self, text: &Bound<'_, PyAny>) -> PyResult<Layout> {
        Ok(self._move(text)?.layout)
    }

    /// The ``Move`` that ``apply(text)`` makes (a pickled move's maker).
    fn _move(&self, text: &Bound<'_, PyAny>) -> PyResult<Move> {
        let text: String = named(
            text,
            "text",
            "a move's text such as '1x1 b4-b5' (Move.text)",
        )?;
        let wanted = normalised(&text);
        let mut steps = self.moves_in(Metric::Step);
        if let Some(at) = steps
            .iter()
            .position(|step| normalised(&step.step.text) == wanted)
        {
            return Ok(steps.swap_remove(at));
        }
        let texts: Vec<&str> = steps.iter().map(|step| step.step.text.as_str()).collect();
        Err(PyValueError::new_err(format!(
            "'{text}' is no step from {}: its steps are {}",
            self.code,
            texts.join(", ")
        )))
    }

    /// The ten numbers of this layout, computed by searches over its group
    /// (as ``klotski analyse`` does); the GIL is released meanwhile, and
    /// Ctrl-C stops the work.
    fn analyse(&self, py: Python<'_>) -> PyResult<Analysis> {
        Analysis::search(py, self.code)
    }

    fn __str__(&self) -> String {
        let board = self.code.layout().labelled_board(0);
        match first_name(self.code) {
            Some(name) => format!("{name}\n{}", board.trim_end()),
            None => board.trim_end().to_owned(),
        }
    }

    fn __repr__(&self) -> String {
        match first_name(self.code) {
            Some(name) => format!("Layout('{}')  # {name}", self.code),
            None => format!("Layout('{}')", self.code),
        }
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

impl Layout {
    /// The moves from this layout in `metric`.
    pub fn moves_in(&self, metric: Metric) -> Vec<Move> {
        self.code
            .layout()
            .moves_in(metric)
            .iter()
            .map(|step| Move::new(self.code, MoveJson::from(step)))
            .collect()
    }
}

/// The first name of `code` as shown, if it has one.
fn first_name(code: Code) -> Option<String> {
    klotski::names_of(code)
        .first()
        .map(|named| named.display_name())
}

/// A drawn board without the name line ``str()`` writes above a named
/// layout's board.
fn without_name_line(text: &str) -> &str {
    let text = text.trim_start();
    match text.split_once('\n') {
        Some((first, rest))
            if klotski::named_layouts()
                .iter()
                .any(|named| named.display_name() == first.trim()) =>
        {
            rest
        }
        _ => text,
    }
}

/// A move's text as compared: lower case, spaces collapsed.
fn normalised(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// One move: which piece goes where, and the layout it gives, in the shape
/// the CLI's ``--json`` and the API write it.
///
/// Moves are equal, and hash alike, when they leave the same layout by
/// the same step.
#[pyclass(frozen, eq, hash, module = "klotski")]
#[derive(Clone, PartialEq, Eq)]
pub struct Move {
    /// The layout the move is made from.
    before: Code,
    /// The shared shape of a move (`edge`): one source for its fields.
    step: MoveJson,
    /// The layout after the move (`step.code`, parsed once).
    layout: Layout,
}

impl std::hash::Hash for Move {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.before, &self.step.text).hash(state);
    }
}

impl Move {
    /// The move `step` from `before`.
    fn new(before: Code, step: MoveJson) -> Move {
        let layout = step
            .code
            .parse::<Code>()
            .expect("the engine writes legal codes")
            .into();
        Move {
            before,
            step,
            layout,
        }
    }
}

#[pymethods]
impl Move {
    /// The piece, width x height: ``'2x2'`` (the block), ``'2x1'``,
    /// ``'1x2'`` or ``'1x1'``.
    #[getter]
    fn piece(&self) -> &'static str {
        self.step.piece
    }

    /// The piece's top-left cell before the move, e.g. ``'b4'`` (columns
    /// a-d left to right, rows 1-5 top to bottom).
    #[getter(from_cell)]
    fn start_cell(&self) -> &str {
        &self.step.from
    }

    /// Its top-left cell after the move.
    #[getter]
    fn to_cell(&self) -> &str {
        &self.step.to
    }

    /// ``'up'``, ``'down'``, ``'left'`` or ``'right'`` when the piece
    /// slides in one straight line; ``None`` when it turns on its way.
    #[getter]
    fn direction(&self) -> Option<&'static str> {
        self.step.direction
    }

    /// How many cells it slides, with ``direction``; ``None`` otherwise.
    #[getter]
    fn distance(&self) -> Option<u32> {
        self.step.distance
    }

    /// The move as the CLI prints it; ``Layout.apply()`` reads it back.
    #[getter]
    fn text(&self) -> &str {
        &self.step.text
    }

    /// The layout after the move.
    #[getter]
    fn layout(&self) -> Layout {
        self.layout
    }

    fn __str__(&self) -> &str {
        &self.step.text
    }

    fn __repr__(&self) -> String {
        format!("<Move {} -> {}>", self.step.text, self.step.code)
    }

    /// Pickled as the step it plays from the layout before it.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let apply = Bound::new(py, Layout::from(self.before))?.getattr("_move")?;
        (apply, (self.step.text.clone(),)).into_pyobject(py)
    }
}

/// A layout as a function takes it: a ``Layout``, or a text that names
/// one (a code, short code, classification or name, as the CLI reads
/// them).
pub enum LayoutArg {
    /// A `Layout`'s code.
    Code(Code),
    /// A text, read when its code is asked for.
    Text(String),
}

impl<'a, 'py> FromPyObject<'a, 'py> for LayoutArg {
    type Error = PyErr;

    fn extract(object: Borrowed<'a, 'py, PyAny>) -> PyResult<LayoutArg> {
        if let Ok(layout) = object.cast::<Layout>() {
            return Ok(LayoutArg::Code(layout.get().code));
        }
        if object.is_instance_of::<PyString>() {
            return Ok(LayoutArg::Text(object.extract()?));
        }
        Err(PyTypeError::new_err(format!(
            "expected a Layout or a text naming one (a code such as '1A9BF0C00', \
             a short code such as '4WVE1', a classification such as \
             '5-4-1-1-7472' or a name such as '横刀立马'), not {}",
            object.get_type().name()?
        )))
    }
}

impl LayoutArg {
    /// The code of the layout.
    pub fn code(&self, py: Python<'_>) -> PyResult<Code> {
        match self {
            LayoutArg::Code(code) => Ok(*code),
            LayoutArg::Text(text) => names::resolve(py, text),
        }
    }
}
