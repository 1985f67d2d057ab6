//! `Database`: a built file opened read-only, through the schema's reader.

use std::path::PathBuf;
use std::sync::{Mutex, PoisonError};

use klotski::{Class, Code, GroupName, LayoutRef};
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyKeyError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyDict;
use schema::{GroupFilter, GroupKey, LayoutRow, Page};

use crate::analysis::Analysis;
use crate::arguments::named;
use crate::group::Group;
use crate::layout::LayoutArg;
use crate::names;
use crate::table::{class_table, group_table, Columns};

create_exception!(
    klotski,
    DatabaseError,
    PyException,
    "A database file that cannot be read: missing, not a Klotski database, \
     of an older schema, damaged or unfinished, or closed. The message says \
     what to do."
);

/// A database file built by ``klotski build-db``, opened read-only.
///
/// Opening checks, as the server's start does, that the file exists, is a
/// Klotski database of the schema this package reads and is a finished
/// build; otherwise ``DatabaseError`` says why and what to run (``klotski
/// build-db``, or ``klotski migrate`` for an older schema).
///
/// A context manager: ``with Database(path) as db:`` closes the file at the
/// end of the block, as ``close()`` does; a closed database raises
/// ``DatabaseError``.
#[pyclass(frozen, module = "klotski")]
pub struct Database {
    path: PathBuf,
    /// SQLite connections serve one thread at a time; `None` once closed.
    reader: Mutex<Option<schema::Database>>,
    connection: PyOnceLock<Py<PyAny>>,
}

impl Database {
    /// What `read` answers from the file, the GIL released meanwhile. A
    /// damaged file is a `DatabaseError`, and leaves the reader usable.
    fn read<T: Send>(
        &self,
        py: Python<'_>,
        read: impl FnOnce(&schema::Database) -> schema::Result<T> + Send,
    ) -> PyResult<T> {
        py.detach(|| {
            // A panic while the lock was held cannot have left the reader
            // half-changed: it holds no state between calls.
            let reader = self.reader.lock().unwrap_or_else(PoisonError::into_inner);
            let reader = reader.as_ref().ok_or_else(|| {
                DatabaseError::new_err(format!("{} is closed", self.path.display()))
            })?;
            read(reader).map_err(database_error)
        })
    }

    /// The stored row of `code`, or a `KeyError` naming what the file lacks.
    fn row(&self, py: Python<'_>, code: Code) -> PyResult<LayoutRow> {
        let text = code.to_string();
        self.read(py, |reader| reader.layout_by_code(&text))?
            .ok_or_else(|| {
                let class = code.layout().class();
                PyKeyError::new_err(format!(
                    "{code} is not in {}: the file holds no layout of class {class} \
                     (build it with `klotski build-db --classes {class}`)",
                    self.path.display(),
                ))
            })
    }

    /// The code of the layout `layout` names; a classification is looked
    /// up in the file.
    fn code_of(&self, py: Python<'_>, layout: &LayoutArg) -> PyResult<Code> {
        let text = match layout {
            LayoutArg::Code(code) => return Ok(*code),
            LayoutArg::Text(text) => text,
        };
        Ok(match names::parse(text)? {
            LayoutRef::Code(code) => code,
            LayoutRef::Named(named) => named.code,
            LayoutRef::Short(short) => names::short_code_layout(short),
            LayoutRef::Name(name) => {
                let key = edge::keys::group_key(name.group);
                let row = self
                    .read(py, |reader| reader.layout_by_name(key, name.group_index))?
                    .ok_or_else(|| {
                        PyKeyError::new_err(format!(
                            "{} holds no layout {name}: no such group or index, or its \
                             class was not built",
                            self.path.display()
                        ))
                    })?;
                stored_code(&row.code)?
            }
        })
    }

    /// The group `text` names: a group name ``J-B-S-G``, or a layout's. A
    /// text of numbers joined by ``-`` that is neither four (a group) nor
    /// five (a layout's classification) is a `ValueError` asking for four.
    fn group_key(&self, py: Python<'_>, group: &LayoutArg) -> PyResult<GroupKey> {
        if let LayoutArg::Text(text) = group {
            let text = text.trim();
            match text.parse::<GroupName>() {
                Ok(name) => return Ok(edge::keys::group_key(name)),
                Err(error) if text.contains('-') && text.split('-').count() != 5 => {
                    return Err(PyValueError::new_err(format!(
                        "{error} (a group's name J-B-S-G; or a layout's classification \
                         J-B-S-G-I, code or short code for its group)"
                    )))
                }
                Err(_) => {}
            }
        }
        let code = self.code_of(py, group)?;
        Ok(self.row(py, code)?.group)
    }
}

#[pymethods]
impl Database {
    #[new]
    fn new(path: &Bound<'_, PyAny>) -> PyResult<Database> {
        let path: PathBuf = named(path, "path", "a path (a str or an os.PathLike)")?;
        let reader = schema::Database::open(&path).map_err(database_error)?;
        Ok(Database {
            path,
            reader: Mutex::new(Some(reader)),
            connection: PyOnceLock::new(),
        })
    }

    /// The file's path, as given.
    #[getter]
    fn path(&self) -> PathBuf {
        self.path.clone()
    }

    /// The stored numbers of ``layout`` (a ``Layout``, code, short code or
    /// classification): the same ``Analysis`` as ``Layout.analyse()``
    /// computes, read from the file at once. ``KeyError`` when the file
    /// lacks the layout (a partial build), ``ValueError`` when a text
    /// names no layout.
    fn case(&self, py: Python<'_>, layout: LayoutArg) -> PyResult<Analysis> {
        let code = self.code_of(py, &layout)?;
        let row = self.row(py, code)?;
        Ok(Analysis::new(
            code,
            format!("{}-{}", row.group, row.group_index),
            &edge::numbers::analysis_of(&row.numbers),
            &row.metrics,
        ))
    }

    /// The group ``group`` names (a group name ``J-B-S-G``, or a layout as
    /// ``case`` takes it: its group) with its numbers read from the file:
    /// its ``table()`` is the file's rows, with the columns and dtypes the
    /// engine's ``Group.table()`` has, and ``to_networkx()`` uses them.
    /// ``KeyError`` when the file lacks the group.
    fn group(&self, py: Python<'_>, group: LayoutArg) -> PyResult<Group> {
        let key = self.group_key(py, &group)?;
        let all = Page {
            after: None,
            limit: u32::MAX,
        };
        let rows = self.read(py, |reader| reader.group_layouts(key, all))?;
        if rows.is_empty() {
            return Err(PyKeyError::new_err(format!(
                "{} holds no group {key}: no such group, or its class was not built",
                self.path.display()
            )));
        }
        let columns = py
            .detach(|| Columns::from_rows(&rows))
            .map_err(DatabaseError::new_err)?;
        let name = key
            .to_string()
            .parse::<GroupName>()
            .map_err(|error| DatabaseError::new_err(format!("a stored group: {error}")))?;
        Ok(Group::stored(name, columns))
    }

    /// The file's classes, a row each (ordered by name), as a dict of
    /// NumPy columns (``pandas.DataFrame(db.classes())``): ``jiang``,
    /// ``bing``, ``style``, ``n_layouts``, ``n_groups``,
    /// ``n_solvable_groups``, ``n_solved``, ``largest_group_size``,
    /// ``diameter``, ``max_min_solution_step`` and
    /// ``max_min_solution_code`` (``''`` when nothing is solvable).
    fn classes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let rows = self.read(py, |reader| reader.classes())?;
        class_table(py, &rows)
    }

    /// The groups of ``class_name`` (``J-B-S``, e.g. ``'5-4-1'``), or of
    /// every class built, a row each (ordered by name), as a dict of
    /// NumPy columns: ``jiang``, ``bing``, ``style``, ``group_num``,
    /// ``size``, ``diameter``, ``n_solved``, ``max_min_solution_step``,
    /// ``mirror_group_num``, ``smallest_code`` and
    /// ``max_min_solution_code`` (``''`` when unsolvable).
    #[pyo3(signature = (class_name = None))]
    fn groups<'py>(
        &self,
        py: Python<'py>,
        class_name: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let class_name: Option<String> = class_name
            .map(|name| named(name, "class_name", "a class J-B-S such as '5-4-1', or None"))
            .transpose()?;
        let class = class_name
            .map(|text| text.trim().parse::<Class>())
            .transpose()
            .map_err(|error| PyValueError::new_err(error.to_string()))?;
        let filter = GroupFilter {
            jiang: class.map(|class| class.jiang.into()),
            bing: class.map(|class| class.bing.into()),
            style: class.map(|class| class.style.into()),
            ..GroupFilter::default()
        };
        let all = Page {
            after: None,
            limit: u32::MAX,
        };
        let rows = self.read(py, |reader| reader.groups(&filter, all))?;
        group_table(py, &rows)
    }

    /// The classic named layouts (关卡) the file holds (its table
    /// ``named_layout``: those of the classes built), a dict each in the
    /// table's order: the keys of ``klotski.named_layouts()`` with the
    /// layout's ``classification``, its ten numbers as ``case()`` reads
    /// them and ``group_size``, the number of layouts of its group.
    fn named_layouts<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let held = self.read(py, |reader| {
            let mut held = Vec::new();
            for named in reader.named_layouts()? {
                let row = reader.layout_by_code(&named.code)?;
                let group = match &row {
                    Some(row) => reader.group(row.group)?,
                    None => None,
                };
                held.push((named, row, group));
            }
            Ok(held)
        })?;
        held.into_iter()
            .map(|(named, row, group)| {
                let missing = |what: &str| {
                    DatabaseError::new_err(format!(
                        "the file is damaged: the named layout {} ({}) has no {what}; \
                         run `klotski build-db` to build it again",
                        named.name, named.code
                    ))
                };
                let row = row.ok_or_else(|| missing("layout row"))?;
                let group = group.ok_or_else(|| missing("group row"))?;
                let entry = crate::named::entry_of_row(&named).ok_or_else(|| {
                    DatabaseError::new_err(format!(
                        "the file's named layout {} {} ({}) is not this package's: the file \
                         was built with another collection; run `klotski build-db` to build \
                         it again",
                        named.name, named.variant, named.code
                    ))
                })?;
                let entry = crate::named::entry_dict(py, entry)?;
                let code = stored_code(&row.code)?;
                let analysis = Analysis::new(
                    code,
                    format!("{}-{}", row.group, row.group_index),
                    &edge::numbers::analysis_of(&row.numbers),
                    &row.metrics,
                );
                entry.update(analysis.to_dict(py)?.as_mapping())?;
                entry.set_item("group_size", group.size)?;
                Ok(entry)
            })
            .collect()
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

    /// Closes the file (and ``connection``, when opened); later calls
    /// raise ``DatabaseError``. Closing twice does nothing.
    fn close(&self, py: Python<'_>) -> PyResult<()> {
        drop(
            self.reader
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .take(),
        );
        if let Some(connection) = self.connection.get(py) {
            connection.bind(py).call_method0("close")?;
        }
        Ok(())
    }

    fn __enter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    /// Closes the file; an exception of the block goes on (``None``).
    #[pyo3(signature = (*_exception))]
    fn __exit__(
        &self,
        py: Python<'_>,
        _exception: &Bound<'_, pyo3::types::PyTuple>,
    ) -> PyResult<()> {
        self.close(py)
    }

    fn __repr__(&self) -> String {
        format!("Database('{}')", self.path.display())
    }
}

/// A code the file holds, or a `DatabaseError` when it is not legal.
fn stored_code(text: &str) -> PyResult<Code> {
    text.parse().map_err(|error| {
        DatabaseError::new_err(format!(
            "the file is damaged: its code '{text}' is not legal ({error}); \
             run `klotski build-db` to build it again"
        ))
    })
}

/// A schema error as Python's exception: its message names the fix.
fn database_error(error: schema::Error) -> PyErr {
    DatabaseError::new_err(error.to_string())
}
