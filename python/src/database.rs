//! `Database`: a built file opened read-only, through the schema's reader.

use std::path::PathBuf;
use std::sync::Mutex;

use klotski::{Code, GroupName, LayoutRef};
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyKeyError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use schema::LayoutRow;

use crate::analysis::Analysis;
use crate::names;

create_exception!(
    klotski,
    DatabaseError,
    PyException,
    "A database file that cannot be read: missing, not a Klotski database, \
     of an older schema, damaged or unfinished. The message says what to do."
);

/// A database file built by ``klotski build-db``, opened read-only.
///
/// Opening checks, as the server's start does, that the file exists, is a
/// Klotski database of the schema this package reads and is a finished
/// build; otherwise ``DatabaseError`` says why and what to run (``klotski
/// build-db``, or ``klotski migrate`` for an older schema).
#[pyclass(frozen, module = "klotski")]
pub struct Database {
    path: PathBuf,
    /// SQLite connections serve one thread at a time.
    reader: Mutex<schema::Database>,
    connection: PyOnceLock<Py<PyAny>>,
}

impl Database {
    /// The stored row of `code`, or a `KeyError` naming what the file lacks.
    fn row(&self, code: Code) -> PyResult<LayoutRow> {
        let reader = self.reader.lock().expect("never poisoned");
        reader
            .layout_by_code(&code.to_string())
            .map_err(database_error)?
            .ok_or_else(|| {
                PyKeyError::new_err(format!(
                    "{code} is not in {}: the file holds no layout of class {} \
                     (build it with `klotski build-db --classes {}`)",
                    self.path.display(),
                    code.layout().class(),
                    code.layout().class(),
                ))
            })
    }

    /// The code of the layout a classification names, from the file.
    fn named(&self, group: GroupName, group_index: u32) -> PyResult<Code> {
        let key = edge::keys::group_key(group);
        let reader = self.reader.lock().expect("never poisoned");
        let row = reader
            .layout_by_name(key, group_index)
            .map_err(database_error)?
            .ok_or_else(|| {
                PyKeyError::new_err(format!(
                    "{} holds no layout {key}-{group_index}: no such group or \
                     index, or its class was not built",
                    self.path.display()
                ))
            })?;
        Ok(row.code.parse().expect("the file holds legal codes"))
    }
}

#[pymethods]
impl Database {
    #[new]
    fn new(path: PathBuf) -> PyResult<Database> {
        let reader = schema::Database::open(&path).map_err(database_error)?;
        Ok(Database {
            path,
            reader: Mutex::new(reader),
            connection: PyOnceLock::new(),
        })
    }

    /// The file's path, as given.
    #[getter]
    fn path(&self) -> PathBuf {
        self.path.clone()
    }

    /// The stored numbers of the layout ``text`` names (a code, short code
    /// or classification): the same ``Analysis`` as ``Layout.analyse()``
    /// computes, read from the file at once. ``KeyError`` when the file
    /// lacks the layout (a partial build), ``ValueError`` when the text
    /// names no layout.
    fn case(&self, text: &str) -> PyResult<Analysis> {
        let code = match names::parse(text)? {
            LayoutRef::Code(code) => code,
            LayoutRef::Short(short) => names::short_code_layout(short),
            LayoutRef::Name(name) => self.named(name.group, name.group_index)?,
        };
        let row = self.row(code)?;
        Ok(Analysis::new(
            code,
            format!("{}-{}", row.group, row.group_index),
            &edge::numbers::analysis_of(&row.numbers),
            &row.metrics,
        ))
    }

    /// A read-only ``sqlite3.Connection`` to the file, for SQL and pandas
    /// (``pandas.read_sql(query, db.connection)``); opened on first use.
    #[getter]
    fn connection<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let connection = self.connection.get_or_try_init(py, || {
            py.import("klotski._sqlite")?
                .call_method1("read_only", (&self.path,))
                .map(Bound::unbind)
        })?;
        Ok(connection.bind(py).clone())
    }

    fn __repr__(&self) -> String {
        format!("Database('{}')", self.path.display())
    }
}

/// A schema error as Python's exception: its message names the fix.
fn database_error(error: schema::Error) -> PyErr {
    DatabaseError::new_err(error.to_string())
}
