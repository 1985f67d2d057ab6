//! Times the analysis of the group of a layout, whole and its solution part
//! alone, over several runs (the machine is noisy):
//! `cargo run --release --example time_group CODE [RUNS]`.
use std::time::{Duration, Instant};

use klotski::analysis::{analyse_group, analyse_solutions, GroupGraph};

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

fn main() {
    let mut args = std::env::args().skip(1);
    let code: klotski::Code = args.next().expect("a code").parse().expect("a legal code");
    let runs: usize = args
        .next()
        .map_or(1, |runs| runs.parse().expect("a number of runs"));
    assert!(runs > 0, "at least one run");
    let graph = GroupGraph::build(klotski::group_of(code));
    let node = graph.node(code).expect("in its group") as usize;
    println!("{} layouts", graph.n_nodes());
    let results = time("whole analysis", runs, || analyse_group(&graph));
    println!("{:?}", results[node]);
    let solutions = time("solution part", runs, || analyse_solutions(&graph));
    println!("{:?}", solutions[node]);
}
