//! `klotski migrate`: a finished database of an older schema version brought
//! up to date in place, with progress bars, a log line and a summary.

use std::path::Path;
use std::time::{Duration, Instant};

use schema::{Upgrade, UpgradeProgress};
use tracing::info;

use crate::progress::Progress;

/// What a migration did, and how long it took.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Migrated {
    /// The schema versions before and after.
    pub upgrade: Upgrade,
    /// Wall time.
    pub elapsed: Duration,
    /// Size of the file afterwards, in bytes.
    pub file_bytes: u64,
}

/// Brings the database at `db` to the current schema version (see
/// [`schema::upgrade`]): all or nothing, however it is interrupted.
pub fn migrate_database(db: &Path) -> anyhow::Result<Migrated> {
    let started = Instant::now();
    let mut bars = Bars::default();
    let upgrade = schema::upgrade(db, &mut bars)?;
    bars.clear();
    let elapsed = started.elapsed();
    let file_bytes = std::fs::metadata(db)?.len();
    info!(?upgrade, ?elapsed, file_bytes, "migrated");
    Ok(Migrated {
        upgrade,
        elapsed,
        file_bytes,
    })
}

/// The bar over the layouts read, then a spinner while the indexes build.
#[derive(Default)]
struct Bars {
    current: Option<Progress>,
}

impl Bars {
    fn show(&mut self, bar: Progress) {
        self.clear();
        self.current = Some(bar);
    }

    fn clear(&mut self) {
        if let Some(bar) = self.current.take() {
            bar.finish_and_clear();
        }
    }
}

impl UpgradeProgress for Bars {
    fn reading(&mut self, n_layouts: u64) {
        self.show(Progress::bar(
            n_layouts,
            "layouts",
            "deriving histograms and rankings",
        ));
    }

    fn read(&mut self, n_rows: u64) {
        if let Some(bar) = &self.current {
            bar.inc(n_rows);
        }
    }

    fn indexing(&mut self) {
        self.show(Progress::spinner("creating indexes and statistics"));
    }
}
