//! How large the counts of minimum move sequences get, and what the metric
//! searches cost: `cargo run --release -p bench --bin count_sizes -- [J-B-S ...]`
//! (every class when none is named). Per class: layouts, the most moves and
//! the largest count in each metric (with its layout), how many counts pass
//! i64, and the seconds spent building graphs and searching. Last, the
//! largest of each over all classes named.
use std::time::{Duration, Instant};

use klotski::analysis::{shortest_in_every_metric, Count, GroupGraph};
use klotski::{Class, ClassGroups, Code, Metric};
use rayon::prelude::*;

/// The extremes of one class (or of all), per metric.
#[derive(Clone, Copy, Default)]
struct Extremes {
    most_moves: [i32; 3],
    largest: [(Count, Option<Code>); 3],
    n_past_i64: [u64; 3],
    build: Duration,
    search: Duration,
}

impl Extremes {
    fn merge(mut self, other: Extremes) -> Extremes {
        for m in 0..3 {
            self.most_moves[m] = self.most_moves[m].max(other.most_moves[m]);
            if other.largest[m].0 > self.largest[m].0 {
                self.largest[m] = other.largest[m];
            }
            self.n_past_i64[m] += other.n_past_i64[m];
        }
        self.build += other.build;
        self.search += other.search;
        self
    }
}

fn group_extremes(groups: &ClassGroups, group_num: u32) -> Extremes {
    let started = Instant::now();
    let graph = GroupGraph::build(groups.group_codes(group_num).collect());
    let built = Instant::now();
    let all = shortest_in_every_metric(&graph).expect("counts fit in 64 bits");
    let mut extremes = Extremes {
        build: built - started,
        search: built.elapsed(),
        ..Extremes::default()
    };
    for metric in Metric::ALL {
        let m = metric.idx();
        for (node, shortest) in all[m].iter().enumerate() {
            extremes.most_moves[m] = extremes.most_moves[m].max(shortest.moves);
            if shortest.n_sequences > extremes.largest[m].0 {
                extremes.largest[m] = (shortest.n_sequences, Some(graph.code(node as u32)));
            }
            if shortest.n_sequences > i64::MAX as u64 {
                extremes.n_past_i64[m] += 1;
            }
        }
    }
    extremes
}

fn print(name: &str, n_layouts: usize, extremes: &Extremes) {
    let mut line = format!("{name}\t{n_layouts}");
    for m in 0..3 {
        let (count, code) = extremes.largest[m];
        let code = code.map_or("-".to_owned(), |code| code.to_string());
        let bits = 64 - count.leading_zeros();
        line += &format!(
            "\t{}: {} moves, max {count} ({bits} bits, {code}), {} past i64",
            Metric::ALL[m],
            extremes.most_moves[m],
            extremes.n_past_i64[m]
        );
    }
    line += &format!(
        "\tbuild {:.2} s, search {:.2} s",
        extremes.build.as_secs_f64(),
        extremes.search.as_secs_f64()
    );
    println!("{line}");
}

fn main() {
    let names: Vec<String> = std::env::args().skip(1).collect();
    let classes: Vec<Class> = if names.is_empty() {
        Class::all()
    } else {
        names
            .iter()
            .map(|name| name.parse().expect("a class J-B-S"))
            .collect()
    };
    let mut total = Extremes::default();
    let mut n_total = 0;
    for class in classes {
        let groups = ClassGroups::build(class);
        if groups.n_layouts() == 0 {
            continue;
        }
        let extremes = (0..groups.n_groups())
            .into_par_iter()
            .map(|group_num| group_extremes(&groups, group_num))
            .reduce(Extremes::default, Extremes::merge);
        print(&class.to_string(), groups.n_layouts(), &extremes);
        total = total.merge(extremes);
        n_total += groups.n_layouts();
    }
    print("all", n_total, &total);
}
