//! What the analysis of a group asks of the memory: the bytes its
//! bit-parallel searches read and write, level by level, and the time they
//! take, to set beside this machine's limits (`roofline`; issue 25).
//!
//! `cargo run --release -p bench --features kernel-stats --bin
//! kernel_bytes -- [--threads N] [--levels] GROUP...`, a group named
//! `J-B-S-G` (e.g. `2-6-1-0`, the largest) or by one of its codes. Each group
//! is analysed whole in a pool of N threads (default 1), then for each kind
//! of search (set size; farthest or solution) the counts are summed:
//! searches, levels, candidates pulled, frontier sets read at random (and
//! the shares of them that brought no source the candidate lacked, *idle*,
//! or only sources earlier reads had brought, *repeats*; and the second sets
//! a solution search read beside them), bytes, and the kernel's time; then
//! the wall time of each step of the analysis (the first phase, the
//! peripheral batch, the sample's rounds, the hubs' rounds, elimination's
//! last step: the engine's `step` spans) with the sources it searched;
//! `--levels` adds the per-level
//! table of the 1024-lane farthest searches, averaged per search. The
//! counting slows the kernel (up to twice in the largest groups): set the
//! steps beside each other, and time whole groups with `time_group`.
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use klotski::analysis::{
    analyse_group, take_kernel_counts, GroupGraph, GroupShape, LevelCounts, SearchKind,
};
use klotski::{ClassGroups, Code, GroupName};
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id};
use tracing::Subscriber;
use tracing_subscriber::layer::{Context, Layer, SubscriberExt};
use tracing_subscriber::registry::LookupSpan;

/// One step of a group's analysis: what it does, the sources it searched
/// and its wall time.
struct Step {
    name: String,
    sources: Option<u64>,
    time: Duration,
}

/// Times the engine's `step` spans, from creation to close, into the
/// steps it holds (in the order they ended).
#[derive(Clone, Default)]
struct StepTimer(Arc<Mutex<Vec<Step>>>);

impl StepTimer {
    /// The steps ended since the last call.
    fn take(&self) -> Vec<Step> {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(PoisonError::into_inner))
    }
}

/// A step span's fields and when it began.
struct Started {
    name: String,
    sources: Option<u64>,
    at: Instant,
}

impl Visit for Started {
    fn record_str(&mut self, field: &Field, value: &str) {
        if field.name() == "name" {
            self.name = value.to_owned();
        }
    }

    fn record_u64(&mut self, field: &Field, value: u64) {
        if field.name() == "sources" {
            self.sources = Some(value);
        }
    }

    fn record_debug(&mut self, _field: &Field, _value: &dyn std::fmt::Debug) {}
}

impl<S: Subscriber + for<'a> LookupSpan<'a>> Layer<S> for StepTimer {
    fn on_new_span(&self, attrs: &Attributes<'_>, id: &Id, ctx: Context<'_, S>) {
        if attrs.metadata().name() != "step" {
            return;
        }
        let mut started = Started {
            name: String::new(),
            sources: None,
            at: Instant::now(),
        };
        attrs.record(&mut started);
        if let Some(span) = ctx.span(id) {
            span.extensions_mut().insert(started);
        }
    }

    fn on_close(&self, id: Id, ctx: Context<'_, S>) {
        let Some(span) = ctx.span(&id) else { return };
        let Some(started) = span.extensions_mut().remove::<Started>() else {
            return;
        };
        let step = Step {
            name: started.name,
            sources: started.sources,
            time: started.at.elapsed(),
        };
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(step);
    }
}

/// The codes of the group named by `text`: `J-B-S-G` or a code in it.
fn group_codes(text: &str) -> Vec<Code> {
    if let Ok(name) = text.parse::<GroupName>() {
        let class = ClassGroups::build(name.class);
        assert!(name.group_num < class.n_groups(), "{text}: no such group");
        return class.group_codes(name.group_num).collect();
    }
    let code: Code = text
        .parse()
        .unwrap_or_else(|error| panic!("{text}: neither J-B-S-G nor a code: {error}"));
    klotski::group_of(code)
}

fn gigabytes(bytes: u64) -> f64 {
    bytes as f64 / 1e9
}

/// One line of counts: what they read and how fast.
fn counts_row(what: &str, counts: &LevelCounts, set_bytes: usize, per: u64) -> String {
    let per = per.max(1) as f64;
    let read = counts.bytes_read(set_bytes);
    let written = counts.bytes_written(set_bytes);
    let seconds = counts.time.as_secs_f64();
    let frontier_bytes = counts.frontier_reads * set_bytes as u64;
    let share = |part: u64| 100.0 * part as f64 / counts.frontier_reads.max(1) as f64;
    format!(
        "| {what} | {:.0} | {:.0} | {:.0} | {:.0} | {:.0}% | {:.0}% | {:.0}% | {:.3} | {:.3} | {:.3} | {:.1} | {:.1} | {:.1} |",
        counts.candidates as f64 / per,
        counts.saturated as f64 / per,
        counts.neighbours as f64 / per,
        counts.frontier_reads as f64 / per,
        share(counts.idle_reads),
        share(counts.repeat_reads),
        share(counts.second_sets),
        gigabytes(read) / per,
        gigabytes(written) / per,
        seconds * 1e3 / per,
        gigabytes(read + written) / seconds.max(1e-9),
        gigabytes(frontier_bytes) / seconds.max(1e-9),
        seconds * 1e9 / (counts.frontier_reads.max(1)) as f64,
    )
}

const HEADER: &str = "| what | candidates | saturated | neighbours read | frontier sets read | of which idle | of which repeats | second sets read | GB read | GB written | ms | GB/s read+written | GB/s of frontier sets | ns per frontier read |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |";

fn kind_name(kind: SearchKind) -> String {
    let lanes = kind.set_bytes * 8;
    let what = if kind.blocked { "solution" } else { "farthest" };
    format!("{what}, {lanes} lanes")
}

fn main() {
    let timer = StepTimer::default();
    tracing::subscriber::set_global_default(tracing_subscriber::registry().with(timer.clone()))
        .expect("no other subscriber");
    let mut threads = 1;
    let mut per_level = false;
    let mut groups = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--threads" => {
                threads = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .expect("--threads N");
            }
            "--levels" => per_level = true,
            _ => groups.push(arg),
        }
    }
    assert!(!groups.is_empty(), "name at least one group");
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool");
    for text in &groups {
        let graph = GroupGraph::build(group_codes(text));
        let shape = GroupShape::of(&graph);
        take_kernel_counts();
        timer.take();
        let started = Instant::now();
        pool.install(|| analyse_group(&graph));
        let wall = started.elapsed();
        let counts = take_kernel_counts();
        let steps = timer.take();
        println!(
            "\n{text}: {} layouts, {} directed edges, {shape:?}, analysed in {:.2} s on {threads} thread(s)\n",
            graph.n_nodes(),
            graph.n_edges(),
            wall.as_secs_f64()
        );
        print_kinds(&counts, wall);
        print_steps(&steps);
        if per_level {
            print_levels(&counts);
        }
    }
}

/// The counts of each kind of search, summed and per search.
fn print_kinds(counts: &BTreeMap<(SearchKind, u32), LevelCounts>, wall: Duration) {
    println!("{HEADER}");
    let mut kernel_time = Duration::ZERO;
    let mut kinds: Vec<SearchKind> = counts.keys().map(|&(kind, _)| kind).collect();
    kinds.dedup();
    for kind in kinds {
        let mut total = LevelCounts::default();
        for (_, level) in counts.range((kind, 0)..=(kind, u32::MAX)) {
            total.add(level);
        }
        let searches = counts.get(&(kind, 1)).map_or(0, |level| level.levels);
        let name = kind_name(kind);
        println!(
            "{}",
            counts_row(
                &format!("{name}: all {searches} searches"),
                &total,
                kind.set_bytes,
                1
            )
        );
        println!(
            "{}",
            counts_row(
                &format!("{name}: per search"),
                &total,
                kind.set_bytes,
                searches
            )
        );
        kernel_time += total.time;
    }
    println!(
        "\nkernel time summed over threads {:.2} s; wall {:.2} s",
        kernel_time.as_secs_f64(),
        wall.as_secs_f64()
    );
}

/// The analysis's steps in the order they ended (the first phase holds the
/// peripheral batch, and the plan's sweeps run beside its solution
/// searches).
fn print_steps(steps: &[Step]) {
    println!("\n| step | sources | wall |\n| --- | --- | --- |");
    for step in steps {
        let sources = step
            .sources
            .map_or_else(String::new, |sources| sources.to_string());
        println!(
            "| {} | {sources} | {:.2} s |",
            step.name,
            step.time.as_secs_f64()
        );
    }
}

/// The 1024-lane farthest searches level by level, per search.
fn print_levels(counts: &BTreeMap<(SearchKind, u32), LevelCounts>) {
    let kind = SearchKind {
        set_bytes: 128,
        blocked: false,
    };
    println!("\n1024-lane farthest searches, per search, by level\n\n{HEADER}");
    for (&(_, level), level_counts) in counts.range((kind, 0)..=(kind, u32::MAX)) {
        println!(
            "{}",
            counts_row(
                &format!("level {level}"),
                level_counts,
                kind.set_bytes,
                level_counts.levels
            )
        );
    }
}
