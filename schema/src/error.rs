//! The crate's error type: what went wrong, and for a database that cannot be
//! read, what to do about it.

use std::fmt;
use std::path::PathBuf;

/// The fix for every database that cannot be served: build it.
const BUILD_FIX: &str = "run `klotski build-db` to build it";

/// An error of this crate. [`Error::kind`] tells what happened.
#[derive(Debug)]
pub struct Error {
    kind: ErrorKind,
}

/// What went wrong.
#[derive(Debug)]
#[non_exhaustive]
pub enum ErrorKind {
    /// There is no file at the database path.
    Missing {
        /// The path looked at.
        path: PathBuf,
    },
    /// The file is not an SQLite database (a text file, say).
    NotSqlite {
        /// The file's path.
        path: PathBuf,
    },
    /// The file is an SQLite database, but not a Klotski one.
    Foreign {
        /// The file's path.
        path: PathBuf,
    },
    /// The database has another schema version than this program reads.
    SchemaVersion {
        /// The file's path.
        path: PathBuf,
        /// The version recorded in the file.
        found: u32,
        /// The version this program reads.
        expected: u32,
    },
    /// The database has an older schema version than this program reads,
    /// which `klotski migrate` brings up to date.
    Outdated {
        /// The file's path.
        path: PathBuf,
        /// The version recorded in the file.
        found: u32,
        /// The version this program reads.
        expected: u32,
    },
    /// The file is damaged: SQLite found broken pages or records.
    Corrupt {
        /// The file's path.
        path: PathBuf,
        /// What SQLite found.
        detail: String,
    },
    /// The database build did not finish, or did not pass its checks.
    Incomplete {
        /// The file's path.
        path: PathBuf,
    },
    /// A new database was to be created where a file already exists.
    AlreadyExists {
        /// The existing file's path.
        path: PathBuf,
    },
    /// Rows handed to the writer, or read from a database, break a rule of the
    /// schema.
    Inconsistent {
        /// The rule broken and where.
        reason: String,
    },
    /// A list of migrations is out of order, or the database is newer than it.
    Migration {
        /// What is wrong.
        reason: String,
    },
    /// A file could not be read, written or removed.
    Io {
        /// The file's path.
        path: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// SQLite reported an error.
    Sqlite(rusqlite::Error),
}

/// The crate's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// An [`ErrorKind::Inconsistent`] error.
    pub(crate) fn inconsistent(reason: impl Into<String>) -> Error {
        ErrorKind::Inconsistent {
            reason: reason.into(),
        }
        .into()
    }

    /// An [`ErrorKind::Migration`] error.
    pub(crate) fn migration(reason: impl Into<String>) -> Error {
        ErrorKind::Migration {
            reason: reason.into(),
        }
        .into()
    }
}

impl From<ErrorKind> for Error {
    fn from(kind: ErrorKind) -> Error {
        Error { kind }
    }
}

impl From<rusqlite::Error> for Error {
    fn from(error: rusqlite::Error) -> Error {
        ErrorKind::Sqlite(error).into()
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::Missing { path } => {
                write!(f, "no database at {}: {BUILD_FIX}", path.display())
            }
            ErrorKind::NotSqlite { path } => write!(
                f,
                "{} is not an SQLite database: {BUILD_FIX}",
                path.display()
            ),
            ErrorKind::Foreign { path } => write!(
                f,
                "{} is an SQLite database but not a Klotski one: {BUILD_FIX}",
                path.display()
            ),
            ErrorKind::SchemaVersion {
                path,
                found,
                expected,
            } => write!(
                f,
                "{} has schema version {found} but this program reads version {expected}: {BUILD_FIX} again",
                path.display()
            ),
            ErrorKind::Outdated {
                path,
                found,
                expected,
            } => write!(
                f,
                "{path} has schema version {found} but this program reads version {expected}: \
                 run `klotski migrate --db {path}` to bring it up to date (no rebuild)",
                path = path.display()
            ),
            ErrorKind::Corrupt { path, detail } => write!(
                f,
                "{} is damaged ({detail}): {BUILD_FIX} again",
                path.display()
            ),
            ErrorKind::Incomplete { path } => write!(
                f,
                "{} is a database build that did not finish: {BUILD_FIX} again",
                path.display()
            ),
            ErrorKind::AlreadyExists { path } => write!(
                f,
                "{} already exists: remove it or choose another path",
                path.display()
            ),
            ErrorKind::Inconsistent { reason } => write!(f, "inconsistent rows: {reason}"),
            ErrorKind::Migration { reason } => write!(f, "cannot migrate: {reason}"),
            ErrorKind::Io { path, error } => write!(f, "{}: {error}", path.display()),
            ErrorKind::Sqlite(error) => write!(f, "SQLite: {error}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ErrorKind::Sqlite(error) => Some(error),
            ErrorKind::Io { error, .. } => Some(error),
            _ => None,
        }
    }
}
