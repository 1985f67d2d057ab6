//! This machine's memory limits, the roofline the search kernel is measured
//! against (issue 25): sequential read bandwidth, the throughput of random
//! reads of 64- and 128-byte aligned blocks (the kernel's unit is a
//! 128-byte set of 1024 lanes, ORed into an accumulator) from arrays sized
//! for L2, L3 and DRAM, on one and two threads, and the latency of a chain
//! of dependent 128-byte reads.
//!
//! `cargo run --release -p bench --bin roofline [-- --quick]`: a
//! markdown table, each figure the best of five runs (`--quick`: small
//! sizes and one run, to check that it works). Run it on an idle machine.
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Block sizes measured, in 64-bit words.
const WORDS_64: usize = 8;
const WORDS_128: usize = 16;

/// A block of `N` words aligned to a cache line, as the kernel's sets are.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Block<const N: usize>([u64; N]);

/// How big and how often.
struct Plan {
    /// Array sizes for the random reads: (name, bytes).
    sizes: Vec<(&'static str, usize)>,
    /// Bytes of the sequential read's array.
    sequential_bytes: usize,
    /// Random reads per run and thread.
    reads: usize,
    /// Runs of each measurement (the best counts).
    runs: usize,
}

/// The least time of `runs` runs of `work`.
fn best_of(runs: usize, mut work: impl FnMut() -> Duration) -> Duration {
    (0..runs).map(|_| work()).min().expect("at least one run")
}

/// Runs `work(thread)` on `threads` threads at once; the wall time.
fn on_threads(threads: usize, work: impl Fn(usize) + Sync) -> Duration {
    let started = Instant::now();
    std::thread::scope(|scope| {
        for thread in 0..threads {
            let work = &work;
            scope.spawn(move || work(thread));
        }
    });
    started.elapsed()
}

/// One row of the table.
fn row(
    what: &str,
    bytes_of_array: usize,
    threads: usize,
    reads: usize,
    bytes: usize,
    time: Duration,
) {
    let seconds = time.as_secs_f64();
    println!(
        "| {what} | {} | {threads} | {:.1} | {:.0} | {:.2} |",
        size_name(bytes_of_array),
        bytes as f64 / seconds / 1e9,
        reads as f64 / seconds / 1e6,
        // Per read on one thread: the time a thread spends per read.
        seconds * 1e9 * threads as f64 / reads as f64,
    );
}

fn size_name(bytes: usize) -> String {
    match bytes {
        b if b >= 1 << 30 => format!("{} GiB", b >> 30),
        b if b >= 1 << 20 => format!("{} MiB", b >> 20),
        b => format!("{} KiB", b >> 10),
    }
}

/// Sequential read bandwidth: each thread sums its share of the array.
fn sequential(plan: &Plan, threads: usize) {
    let words = vec![1u64; plan.sequential_bytes / 8];
    let share = words.len() / threads;
    let time = best_of(plan.runs, || {
        on_threads(threads, |thread| {
            let part = &words[thread * share..(thread + 1) * share];
            let mut sums = [0u64; 8];
            for chunk in part.chunks_exact(8) {
                for (sum, word) in sums.iter_mut().zip(chunk) {
                    *sum = sum.wrapping_add(*word);
                }
            }
            black_box(sums);
        })
    });
    let bytes = share * threads * 8;
    row(
        "sequential read",
        plan.sequential_bytes,
        threads,
        bytes / 64,
        bytes,
        time,
    );
}

/// Random reads of `N`-word blocks, independent of each other (as many in
/// flight as the core allows): each thread ORs its own stream of blocks.
fn random_reads<const N: usize>(plan: &Plan, array_bytes: usize, threads: usize) {
    let n_blocks = array_bytes / (N * 8);
    let mut fill = fastrand::Rng::with_seed(7);
    let blocks: Vec<Block<N>> = (0..n_blocks)
        .map(|_| Block(std::array::from_fn(|_| fill.u64(..))))
        .collect();
    let streams: Vec<Vec<u32>> = (0..threads)
        .map(|thread| {
            let mut random = fastrand::Rng::with_seed(1 + thread as u64);
            (0..plan.reads)
                .map(|_| random.u32(..n_blocks as u32))
                .collect()
        })
        .collect();
    let time = best_of(plan.runs, || {
        on_threads(threads, |thread| {
            let mut acc = [0u64; N];
            for &index in &streams[thread] {
                let block = &blocks[index as usize];
                for (acc, word) in acc.iter_mut().zip(&block.0) {
                    *acc |= word;
                }
            }
            black_box(acc);
        })
    });
    let reads = plan.reads * threads;
    let what = format!("random {}-byte reads", N * 8);
    row(&what, array_bytes, threads, reads, reads * N * 8, time);
}

/// A chain of dependent 128-byte reads: each block holds the index of the
/// next, a random cycle through all of them. The latency of one read.
fn dependent_chain(plan: &Plan, array_bytes: usize) {
    let n_blocks = array_bytes / (WORDS_128 * 8);
    let mut order: Vec<usize> = (0..n_blocks).collect();
    fastrand::Rng::with_seed(11).shuffle(&mut order);
    let mut blocks = vec![Block([0u64; WORDS_128]); n_blocks];
    for pair in order.windows(2) {
        blocks[pair[0]].0[0] = pair[1] as u64;
    }
    blocks[order[n_blocks - 1]].0[0] = order[0] as u64;
    let hops = plan.reads / 4;
    let time = best_of(plan.runs, || {
        let started = Instant::now();
        let mut at = order[0];
        let mut acc = 0u64;
        for _ in 0..hops {
            let block = &blocks[at];
            acc ^= block.0[WORDS_128 - 1];
            at = block.0[0] as usize;
        }
        black_box((at, acc));
        started.elapsed()
    });
    row(
        "dependent 128-byte reads",
        array_bytes,
        1,
        hops,
        hops * 128,
        time,
    );
}

fn main() {
    let quick = std::env::args().any(|arg| arg == "--quick");
    let plan = if quick {
        Plan {
            sizes: vec![("L2", 256 << 10), ("L3", 4 << 20), ("DRAM", 64 << 20)],
            sequential_bytes: 64 << 20,
            reads: 1 << 20,
            runs: 1,
        }
    } else {
        Plan {
            sizes: vec![("L2", 256 << 10), ("L3", 16 << 20), ("DRAM", 1 << 30)],
            sequential_bytes: 1 << 30,
            reads: 1 << 24,
            runs: 5,
        }
    };
    println!("| what | array | threads | GB/s | million reads/s | ns per read and thread |");
    println!("| --- | --- | --- | --- | --- | --- |");
    for threads in [1, 2] {
        sequential(&plan, threads);
    }
    for &(_, bytes) in &plan.sizes {
        for threads in [1, 2] {
            random_reads::<WORDS_64>(&plan, bytes, threads);
            random_reads::<WORDS_128>(&plan, bytes, threads);
        }
    }
    for &(_, bytes) in &plan.sizes {
        dependent_chain(&plan, bytes);
    }
}
