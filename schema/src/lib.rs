//! The Klotski database: its schema, typed rows and queries.
//!
//! The database is one SQLite file with a row for every legal layout
//! (`layout`), group (`layout_group`) and class (`layout_class`), plus
//! `meta` and views reproducing the original project's tables. Its SQL is in
//! the crate's `migrations/` (`schema/migrations/`), compiled in;
//! [`migrate`] applies it.
//!
//! - [`Writer`] builds a new file for the builder: layouts in ascending id,
//!   then [`Writer::finish`], which derives the groups and classes from them
//!   (with their histograms and hardest layouts), checks them, creates the
//!   indexes and marks the file complete.
//! - [`upgrade`] brings a finished file of an older schema version up to
//!   date in place, deriving the new tables as the writer does.
//! - [`Database`] opens a finished file read-only for the server and answers
//!   its queries; opening says exactly why a file cannot be served.
//! - [`Checkpoint`] is the builder's side file of analysed groups, so that
//!   a killed build resumes where it stopped.
//! - The rows are plain structs ([`LayoutRow`], [`GroupRow`], [`ClassRow`],
//!   [`Meta`]); the crate knows nothing of the engine.
//!
//! ```
//! use std::collections::HashMap;
//!
//! use schema::{Database, GroupKey, LayoutNumbers, LayoutRow, MetricNumbers, Page, Writer};
//!
//! let dir = tempfile::tempdir().unwrap();
//! let path = dir.path().join("klotski.db");
//! let group = GroupKey { jiang: 0, bing: 2, style: 0, group_num: 0 };
//! let layout = |id: u32, code: &str, group_index: u32| LayoutRow {
//!     id, code: code.to_owned(), group, group_index, is_mirror: false,
//!     is_mirror_as_released: false,
//!     numbers: LayoutNumbers { farthest_step: 1, farthest_num: 1, min_solution_step: -1,
//!         min_solution_num: 0, solution_num: 0 },
//!     metrics: MetricNumbers { min_straight_moves: -1, min_cell_moves: -1,
//!         ..MetricNumbers::default() },
//! };
//! let mut writer = Writer::create(&path, "0.1.0")?;
//! writer.insert_layouts(&[layout(7, "0F0000000", 0), layout(9, "0F3000000", 1)])?;
//! // The group is its own mirror image.
//! writer.finish(&HashMap::from([(group, 0)]), &[])?;
//!
//! let db = Database::open(&path)?;
//! assert_eq!(db.layout_by_code("0F3000000")?.unwrap().id, 9);
//! assert_eq!(db.layout_by_name(group, 1)?.unwrap().code, "0F3000000");
//! let first_page = db.group_layouts(group, Page { after: None, limit: 10 })?;
//! assert_eq!(first_page.len(), 2);
//! assert_eq!(db.group(group)?.unwrap().size, 2);
//! assert!(db.meta()?.complete);
//! # Ok::<(), schema::Error>(())
//! ```
#![deny(missing_docs)]

mod checkpoint;
mod derive;
mod error;
mod fill;
mod meta;
mod migrate;
mod named;
mod open;
mod packed;
mod ranking;
mod read;
mod rows;
mod tally;
mod upgrade;
mod upgrade_progress;
mod write;

pub use checkpoint::{Checkpoint, CheckpointTag, SavedGroup};
pub use error::{Error, ErrorKind, Result};
pub use fill::GroupMetrics;
pub use migrate::{
    apply_migrations, create_indexes, migrate, Migration, APPLICATION_ID, INDEXES, MIGRATIONS,
    SCHEMA_VERSION,
};
pub use named::NamedLayoutRow;
pub use packed::PackedMetrics;
pub use ranking::N_HARDEST;
pub use read::{Database, GroupFilter, Page};
pub use rows::{
    ClassKey, ClassRow, GroupKey, GroupRow, HistogramRow, LayoutNumbers, LayoutRow, Meta,
    MetricNumbers, Totals,
};
pub use upgrade::{upgrade, Upgrade};
pub use upgrade_progress::UpgradeProgress;
pub use write::{Writer, N_CLASSES};
