//! What a text names (a code, a short code or a classification), and the
//! engine's tables kept between calls: the ids of every code, and the
//! groups of the classes asked about last.

use std::sync::{Arc, Mutex, OnceLock};

use klotski::{Class, ClassGroups, Classification, Code, CodeRanks, LayoutRef, ShortCode};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::background::interruptible;

/// How many classes' groups are kept: a notebook asks about a few classes
/// at a time, and the largest classes' groups are large (BENCHMARKS.md).
const N_CLASSES_KEPT: usize = 4;

/// Every code's id, built on first use (its cost: BENCHMARKS.md).
pub fn ranks() -> &'static CodeRanks {
    static RANKS: OnceLock<CodeRanks> = OnceLock::new();
    RANKS.get_or_init(CodeRanks::build)
}

/// The groups of `class`, from the few kept or built (off the GIL and
/// stopped by Ctrl-C).
pub fn class_groups(py: Python<'_>, class: Class) -> PyResult<Arc<ClassGroups>> {
    static KEPT: Mutex<Vec<Arc<ClassGroups>>> = Mutex::new(Vec::new());
    let kept = |kept: &mut Vec<Arc<ClassGroups>>| {
        let position = kept.iter().position(|groups| groups.class() == class)?;
        let groups = kept.remove(position);
        kept.insert(0, groups.clone());
        Some(groups)
    };
    if let Some(groups) = kept(&mut KEPT.lock().expect("never poisoned")) {
        return Ok(groups);
    }
    let groups = Arc::new(interruptible(py, move || ClassGroups::build(class))?);
    let mut list = KEPT.lock().expect("never poisoned");
    list.insert(0, groups.clone());
    list.truncate(N_CLASSES_KEPT);
    Ok(groups)
}

/// The classification of `code`.
pub fn classify(py: Python<'_>, code: Code) -> PyResult<Classification> {
    let groups = class_groups(py, code.layout().class())?;
    Ok(groups.classify(code).expect("a layout is in its own class"))
}

/// The text of a user's layout as the CLI reads it, or a `ValueError` with
/// the CLI's reason.
pub fn parse(text: &str) -> PyResult<LayoutRef> {
    text.parse::<LayoutRef>()
        .map_err(|error| PyValueError::new_err(error.to_string()))
}

/// The code of the layout `text` names; a classification is looked up in
/// its class's groups, and may name no layout (`ValueError`).
pub fn resolve(py: Python<'_>, text: &str) -> PyResult<Code> {
    Ok(match parse(text)? {
        LayoutRef::Code(code) => code,
        LayoutRef::Named(named) => named.code,
        LayoutRef::Short(short) => short_code_layout(short),
        LayoutRef::Name(name) => class_groups(py, name.group.class)?
            .named(name)
            .map_err(|error| PyValueError::new_err(error.to_string()))?,
    })
}

/// The layout a short code names.
pub fn short_code_layout(short: ShortCode) -> Code {
    ranks()
        .code(short.id())
        .expect("a short code's id is below N_LAYOUTS")
}
