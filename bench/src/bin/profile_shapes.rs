//! Where the analysis's work lies, by group shape and size:
//! `cargo run --release -p bench --bin profile_shapes -- [TIME_UP_TO] [CLASS ...]`.
//!
//! For every group of the classes (all by default): its shape
//! ([`GroupShape`]), its size band, and its share of the sum of squared
//! group sizes (the work of one search per layout scales with it). Groups of
//! at most TIME_UP_TO layouts (default 0: none) are also analysed, one at a
//! time, and their wall time summed.
use std::collections::BTreeMap;
use std::time::Instant;

use klotski::analysis::{analyse_group, GroupGraph, GroupShape};
use klotski::{Class, ClassGroups};

/// Upper ends of the size bands.
const BANDS: [u32; 4] = [1_024, 10_000, 100_000, u32::MAX];

/// What the groups of one shape and band add up to.
#[derive(Default)]
struct Tally {
    n_groups: u64,
    n_layouts: u64,
    square_sum: u64,
    n_timed: u64,
    seconds: f64,
}

fn main() {
    let mut args = std::env::args().skip(1);
    let time_up_to: u32 = args
        .next()
        .map_or(0, |limit| limit.parse().expect("a number of layouts"));
    let mut classes: Vec<Class> = args
        .map(|name| name.parse().expect("a class J-B-S"))
        .collect();
    if classes.is_empty() {
        classes = Class::all();
    }
    let mut tallies: BTreeMap<(GroupShape, u32), Tally> = BTreeMap::new();
    for class in classes {
        let groups = ClassGroups::build(class);
        for group_num in 0..groups.n_groups() {
            let size = groups.group_size(group_num);
            let graph = GroupGraph::build(groups.group_codes(group_num).collect());
            let band = *BANDS
                .iter()
                .find(|&&band| size <= band)
                .expect("the last band holds all");
            let tally = tallies.entry((GroupShape::of(&graph), band)).or_default();
            tally.n_groups += 1;
            tally.n_layouts += u64::from(size);
            tally.square_sum += u64::from(size).pow(2);
            if size <= time_up_to {
                let started = Instant::now();
                std::hint::black_box(analyse_group(&graph));
                tally.seconds += started.elapsed().as_secs_f64();
                tally.n_timed += 1;
            }
        }
    }
    let total: u64 = tallies.values().map(|tally| tally.square_sum).sum();
    println!("shape\tsize up to\tgroups\tlayouts\tshare of sum of squares\ttimed groups\tseconds");
    for ((shape, band), tally) in &tallies {
        println!(
            "{shape:?}\t{band}\t{}\t{}\t{:.4}%\t{}\t{:.2}",
            tally.n_groups,
            tally.n_layouts,
            100.0 * tally.square_sum as f64 / total as f64,
            tally.n_timed,
            tally.seconds
        );
    }
}
