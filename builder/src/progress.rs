//! Progress of the long jobs, behind one seam: [`Progress`]. On a terminal
//! it draws an indicatif bar or spinner. Off a terminal (nohup, a service,
//! CI), where indicatif draws nothing, it logs a line with `tracing` every
//! 30 seconds instead ([`LOG_INTERVAL_VAR`] changes that): the phase, the
//! share done and the time elapsed and left, e.g.
//!
//! ```text
//! INFO builder::progress: analysing: 41.3% (153725/372372 layouts), 1m 00s elapsed, about 1m 25s left
//! ```
//!
//! The line comes from a thread of its own, so that it keeps coming while
//! one long step (a group of a million layouts) adds nothing to the count.

use std::borrow::Cow;
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressBarIter, ProgressStyle};
use tracing::Dispatch;

/// Seconds between two log lines off a terminal, by default: the most that
/// a job run under nohup or by a service stays silent.
pub const DEFAULT_LOG_INTERVAL_SECS: f64 = 30.0;

/// The environment variable that sets the seconds between two log lines
/// off a terminal (a decimal number above 0; tests use a fraction of a
/// second).
pub const LOG_INTERVAL_VAR: &str = "KLOTSKI_PROGRESS_SECS";

/// The progress of one phase of a job: a bar over a count of items, or a
/// spinner for a step that counts nothing. Clones share the bar, so that
/// parallel workers can each add what they did.
#[derive(Clone)]
pub struct Progress {
    bar: ProgressBar,
    /// Present off a terminal: the thread that logs the lines.
    logger: Option<Arc<Logger>>,
}

impl Progress {
    /// A bar over `len` items called `unit` ("layouts", "rows", ...) for
    /// the phase `message`, with the time elapsed and an estimate of the
    /// time left.
    pub fn bar(len: u64, unit: &str, message: impl Into<Cow<'static, str>>) -> Progress {
        let template = format!(
            "{{msg}} [{{bar:40}}] {{pos}}/{{len}} {unit}, {{elapsed}} elapsed, eta {{eta}}"
        );
        let bar = ProgressBar::new(len)
            .with_style(ProgressStyle::with_template(&template).expect("a valid template"))
            .with_message(message);
        Progress::start(bar, Some(unit.to_owned()))
    }

    /// A spinner for the phase `message`, a step that reports no progress
    /// of its own, with the time elapsed.
    pub fn spinner(message: impl Into<Cow<'static, str>>) -> Progress {
        let spinner = ProgressBar::new_spinner()
            .with_style(
                ProgressStyle::with_template("{spinner} {msg}, {elapsed} elapsed")
                    .expect("a valid template"),
            )
            .with_message(message);
        spinner.enable_steady_tick(Duration::from_millis(200));
        Progress::start(spinner, None)
    }

    fn start(bar: ProgressBar, unit: Option<String>) -> Progress {
        // A bar drawing to standard error is hidden when it is not a terminal.
        let logger = bar
            .is_hidden()
            .then(|| Arc::new(Logger::spawn(bar.clone(), unit, log_interval())));
        Progress { bar, logger }
    }

    /// Adds `n` items done.
    pub fn inc(&self, n: u64) {
        self.bar.inc(n);
    }

    /// `iter`, counting each item it yields as one done.
    pub fn wrap_iter<I: Iterator>(&self, iter: I) -> ProgressBarIter<I> {
        self.bar.wrap_iter(iter)
    }

    /// Ends the phase, leaving the bar drawn (on a terminal).
    pub fn finish(&self) {
        self.stop_logging();
        self.bar.finish();
    }

    /// Ends the phase and erases the bar (on a terminal).
    pub fn finish_and_clear(&self) {
        self.stop_logging();
        self.bar.finish_and_clear();
    }

    fn stop_logging(&self) {
        if let Some(logger) = &self.logger {
            logger.stop();
        }
    }
}

/// The seconds between two log lines: [`LOG_INTERVAL_VAR`] when it holds a
/// number above 0, else [`DEFAULT_LOG_INTERVAL_SECS`].
fn log_interval() -> Duration {
    let Ok(text) = std::env::var(LOG_INTERVAL_VAR) else {
        return Duration::from_secs_f64(DEFAULT_LOG_INTERVAL_SECS);
    };
    match text.parse::<f64>() {
        Ok(secs) if secs > 0.0 && secs.is_finite() => Duration::from_secs_f64(secs),
        _ => {
            tracing::warn!(
                "{LOG_INTERVAL_VAR}={text:?} is not a number of seconds above 0: \
                 logging progress every {DEFAULT_LOG_INTERVAL_SECS} s"
            );
            Duration::from_secs_f64(DEFAULT_LOG_INTERVAL_SECS)
        }
    }
}

/// The thread that logs a phase's progress every interval until stopped
/// (or dropped with the last clone of its [`Progress`]).
struct Logger {
    /// Dropping it wakes the thread, which then ends.
    stop: Mutex<Option<Sender<()>>>,
    thread: Mutex<Option<JoinHandle<()>>>,
}

impl Logger {
    fn spawn(bar: ProgressBar, unit: Option<String>, interval: Duration) -> Logger {
        let (stop, stopped) = mpsc::channel::<()>();
        // The lines go where the caller's own logs go.
        let dispatch = tracing::dispatcher::get_default(Dispatch::clone);
        let thread = std::thread::spawn(move || {
            tracing::dispatcher::with_default(&dispatch, || {
                while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(interval) {
                    tracing::info!("{}", progress_line(&bar, unit.as_deref()));
                }
            });
        });
        Logger {
            stop: Mutex::new(Some(stop)),
            thread: Mutex::new(Some(thread)),
        }
    }

    /// Stops the thread and waits for it, so that no line comes after the
    /// phase's end.
    fn stop(&self) {
        drop(lock(&self.stop).take());
        if let Some(thread) = lock(&self.thread).take() {
            let _ = thread.join();
        }
    }
}

/// The value behind `mutex`: a poisoned lock only means that another
/// clone panicked while stopping, and the options inside are still sound.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Drop for Logger {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The log line of a phase: its message, then for a bar the share done
/// and the time left at the pace so far (the module's example); for a
/// spinner the time elapsed alone.
fn progress_line(bar: &ProgressBar, unit: Option<&str>) -> String {
    let elapsed = bar.elapsed();
    let (Some(unit), Some(len)) = (unit, bar.length()) else {
        return format!("{}: {} elapsed", bar.message(), duration(elapsed));
    };
    let done = bar.position().min(len);
    let percent = if len == 0 {
        100.0
    } else {
        100.0 * done as f64 / len as f64
    };
    let left = if done == 0 {
        "time left unknown".to_owned()
    } else {
        let left = elapsed.mul_f64((len - done) as f64 / done as f64);
        format!("about {} left", duration(left))
    };
    format!(
        "{}: {percent:.1}% ({done}/{len} {unit}), {} elapsed, {left}",
        bar.message(),
        duration(elapsed)
    )
}

/// A duration to the second: `45s`, `1m 05s`, `2h 03m 10s`.
fn duration(duration: Duration) -> String {
    let secs = duration.as_secs_f64().round() as u64;
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    match (h, m) {
        (0, 0) => format!("{s}s"),
        (0, _) => format!("{m}m {s:02}s"),
        _ => format!("{h}h {m:02}m {s:02}s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_to_the_second() {
        let check = |secs: f64, expected: &str| {
            assert_eq!(duration(Duration::from_secs_f64(secs)), expected);
        };
        check(0.0, "0s");
        check(44.6, "45s");
        check(65.0, "1m 05s");
        check(3600.0 + 3.0 * 60.0 + 10.0, "1h 03m 10s");
    }

    #[test]
    fn lines_tell_the_share_done_and_the_time_left() {
        let bar = ProgressBar::hidden().with_message("analysing");
        bar.set_length(400);
        assert_eq!(
            progress_line(&bar, Some("layouts")),
            "analysing: 0.0% (0/400 layouts), 0s elapsed, time left unknown"
        );
        bar.inc(100);
        let line = progress_line(&bar, Some("layouts"));
        assert!(
            line.starts_with("analysing: 25.0% (100/400 layouts), "),
            "{line}"
        );
        assert!(line.ends_with(" left"), "{line}");
        let spinner = ProgressBar::hidden().with_message("creating indexes");
        assert_eq!(
            progress_line(&spinner, None),
            "creating indexes: 0s elapsed"
        );
    }

    /// Log lines, kept in memory.
    #[derive(Clone, Default)]
    struct Captured(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Captured {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            lock(&self.0).extend_from_slice(bytes);
            Ok(bytes.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Captured {
        fn text(&self) -> String {
            String::from_utf8(lock(&self.0).clone()).unwrap()
        }
    }

    #[test]
    fn off_a_terminal_the_progress_is_logged_until_the_phase_ends() {
        let captured = Captured::default();
        let writer = captured.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_writer(move || writer.clone())
            .with_ansi(false)
            .finish();
        tracing::subscriber::with_default(subscriber, || {
            // Hidden, as a bar is when standard error is not a terminal.
            let bar = ProgressBar::hidden().with_message("analysing");
            bar.set_length(10);
            bar.inc(3);
            let progress = Progress {
                logger: Some(Arc::new(Logger::spawn(
                    bar.clone(),
                    Some("layouts".to_owned()),
                    Duration::from_millis(10),
                ))),
                bar,
            };
            // Waits for two lines, however slow the machine.
            while captured.text().lines().count() < 2 {
                std::thread::sleep(Duration::from_millis(5));
            }
            progress.finish_and_clear();
        });
        let text = captured.text();
        let n_lines = text.lines().count();
        assert!(
            text.lines()
                .all(|line| line
                    .contains("INFO builder::progress: analysing: 30.0% (3/10 layouts), ")),
            "{text}"
        );
        // Nothing once the phase has ended.
        std::thread::sleep(Duration::from_millis(50));
        assert_eq!(captured.text().lines().count(), n_lines);
    }
}
