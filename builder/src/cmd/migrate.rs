//! `klotski migrate --db PATH`: a database of an older schema version brought
//! up to date in place.

use std::path::PathBuf;

use builder::migrate::migrate_database;
use builder::space;
use schema::Upgrade;

/// Bring a database of an older schema up to date, in place.
///
/// Brings a database built by an older version of this program up to the
/// current schema, in place and without a rebuild: computes the numbers in
/// straight and cell moves (schema 3) group by group, adds the indexes and
/// the tables derived from the layouts. Interrupted, or on a full or
/// read-only disk, it fails and the file keeps its old version intact; run
/// it again.
#[derive(clap::Args)]
pub struct Args {
    /// The database to migrate.
    #[arg(long, value_name = "PATH", default_value = "data/klotski.db")]
    db: PathBuf,
    /// Start without checking the free disk beside --db (by default a
    /// migration that would not fit is refused at once, with the figures).
    #[arg(long)]
    no_space_check: bool,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let free_space = if args.no_space_check {
        None
    } else {
        space::CHECKED
    };
    let migrated = migrate_database(&args.db, free_space)?;
    let db = args.db.display();
    match migrated.upgrade {
        Upgrade::Current { version } => {
            println!("{db} already has schema version {version}: nothing to do");
        }
        Upgrade::Migrated { from, to } => println!(
            "{db}: schema version {from} -> {to} in {:.1} s, {:.1} MB",
            migrated.elapsed.as_secs_f64(),
            migrated.file_bytes as f64 / 1e6
        ),
    }
    Ok(())
}
