//! The searches between layouts: `solve` and `path`.

use klotski::paths;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::arguments::MetricArg;
use crate::background::interruptible;
use crate::layout::{Layout, LayoutArg};

/// A minimum solution: the layouts from ``layout`` to a solved layout, the
/// fewest moves of ``metric`` (``'step'``, ``'straight'`` or ``'cell'``)
/// apart, both ends included. ``ValueError`` when the group has no solved
/// layout. The GIL is released while the group is searched, and Ctrl-C
/// stops the search.
#[pyfunction]
#[pyo3(signature = (layout, metric = MetricArg::STEP), text_signature = "(layout, metric='step')")]
pub fn solve(py: Python<'_>, layout: LayoutArg, metric: MetricArg) -> PyResult<Vec<Layout>> {
    let (code, metric) = (layout.code(py)?, metric.0);
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
/// Ctrl-C stops the search.
#[pyfunction]
#[pyo3(signature = (a, b, metric = MetricArg::STEP), text_signature = "(a, b, metric='step')")]
pub fn path(
    py: Python<'_>,
    a: LayoutArg,
    b: LayoutArg,
    metric: MetricArg,
) -> PyResult<Vec<Layout>> {
    let (from, to, metric) = (a.code(py)?, b.code(py)?, metric.0);
    let path = interruptible(py, move || paths::path_between_in(from, to, metric))?
        .map_err(|error| PyValueError::new_err(error.to_string()))?;
    Ok(path.into_iter().map(Layout::from).collect())
}
