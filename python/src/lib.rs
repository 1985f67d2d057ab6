//! The Python package `klotski`'s compiled part, the module
//! `klotski._klotski`: a thin layer over the engine (`klotski`) and the
//! database's reader (`schema`), built by maturin (`pip install ./python`).
//!
//! - [`layout`]: `Layout` (a layout named by a code, short code or
//!   classification: its names, board and moves), `Move` (the shape the
//!   CLI and API share, `edge`'s), and `LayoutArg`, what a function takes
//!   as a layout.
//! - [`arguments`]: the arguments besides layouts (`metric`, texts, a
//!   path), read so that a wrong one is named in the error.
//! - [`search`]: the searches `solve` and `path`.
//! - [`analysis`]: `Analysis`, the database's ten numbers of one layout.
//! - [`group`]: `Group`, a layout's group: its layouts, and `table()`, the
//!   ten numbers of every layout as NumPy columns.
//! - [`table`]: the tables as dicts of NumPy columns: a group's numbers,
//!   the file's classes and groups.
//! - [`database`]: `Database`, a built file opened read-only.
//! - [`named`]: the classic named layouts (关卡) as dicts.
//! - [`names`]: what a text names, and the tables kept between calls.
//! - [`background`]: long work on a thread of its own, without the GIL,
//!   stopped by Ctrl-C through the engine's `Cancel`.
//! - [`svg`]: a layout's board as SVG, for Jupyter.
//!
//! `klotski/__init__.py` (beside this crate) re-exports the module's names;
//! `klotski/_klotski.pyi` types them. No test binary links this crate: it
//! is tested from Python (`python/tests/`).
#![deny(missing_docs)]

mod analysis;
mod arguments;
mod background;
mod database;
mod group;
mod layout;
mod named;
mod names;
mod search;
mod svg;
mod table;

use pyo3::prelude::*;

/// The compiled module. Its version is the workspace's.
#[pymodule]
fn _klotski(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    module.add_class::<layout::Layout>()?;
    module.add_class::<layout::Move>()?;
    module.add_class::<analysis::Analysis>()?;
    module.add_class::<group::Group>()?;
    module.add_class::<group::GroupIterator>()?;
    module.add_class::<database::Database>()?;
    module.add(
        "DatabaseError",
        module.py().get_type::<database::DatabaseError>(),
    )?;
    module.add_function(wrap_pyfunction!(search::solve, module)?)?;
    module.add_function(wrap_pyfunction!(search::path, module)?)?;
    module.add_function(wrap_pyfunction!(named::named_layouts, module)?)?;
    Ok(())
}
