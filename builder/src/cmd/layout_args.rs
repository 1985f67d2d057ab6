//! The arguments `solve` and `moves` share: a layout, the database that
//! may hold its numbers, and how moves are counted.

use std::path::PathBuf;

use klotski::{Code, LayoutRef, Metric};

use super::metric::MetricArg;
use super::stored::Stored;

/// A layout, where its numbers come from and the metric.
#[derive(clap::Args)]
pub struct LayoutArgs {
    /// The layout: a code (e.g. 1A9BF0C00 or 1A9BF0C), a short code (e.g.
    /// 4WVE1) or a classification (e.g. 5-4-1-1-7472).
    layout: LayoutRef,
    /// Read the numbers from this database instead of searching the group
    /// (the same answer, without the search).
    #[arg(long, value_name = "PATH")]
    db: Option<PathBuf>,
    #[command(flatten)]
    metric: MetricArg,
}

impl LayoutArgs {
    /// The code the layout names, the database (when given) opened, and
    /// the metric.
    pub fn resolve(self) -> anyhow::Result<(Code, Option<Stored>, Metric)> {
        let code = super::resolve(self.layout)?;
        let stored = self.db.as_deref().map(Stored::open).transpose()?;
        Ok((code, stored, self.metric.metric))
    }
}
