//! A fixed set of read-only database connections, used on blocking threads.
//!
//! [`schema::Database`] may move between threads but not be shared, so each
//! query takes a connection for itself: a semaphore counts the idle ones
//! (waiting for one is asynchronous, so a burst of requests queues without
//! tying up threads), the query runs on tokio's blocking pool, and the
//! connection goes back before the permit does.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::sync::{Arc, Mutex};

use schema::Database;
use tokio::sync::Semaphore;

use crate::error::AppError;

/// The connections.
pub(crate) struct Pool {
    /// The idle connections. Never empty while a permit is available.
    idle: Mutex<Vec<Database>>,
    /// One permit per idle connection.
    permits: Arc<Semaphore>,
}

impl Pool {
    /// Opens `n_connections` (at least one) connections to `path`; the
    /// first one that fails is the error.
    pub(crate) fn open(path: &Path, n_connections: usize) -> schema::Result<Pool> {
        let n_connections = n_connections.max(1);
        let idle = (0..n_connections)
            .map(|_| Database::open(path))
            .collect::<schema::Result<Vec<_>>>()?;
        Ok(Pool {
            idle: Mutex::new(idle),
            permits: Arc::new(Semaphore::new(n_connections)),
        })
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
