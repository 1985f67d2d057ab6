//! Waiting, with a bound, for what a child process writes or does: its
//! lines, read on a thread of their own, and its exit. Every wait says what
//! it waited for when it gives up.

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, ExitStatus};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// The longest a test waits for one thing a child process should do.
pub const WAIT: Duration = Duration::from_secs(120);

/// The lines a child process writes to a stream, as they come.
pub struct Lines(pub Receiver<String>);

impl Lines {
    /// Starts reading `stream` on a thread of its own.
    pub fn read(stream: impl Read + Send + 'static) -> Lines {
        let (send, receive) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stream).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Lines(receive)
    }

    /// The lines up to the first one that `found` accepts: that line and
    /// those before it. Panics, saying it waited for `what`, when the
    /// stream ends first or [`WAIT`] passes.
    pub fn until(&self, what: &str, found: impl Fn(&str) -> bool) -> (String, Vec<String>) {
        let deadline = Instant::now() + WAIT;
        let mut before = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.0.recv_timeout(left) {
                Ok(line) if found(&line) => return (line, before),
                Ok(line) => before.push(line),
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the stream ended before {what}: {before:#?}")
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!("no {what} within {WAIT:?}: {before:#?}")
                }
            }
        }
    }

    /// Every line left, up to the end of the stream. Panics, saying it
    /// waited for `what`, when the stream has not ended within [`WAIT`].
    pub fn rest(&self, what: &str) -> Vec<String> {
        let deadline = Instant::now() + WAIT;
        let mut rest = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.0.recv_timeout(left) {
                Ok(line) => rest.push(line),
                Err(RecvTimeoutError::Disconnected) => return rest,
                Err(RecvTimeoutError::Timeout) => {
                    panic!("{what} did not end within {WAIT:?}: {rest:#?}")
                }
            }
        }
    }
}

/// Waits for `child` to exit. Past [`WAIT`] it kills it and panics, saying
/// it waited for `what`.
pub fn exit_of(child: &mut Child, what: &str) -> ExitStatus {
    let deadline = Instant::now() + WAIT;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("{what} did not happen within {WAIT:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}
