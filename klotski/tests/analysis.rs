//! The fast analyser against the reference analyser (one breadth-first search
//! per layout) and against the spec's known values.

mod common;

use klotski::analysis::{analyse_group, analyse_solutions, reference, GroupGraph, LayoutAnalysis};
use klotski::{Class, ClassGroups, Code};
use proptest::prelude::*;
use proptest::test_runner::{RngAlgorithm, TestRng};
use rayon::prelude::*;

/// Groups up to this size are compared on every layout; larger ones on a
/// spread of layouts (a reference search costs one pass over the group).
const FULL_CHECK_LIMIT: u32 = 7_000;
const SAMPLED_LAYOUTS: u32 = 96;

/// Compares fast and reference on one group, the numbers and the minimum
/// solutions; returns how many layouts it checked.
fn check_group(groups: &ClassGroups, group_num: u32) -> u32 {
    let graph = GroupGraph::build(groups.group_codes(group_num).collect());
    let fast = analyse_group(&graph);
    let solutions = analyse_solutions(&graph);
    let n = graph.n_nodes() as u32;
    let step = if n <= FULL_CHECK_LIMIT {
        1
    } else {
        n / SAMPLED_LAYOUTS
    };
    let nodes: Vec<u32> = (0..n).step_by(step as usize).chain([n - 1]).collect();
    nodes.par_iter().for_each(|&node| {
        let expected = reference::analyse_layout(&graph, node);
        let name = format!(
            "{}-{group_num}-{node} ({})",
            groups.class(),
            graph.code(node)
        );
        assert_eq!(fast[node as usize], expected.analysis, "{name}");
        let solution = &solutions[node as usize];
        let min_solutions: Vec<Code> = solution
            .min_solutions
            .iter()
            .map(|&s| graph.code(s))
            .collect();
        assert_eq!(min_solutions, expected.min_solutions, "{name}");
        assert_eq!(
            solution.min_solution_step, expected.analysis.min_solution_step,
            "{name}"
        );
        assert_eq!(
            solution.solution_num, expected.analysis.solution_num,
            "{name}"
        );
    });
    nodes.len() as u32
}

fn check_class(class: &str) {
    let groups = ClassGroups::build(class.parse().unwrap());
    for group_num in 0..groups.n_groups() {
        check_group(&groups, group_num);
    }
}

#[test]
fn fast_matches_reference_on_classes_0_0_0_to_0_4_0() {
    for class in ["0-0-0", "0-1-0", "0-2-0", "0-3-0", "0-4-0"] {
        check_class(class);
    }
}

#[test]
fn fast_matches_reference_on_every_group_of_1_12_1_and_2_0_1() {
    check_class("1-12-1");
    check_class("2-0-1");
}

/// Groups up to this size are chosen at random.
const RANDOM_GROUPS_UP_TO: u32 = 60_000;

#[test]
fn fast_matches_reference_on_random_groups_of_every_class() {
    // A fixed seed, so the sweep is the same every run.
    let mut random = TestRng::deterministic_rng(RngAlgorithm::ChaCha);
    let mut n_groups = 0;
    for class in Class::all() {
        let groups = ClassGroups::build(class);
        let fitting: Vec<u32> = (0..groups.n_groups())
            .filter(|&g| groups.group_size(g) <= RANDOM_GROUPS_UP_TO)
            .collect();
        for _ in 0..2.min(fitting.len()) {
            check_group(&groups, fitting[random.next_u64() as usize % fitting.len()]);
            n_groups += 1;
        }
    }
    assert!(n_groups >= 200, "{n_groups}");
}

/// Every group of at most [`RANDOM_GROUPS_UP_TO`] layouts, as (class,
/// group_num), from the reference table of group sizes.
fn fitting_groups() -> Vec<(Class, u32)> {
    common::reference_rows("group_sizes.tsv")
        .into_iter()
        .filter(|row| row[4].parse::<u32>().unwrap() <= RANDOM_GROUPS_UP_TO)
        .map(|row| {
            let class = format!("{}-{}-{}", row[0], row[1], row[2]);
            (class.parse().unwrap(), row[3].parse().unwrap())
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// A randomised run: a fresh choice of groups each time, drawn from
    /// every group that fits, so no case is skipped.
    #[test]
    fn fast_matches_reference_on_randomly_chosen_groups(pick in any::<prop::sample::Index>()) {
        let fitting = fitting_groups();
        prop_assert!(fitting.len() > 25_000);
        let (class, group_num) = fitting[pick.index(fitting.len())];
        let groups = ClassGroups::build(class);
        prop_assert!(groups.group_size(group_num) <= RANDOM_GROUPS_UP_TO);
        check_group(&groups, group_num);
    }
}

fn report(code: &str) -> (usize, reference::LayoutReport) {
    let code: Code = code.parse().unwrap();
    let graph = GroupGraph::build(klotski::group_of(code));
    let report = reference::analyse_layout(&graph, graph.node(code).unwrap());
    (graph.n_nodes(), report)
}

#[test]
fn known_values_of_the_spec() {
    let (size, classic) = report("1A9BF0C00");
    assert_eq!(size, 25_955);
    assert_eq!(classic.analysis.min_solution_step, 81);
    let expected: Vec<Code> = ["DAA7F3000", "DAAF4CC00"]
        .iter()
        .map(|c| c.parse().unwrap())
        .collect();
    assert_eq!(classic.min_solutions, expected);
    assert_eq!(
        (
            classic.analysis.farthest_step,
            classic.analysis.farthest_num
        ),
        (124, 8)
    );

    let (size, hardest) = report("4FEA13400");
    assert_eq!(size, 81_340);
    assert_eq!(hardest.analysis.min_solution_step, 138);
    assert_eq!(
        hardest.min_solutions,
        ["D9B9F3000".parse::<Code>().unwrap()]
    );
    assert_eq!(hardest.analysis.farthest_step, 230);

    // The fast analyser on the classic group gives the same numbers.
    let code: Code = "1A9BF0C00".parse().unwrap();
    let graph = GroupGraph::build(klotski::group_of(code));
    assert_eq!(
        analyse_group(&graph)[graph.node(code).unwrap() as usize],
        classic.analysis
    );
}

#[test]
fn isolated_layouts_and_groups_without_solutions() {
    let all = klotski::AllCodes::build();
    let immobile: Vec<Code> = all
        .codes()
        .iter()
        .copied()
        .filter(|code| code.layout().n_steps() == 0)
        .collect();
    assert_eq!(immobile.len(), 8);
    for code in immobile {
        let graph = GroupGraph::build(vec![code]);
        let expected = LayoutAnalysis {
            farthest_step: 0,
            farthest_num: 1,
            min_solution_step: if code.is_solved() { 0 } else { -1 },
            min_solution_num: u32::from(code.is_solved()),
            solution_num: u32::from(code.is_solved()),
        };
        assert_eq!(analyse_group(&graph), [expected]);
        assert_eq!(reference::analyse_layout(&graph, 0).analysis, expected);
    }
}

#[test]
fn class_analysis_derives_image_groups_exactly() {
    // Classes with many groups, some of them images of others.
    for class in ["1-12-1", "7-0-2", "7-0-4", "6-2-6", "6-0-3", "6-0-4"] {
        let groups = ClassGroups::build(class.parse().unwrap());
        let by_class = klotski::analysis::analyse_class(&groups);
        assert_eq!(by_class.len() as u32, groups.n_groups());
        for (group_num, analysis) in by_class.iter().enumerate() {
            let graph = GroupGraph::build(groups.group_codes(group_num as u32).collect());
            assert_eq!(analysis, &analyse_group(&graph), "{class}-{group_num}");
        }
    }
}

/// `reference::solutions` lists what `solution_num` counts, the minimum
/// solutions first, every entry solved and at its listed distance.
#[test]
fn the_solution_list_is_what_solution_num_counts() {
    for class in ["0-3-0", "5-4-5", "6-2-3"] {
        let groups = ClassGroups::build(class.parse().unwrap());
        for group_num in 0..groups.n_groups() {
            let graph = GroupGraph::build(groups.group_codes(group_num).collect());
            (0..graph.n_nodes() as u32)
                .into_par_iter()
                .for_each(|node| {
                    let name = format!("{class}-{group_num}-{node}");
                    let report = reference::analyse_layout(&graph, node);
                    let listed = reference::solutions(&graph, node);
                    assert_eq!(listed.len() as u32, report.analysis.solution_num, "{name}");
                    assert!(listed.windows(2).all(|w| w[0] < w[1]), "{name}");
                    let distances = klotski::paths::distances(&graph, &[node]);
                    for &(step, code) in &listed {
                        assert!(code.is_solved(), "{name}: {code}");
                        let solved = graph.node(code).unwrap();
                        assert_eq!(distances[solved as usize], step, "{name}: {code}");
                    }
                    let nearest: Vec<Code> = listed
                        .iter()
                        .take_while(|&&(step, _)| step as i32 == report.analysis.min_solution_step)
                        .map(|&(_, code)| code)
                        .collect();
                    assert_eq!(nearest, report.min_solutions, "{name}");
                });
        }
    }
}
