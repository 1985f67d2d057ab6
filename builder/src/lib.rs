//! The builder behind the `klotski` command: glue between the engine
//! (`klotski`) and the database (`schema`).
//!
//! - [`database_build`]: [`build_database`] writes the SQLite database of every
//!   layout (or of chosen classes), atomically and resumably.
//! - [`classes`]: the classes a `--classes` list names.
//! - [`export`]: the original project's four release files, from the engine
//!   or from a database.
//! - [`graph_file`]: a group's graph (or a ball in it) as GraphML, GEXF or
//!   CSV for graph tools.
//! - [`migrate`]: a database of an older schema brought up to date.
//! - [`seeds`]: the per-class seed files the original's `--all` wrote.
//! - [`space`]: the free disk a build or a migration needs, checked first.
//! - [`output`]: files written atomically; [`progress`]: progress bars, logged
//!   off a terminal.
//!
//! ```no_run
//! use builder::{build_database, BuildOptions, DEFAULT_BATCH_LAYOUTS};
//! use builder::classes::{select, ClassPattern};
//!
//! let options = BuildOptions {
//!     db: "data/standard.db".into(),
//!     classes: select(&[ClassPattern::STANDARD]),
//!     force: false,
//!     batch_layouts: DEFAULT_BATCH_LAYOUTS,
//!     free_space: builder::space::CHECKED,
//! };
//! let summary = build_database(&options)?;
//! assert_eq!(summary.n_layouts, 363_480);
//! # Ok::<(), anyhow::Error>(())
//! ```
#![deny(missing_docs)]

pub mod classes;
pub mod database_build;
pub mod export;
pub mod graph_file;
pub mod migrate;
pub mod output;
pub mod progress;
pub mod seeds;
pub mod space;

pub use database_build::{build_database, BuildOptions, Summary, DEFAULT_BATCH_LAYOUTS};
