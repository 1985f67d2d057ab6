//! `klotski`: the command-line tool of the Klotski database. One module per
//! subcommand under `cmd/`, the work itself in the `builder` library; this
//! file only parses arguments and reports errors as one line with a non-zero
//! exit code.

mod cmd;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Klotski (华容道) layouts: inspect and analyse them, build the database,
/// export the original release files.
#[derive(Parser)]
#[command(name = "klotski", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Show(cmd::show::Args),
    Info(cmd::info::Args),
    Export(cmd::export::Args),
    Analyse(cmd::analyse::Args),
    AnalyseClass(cmd::analyse_class::Args),
    BuildDb(cmd::build_db::Args),
    Migrate(cmd::migrate::Args),
}

/// A clap message as one line: its first paragraph, without the usage and help hints.
fn one_line(message: &str) -> String {
    let first_paragraph = message.split("\n\n").next().unwrap_or(message);
    let words: Vec<&str> = first_paragraph.split_whitespace().collect();
    words.join(" ").trim_start_matches("error: ").to_owned()
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) if !error.use_stderr() => error.exit(), // --help, --version
        Err(error) => {
            eprintln!("klotski: {}", one_line(&error.to_string()));
            return ExitCode::from(2);
        }
    };
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .init();
    let result = match cli.command {
        Command::Show(args) => cmd::show::run(args),
        Command::Info(args) => cmd::info::run(args),
        Command::Export(args) => cmd::export::run(args),
        Command::Analyse(args) => cmd::analyse::run(args),
        Command::AnalyseClass(args) => cmd::analyse_class::run(args),
        Command::BuildDb(args) => cmd::build_db::run(args),
        Command::Migrate(args) => cmd::migrate::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("klotski: {error:#}");
            ExitCode::FAILURE
        }
    }
}
