//! Each strategy against the reference on many small random groups: what it
//! rules out is farthest from nobody (so the candidates and searched orbits
//! hold every layout farthest from another), and the plan it leaves, or any
//! superset of its sources, gives the reference's farthest numbers.

use std::sync::Mutex;

use proptest::prelude::Rng;
use proptest::test_runner::{RngAlgorithm, TestRng};
use rayon::prelude::*;

use super::pivots::{ascent, most_peripheral, pivot_of, PivotChoice};
use super::sample;
use super::*;
use crate::analysis::farthest_searches;
use crate::analysis::lanes::WIDTH;
use crate::analysis::node_set::NodeSet;
use crate::analysis::plain_bfs::distances_from;
use crate::analysis::records::{fold_orbits, merge_into, Farthest};
use crate::analysis::reference;
use crate::analysis::shape::Shape;
use crate::analysis::symmetry::Orbits;
use crate::analysis::tuning::{MAX_SLACK, SAMPLE_AT_LEAST};
use crate::analysis::GroupGraph;
use crate::{Class, ClassGroups};

/// A group with what the reference says of it.
struct Known {
    graph: GroupGraph,
    orbits: Orbits,
    /// Per node, whether it is farthest from some layout (in F).
    in_f: Vec<bool>,
    /// Per node, its reference farthest numbers.
    farthest: Vec<Farthest>,
}

impl Known {
    fn of(graph: GroupGraph) -> Known {
        let n = graph.n_nodes();
        let reports: Vec<_> = (0..n as u32)
            .into_par_iter()
            .map(|node| reference::analyse_layout(&graph, node))
            .collect();
        let mut in_f = vec![false; n];
        for report in &reports {
            for &code in &report.farthest {
                in_f[graph.node(code).unwrap() as usize] = true;
            }
        }
        let farthest = reports
            .iter()
            .map(|report| Farthest {
                step: report.analysis.farthest_step,
                count: report.analysis.farthest_num,
            })
            .collect();
        Known {
            orbits: Orbits::of(&graph),
            graph,
            in_f,
            farthest,
        }
    }

    fn orbits_count(&self) -> usize {
        (0..self.graph.n_nodes() as u32)
            .filter(|&node| is_representative(&self.graph, &self.orbits, node))
            .count()
    }

    fn new_plan(&self) -> Plan<'_> {
        Plan::new(&self.graph, &self.orbits, None, true)
    }

    /// Checks that the plan ruled out no layout of F; returns how many
    /// layouts it ruled out.
    fn check_ruled_out(&self, plan: &Plan, what: &str) -> usize {
        let candidates = plan.candidates();
        let mut n_ruled_out = 0;
        for node in 0..self.graph.n_nodes() as u32 {
            if !candidates.is_candidate(node) && !candidates.is_searched(node) {
                assert!(!self.in_f[node as usize], "{what} ruled out {node}, in F");
                n_ruled_out += 1;
            }
        }
        n_ruled_out
    }

    /// Checks that the plan's records with its sources searched, and with
    /// `extra` sources (orbits it did not record) searched too, give the
    /// reference's numbers.
    fn check_numbers(&self, mut plan: Plan, extra: &[u32], what: &str) {
        let rest = plan.sources();
        search_sources(&mut plan, &rest, false);
        let records = plan.into_records();
        assert_eq!(fold_orbits(&self.orbits, &records), self.farthest, "{what}");
        if extra.is_empty() {
            return;
        }
        let extra = NodeSet::from_fn(self.graph.n_nodes(), |node| extra.contains(&node));
        let orbits = &self.orbits;
        let more = farthest_searches::search(&self.graph, &extra, |s| orbits.orbit_size(s), None);
        let mut superset = records;
        merge_into(&mut superset, &more.records);
        assert_eq!(
            fold_orbits(orbits, &superset),
            self.farthest,
            "{what} and more"
        );
    }
}

/// One representative of each orbit the plan ruled out, every `one_in`-th.
fn ruled_out_orbits(known: &Known, plan: &Plan, one_in: usize) -> Vec<u32> {
    let candidates = plan.candidates();
    (0..known.graph.n_nodes() as u32)
        .filter(|&node| {
            !candidates.is_candidate(node)
                && !candidates.is_searched(node)
                && is_representative(&known.graph, &known.orbits, node)
        })
        .step_by(one_in)
        .collect()
}

/// Random groups of 1,025 to 4,000 layouts (the plans of smaller groups
/// are empty), `n_each` of each shape but the small one, the same every
/// run.
fn random_groups(n_each: usize) -> (Vec<Known>, Vec<Known>) {
    let mut rng = TestRng::deterministic_rng(RngAlgorithm::ChaCha);
    let classes = Class::all();
    let (mut dense, mut sparse) = (Vec::new(), Vec::new());
    for _ in 0..2_000 {
        if dense.len() >= n_each && sparse.len() >= n_each {
            break;
        }
        let class = classes[rng.next_u64() as usize % classes.len()];
        let groups = ClassGroups::build(class);
        let fitting: Vec<u32> = (0..groups.n_groups())
            .filter(|&g| (1_025..=4_000).contains(&groups.group_size(g)))
            .collect();
        if fitting.is_empty() {
            continue;
        }
        let group_num = fitting[rng.next_u64() as usize % fitting.len()];
        let graph = GroupGraph::build(groups.group_codes(group_num).collect());
        let shelf = match Shape::of(&graph) {
            Shape::Dense(_) => &mut dense,
            Shape::Sparse(_) => &mut sparse,
            Shape::Small => unreachable!("over 1024 layouts"),
        };
        if shelf.len() < n_each {
            shelf.push(Known::of(graph));
        }
    }
    assert_eq!((dense.len(), sparse.len()), (n_each, n_each));
    (dense, sparse)
}

fn first_sweep(graph: &GroupGraph) -> crate::analysis::shape::FirstSweep {
    match Shape::of(graph) {
        Shape::Dense(first) | Shape::Sparse(first) => first,
        Shape::Small => unreachable!("over 1024 layouts"),
    }
}

#[test]
fn every_strategy_rules_out_only_layouts_farthest_from_nobody() {
    let (dense, sparse) = random_groups(6);
    let mut n_ruled_out = [0; 5];
    for known in &dense {
        // The dense plan, strategy by strategy: sweeps, the peripheral
        // pass, then a sample round whatever the number of sources.
        let plan = Mutex::new(known.new_plan());
        sweeps::dense(&plan, first_sweep(&known.graph));
        let mut plan = plan.into_inner().unwrap();
        n_ruled_out[0] += known.check_ruled_out(&plan, "dense sweeps");
        peripheral::search(&mut plan);
        n_ruled_out[1] += known.check_ruled_out(&plan, "peripheral pass");
        let sources = plan.sources();
        sample::search_round(&mut plan, &sources, 0);
        n_ruled_out[2] += known.check_ruled_out(&plan, "sample");
        let extra = ruled_out_orbits(known, &plan, 3);
        known.check_numbers(plan, &extra, "dense plan");
    }
    for known in &sparse {
        let plan = Mutex::new(known.new_plan());
        sweeps::sparse(&plan, first_sweep(&known.graph));
        n_ruled_out[3] += known.check_ruled_out(&plan.lock().unwrap(), "sparse sweeps");
        // Known-farthest layouts are in F.
        let next = known_farthest::next(&plan.lock().unwrap());
        assert!(next.is_none_or(|node| known.in_f[node as usize]));
        pivots::search(&plan);
        let plan = plan.into_inner().unwrap();
        n_ruled_out[4] += known.check_ruled_out(&plan, "pivots");
        let extra = ruled_out_orbits(known, &plan, 3);
        known.check_numbers(plan, &extra, "sparse plan");
    }
    // The checks saw ruled-out layouts: the sample and the pivots rule out
    // most of these groups.
    assert!(n_ruled_out[2] > n_ruled_out[1], "{n_ruled_out:?}");
    assert!(n_ruled_out[4] > 0, "{n_ruled_out:?}");
}

#[test]
fn known_farthest_searches_take_layouts_of_f() {
    let (_, sparse) = random_groups(3);
    let mut n_taken = 0;
    for known in &sparse {
        let plan = Mutex::new(known.new_plan());
        sweeps::sparse(&plan, first_sweep(&known.graph));
        let mut plan = plan.into_inner().unwrap();
        while let Some(node) = known_farthest::next(&plan) {
            assert!(known.in_f[node as usize], "{node}");
            let taken = plan.take(node);
            // A farthest layout has no slack: it rules out nothing.
            assert!(!plan.absorb_plain(taken, &distances_from(&known.graph, node)));
            n_taken += 1;
        }
        known.check_ruled_out(&plan, "known farthest");
        known.check_numbers(plan, &[], "sweeps and known farthest");
    }
    assert!(n_taken > 0);
}

/// The group of `1A9BF0C00`, sparse, with its orbits.
fn classic_group() -> (GroupGraph, Orbits) {
    let graph = GroupGraph::build(crate::group_of("1A9BF0C00".parse().unwrap()));
    let orbits = Orbits::of(&graph);
    (graph, orbits)
}

/// Runs a sparse plan's pivots as `n_threads` threads would, each taking a
/// pivot when free, with the order in which running searches finish drawn
/// from `rng`; returns the plan and how many searches finished before one
/// taken earlier.
fn interleaved_pivots<'a>(
    graph: &'a GroupGraph,
    orbits: &'a Orbits,
    n_threads: usize,
    rng: &mut TestRng,
) -> (Plan<'a>, usize) {
    let plan = Mutex::new(Plan::new(graph, orbits, None, true));
    sweeps::sparse(&plan, first_sweep(graph));
    let mut plan = plan.into_inner().unwrap();
    let mut choice = PivotChoice::new();
    let (mut running, mut n_active, mut n_overtaking) = (Vec::new(), n_threads, 0);
    loop {
        while running.len() < n_active {
            match choice.take(&mut plan) {
                Some(pivot) => running.push(pivot),
                // A thread that finds no pivot stops.
                None => n_active -= 1,
            }
        }
        if running.is_empty() {
            return (plan, n_overtaking);
        }
        let finished = rng.next_u64() as usize % running.len();
        n_overtaking += usize::from(finished > 0);
        let pivot = running.remove(finished);
        let distances = distances_from(graph, pivot.taken.source);
        let useful = plan.absorb_plain(pivot.taken, &distances);
        choice.done(pivot, useful);
    }
}

#[test]
fn a_sparse_plan_leaves_few_sources_however_its_pivots_interleave() {
    // Pivots run beside each other on every thread; the stop rule must not
    // mistake a pivot whose ball another one ruled out first for a useless
    // one (counting so left about 200 sources in one run in ten on four
    // threads). The interleavings are drawn, so the test is the same every
    // run.
    let (graph, orbits) = classic_group();
    let n_orbits = (0..graph.n_nodes() as u32)
        .filter(|&node| is_representative(&graph, &orbits, node))
        .count();
    let mut rng = TestRng::deterministic_rng(RngAlgorithm::ChaCha);
    let mut n_overtaking = 0;
    for n_threads in [1, 2, 2, 3, 3, 4, 4, 4, 8] {
        let (plan, overtaking) = interleaved_pivots(&graph, &orbits, n_threads, &mut rng);
        n_overtaking += overtaking;
        let n_sources = plan.sources().count();
        assert!(
            n_sources * 100 < n_orbits,
            "{n_sources} sources left on {n_threads} threads"
        );
    }
    // Searches did finish out of order.
    assert!(n_overtaking > 20, "{n_overtaking}");
}

#[test]
fn sweeps_start_at_candidates_and_their_orbits_are_searched_once() {
    let (graph, orbits) = classic_group();
    let plan = Mutex::new(Plan::new(&graph, &orbits, None, true));
    sweeps::sparse(&plan, first_sweep(&graph));
    let plan = plan.into_inner().unwrap();
    // Every sweep searched an orbit not searched before: each was taken as
    // a candidate, at its own count.
    let mut taken_at: Vec<u32> = (0..graph.n_nodes() as u32)
        .filter(|&node| plan.candidates().is_searched(node))
        .map(|node| plan.candidates().removed_at()[node as usize])
        .collect();
    taken_at.sort_unstable();
    taken_at.dedup();
    assert_eq!(taken_at, (0..16).collect::<Vec<_>>());
    assert!(!plan.is_sweeping());
    let next = sweeps::next_sweep(&plan, true).unwrap();
    assert!(plan.candidates().is_candidate(next));
}

#[test]
fn expected_slacks_are_1_lipschitz_and_ascents_end_where_they_have_most_room() {
    let (graph, orbits) = classic_group();
    let plan = Mutex::new(Plan::new(&graph, &orbits, None, true));
    sweeps::sparse(&plan, first_sweep(&graph));
    let mut plan = plan.into_inner().unwrap();
    let mut choice = PivotChoice::new();
    let mut n_ascents = 0;
    while n_ascents < 12 {
        let pivot = choice.take(&mut plan).unwrap();
        n_ascents += usize::from(pivot.target.is_some());
        let useful = plan.absorb_plain(pivot.taken, &distances_from(&graph, pivot.taken.source));
        choice.done(pivot, useful);
    }
    let upper = plan.upper_slack();
    for node in 0..graph.n_nodes() as u32 {
        for &neighbour in graph.neighbours(node) {
            assert!(upper[node as usize].abs_diff(upper[neighbour as usize]) <= 1);
        }
    }
    // The ascent from a target is every node w with the most room,
    // U(w) - d(w, target) = U(target), and the pivot is one of them.
    let mut targets = vec![most_peripheral(&plan, |_| true).unwrap()];
    targets.extend(
        (0..graph.n_nodes() as u32)
            .filter(|&node| plan.candidates().is_candidate(node))
            .step_by(97),
    );
    for target in targets {
        let distances = distances_from(&graph, target);
        let room =
            |node: u32| i64::from(upper[node as usize]) - i64::from(distances[node as usize]);
        let mut ascent = ascent(&plan, target);
        assert_eq!(ascent[0], target);
        let pivot = pivot_of(&plan, target, ascent.clone(), |_| true);
        assert!(ascent.contains(&pivot));
        if upper[target as usize] == 0 {
            assert_eq!(ascent, [target]);
            continue;
        }
        ascent.sort_unstable();
        let most_room: Vec<u32> = (0..graph.n_nodes() as u32)
            .filter(|&node| room(node) == room(target))
            .collect();
        assert_eq!(ascent, most_room, "target {target}");
    }
}

/// A dense group's plan as the pipeline leaves it before the sample: after
/// its sweeps and its peripheral batch (no solution searches served).
fn dense_plan_before_its_sample<'a>(graph: &'a GroupGraph, orbits: &'a Orbits) -> Plan<'a> {
    let plan = Mutex::new(Plan::new(graph, orbits, None, true));
    sweeps::dense(&plan, first_sweep(graph));
    let mut plan = plan.into_inner().unwrap();
    peripheral::search(&mut plan);
    plan
}

#[test]
fn measured_slacks_and_their_balls_are_those_of_plain_searches() {
    // A dense group of 5-1-4 (20,664 layouts) where few layouts are
    // farthest from another.
    let graph = GroupGraph::build(crate::group_of("00019D400".parse().unwrap()));
    let orbits = Orbits::of(&graph);
    let mut plan = dense_plan_before_its_sample(&graph, &orbits);
    let sources = plan.sources();
    assert!(sources.count() >= SAMPLE_AT_LEAST);
    let bounds = plan.bounds().to_vec();
    let sample = sample::sample(&sources, 0);
    let searched =
        farthest_searches::search(&graph, &sample, |s| orbits.orbit_size(s), Some(&bounds));
    assert_eq!(searched.slacks.len(), sample.count());
    let mut pivots = Vec::new();
    for measured in &searched.slacks {
        let distances = distances_from(&graph, measured.source);
        let plain = bounds
            .iter()
            .zip(&distances)
            .map(|(&bound, &d)| bound.saturating_sub(d))
            .min()
            .unwrap()
            .min(MAX_SLACK);
        assert_eq!(measured.slack, plain, "source {}", measured.source);
        for image in orbits.images_of(measured.source) {
            pivots.push((distances_from(&graph, image), measured.slack));
        }
    }
    let by_definition: Vec<u32> = (0..graph.n_nodes())
        .filter(|&node| pivots.iter().any(|(d, slack)| d[node] < *slack))
        .map(|node| node as u32)
        .collect();
    let mut ball = state::balls(&graph, &orbits, &searched.slacks);
    ball.sort_unstable();
    assert_eq!(ball, by_definition);
    // The sample's balls cover most of the group.
    assert!(ball.len() * 4 > graph.n_nodes() * 3, "{}", ball.len());
    // And a whole round rules out most of the sources.
    sample::search(&mut plan);
    assert!(plan.sources().count() * 4 < sources.count());
}

/// Runs `test` in a pool of two workers, so that a sample round's probe is
/// two ball batches whatever the machine.
fn on_two_workers(test: impl FnOnce() + Send) {
    rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap()
        .install(test);
}

#[test]
fn a_sample_round_stops_after_its_probe_where_it_rules_out_nothing() {
    // The largest group of 2-3-1 (229,680 layouts), dense, where nearly
    // every layout is farthest from another; two workers, so two batches.
    on_two_workers(|| {
        let groups = ClassGroups::build("2-3-1".parse().unwrap());
        let graph = GroupGraph::build(groups.group_codes(0).collect());
        let orbits = Orbits::of(&graph);
        let mut plan = dense_plan_before_its_sample(&graph, &orbits);
        let sources = plan.sources();
        let sample = sample::sample(&sources, 0);
        assert!(sample.count() > 2 * WIDTH, "{} sampled", sample.count());
        let round = sample::search_round(&mut plan, &sources, 0);
        assert_eq!(round, sample::Round::NotPaying);
        // Only the probe was searched, and it ruled out nothing else.
        let n_searched = sources.count() - plan.sources().count();
        assert_eq!(n_searched, 2 * WIDTH);
    });
}

#[test]
fn a_sample_round_that_pays_searches_its_whole_sample() {
    // The largest group of 4-3-3 (262,080 layouts), dense, where few
    // layouts are farthest from another, so a round's probe pays and its
    // sample holds more than the probe's two batches (two workers).
    on_two_workers(|| {
        let graph = GroupGraph::build(crate::group_of("00019DF00".parse().unwrap()));
        let orbits = Orbits::of(&graph);
        let mut plan = dense_plan_before_its_sample(&graph, &orbits);
        let sources = plan.sources();
        let sample = sample::sample(&sources, 0);
        assert!(sample.count() > 2 * WIDTH, "{} sampled", sample.count());
        let round = sample::search_round(&mut plan, &sources, 0);
        assert_eq!(round, sample::Round::Searched);
        // Every sampled orbit is searched or ruled out, and the round
        // searched more than its probe.
        let left = plan.sources();
        assert!(sample.iter().all(|node| !left.contains(node)));
        let candidates = plan.candidates();
        let n_searched = sample
            .iter()
            .filter(|&node| candidates.is_searched(node))
            .count();
        assert!(n_searched > 2 * WIDTH, "{n_searched} searched");
    });
}

#[test]
fn the_hubs_sign_tells_where_few_layouts_are_farthest_from_where_many_are() {
    // Largest groups: 4-3-3's, where the sample rules out most orbits, and
    // 2-3-1's, where nearly every layout is farthest from another.
    for (group, says_sample) in [("00019DF00", true), ("000001BF0", false)] {
        let graph = GroupGraph::build(crate::group_of(group.parse().unwrap()));
        let orbits = Orbits::of(&graph);
        let plan = dense_plan_before_its_sample(&graph, &orbits);
        assert!(hubs::worth_trying(
            plan.sources().count(),
            plan.representatives().count()
        ));
        let probe = hubs::Probe::sign(&plan);
        assert_eq!(probe.says_sample(&plan), says_sample, "{group}");
    }
}

/// Checks that hubs, and elimination after their probe, give `known`'s
/// numbers from the plans `plan` makes, after the probe's sign and after
/// the whole probe; returns whether the whole probe had more hubs.
fn check_hubs<'a>(known: &'a Known, plan: impl Fn() -> Plan<'a>, what: &str) -> bool {
    let probes = || {
        let sign = hubs::Probe::sign(&plan());
        let mut grown = hubs::Probe::sign(&plan());
        grown.grow(&plan());
        [("sign", sign), ("whole probe", grown)]
    };
    let [sign, grown] = probes();
    let grew = grown.1.hubs.count() > sign.1.hubs.count();
    for (probe_name, probe) in [sign, grown] {
        let hubbed = hubs::by_hubs(plan(), probe);
        assert_eq!(hubbed, known.farthest, "hubs, {what}, {probe_name}");
    }
    for (probe_name, probe) in probes() {
        let eliminated = hubs::eliminate(plan(), probe);
        assert_eq!(
            eliminated, known.farthest,
            "elimination after a probe, {what}, {probe_name}"
        );
    }
    grew
}

#[test]
fn hubs_and_their_fallback_give_the_reference_numbers_from_any_plan() {
    let (dense, _) = random_groups(6);
    let (mut n_orbits, mut n_certified) = (0, 0);
    for known in &dense {
        // Nothing searched and every bound 0: every orbit is a hub.
        check_hubs(known, || known.new_plan(), "no plan");
        // The dense plan before its sample, and after a sample round.
        check_hubs(
            known,
            || dense_plan_before_its_sample(&known.graph, &known.orbits),
            "before the sample",
        );
        check_hubs(
            known,
            || {
                let mut plan = dense_plan_before_its_sample(&known.graph, &known.orbits);
                let sources = plan.sources();
                sample::search_round(&mut plan, &sources, 0);
                plan
            },
            "after a sample round",
        );
        // The numbers of every certified orbit, before any is searched for
        // its own.
        let plan = dense_plan_before_its_sample(&known.graph, &known.orbits);
        let mut probe = hubs::Probe::sign(&plan);
        probe.grow(&plan);
        let certified = hubs::certify(plan, probe);
        n_orbits += known.orbits_count();
        n_certified += known.orbits_count() - certified.uncertified.count();
        for node in 0..known.graph.n_nodes() as u32 {
            let orbit_certified = known
                .orbits
                .images_of(node)
                .all(|image| !certified.uncertified.contains(image));
            if orbit_certified {
                let numbers = certified.numbers[node as usize];
                assert_eq!(numbers, known.farthest[node as usize], "certified {node}");
            }
        }
    }
    // The rounds certified most orbits, so that path was checked.
    assert!(n_certified * 2 > n_orbits, "{n_certified} of {n_orbits}");
    // A dense group with more orbits than the sign has hubs (the group of
    // 1-2-1 of 11,284 layouts), so that the probe grows past its sign.
    let larger = Known::of(GroupGraph::build(crate::group_of(
        "00000007C".parse().unwrap(),
    )));
    assert!(matches!(Shape::of(&larger.graph), Shape::Dense(_)));
    let grew = check_hubs(&larger, || larger.new_plan(), "no plan, larger");
    assert!(grew, "the probe did not grow past its sign");
}
