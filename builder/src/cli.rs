//! What the two binaries, `klotski` and `klotski-server`, do alike: parse
//! arguments with one-line errors, and log to standard error.

use std::io::IsTerminal;
use std::process::ExitCode;

/// The parsed arguments, or the exit code after printing why they cannot
/// be parsed as one line `name: reason` (exit code 2). `--help` and
/// `--version` print and exit here.
pub fn parse_args<P: clap::Parser>(name: &str) -> Result<P, ExitCode> {
    match P::try_parse() {
        Ok(args) => Ok(args),
        Err(error) if !error.use_stderr() => error.exit(),
        Err(error) => {
            eprintln!("{name}: {}", one_line(&error.to_string()));
            Err(ExitCode::from(2))
        }
    }
}

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

/// A clap message as one line: its first paragraph, without the usage and
/// help hints.
fn one_line(message: &str) -> String {
    let first_paragraph = message.split("\n\n").next().unwrap_or(message);
    let words: Vec<&str> = first_paragraph.split_whitespace().collect();
    words.join(" ").trim_start_matches("error: ").to_owned()
}
