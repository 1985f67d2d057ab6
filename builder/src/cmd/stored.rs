//! Layouts' stored numbers, read from the database given with `--db`.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use klotski::analysis::LayoutAnalysis;
use klotski::{Code, Metric};
use schema::{Database, GroupRow, LayoutRow};

/// A finished database, open read-only, and where it is.
pub struct Stored {
    db: Database,
    path: PathBuf,
}

impl Stored {
    /// Opens the finished database at `path`.
    pub fn open(path: &Path) -> anyhow::Result<Stored> {
        let db = Database::open(path).with_context(|| format!("cannot read {}", path.display()))?;
        Ok(Stored {
            db,
            path: path.to_owned(),
        })
    }

    /// The open database.
    pub fn database(&self) -> &Database {
        &self.db
    }

    /// The row of `code`, or an error that says how many classes the file
    /// holds.
    pub fn row(&self, code: Code) -> anyhow::Result<LayoutRow> {
        if let Some(row) = self.db.layout_by_code(&code.to_string())? {
            return Ok(row);
        }
        let meta = self.db.meta()?;
        bail!(
            "{code} (class {}) is not in {}, which holds {} of the 203 classes",
            code.layout().class(),
            self.path.display(),
            meta.classes.len()
        )
    }

    /// The stored summary of the group of `row`.
    pub fn group(&self, row: &LayoutRow) -> anyhow::Result<GroupRow> {
        self.db.group(row.group)?.with_context(|| {
            format!(
                "{} holds no row for the group {} of {}",
                self.path.display(),
                row.group,
                row.code
            )
        })
    }

    /// The stored fewest moves of `metric` from `code` to solved, or
    /// `None` when the file does not hold it.
    pub fn min_moves(&self, code: Code, metric: Metric) -> anyhow::Result<Option<i32>> {
        let row = self.db.layout_by_code(&code.to_string())?;
        Ok(row.map(|row| edge::numbers::min_moves(&row, metric)))
    }
}

/// The five numbers of a stored row.
pub fn analysis(row: &LayoutRow) -> LayoutAnalysis {
    edge::numbers::analysis_of(&row.numbers)
}
