//! The subcommands, one module each with its `Args` and `run`.

pub mod analyse;
pub mod analyse_class;
pub mod analyse_group;
mod analysis_files;
mod board;
pub mod build_db;
pub mod completions;
pub mod export;
pub mod graph;
pub mod group;
pub mod info;
pub mod layers;
mod layout_args;
pub mod man;
mod metric;
pub mod migrate;
pub mod moves;
pub mod path;
mod route;
pub mod show;
pub mod solve;
mod stored;

use std::io::Write;

use klotski::{ClassGroups, Code, CodeRanks, LayoutRef};

/// Writes `text` to standard output; a closed pipe is an error (`main`
/// ends quietly on it), not a panic as in `print!`.
fn print_out(text: &str) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// Writes `value` as pretty JSON and a newline to standard output.
fn print_json(value: &impl serde::Serialize) -> anyhow::Result<()> {
    Ok(print_out(&(serde_json::to_string_pretty(value)? + "\n"))?)
}

/// The code a user's layout argument names: a short code's is counted from
/// its id, a classification's found among its class's groups (and may be
/// missing).
fn resolve(layout: LayoutRef) -> anyhow::Result<Code> {
    Ok(match layout {
        LayoutRef::Code(code) => code,
        LayoutRef::Named(named) => named.code,
        LayoutRef::Short(short) => CodeRanks::build()
            .code(short.id())
            .expect("a short code's id is below N_LAYOUTS"),
        LayoutRef::Name(name) => ClassGroups::build(name.group.class).named(name)?,
    })
}
