//! Command-line arguments parsed alike in both binaries: a bad argument is
//! one line `name: reason` and exit code 2.

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

/// A clap message as one line: its first paragraph, without the usage and
/// help hints.
fn one_line(message: &str) -> String {
    let first_paragraph = message.split("\n\n").next().unwrap_or(message);
    let words: Vec<&str> = first_paragraph.split_whitespace().collect();
    words.join(" ").trim_start_matches("error: ").to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clap_message_becomes_its_first_paragraph_on_one_line() {
        let message = "error: unexpected argument '--x' found\n\n  tip: to pass '--x' as a value, use '-- --x'\n\nUsage: klotski show <LAYOUT>\n\nFor more information, try '--help'.\n";
        assert_eq!(one_line(message), "unexpected argument '--x' found");
        assert_eq!(
            one_line("error: the value\n  'x' is bad"),
            "the value 'x' is bad"
        );
    }
}
