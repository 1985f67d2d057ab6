//! `klotski group CODE`: every layout of a layout's group.

use std::io::Write;
use std::path::PathBuf;

use klotski::LayoutRef;

use builder::output::write_atomically;

/// Print every layout of the group, ascending codes, one per line (the
/// original's `--group`); the count goes to standard error.
#[derive(clap::Args)]
pub struct Args {
    /// A layout of the group: a code, a short code or a classification.
    layout: LayoutRef,
    /// Write the codes to this file instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let code = super::resolve(args.layout)?;
    let codes = klotski::group_of(code);
    let write = |out: &mut dyn Write| -> anyhow::Result<()> {
        for code in &codes {
            writeln!(out, "{code}")?;
        }
        Ok(())
    };
    match &args.out {
        Some(path) => write_atomically(path, |file| write(file))?,
        None => {
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            write(&mut out)?;
            out.flush()?;
        }
    }
    eprintln!("{} layouts in the group of {code}", codes.len());
    Ok(())
}
