//! Benchmarks of the layout space: enumeration, code <-> id, steps, group labelling.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use klotski::{AllCodes, Class, ClassGroups};

fn enumeration(c: &mut Criterion) {
    let mut group = c.benchmark_group("enumerate");
    group
        .sample_size(10)
        .throughput(Throughput::Elements(u64::from(klotski::N_LAYOUTS)));
    group.bench_function("all_codes", |b| b.iter(klotski::enumerate::all_codes));
    group.finish();
}

fn code_id_lookups(c: &mut Criterion) {
    let all = AllCodes::build();
    // A fixed pseudo-random sample, so lookups miss the cache as real ones do.
    let ids: Vec<u32> = (0..100_000u64)
        .map(|i| (i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20) as u32 % klotski::N_LAYOUTS)
        .collect();
    let codes: Vec<_> = ids.iter().map(|&id| all.code(id).unwrap()).collect();
    let mut group = c.benchmark_group("lookup");
    group.throughput(Throughput::Elements(ids.len() as u64));
    group.bench_function("code_to_id", |b| {
        b.iter(|| {
            codes
                .iter()
                .map(|&code| all.id(code))
                .fold(0u32, |a, id| a ^ id)
        })
    });
    let ranks = klotski::CodeRanks::build();
    group.bench_function("code_to_id_compact", |b| {
        b.iter(|| {
            codes
                .iter()
                .map(|&code| ranks.id(code))
                .fold(0u32, |a, id| a ^ id)
        })
    });
    group.bench_function("id_to_code", |b| {
        b.iter(|| {
            ids.iter()
                .map(|&id| all.code(id).unwrap().value())
                .fold(0u64, |a, v| a ^ v)
        })
    });
    group.finish();
}

fn steps(c: &mut Criterion) {
    let all = AllCodes::build();
    let sample: Vec<_> = all.codes().iter().step_by(97).copied().collect();
    let mut group = c.benchmark_group("steps");
    group.throughput(Throughput::Elements(sample.len() as u64));
    group.bench_function("next_codes_every_97th_layout", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for code in &sample {
                code.layout()
                    .for_each_step(|next| sum = sum.wrapping_add(next.code().value()));
            }
            black_box(sum)
        })
    });
    group.finish();
}

fn group_labelling(c: &mut Criterion) {
    let mut group = c.benchmark_group("groups");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    for class in ["5-4-1", "2-6-1"] {
        let class: Class = class.parse().unwrap();
        group.bench_with_input(BenchmarkId::new("class", class), &class, |b, &class| {
            b.iter(|| ClassGroups::build(class))
        });
    }
    let all = AllCodes::build();
    group.bench_function("classify_all", |b| b.iter(|| klotski::classify_all(&all)));
    group.finish();
}

criterion_group!(
    benches,
    enumeration,
    code_id_lookups,
    steps,
    group_labelling
);
criterion_main!(benches);
