use std::collections::BTreeSet;

use super::*;

/// The arrivals reported, as a count and an order-free fingerprint of
/// the (source, node, level, blocked) reports.
#[derive(Default, PartialEq, Eq, Debug)]
struct Reports {
    count: u64,
    fingerprint: u64,
}

/// Records arrivals by source node.
struct Recorder<'a> {
    sources: &'a [u32],
    reports: &'a mut Reports,
}

impl Visitor for Recorder<'_> {
    fn arrive(&mut self, level: u32, node: u32, sources: &Lanes, blocked: &Lanes) {
        for lane in sources.indexes() {
            let is_blocked = !blocked.and(&Lanes::single(lane)).is_empty();
            let report = u64::from(self.sources[lane]) << 40
                | u64::from(node) << 12
                | u64::from(level) << 1
                | u64::from(is_blocked);
            self.reports.count += 1;
            self.reports.fingerprint = self.reports.fingerprint.wrapping_add(mix(report));
        }
    }
}

/// A report's contribution to the fingerprint: its hash, by a hasher
/// whose keys are fixed.
fn mix(report: u64) -> u64 {
    use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
    BuildHasherDefault::<DefaultHasher>::default().hash_one(report)
}

/// Records each lane's distance to every node.
struct Distances(Vec<Vec<u32>>);

impl Visitor for Distances {
    fn arrive(&mut self, level: u32, node: u32, sources: &Lanes, _blocked: &Lanes) {
        for lane in sources.indexes() {
            assert_eq!(self.0[lane][node as usize], u32::MAX, "reached twice");
            self.0[lane][node as usize] = level;
        }
    }
}

#[test]
fn searches_over_the_arrays_other_searches_left_find_plain_distances() {
    // The spare arrays (`spare.rs`) come back with the sets their last
    // search left: a search writes a node's set before reading it.
    let code = "1A9BF0C00".parse().unwrap();
    let graph = GroupGraph::build(crate::group_of(code));
    let n = graph.n_nodes();
    let sources: Vec<u32> = (0..n as u32).step_by(53).collect();
    // Wide and narrow searches (over 128 sources and not), each after
    // one of its width.
    let rounds = [
        (Tracking::Blocked, 200),
        (Tracking::Arrivals, 100),
        (Tracking::Arrivals, 200),
        (Tracking::Blocked, 100),
    ];
    for (round, (tracking, width)) in rounds.into_iter().enumerate() {
        let batch = &sources[round * 50..round * 50 + width];
        let mut distances = Distances(vec![vec![u32::MAX; n]; batch.len()]);
        let mut bfs = BitBfs::new(&graph, tracking);
        // Blocking drops sources early: keep them all to the end.
        let kept = (0..batch.len()).fold(Lanes::EMPTY, |mut kept, lane| {
            kept |= &Lanes::single(lane);
            kept
        });
        let stopped = bfs.search(batch, &kept, Stop::Never, &mut distances);
        assert!(stopped.is_none());
        for (lane, &source) in batch.iter().enumerate() {
            let plain = crate::analysis::plain_bfs::distances_from(&graph, source);
            assert!(distances.0[lane] == plain, "round {round}, source {source}");
        }
    }
}

#[test]
fn survivors_searched_again_together_report_what_whole_searches_do() {
    let code = "1A9BF0C00".parse().unwrap();
    let graph = GroupGraph::build(crate::group_of(code));
    let n = graph.n_nodes() as u32;
    // Batches of solved sources stop within a few levels; one of
    // unsolved sources far from the solved layouts a hundred later.
    let solved = graph.solved_nodes();
    let unsolved: Vec<u32> = (0..n).filter(|&node| !graph.is_solved(node)).collect();
    let batches = [&solved[300..600], &solved[600..], &unsolved[5000..5200]];
    let mut bfs = BitBfs::new(&graph, Tracking::Blocked);

    let mut whole = Reports::default();
    for batch in batches {
        let mut recorder = Recorder {
            sources: batch,
            reports: &mut whole,
        };
        bfs.run(batch, &mut recorder);
    }

    let mut pooled = Reports::default();
    let (mut survivors, mut levels) = (Vec::new(), Vec::new());
    for batch in batches {
        let mut recorder = Recorder {
            sources: batch,
            reports: &mut pooled,
        };
        let stopped = bfs
            .run_until_few(batch, &mut recorder)
            .expect("these batches stop early");
        for lane in stopped.lanes.indexes() {
            survivors.push(batch[lane]);
            levels.push(stopped.level);
        }
    }
    let distinct_levels: BTreeSet<u32> = levels.iter().copied().collect();
    assert!(distinct_levels.len() > 1, "{distinct_levels:?}");
    for (sources, levels) in survivors
        .chunks(NarrowLanes::WIDTH)
        .zip(levels.chunks(NarrowLanes::WIDTH))
    {
        let mut recorder = Recorder {
            sources,
            reports: &mut pooled,
        };
        let mut after = AfterLevels::new(Some(levels), &mut recorder);
        let stopped = bfs.run_until_few(sources, &mut after);
        assert!(
            stopped.is_none(),
            "a search from at most 128 sources runs to the end"
        );
    }
    assert_eq!(pooled, whole);
}

/// Counts a search's arrivals by level, one per node reached (level 0:
/// the sources).
#[cfg(feature = "kernel-stats")]
struct ArrivalsByLevel(Vec<u64>);

#[cfg(feature = "kernel-stats")]
impl Visitor for ArrivalsByLevel {
    fn arrive(&mut self, level: u32, _node: u32, _sources: &Lanes, _blocked: &Lanes) {
        let level = level as usize;
        if self.0.len() <= level {
            self.0.resize(level + 1, 0);
        }
        self.0[level] += 1;
    }
}

#[cfg(feature = "kernel-stats")]
#[test]
fn the_kernel_counts_agree_with_what_the_searches_report() {
    use super::kernel_stats::{LevelCounts, SearchKind};

    let code = "1A9BF0C00".parse().unwrap();
    let graph = GroupGraph::build(crate::group_of(code));
    let n = graph.n_nodes() as u32;
    // A wide and a narrow farthest search, and a wide solution search.
    let spread: Vec<u32> = (0..n).step_by(37).take(300).collect();
    let few: Vec<u32> = (0..n).step_by(101).take(100).collect();
    let solved = graph.solved_nodes();
    let searches = [
        (Tracking::Arrivals, &spread[..], 128),
        (Tracking::Arrivals, &few[..], 16),
        (Tracking::Blocked, &solved[..], 128),
    ];
    for (tracking, sources, set_bytes) in searches {
        let mut reported = ArrivalsByLevel(Vec::new());
        let mut bfs = BitBfs::new(&graph, tracking);
        bfs.run(sources, &mut reported);
        let totals = if set_bytes == 128 {
            &bfs.wide.as_ref().unwrap().counter.totals
        } else {
            &bfs.narrow.as_ref().unwrap().counter.totals
        };
        let kind = SearchKind {
            set_bytes,
            blocked: tracking.blocked(),
        };
        assert!(totals.keys().all(|&(counted, _)| counted == kind));
        // One count per level searched, each level's arrivals those the
        // visitor was told of (level 0, the sources, is not searched).
        let levels: Vec<u32> = totals.keys().map(|&(_, level)| level).collect();
        let searched: Vec<u32> = (1..=levels.len() as u32).collect();
        assert_eq!(levels, searched, "{tracking:?}");
        assert!(reported.0.len() >= levels.len(), "{tracking:?}");
        let mut all = LevelCounts::default();
        for (&(_, level), counts) in totals {
            let told = reported.0.get(level as usize).copied().unwrap_or(0);
            assert_eq!(counts.arrivals, told, "{tracking:?} level {level}");
            assert_eq!(counts.levels, 1);
            all.add(counts);
        }
        // Every node but the sources arrives at some level, in a search
        // that runs every source to the end, and at most once per level.
        if tracking == Tracking::Arrivals {
            let others = u64::from(n) - sources.len() as u64;
            assert!(all.arrivals >= others, "{all:?}");
            assert!(all.arrivals <= others * levels.len() as u64, "{all:?}");
        } else {
            assert!(all.second_sets <= all.frontier_reads, "{all:?}");
        }
        // A candidate reached reads at least one frontier set; a saturated
        // one reads none, and a read needs a neighbour id read.
        assert!(all.candidates >= all.saturated + all.arrivals, "{all:?}");
        assert!(all.frontier_reads >= all.arrivals, "{all:?}");
        assert!(all.neighbours >= all.frontier_reads, "{all:?}");
        assert!(all.idle_reads + all.repeat_reads <= all.frontier_reads);
    }
}
