//! The analysis's tuning constants, in one place: each says what it tunes
//! and what measurement chose it. Every number the analysis computes is
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
/// each of two workers. Fresh arrays cost the kernel's `clear_page` 10% of
/// the samples of 4-3-3-0's analysis (`perf`) before the spares.
pub(crate) const MAX_SPARES: usize = 12;

/// Nodes per parallel work item when building a group's graph (`graph`):
/// items large enough that handing them out costs nothing beside the
/// steps they generate. No other value was measured.
pub(crate) const BUILD_CHUNK: usize = 4096;

// A group's shape (`shape`).

/// Groups where a ball of 1024 nodes around the first sweep has at least
/// this radius are sparse (`shape`): long corridors, which get more
/// sweeps, pivots and elimination before the peripheral pass, and plain
/// solution searches. Chosen with those tools (the analysis journal's
/// "sparse groups: more sweeps"); no other value was measured.
pub(crate) const SPARSE_RADIUS: usize = 8;

// Farthest searches (`farthest_searches`).

/// Slacks are measured up to this; a larger one counts as this (less rules
/// out less, so that is safe). The sample's slacks are 2-4 and the hubs'
/// 3-7: larger ones are rare.
pub(crate) const MAX_SLACK: u32 = 16;

// Solution searches (`solutions`).

/// Serve the farthest sources of a solution batch when at least this share
/// of its sources are: running a batch to the end costs as much as a plain
/// farthest batch. Not serving them (2.0) cost 3-5-1-0 71.0 / 73.8 s ->
/// 75.9 / 83.5 s.
pub(crate) const SERVE_WHEN_SHARE_AT_LEAST: f64 = 0.5;

/// A group's solution searches from more than one batch of sources first
/// run every source up to this level; the sources live then are searched
/// again together, from their start, in full batches. In the largest dense
/// groups (2-6-1-0, 3-5-1-0) 36-43% of the sources of a batch are live
/// after level 2 and nearly all of them stay live to the end; in 2-3-1-0
/// 75-88%.
pub(crate) const POOL_AFTER_LEVEL: u32 = 2;

/// The levels after which the live sources of a sparse group are counted
/// (for [`PLAIN_WHEN_LIVE_AT_MOST`]): on the group of `1A9BF0C00`, 7 of 484
/// sources are live after 8 levels, the rest blocked among other solved
/// layouts.
pub(crate) const PLAIN_LEVELS: u32 = 8;

/// A sparse group's solution searches are plain when at most this many
/// sources are still live after [`PLAIN_LEVELS`] levels. Over the sparse
/// groups of 1,024 layouts or more of every class (one thread), the 35 with
/// at most 32 took 93 ms in plain searches against 198 ms in batches, and
/// only one of them was slower (4.5 ms against 3.5 ms); with more, plain
/// searches mostly lost, by up to 7 times (87 live sources in a group of
/// 3,132 layouts of 5-1-0), since long-lived sources near each other share
/// the work of a batch.
pub(crate) const PLAIN_WHEN_LIVE_AT_MOST: usize = 32;

// The plan: sweeps, pivots, the sample (`plan`).

/// Sweeps from the node with the largest bound so far (`plan::sweeps`);
/// all the sweeps of a dense group, where later sweeps raise few bounds.
pub(crate) const DOUBLE_SWEEPS: usize = 4;

/// Most sweeps per sparse group. Sweeps run one after another, pivots side
/// by side, and the pivots by ascent do what later sweeps did: on the group
/// of `1A9BF0C00` a plan with 16 took 55-58 searches, and the group's
/// median time was 30% less than with 32 (measured side by side).
pub(crate) const MAX_SWEEPS: usize = 16;

/// Pivots taken from the most central nodes before the ascents
/// (`plan::pivots`): their balls are the largest where slacks are small
/// everywhere (without them the group of `000557C00` took 20% longer,
/// measured side by side).
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

/// One source in this many is sampled: the share that searched the largest
/// group of 4-3-3 the fastest (one in 8 was as fast, one in 32 slower).
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
/// are a large share of the work, and a full build's groups of 100,000 to
/// 160,000 layouts lost 1.5-2 s each to it.
pub(crate) const TRY_FROM_ORBITS: usize = 50_000;

/// The hubs of the first round, at most: a probe. 4,096 hubs find 2.9-3.0
/// farthest orbits each in 2-7-1-0 and 3-4-2-0 (where hubs cut the
/// farthest searches by a quarter), 10-17 in 2-3-1-0, 2-4-1-0, 2-5-0-0 and
/// 2-5-1-0 (where they cost 18-81% more).
pub(crate) const FIRST_HUBS: usize = 4 * WIDTH;

/// The probe's first hubs, searched before the rest as a sign between hubs
/// and elimination's sample: two full batches, one per worker on two cores
/// (1,024 hubs were one batch, and left the other core idle while it ran).
/// Farthest orbits per hub at 2,048 hubs: 0.55-2.83 where hubs search
/// fewer sources than the sample (3-5-2-0 0.55, 2-8-1-0 0.73, 3-5-1-0
/// 1.32, 2-7-2-0 2.83: 18-57% fewer), 0.00-0.25 in the eleven dense groups
/// where a sample round leaves under a tenth of the orbits (3-6-1-0 0.25,
/// 3-6-2-0 0.16) and the sample searches fewer.
pub(crate) const SIGN_HUBS: usize = FIRST_HUBS / 2;

/// Elimination with its sample finishes the plan when the sign finds fewer
/// farthest orbits per hub than this, in hundredths (see [`SIGN_HUBS`]):
/// about the geometric mean of 0.25 and 0.55.
pub(crate) const MIN_SIGN_PERCENT: usize = 37;

/// Elimination finishes the plan when the probe finds more farthest
/// orbits per hub than this, after all its hubs (at 2,048, 2-6-1-0 finds
/// 10.7 per hub, at 4,096 7.5). Measured, hubs against elimination in the
/// farthest part: 7.3 per hub in 2-6-1-0 (hubs 14% faster), 7.5 in 2-6-0-0
/// (3% faster), 10.1 and more in the four groups above (slower).
pub(crate) const MAX_FARTHEST_PER_HUB: usize = 8;

/// Rounds of hubs at most; the orbits left after them are searched for
/// their own numbers (in the groups measured, the third round finds fewer
/// than 100 hubs and none are left).
pub(crate) const MAX_ROUNDS: usize = 6;
