//! `klotski`: the command-line tool of the Klotski database. One module per
//! subcommand under `cmd/`, the work itself in the `builder` library; this
//! file only parses arguments and reports errors as one line with a non-zero
//! exit code.

mod cmd;

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

/// Klotski (华容道) layouts: inspect and analyse them, build the database,
/// export the original release files.
#[derive(Parser)]
#[command(
    name = "klotski",
    version,
    after_help = "A LAYOUT is a code (1A9BF0C00, or 1A9BF0C without its trailing zeros), a short \
                  code (4WVE1), a classification J-B-S-G-I (5-4-1-1-7472) or a name (横刀立马, \
                  hengdaolima).\n\
                  'klotski help COMMAND' tells more of each command."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Show(cmd::show::Args),
    Info(cmd::info::Args),
    Moves(cmd::moves::Args),
    Solve(cmd::solve::Args),
    Path(cmd::path::Args),
    Group(cmd::group::Args),
    Graph(cmd::graph::Args),
    Layers(cmd::layers::Args),
    Export(cmd::export::Args),
    Analyse(cmd::analyse::Args),
    AnalyseClass(cmd::analyse_class::Args),
    AnalyseGroup(cmd::analyse_group::Args),
    BuildDb(cmd::build_db::Args),
    Migrate(cmd::migrate::Args),
    Completions(cmd::completions::Args),
    Man(cmd::man::Args),
}

fn main() -> ExitCode {
    let cli: Cli = match edge::args::parse_args("klotski") {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    edge::logging::init_logging();
    let cancel = klotski::Cancel::new();
    stop_on_ctrl_c(&cancel);
    let result = match cancel.run(|| run(cli.command)) {
        Ok(result) => result,
        Err(klotski::Cancelled) => {
            eprintln!("klotski: stopped by Ctrl-C");
            return ExitCode::from(EXIT_INTERRUPTED);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // Output piped into a program that stopped reading (`| head`).
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("klotski: {error:#}");
            ExitCode::FAILURE
        }
    }
}

/// The exit status of a command stopped by Ctrl-C, as shells report one
/// killed by SIGINT (128 + 2).
const EXIT_INTERRUPTED: u8 = 130;

/// Ctrl-C asks the command's computation to stop at its next checkpoint
/// (the engine reaches one every few milliseconds): what it built is
/// dropped, an open transaction rolled back. A second Ctrl-C, for work
/// that reaches no checkpoint (writing a file), ends the process at once.
fn stop_on_ctrl_c(cancel: &klotski::Cancel) {
    let cancel = cancel.clone();
    let installed = ctrlc::set_handler(move || {
        if cancel.is_requested() {
            std::process::exit(EXIT_INTERRUPTED.into());
        }
        cancel.request();
    });
    if let Err(error) = installed {
        tracing::warn!("Ctrl-C will end the process without cleaning up: {error}");
    }
}

/// Runs one subcommand.
fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Show(args) => cmd::show::run(args),
        Command::Info(args) => cmd::info::run(args),
        Command::Moves(args) => cmd::moves::run(args),
        Command::Solve(args) => cmd::solve::run(args),
        Command::Path(args) => cmd::path::run(args),
        Command::Group(args) => cmd::group::run(args),
        Command::Graph(args) => cmd::graph::run(args),
        Command::Layers(args) => cmd::layers::run(args),
        Command::Export(args) => cmd::export::run(args),
        Command::Analyse(args) => cmd::analyse::run(args),
        Command::AnalyseClass(args) => cmd::analyse_class::run(args),
        Command::AnalyseGroup(args) => cmd::analyse_group::run(args),
        Command::BuildDb(args) => cmd::build_db::run(args),
        Command::Migrate(args) => cmd::migrate::run(args),
        Command::Completions(args) => cmd::completions::run(args, Cli::command()),
        Command::Man(args) => cmd::man::run(args, Cli::command()),
    }
}

fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
