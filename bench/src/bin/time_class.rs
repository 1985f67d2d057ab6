//! Times the analysis of whole classes: `cargo run --release -p bench --bin time_class -- 5-4-1 ...`.
//! Prints layouts, groups, the sum of squared group sizes (the work scales
//! with it) and seconds per class.
use std::time::Instant;

use klotski::analysis::analyse_class;
use klotski::{Class, ClassGroups};

fn main() {
    for name in std::env::args().skip(1) {
        let class: Class = name.parse().expect("a class J-B-S");
        let groups = ClassGroups::build(class);
        let square_sum: u64 = (0..groups.n_groups())
            .map(|g| u64::from(groups.group_size(g)).pow(2))
            .sum();
        let started = Instant::now();
        let results = analyse_class(&groups);
        let seconds = started.elapsed().as_secs_f64();
        println!(
            "{class}\t{}\t{}\t{square_sum}\t{seconds:.2}\t{}",
            groups.n_layouts(),
            groups.n_groups(),
            results.iter().map(Vec::len).sum::<usize>()
        );
    }
}
