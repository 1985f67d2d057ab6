//! Times the analysis of the group of a layout: `cargo run --release --example time_group CODE`.
use std::time::Instant;

use klotski::analysis::{analyse_group, GroupGraph};

fn main() {
    let code: klotski::Code = std::env::args()
        .nth(1)
        .expect("a code")
        .parse()
        .expect("a legal code");
    let graph = GroupGraph::build(klotski::group_of(code));
    let started = Instant::now();
    let results = analyse_group(&graph);
    let node = graph.node(code).expect("in its group") as usize;
    println!(
        "{} layouts, {:?}: {:?}",
        graph.n_nodes(),
        started.elapsed(),
        results[node]
    );
}
