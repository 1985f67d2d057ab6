//! `klotski export --out DIR [--db PATH]`: the original project's release files.

use std::path::PathBuf;

use builder::export::{export_from_database, export_from_engine};

/// Write the original project's release files.
///
/// Writes the original release files, each with its MD5 and whether it equals
/// the published one. With --db: all four (All_Case.txt, main.csv,
/// farthest.csv, solution.csv) from a database. Without: All_Case.txt and
/// main.csv, computed from scratch. Beside them, as the original's --all
/// did, a seed file J-B-S.txt per class: the smallest code of each group,
/// by group number (the input of `analyse-group --seeds`).
#[derive(clap::Args)]
pub struct Args {
    /// Directory to write into (created if missing).
    #[arg(long)]
    out: PathBuf,
    /// The database to export (see build-db).
    #[arg(long, value_name = "PATH")]
    db: Option<PathBuf>,
    /// Export a partial database: the included classes' lines only, which
    /// cannot equal the published files.
    #[arg(long, requires = "db")]
    allow_partial: bool,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let release = match &args.db {
        Some(db) => export_from_database(db, &args.out, args.allow_partial)?,
        None => export_from_engine(&args.out)?,
    };
    for file in release.files {
        println!("{file}");
    }
    println!("{}", release.seeds);
    Ok(())
}
