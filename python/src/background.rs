//! Long work (a group's searches) on a thread of its own, while the caller
//! waits without the GIL: other Python threads run meanwhile, and Ctrl-C
//! (a signal Python handles on the main thread) stops the wait.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How often the wait takes the GIL back to run Python's signal handlers: a
/// Ctrl-C is answered within this.
const SIGNAL_INTERVAL: Duration = Duration::from_millis(50);

/// Runs `work` on a new thread and waits for its result, releasing the GIL
/// while it waits. A signal handler that raises (Ctrl-C's
/// `KeyboardInterrupt`) ends the wait with its exception; the work cannot
/// be stopped midway, so it finishes on its thread and its result is
/// dropped.
pub fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    let (sender, mut receiver) = mpsc::channel();
    std::thread::Builder::new()
        .name("klotski".to_owned())
        .spawn(move || {
            // The caller may have stopped waiting: nobody to tell.
            let _ = sender.send(work());
        })?;
    loop {
        let (returned, received) = py.detach(move || {
            let received = receiver.recv_timeout(SIGNAL_INTERVAL);
            (receiver, received)
        });
        receiver = returned;
        match received {
            Ok(value) => return Ok(value),
            Err(RecvTimeoutError::Timeout) => py.check_signals()?,
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err(
                    "the engine's computation panicked (a bug: please report it)",
                ))
            }
        }
    }
}
