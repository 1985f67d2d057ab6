//! `klotski build-db`: the SQLite database of every layout, its class and
//! its analysis.

use std::num::NonZeroUsize;
use std::path::PathBuf;

use anyhow::Context;
use builder::classes::{select, ClassPattern};
use builder::{build_database, space, BuildOptions, DEFAULT_BATCH_LAYOUTS};

/// Build the database of every layout (or of chosen classes).
///
/// Builds one SQLite file with every layout (or the chosen
/// classes), its group and its analysis. Written to PATH.building and moved
/// to PATH once complete and checked; a killed build, run again, continues
/// from PATH.checkpoint.
#[derive(clap::Args)]
pub struct Args {
    /// The database file to write.
    #[arg(long, value_name = "PATH", default_value = "data/klotski.db")]
    db: PathBuf,
    /// Classes to include, joined by commas: names (0-3-0), patterns with *
    /// (5-4-*, *-0-*) or `standard` (the ten-piece classes 5-4-*). All
    /// classes when left out. Ids stay global.
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    classes: Vec<ClassPattern>,
    /// Worker threads [default: one per core].
    #[arg(long, value_name = "N")]
    threads: Option<NonZeroUsize>,
    /// Replace a complete database at --db (any other file there is refused).
    #[arg(long)]
    force: bool,
    /// Layouts analysed between two checkpoint commits; groups are never
    /// split, and only one batch is in memory at a time.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_BATCH_LAYOUTS)]
    batch_layouts: u64,
    /// Start without checking the free disk beside --db (by default a build
    /// that would not fit is refused at once, with the figures).
    #[arg(long)]
    no_space_check: bool,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    match args.threads {
        // A pool of its own that Ctrl-C still stops.
        Some(threads) => klotski::cancel::thread_pool(threads.get())
            .context("cannot start the worker threads")?
            .install(|| build(args)),
        None => build(args),
    }
}

fn build(args: Args) -> anyhow::Result<()> {
    let summary = build_database(&BuildOptions {
        db: args.db,
        classes: select(&args.classes),
        force: args.force,
        batch_layouts: args.batch_layouts,
        free_space: if args.no_space_check {
            None
        } else {
            space::CHECKED
        },
    })?;
    print!("{summary}");
    Ok(())
}
