//! Stopping a long computation from outside it: the CLI's Ctrl-C, Python's
//! `KeyboardInterrupt`.
//!
//! [`Cancel::run`] runs a computation on worker threads that know its
//! [`Cancel`]; the engine's long loops (every level of a breadth-first
//! search, every few tens of thousands of nodes of a queue, every chunk of
//! a graph's build) call [`checkpoint`], which unwinds the computation when
//! its `Cancel` was requested: everything it built is dropped on the way,
//! and `run` answers [`Cancelled`]. Outside `run` a checkpoint does nothing,
//! so the engine's callers that never cancel pay one thread-local read per
//! checkpoint.
//!
//! The unwinding carries a `Cancelled` payload with
//! [`std::panic::resume_unwind`], which runs no panic hook: a cancelled
//! computation prints nothing. (rust-analyzer's `salsa` stops its queries
//! the same way.) A checkpoint is never reached while a lock is held, so no
//! lock is poisoned by it.

use std::cell::RefCell;
use std::fmt;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// How many nodes a queue-driven search takes between checkpoints: a few
/// milliseconds of work, and one predictable branch per node.
pub const NODES_PER_CHECKPOINT: usize = 1 << 16;

thread_local! {
    /// The request of the computation this thread works for, on the worker
    /// threads of [`Cancel::run`] only.
    static REQUEST: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
}

/// A request to stop a computation, shared between whoever may ask (a
/// signal handler, another thread) and the computation.
#[derive(Clone, Default)]
pub struct Cancel {
    requested: Arc<AtomicBool>,
}

/// A computation stopped because its [`Cancel`] was requested.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cancelled;

impl fmt::Display for Cancelled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("stopped on request")
    }
}

impl std::error::Error for Cancelled {}

impl Cancel {
    /// A request not made yet.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Asks the computation to stop at its next checkpoint. One atomic
    /// store: safe in a signal handler.
    pub fn request(&self) {
        self.requested.store(true, Ordering::Relaxed);
    }

    /// Whether [`Cancel::request`] was called.
    pub fn is_requested(&self) -> bool {
        self.requested.load(Ordering::Relaxed)
    }

    /// Runs `work` on a thread pool of its own, as many threads as the
    /// current pool, whose threads stop at a [`checkpoint`] once this is
    /// requested. A panic other than a cancellation goes on unwinding.
    pub fn run<T: Send>(&self, work: impl FnOnce() -> T + Send) -> Result<T, Cancelled> {
        let pool = pool_for(Some(self.requested.clone()), rayon::current_num_threads())
            .expect("the operating system starts threads");
        match panic::catch_unwind(AssertUnwindSafe(|| pool.install(work))) {
            Ok(value) => Ok(value),
            Err(payload) if payload.is::<Cancelled>() => Err(Cancelled),
            Err(payload) => panic::resume_unwind(payload),
        }
    }
}

/// A pool of `n_threads` threads that stop at a [`checkpoint`] when the
/// computation this thread works for is cancelled: for a command inside
/// [`Cancel::run`] that chooses its own number of threads.
pub fn thread_pool(n_threads: usize) -> Result<rayon::ThreadPool, rayon::ThreadPoolBuildError> {
    pool_for(REQUEST.with(|request| request.borrow().clone()), n_threads)
}

/// A pool whose threads know `requested`.
fn pool_for(
    requested: Option<Arc<AtomicBool>>,
    n_threads: usize,
) -> Result<rayon::ThreadPool, rayon::ThreadPoolBuildError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(n_threads)
        .thread_name(|i| format!("klotski-{i}"))
        .start_handler(move |_| {
            REQUEST.with(|request| *request.borrow_mut() = requested.clone());
        })
        .build()
}

/// Stops the computation here, unwinding to its [`Cancel::run`], when its
/// [`Cancel`] was requested; does nothing otherwise, or outside `run`.
///
/// For the engine's loops, and for a caller's own long loops inside `run`.
/// Call it where no lock is held.
pub fn checkpoint() {
    let requested = REQUEST.with(|request| {
        request
            .borrow()
            .as_ref()
            .is_some_and(|requested| requested.load(Ordering::Relaxed))
    });
    if requested {
        panic::resume_unwind(Box::new(Cancelled));
    }
}

/// [`checkpoint`] once every [`NODES_PER_CHECKPOINT`] values of `count`
/// (a queue's position): for loops that take one node at a time.
#[inline]
pub fn checkpoint_every(count: usize) {
    if count.is_multiple_of(NODES_PER_CHECKPOINT) {
        checkpoint();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{group_of, Code};

    fn classic() -> Code {
        "1A9BF0C00".parse().unwrap()
    }

    #[test]
    fn work_not_cancelled_returns_its_value() {
        let cancel = Cancel::new();
        assert_eq!(cancel.run(|| group_of(classic()).len()), Ok(25_955));
        assert!(!cancel.is_requested());
    }

    #[test]
    fn a_request_made_before_stops_the_work_at_its_first_checkpoint() {
        let cancel = Cancel::new();
        cancel.request();
        let graph = cancel.run(|| crate::analysis::GroupGraph::build(group_of(classic())));
        assert!(graph.is_err());
    }

    #[test]
    fn a_request_from_another_thread_stops_every_worker() {
        let cancel = Cancel::new();
        let requester = cancel.clone();
        let stopped = cancel.run(move || {
            let graph = crate::analysis::GroupGraph::build(group_of(classic()));
            requester.request();
            // Runs until stopped: the searches reach their checkpoints.
            loop {
                crate::analysis::analyse_group(&graph);
            }
        });
        assert_eq!(stopped.err(), Some(Cancelled));
    }

    #[test]
    fn other_panics_go_on_unwinding() {
        let outcome = panic::catch_unwind(|| Cancel::new().run(|| panic!("a bug")));
        assert!(outcome.is_err());
    }

    #[test]
    fn a_checkpoint_outside_run_does_nothing() {
        Cancel::new().request();
        checkpoint();
    }
}
