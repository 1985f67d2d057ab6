//! The classic named layouts (关卡) as Python sees them: a name as a dict
//! with the keys of the service's JSON (`edge::named::NameJson`), and the
//! collection, or the part a search finds, as a list of such dicts.

use edge::named::NameJson;
use klotski::{Code, NamedLayout};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use schema::NamedLayoutRow;

use crate::arguments::named;

/// The dict of one name: ``display``, ``name``, ``variant``,
/// ``name_traditional``, ``pinyin``, ``english`` and ``variants``.
pub fn name_dict<'py>(py: Python<'py>, name: &NameJson) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("display", &name.display)?;
    dict.set_item("name", name.name)?;
    dict.set_item("variant", name.variant)?;
    dict.set_item("name_traditional", name.name_traditional)?;
    dict.set_item("pinyin", name.pinyin)?;
    dict.set_item("english", name.english)?;
    dict.set_item("variants", &name.variants)?;
    Ok(dict)
}

/// The dicts of every name of `code`: none for most layouts.
pub fn names_of(py: Python<'_>, code: Code) -> PyResult<Vec<Bound<'_, PyDict>>> {
    NameJson::of(code)
        .iter()
        .map(|name| name_dict(py, name))
        .collect()
}

/// The dict of one entry of the collection: its name's keys, ``code``,
/// ``published_steps`` (``None`` when the source publishes none) and
/// ``source``.
pub fn entry_dict<'py>(
    py: Python<'py>,
    named: &'static NamedLayout,
) -> PyResult<Bound<'py, PyDict>> {
    let dict = name_dict(py, &NameJson::new(named))?;
    dict.set_item("code", named.code.to_string())?;
    dict.set_item("published_steps", named.published_steps)?;
    dict.set_item("source", named.source)?;
    Ok(dict)
}

/// The classic named layouts (关卡) of the collection compiled into the
/// package, a dict each: every entry in the collection's order (by name,
/// then variant), or, with ``query``, those whose name (simplified,
/// traditional, pinyin with or without tones and spaces, or English)
/// holds it, best match first; none when nothing does.
///
/// A dict's keys: ``display`` (the name as shown, and as ``Layout()``
/// takes it: ``'守口如瓶 2'`` for a second variant), ``name``,
/// ``variant``, ``name_traditional``, ``pinyin``, ``english``,
/// ``variants`` (the other variants' names), ``code``,
/// ``published_steps`` (the fewest steps the source publishes, or
/// ``None``) and ``source`` (the collection's address).
#[pyfunction]
#[pyo3(signature = (query = None))]
pub fn named_layouts<'py>(
    py: Python<'py>,
    query: Option<&Bound<'py, PyAny>>,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let query: Option<String> = query
        .map(|query| named(query, "query", "a part of a name, or None"))
        .transpose()?;
    let entries = match query {
        None => klotski::named_layouts().iter().collect(),
        Some(query) => klotski::search_named(&query),
    };
    entries
        .into_iter()
        .map(|named| entry_dict(py, named))
        .collect()
}

/// The collection's entry that a row of a file's table ``named_layout``
/// is; none for a row of a file built with another collection.
pub fn entry_of_row(row: &NamedLayoutRow) -> Option<&'static NamedLayout> {
    klotski::named_layouts()
        .iter()
        .find(|named| edge::named::named_row(named) == *row)
}
