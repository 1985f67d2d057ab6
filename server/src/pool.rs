//! A fixed set of read-only database connections, used on blocking threads.
//!
//! [`schema::Database`] may move between threads but not be shared, so each
//! query takes a connection for itself: a semaphore counts the idle ones
//! (waiting for one is asynchronous, so a burst of requests queues without
//! tying up threads), the query runs on tokio's blocking pool, and the
//! connection goes back before the permit does.
//!
//! Point queries (a layout by its key, or a layout and its dozen
//! neighbours: tens of microseconds on a warm page cache) run instead on the
//! calling thread with that thread's own connection: the hand-off to the
//! blocking pool and back costs more than they do.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use schema::Database;
use thread_local::ThreadLocal;
use tokio::sync::Semaphore;

use crate::error::AppError;

/// The connections.
pub(crate) struct Pool {
    /// The idle connections. Never empty while a permit is available.
    idle: Mutex<Vec<Database>>,
    /// One permit per idle connection.
    permits: Arc<Semaphore>,
    /// How many connections there are.
    n_connections: usize,
    /// The database, for the point queries' connections.
    path: PathBuf,
    /// Whether the file may change while open (see [`Pool::open`]).
    may_change: bool,
    /// One connection per thread that has run a point query, opened on its
    /// first (`thread_local` gives each pool its own, unlike `thread_local!`).
    inline: ThreadLocal<Database>,
}

impl Pool {
    /// Opens `n_connections` (at least one) connections to `path`; the
    /// first one that fails is the error. Unless the file `may_change`
    /// while open, it is opened as immutable (no locks, no change checks).
    pub(crate) fn open(
        path: &Path,
        n_connections: usize,
        may_change: bool,
    ) -> schema::Result<Pool> {
        let n_connections = n_connections.max(1);
        let idle = (0..n_connections)
            .map(|_| open_connection(path, may_change))
            .collect::<schema::Result<Vec<_>>>()?;
        Ok(Pool {
            idle: Mutex::new(idle),
            permits: Arc::new(Semaphore::new(n_connections)),
            n_connections,
            path: path.to_owned(),
            may_change,
            inline: ThreadLocal::new(),
        })
    }

    /// How many connections there are, and how many run a query now (the
    /// point queries' own connections are not counted).
    pub(crate) fn usage(&self) -> (usize, usize) {
        let idle = self.permits.available_permits().min(self.n_connections);
        (self.n_connections, self.n_connections - idle)
    }

    /// Runs a point query on the calling thread with its own connection. Only
    /// for queries bounded by a few lookups by key: an async worker thread is
    /// busy for as long as it runs. A panic in it is an internal error.
    pub(crate) fn run_point<T>(
        &self,
        query: impl FnOnce(&Database) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        let connection = self
            .inline
            .get_or_try(|| open_connection(&self.path, self.may_change))?;
        catch_unwind(AssertUnwindSafe(|| query(connection)))
            .unwrap_or_else(|_| Err(AppError::Internal("a database query panicked".into())))
    }

    /// Runs `query` with a connection on a blocking thread. A panic in it
    /// is an internal error and the connection is kept.
    pub(crate) async fn run<T, F>(self: &Arc<Pool>, query: F) -> Result<T, AppError>
    where
        T: Send + 'static,
        F: FnOnce(&Database) -> Result<T, AppError> + Send + 'static,
    {
        let permit = Arc::clone(&self.permits)
            .acquire_owned()
            .await
            .expect("the semaphore is never closed");
        let pool = Arc::clone(self);
        // The permit moves into the task: when a request is dropped (its
        // time is up), the task still finishes and returns the connection
        // before the permit is released.
        tokio::task::spawn_blocking(move || {
            let connection = pool
                .idle
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .pop()
                .expect("a permit stands for an idle connection");
            let result = catch_unwind(AssertUnwindSafe(|| query(&connection)));
            pool.idle
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .push(connection);
            drop(permit);
            result.unwrap_or_else(|_| Err(AppError::Internal("a database query panicked".into())))
        })
        .await?
    }
}

/// One connection to `path`: immutable unless the file `may_change`.
fn open_connection(path: &Path, may_change: bool) -> schema::Result<Database> {
    if may_change {
        Database::open(path)
    } else {
        Database::open_immutable(path)
    }
}
