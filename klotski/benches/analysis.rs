//! Whole-group analysis: the two groups the spec names (sparse), against the
//! original's one-search-per-layout times (BENCHMARKS.md, "analysis of the
//! group of"), and two dense groups, the shape that holds nearly all of a
//! full build's analysis (docs/journal/build.md, "Where a full build's time
//! goes").

use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use klotski::analysis::{analyse_group, GroupGraph, GroupShape};
use klotski::{ClassGroups, Code};

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

/// Dense groups: 0-4-0's only group (21,840 layouts, nearly every one
/// farthest from another: one search per orbit) and the largest of 5-1-4
/// (20,664 layouts, few farthest: the sample rules out most of it).
fn dense_groups(c: &mut Criterion) {
    let mut group = c.benchmark_group("analyse_dense_group");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    let class_0_4_0 = ClassGroups::build("0-4-0".parse().unwrap());
    let graphs = [
        (
            "0-4-0-0",
            GroupGraph::build(class_0_4_0.group_codes(0).collect()),
        ),
        (
            "group_of_00019D400",
            GroupGraph::build(klotski::group_of("00019D400".parse().unwrap())),
        ),
    ];
    for (name, graph) in &graphs {
        assert_eq!(GroupShape::of(graph), GroupShape::Dense, "{name}");
        group.bench_with_input(BenchmarkId::new("group", name), graph, |b, graph| {
            b.iter(|| analyse_group(graph))
        });
    }
    group.finish();
}

criterion_group!(benches, whole_groups, dense_groups);
criterion_main!(benches);
