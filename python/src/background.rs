//! Long work (a group's searches) on a thread of its own, while the caller
//! waits without the GIL: other Python threads run meanwhile, and Ctrl-C
//! (a signal Python handles on the main thread) stops the work itself
//! through the engine's [`klotski::Cancel`].

use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use klotski::{Cancel, Cancelled};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How often the wait takes the GIL back to run Python's signal handlers: a
/// Ctrl-C is answered within this and the engine's next checkpoint.
const SIGNAL_INTERVAL: Duration = Duration::from_millis(25);

/// Runs `work` on a new thread and waits for its result, releasing the GIL
/// while it waits. A signal handler that raises (Ctrl-C's
/// `KeyboardInterrupt`) cancels the work, waits for it to stop (what it
/// built is freed, the engine's kept search arrays too) and ends the wait
/// with the handler's exception, so the next call starts at once.
pub fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    let cancel = Cancel::new();
    let (sender, mut receiver) = mpsc::channel();
    let worker = cancel.clone();
    std::thread::Builder::new()
        .name("klotski".to_owned())
        .spawn(move || {
            let outcome = worker.run(work);
            // The engine keeps its search arrays for the next search (the
            // build's many groups reuse them); a Python call is one piece of
            // work, and what it built, finished or stopped, is given back
            // before the caller goes on.
            klotski::analysis::release_spare_sets();
            // The caller waits until this is sent (or the thread ends).
            let _ = sender.send(outcome);
        })?;
    loop {
        let received;
        (receiver, received) = wait(py, receiver, SIGNAL_INTERVAL);
        match received {
            Ok(Ok(value)) => return Ok(value),
            Ok(Err(Cancelled)) => unreachable!("only this wait cancels the work"),
            Err(RecvTimeoutError::Timeout) => {
                if let Err(signal) = py.check_signals() {
                    cancel.request();
                    // The work stops at its next checkpoint; its result,
                    // `Cancelled` or a value finished meanwhile, is dropped.
                    let _ = wait(py, receiver, Duration::MAX);
                    return Err(signal);
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err(
                    "the engine's computation panicked (a bug: please report it)",
                ))
            }
        }
    }
}

/// What the work's thread sends: its value, or that it was cancelled.
type Outcome<T> = Result<T, Cancelled>;

/// The outcome of the work, waited for up to `timeout` without the GIL.
fn wait<T: Send>(
    py: Python<'_>,
    receiver: Receiver<Outcome<T>>,
    timeout: Duration,
) -> (Receiver<Outcome<T>>, Result<Outcome<T>, RecvTimeoutError>) {
    py.detach(move || {
        let received = receiver.recv_timeout(timeout);
        (receiver, received)
    })
}
