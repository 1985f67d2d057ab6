//! `klotski migrate`: a finished database of an older schema version brought
//! up to date in place, with progress bars, a log line and a summary. From
//! a version before 3 the engine computes the metric columns, group by
//! group ([`EngineMetrics`]).

use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::Context;
use edge::numbers::metrics_of_graph;
use klotski::analysis::GroupGraph;
use klotski::Code;
use rayon::prelude::*;
use schema::{Database, ErrorKind, GroupMetrics, MetricNumbers, Upgrade, UpgradeProgress};
use tracing::info;

use crate::progress::Progress;
use crate::space::{self, FreeSpace};

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
/// [`schema::upgrade`]): all or nothing, however it is interrupted. A file
/// of an older version is first checked to fit its migration in the free
/// disk `free_space` reads (`None`: not checked).
pub fn migrate_database(db: &Path, free_space: FreeSpace) -> anyhow::Result<Migrated> {
    let started = Instant::now();
    let older = Database::open(db).err().is_some_and(|error| {
        matches!(error.kind(), ErrorKind::SchemaVersion { found, expected, .. } if found < expected)
    });
    if older {
        let file_bytes = std::fs::metadata(db)?.len();
        let what = format!("migrating {}", db.display());
        space::check(
            free_space,
            space::dir_of(db),
            space::migrate_needs(file_bytes),
            &what,
        )?;
    }
    let mut bars = Bars::default();
    let named = edge::named::named_rows();
    let upgrade = schema::upgrade(db, &EngineMetrics, &named, &mut bars)
        .with_context(|| format!("migrating {} failed, the file is as it was", db.display()))?;
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

/// The engine's answer to a migration's [`GroupMetrics`]: each group's
/// graph and its searches in the three metrics, the groups in parallel.
struct EngineMetrics;

impl GroupMetrics for EngineMetrics {
    fn class_metrics(&self, groups: &[Vec<u64>]) -> Result<Vec<Vec<(i32, MetricNumbers)>>, String> {
        groups
            .par_iter()
            .map(|values| {
                let codes = values
                    .iter()
                    .map(|&value| Code::new(value).map_err(|error| error.to_string()))
                    .collect::<Result<Vec<Code>, String>>()?;
                if !codes.is_sorted() {
                    return Err(format!("the codes of group {} do not ascend", codes[0]));
                }
                // GroupGraph::build panics on codes that are not whole groups:
                // a layout one step away must be among them.
                let known: std::collections::HashSet<Code> = codes.iter().copied().collect();
                for code in &codes {
                    let mut whole = true;
                    code.layout()
                        .for_each_step(|next| whole &= known.contains(&next.code()));
                    if !whole {
                        return Err(format!("group of {} is not a whole group", codes[0]));
                    }
                }
                metrics_of_graph(&GroupGraph::build(codes))
            })
            .collect()
    }
}

impl UpgradeProgress for Bars {
    fn computing(&mut self, n_layouts: u64) {
        self.show(Progress::bar(
            n_layouts,
            "layouts",
            "computing straight and cell moves",
        ));
    }

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
