//! What the two binaries, `klotski` and `klotski-server`, do alike: parse
//! arguments with one-line errors, and log to standard error.

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::error::{ContextKind, ContextValue, ErrorKind};

/// The parsed arguments, or the exit code after printing why they cannot
/// be parsed as one line `name: reason` (exit code 2), with clap's
/// suggestion for a typo and, for a missing argument, the usage line.
/// `--help` and `--version` print and exit here, and so does a command run
/// without its subcommand: it prints the help (exit code 2, as clap does).
pub fn parse_args<P: clap::Parser>(name: &str) -> Result<P, ExitCode> {
    match P::try_parse() {
        Ok(args) => Ok(args),
        Err(error)
            if !error.use_stderr()
                || error.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand =>
        {
            error.exit()
        }
        Err(error) => {
            eprintln!("{name}: {}", one_line(&error));
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

/// A clap error as one line: its message, then clap's suggestions in
/// parentheses ("did you mean 'show'?"); for a missing argument, the usage
/// on a second line.
fn one_line(error: &clap::Error) -> String {
    let rendered = error.to_string();
    let first_paragraph = rendered.split("\n\n").next().unwrap_or(&rendered);
    let words: Vec<&str> = first_paragraph.split_whitespace().collect();
    let mut line = words.join(" ").trim_start_matches("error: ").to_owned();
    let similar = [
        ContextKind::SuggestedSubcommand,
        ContextKind::SuggestedArg,
        ContextKind::SuggestedValue,
    ];
    for kind in similar {
        if let Some(value) = error.get(kind).and_then(alternatives) {
            line += &format!(" (did you mean {value}?)");
        }
    }
    if let Some(ContextValue::StyledStrs(tips)) = error.get(ContextKind::Suggested) {
        for tip in tips {
            line += &format!(" (tip: {tip})");
        }
    }
    if error.kind() == ErrorKind::MissingRequiredArgument {
        if let Some(usage) = error.get(ContextKind::Usage) {
            line += &format!("\n{usage}");
        }
    }
    line
}

/// Clap's suggested names, quoted and joined by "or"; `None` when it has none.
fn alternatives(value: &ContextValue) -> Option<String> {
    let names = match value {
        ContextValue::String(name) => vec![name.clone()],
        ContextValue::Strings(names) => names.clone(),
        _ => return None,
    };
    let quoted: Vec<String> = names.iter().map(|name| format!("'{name}'")).collect();
    (!quoted.is_empty()).then(|| quoted.join(" or "))
}
