//! `klotski completions SHELL`: a shell completion script.

use clap_complete::Shell;

/// Print a completion script for SHELL, generated from the arguments.
///
/// Bash: `klotski completions bash > ~/.local/share/bash-completion/completions/klotski`.
/// Zsh: `klotski completions zsh > ~/.zfunc/_klotski` with `~/.zfunc` in
/// `fpath`. Fish: `klotski completions fish > ~/.config/fish/completions/klotski.fish`.
/// Elvish and PowerShell: load the script from the shell's start-up file.
#[derive(clap::Args)]
pub struct Args {
    /// The shell.
    #[arg(value_enum)]
    shell: Shell,
}

/// Prints the script for `command`, the parser of the whole program.
pub fn run(args: Args, mut command: clap::Command) -> anyhow::Result<()> {
    let mut script = Vec::new();
    let name = command.get_name().to_owned();
    clap_complete::generate(args.shell, &mut command, name, &mut script);
    Ok(super::print_out(&String::from_utf8(script)?)?)
}
