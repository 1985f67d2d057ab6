//! The analysis's tuning constants, in one place: each says what it tunes
//! and why its value; the measurements that chose them are in
//! docs/journal/analysis.md, "Tuning constants". Every number the analysis computes is
//! exact whatever their values; they decide only how much is searched and
//! how the work is shared out. The search width,
//! [`super::lanes::WIDTH`], stays with the lane sets whose size it
//! is.

use super::lanes::WIDTH;

// The kernel and its memory (`bit_bfs`, `spare`, `graph`).

/// The level step's candidates (`bit_bfs::level`) are marked from the
/// frontier's edges when the frontier has fewer nodes than the open nodes
/// divided by this; otherwise every open node next to a node that has
/// been in the frontier is a candidate, which costs no marking. Chosen by
/// the cost of each way (marking reads the frontier's neighbour lists once
/// more); no other value was measured.
pub(crate) const MARK_FROM_FRONTIER_BELOW: usize = 2;

/// At most this many spare lane-set arrays are kept per lane width
/// (`spare`): a solution search holds five, a farthest search three, on
/// each of two workers. Fresh arrays cost the kernel's `clear_page` a
/// visible share of a dense group's analysis before the spares.
pub(crate) const MAX_SPARES: usize = 12;

/// Nodes per parallel work item when building a group's graph (`graph`):
/// items large enough that handing them out costs nothing beside the
/// steps they generate. No other value was measured.
pub(crate) const BUILD_CHUNK: usize = 4096;

// A group's shape (`shape`).

/// Groups where a ball of 1024 nodes around the first sweep has at least
/// this radius are sparse (`shape`): long corridors, which get more
/// sweeps, pivots and elimination before the peripheral pass, and plain
/// solution searches. Chosen with those tools (docs/journal/analysis.md,
/// "Sparse groups: spread sweeps, pivots by ascent"); no other value was
/// measured.
pub(crate) const SPARSE_RADIUS: usize = 8;

// Farthest searches (`farthest_searches`).

/// Slacks are measured up to this; a larger one counts as this (less rules
/// out less, so that is safe). Slacks this large are rare.
pub(crate) const MAX_SLACK: u32 = 16;

// Solution searches (`solutions`).

/// Serve the farthest sources of a solution batch when at least this share
/// of its sources are: running a batch to the end costs as much as a plain
/// farthest batch, and not serving them was slower.
pub(crate) const SERVE_WHEN_SHARE_AT_LEAST: f64 = 0.5;

/// A group's solution searches from more than one batch of sources first
/// run every source up to this level; the sources live then are searched
/// again together, from their start, in full batches. In the largest dense
/// groups well under half of a batch's sources are live after level 2, and
/// nearly all of those stay live to the end.
pub(crate) const POOL_AFTER_LEVEL: u32 = 2;

/// The levels after which the live sources of a sparse group are counted
/// (for [`PLAIN_WHEN_LIVE_AT_MOST`]): by then most sources of a sparse
/// group are blocked among other solved layouts.
pub(crate) const PLAIN_LEVELS: u32 = 8;

/// A sparse group's solution searches are plain when at most this many
/// sources are still live after [`PLAIN_LEVELS`] levels: the sparse groups
/// at or under it were faster in plain searches; with more, plain searches
/// mostly lost, since long-lived sources near each other share the work of
/// a batch.
pub(crate) const PLAIN_WHEN_LIVE_AT_MOST: usize = 32;

// The plan: sweeps, pivots, the sample (`plan`).

/// Sweeps from the node with the largest bound so far (`plan::sweeps`);
/// all the sweeps of a dense group, where later sweeps raise few bounds.
pub(crate) const DOUBLE_SWEEPS: usize = 4;

/// Most sweeps per sparse group. Sweeps run one after another, pivots side
/// by side, and the pivots by ascent do what later sweeps did, so fewer
/// sweeps were faster (measured side by side).
pub(crate) const MAX_SWEEPS: usize = 16;

/// Pivots taken from the most central nodes before the ascents
/// (`plan::pivots`): their balls are the largest where slacks are small
/// everywhere (without them sparse groups were slower, side by side).
pub(crate) const OPENING_PIVOTS: usize = 4;

/// Pivots in a row that are useless (their ball holds no orbit besides
/// their own that was a candidate when they were taken) before the search
/// for more stops: the orbits left are searched in bit-parallel batches.
/// No other value was measured.
pub(crate) const MAX_USELESS_PIVOTS: usize = 8;

/// Sources are sampled (`plan::sample`) when at least this many are left
/// to search: four batches, below which a round's probe would be most of
/// the round.
pub(crate) const SAMPLE_AT_LEAST: usize = 4 * WIDTH;

/// One source in this many is sampled: the share that searched a large
/// dense group the fastest.
pub(crate) const ONE_IN: u32 = 16;

/// Sampling goes on while a round leaves fewer than this share of its
/// sources unsearched: (FEWER_BY - 1) / FEWER_BY. No other value was
/// measured.
pub(crate) const FEWER_BY: usize = 4;

// Hubs (`plan::hubs`).

/// Hubs are tried (their sign first, see [`SIGN_HUBS`]) when more than
/// this share of the orbits, in 1/8ths, is left to search before the
/// sample: in a dense group the sweeps rule out few, and where they have
/// ruled out all but an eighth, the sample finishes the plan.
pub(crate) const TRY_WHEN_LEFT_EIGHTHS: usize = 1;

/// Hubs are tried in groups of at least this many orbits (about 200,000
/// layouts): in smaller ones the probe's [`FIRST_HUBS`] scattered sources
/// are a large share of the work, and smaller groups lost time to it.
pub(crate) const TRY_FROM_ORBITS: usize = 50_000;

/// The hubs of the first round, at most: a probe, whose farthest orbits per
/// hub tell the groups where hubs pay from those where they cost more.
pub(crate) const FIRST_HUBS: usize = 4 * WIDTH;

/// The probe's first hubs, searched before the rest as a sign between hubs
/// and elimination's sample: two full batches, one per worker on two cores
/// (one batch left the other core idle while it ran). Its farthest orbits
/// per hub are higher where hubs search fewer sources than the sample, and
/// lower where a sample round leaves few orbits.
pub(crate) const SIGN_HUBS: usize = FIRST_HUBS / 2;

/// Elimination with its sample finishes the plan when the sign finds fewer
/// farthest orbits per hub than this, in hundredths (see [`SIGN_HUBS`]):
/// between the highest value where the sample won and the lowest where hubs
/// did.
pub(crate) const MIN_SIGN_PERCENT: usize = 37;

/// Elimination finishes the plan when the probe finds more farthest
/// orbits per hub than this, after all its hubs: above it, hubs were slower
/// than elimination in the farthest part.
pub(crate) const MAX_FARTHEST_PER_HUB: usize = 8;

/// Rounds of hubs at most; the orbits left after them are searched for
/// their own numbers (by the third round few hubs are left).
pub(crate) const MAX_ROUNDS: usize = 6;
