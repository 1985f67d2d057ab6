//! What the two binaries, `klotski` (the `builder` crate) and
//! `klotski-server` (the `server` crate), share at their edge, so that
//! neither depends on the other:
//!
//! - [`args`]: command-line arguments parsed with one-line errors;
//! - [`logging`]: `tracing` to standard error, alike in both;
//! - [`keys`]: the engine's names of classes and groups as the database's
//!   keys;
//! - [`numbers`]: a layout's five analysis numbers between the engine's type
//!   and the database's;
//! - [`json`]: the JSON of moves and routes, one shape each, alike in the
//!   CLI's `--json` and the service's answers;
//! - [`named`]: the engine's named layouts as the database's rows.
//!
//! It sits above the engine (`klotski`) and the database (`schema`) and
//! below the binaries; it does no work of its own.
#![deny(missing_docs)]

pub mod args;
pub mod json;
pub mod keys;
pub mod logging;
pub mod named;
pub mod numbers;
