//! `klotski man [--out DIR]`: the manual pages, generated from the
//! arguments.

use std::path::PathBuf;

use anyhow::Context;
use builder::output::write_atomically;
use clap_mangen::Man;

/// Print the manual page, or write one page per command.
///
/// Without --out, prints klotski.1 (read it with `klotski man | man -l -`).
/// With --out, writes klotski.1 and klotski-SUBCOMMAND.1 for each
/// subcommand into DIR, e.g. `klotski man --out ~/.local/share/man/man1`.
#[derive(clap::Args)]
pub struct Args {
    /// Directory to write the pages into (created if missing).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
}

/// Renders the pages of `command`, the parser of the whole program.
pub fn run(args: Args, command: clap::Command) -> anyhow::Result<()> {
    // `klotski help` needs no page of its own.
    let mut command = command.disable_help_subcommand(true);
    command.build();
    let Some(dir) = args.out else {
        let mut page = Vec::new();
        Man::new(command).render(&mut page)?;
        return Ok(super::print_out(&String::from_utf8(page)?)?);
    };
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let subcommands = command.get_subcommands().filter(|sub| !sub.is_hide_set());
    let pages: Vec<Man> = std::iter::once(&command)
        .chain(subcommands)
        .map(|command| Man::new(command.clone()))
        .collect();
    for page in pages {
        let path = dir.join(page.get_filename());
        write_atomically(&path, |file| Ok(page.render(file)?))?;
        println!("{}", path.display());
    }
    Ok(())
}
