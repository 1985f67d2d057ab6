//! The arguments besides layouts (those are `LayoutArg`s), read so that a
//! wrong one names itself: PyO3's own message says which type it wanted
//! but names the argument only in a note of the traceback, which
//! `str(error)` leaves out.

use klotski::Metric;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

/// A repr longer than this is shown as its type's name.
const REPR_SHOWN_CHARS: usize = 40;

/// The argument `metric` of `Layout.moves()`, `solve()` and `path()`:
/// ``'step'``, ``'straight'`` or ``'cell'``.
pub struct MetricArg(pub Metric);

impl MetricArg {
    /// The default of every `metric`: ``'step'``.
    pub const STEP: MetricArg = MetricArg(Metric::Step);
}

impl<'a, 'py> FromPyObject<'a, 'py> for MetricArg {
    type Error = PyErr;

    fn extract(object: Borrowed<'a, 'py, PyAny>) -> PyResult<MetricArg> {
        let Ok(text) = object.cast::<PyString>() else {
            return Err(PyTypeError::new_err(format!(
                "argument 'metric': expected 'step', 'straight' or 'cell', got {}",
                described(&object)?
            )));
        };
        text.to_cow()?
            .parse()
            .map(MetricArg)
            .map_err(|error: klotski::MetricError| {
                PyValueError::new_err(format!("argument 'metric': {error}"))
            })
    }
}

/// `object`, the argument `name`, as a `T`; otherwise a `TypeError` that
/// names the argument and says what it takes (`expected`).
pub fn named<'py, T>(object: &Bound<'py, PyAny>, name: &str, expected: &str) -> PyResult<T>
where
    T: FromPyObjectOwned<'py>,
{
    object.extract::<T>().map_err(|_| {
        let got = described(&object.as_borrowed()).unwrap_or_else(|error| error.to_string());
        PyTypeError::new_err(format!("argument '{name}': expected {expected}, got {got}"))
    })
}

/// What an error shows of a wrong argument: its repr (`None`, `1`), or
/// its type's name when the repr is long.
fn described(object: &Borrowed<'_, '_, PyAny>) -> PyResult<String> {
    let repr = object.repr()?.to_string();
    if repr.chars().count() <= REPR_SHOWN_CHARS {
        return Ok(repr);
    }
    Ok(format!("a {}", object.get_type().name()?))
}
