//! Times the analysis of the group of a layout, whole and its solution part
//! alone: `cargo run --release --example time_group CODE`.
use std::time::Instant;

use klotski::analysis::{analyse_group, analyse_solutions, GroupGraph};

fn main() {
    let code: klotski::Code = std::env::args()
        .nth(1)
        .expect("a code")
        .parse()
        .expect("a legal code");
    let graph = GroupGraph::build(klotski::group_of(code));
    let node = graph.node(code).expect("in its group") as usize;
    let started = Instant::now();
    let results = analyse_group(&graph);
    println!(
        "{} layouts, whole analysis {:?}: {:?}",
        graph.n_nodes(),
        started.elapsed(),
        results[node]
    );
    let started = Instant::now();
    let solutions = analyse_solutions(&graph);
    println!(
        "solution part {:?}: {:?}",
        started.elapsed(),
        solutions[node]
    );
}
