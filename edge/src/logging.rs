//! Logging set up alike in both binaries.

use std::io::IsTerminal;

/// Logs with `tracing` to standard error, filtered by `RUST_LOG` (`info` by
/// default), in colour only when standard error is a terminal.
pub fn init_logging() {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .init();
}
