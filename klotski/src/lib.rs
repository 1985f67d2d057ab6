//! The Klotski (华容道) layout space, exactly: all 29,334,498 legal layouts of
//! the 4x5 board with one 2x2 block and any mix of 2x1, 1x2 and 1x1 pieces.
//!
//! - [`Code`] is the 36-bit code of a legal layout; parsing it checks every
//!   rule and says what is wrong ([`CodeError`]). [`ShortCode`] writes a
//!   layout's id in 5 characters; [`LayoutRef`] reads either from user input.
//! - [`Layout`] is a layout as bitboards: rendering, mirrors, piece counts,
//!   its [`Class`] and its steps ([`Layout::for_each_step`]).
//! - [`enumerate`] lists codes in ascending order; [`CodeRanks`] counts a
//!   code's id (its rank) and back from a small table; [`AllCodes`] maps
//!   codes to ids by the sorted list of all codes; [`CodeIndex`] does the
//!   same for any sorted code set.
//! - [`ClassGroups`] labels every layout of a class with its group
//!   (`group_num`, `group_index`), [`classify_all`] every layout of the space;
//!   [`group_of`] finds one layout's group alone. A [`Classification`] is the
//!   unique name `jiang-bing-style-group_num-group_index`.
//!
//! - [`Move`] names a step as a player sees it (`1x2 b1-b3`):
//!   [`Layout::moves`] lists a layout's, [`Move::between`] derives one from
//!   two layouts; [`Layout::valued_moves`] lists a layout's moves best first
//!   with the numbers of the layouts they give. [`paths`] finds minimum
//!   solutions, shortest paths and the breadth-first layers from a layout;
//!   [`subgraph`] cuts out the part of a group drawn or exported.
//! - [`Metric`] is a way of counting moves: steps, straight moves or cell
//!   moves ([`Layout::moves_in`], [`Layout::for_each_move_in`]).
//!
//! - [`analysis`] computes, for every layout of a group, its farthest step
//!   and count and its minimum-solution step, count and solution count;
//!   [`analysis::shortest_solutions`] the fewest moves to solved and the
//!   number of minimum move sequences in each metric.
//!
//! - [`named`] holds the named layouts (关卡) of the puzzle, 横刀立马 and
//!   the others, with their sources' step counts: [`find_named`] reads a
//!   name as a user types it, [`names_of`] gives a layout's names.
//!
//! - [`Cancel`] stops a long computation from outside (Ctrl-C): the
//!   searches reach a [`cancel::checkpoint`] every few milliseconds.
//!
//! The crate does no I/O: reading and writing files is the builder's job.
//!
//! ```
//! use klotski::{Class, ClassGroups, Code};
//!
//! let code: Code = "1A9BF0C00".parse()?;
//! let layout = code.layout();
//! assert_eq!(layout.rows()[0], "^##^");
//! assert_eq!(layout.class().to_string(), "5-4-1");
//! assert_eq!(layout.n_steps(), 8);
//! let groups = ClassGroups::build(layout.class());
//! let (group_num, group_index) = groups.locate(code).unwrap();
//! assert_eq!(groups.group_size(group_num), 25_955);
//! # let _ = group_index;
//! # Ok::<(), klotski::CodeError>(())
//! ```
#![deny(missing_docs)]

pub mod analysis;
pub mod board;
mod board_text;
mod buckets;
pub mod cancel;
mod cell;
mod class;
mod classification;
mod code;
pub mod enumerate;
mod group;
mod index;
mod layout;
mod layout_ref;
mod metric;
mod moves;
pub mod named;
pub mod paths;
mod ranks;
mod short_code;
mod steps;
pub mod subgraph;
mod valued;

pub use board_text::BoardError;
pub use cancel::{Cancel, Cancelled};
pub use cell::{Cell, CellError};
pub use class::{Class, ClassError};
pub use classification::{Classification, GroupName};
pub use code::{Code, CodeError, CODE_DIGITS};
pub use group::{classify_all, group_of, ClassGroups, NoSuchLayout};
pub use index::{AllCodes, CodeIndex, N_LAYOUTS};
pub use layout::{Layout, Piece};
pub use layout_ref::{LayoutRef, LayoutRefError};
pub use metric::{Metric, MetricError};
pub use moves::{Direction, Move, Progress, Slide};
pub use named::{find_named, named_layouts, names_of, search_named, NameLookup, NamedLayout};
pub use ranks::CodeRanks;
pub use short_code::{ShortCode, ShortCodeError, ALPHABET, SHORT_CODE_CHARS};
pub use valued::ValuedMove;

/// The engine's version. Databases and the builder's checkpoints record it:
/// results computed by another version are not mixed with this one's.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
