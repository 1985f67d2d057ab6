//! Command-line arguments parsed alike in both binaries: a bad argument is
//! one line `name: reason` and exit code 2.

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

#[cfg(test)]
mod tests {
    use clap::{Parser, Subcommand};

    use super::*;

    #[derive(Parser, Debug)]
    #[command(name = "klotski")]
    struct Cli {
        #[command(subcommand)]
        command: Command,
    }

    #[derive(Subcommand, Debug)]
    enum Command {
        Show { layout: String },
        Solve { layout: String },
    }

    fn error_line(args: &[&str]) -> String {
        one_line(&Cli::try_parse_from(args).expect_err("the arguments are bad"))
    }

    #[test]
    fn a_clap_error_becomes_one_line_with_its_tip() {
        assert_eq!(
            error_line(&["klotski", "show", "x", "--x"]),
            "unexpected argument '--x' found (tip: to pass '--x' as a value, use '-- --x')"
        );
    }

    #[test]
    fn a_typo_gets_clap_s_suggestion() {
        assert_eq!(
            error_line(&["klotski", "shwo"]),
            "unrecognized subcommand 'shwo' (did you mean 'show'?)"
        );
    }

    #[test]
    fn a_missing_argument_gets_the_usage_on_a_second_line() {
        let line = error_line(&["klotski", "solve"]);
        let (message, usage) = line.split_once('\n').expect("two lines");
        assert!(message.contains("<LAYOUT>"), "{message}");
        assert_eq!(usage, "Usage: klotski solve <LAYOUT>");
    }
}
