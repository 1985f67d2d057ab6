//! Times the analysis of the group of a layout, whole and its solution part
//! alone, and the build's other work on a group (its graph, the counting
//! searches in the three metrics), over several runs (the machine is noisy):
//! `cargo run --release -p bench --bin time_group -- CODE [RUNS] [--whole-only]`.
//!
//! It also prints a checksum of every layout's five numbers, so that two
//! binaries timed side by side can be seen to agree (the same toolchain
//! hashes the same numbers alike). `--whole-only` skips the solution part
//! and the counting searches.
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::time::{Duration, Instant};

use klotski::analysis::{
    analyse_group, analyse_solutions, shortest_in_every_metric, GroupGraph, LayoutAnalysis,
};

/// Runs `work` `runs` times; prints the least, median and largest wall time
/// and returns the last result.
fn time<T>(what: &str, runs: usize, mut work: impl FnMut() -> T) -> T {
    let mut times: Vec<Duration> = Vec::with_capacity(runs);
    let mut result = None;
    for _ in 0..runs {
        let started = Instant::now();
        result = Some(work());
        times.push(started.elapsed());
    }
    times.sort_unstable();
    println!(
        "{what}: least {:?}, median {:?}, largest {:?} over {runs} runs",
        times[0],
        times[runs / 2],
        times[runs - 1]
    );
    result.expect("at least one run")
}

/// A checksum of every layout's numbers, in node order.
fn checksum(results: &[LayoutAnalysis]) -> u64 {
    let mut hasher = DefaultHasher::new();
    for numbers in results {
        (
            numbers.farthest_step,
            numbers.farthest_num,
            numbers.min_solution_step,
            numbers.min_solution_num,
            numbers.solution_num,
        )
            .hash(&mut hasher);
    }
    hasher.finish()
}

fn main() {
    let (flags, mut args): (Vec<String>, Vec<String>) = std::env::args()
        .skip(1)
        .partition(|arg| arg.starts_with("--"));
    let whole_only = match flags.as_slice() {
        [] => false,
        [flag] if flag == "--whole-only" => true,
        _ => panic!("the one flag is --whole-only, not {flags:?}"),
    };
    args.reverse();
    let code: klotski::Code = args.pop().expect("a code").parse().expect("a legal code");
    let runs: usize = args
        .pop()
        .map_or(1, |runs| runs.parse().expect("a number of runs"));
    assert!(runs > 0, "at least one run");
    let codes = klotski::group_of(code);
    let graph = time("group graph", runs, || GroupGraph::build(codes.clone()));
    let node = graph.node(code).expect("in its group") as usize;
    println!("{} layouts", graph.n_nodes());
    let results = time("whole analysis", runs, || analyse_group(&graph));
    println!("{:?}", results[node]);
    println!(
        "checksum of every layout's numbers: {:016x}",
        checksum(&results)
    );
    if whole_only {
        return;
    }
    let solutions = time("solution part", runs, || analyse_solutions(&graph));
    println!("{:?}", solutions[node]);
    let shortest = time("counting searches, three metrics", runs, || {
        shortest_in_every_metric(&graph).expect("counts fit in 64 bits")
    });
    println!("{:?}", shortest.map(|metric| metric[node]));
}
