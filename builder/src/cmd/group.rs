//! `klotski group CODE`: every layout of a layout's group.

use std::io::Write;
use std::path::PathBuf;

use klotski::{Code, LayoutRef};
use serde::Serialize;

use builder::output::write_atomically;

/// Every layout of a layout's group, one code a line.
///
/// Prints every layout of the group, ascending codes, one per line (the
/// original's `--group`); the count goes to standard error.
#[derive(clap::Args)]
pub struct Args {
    /// A layout of the group: a code, a short code or a classification.
    layout: LayoutRef,
    /// Write the codes to this file instead of standard output.
    #[arg(long, value_name = "FILE", conflicts_with = "json")]
    out: Option<PathBuf>,
    /// Print JSON: the layout asked about, the group's size and its codes.
    #[arg(long)]
    json: bool,
}

/// The JSON answer of `group --json`.
#[derive(Serialize)]
struct GroupJson {
    code: String,
    group_size: usize,
    /// Ascending.
    codes: Vec<String>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let code = super::resolve(args.layout)?;
    let codes = klotski::group_of(code);
    if args.json {
        return super::print_json(&GroupJson {
            code: code.to_string(),
            group_size: codes.len(),
            codes: codes.iter().map(Code::to_string).collect(),
        });
    }
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
