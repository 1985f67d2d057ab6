//! Whole-group analysis of the two groups the spec names, against the
//! original's one-search-per-layout times on the same machine (31.5 s and
//! about 400 s).

use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use klotski::analysis::{analyse_group, GroupGraph};
use klotski::Code;

fn whole_groups(c: &mut Criterion) {
    let mut group = c.benchmark_group("analyse_group");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(30));
    for text in ["1A9BF0C00", "4FEA13400"] {
        let code: Code = text.parse().unwrap();
        let graph = GroupGraph::build(klotski::group_of(code));
        group.bench_with_input(BenchmarkId::new("group_of", text), &graph, |b, graph| {
            b.iter(|| analyse_group(graph))
        });
    }
    group.finish();
}

criterion_group!(benches, whole_groups);
criterion_main!(benches);
