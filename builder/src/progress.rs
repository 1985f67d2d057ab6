//! Progress bars for the long jobs. They draw only on a terminal (indicatif
//! hides them otherwise), so the jobs also log the end of each phase.

use std::borrow::Cow;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

/// A bar over `len` items called `unit` ("layouts", "rows", ...), with the
/// time elapsed and an estimate of the time left.
pub fn bar(len: u64, unit: &str, message: impl Into<Cow<'static, str>>) -> ProgressBar {
    let template =
        format!("{{msg}} [{{bar:40}}] {{pos}}/{{len}} {unit}, {{elapsed}} elapsed, eta {{eta}}");
    ProgressBar::new(len)
        .with_style(ProgressStyle::with_template(&template).expect("a valid template"))
        .with_message(message)
}

/// A spinner for a step that reports no progress of its own, with the time
/// elapsed.
pub fn spinner(message: impl Into<Cow<'static, str>>) -> ProgressBar {
    let spinner = ProgressBar::new_spinner()
        .with_style(
            ProgressStyle::with_template("{spinner} {msg}, {elapsed} elapsed")
                .expect("a valid template"),
        )
        .with_message(message);
    spinner.enable_steady_tick(Duration::from_millis(200));
    spinner
}
