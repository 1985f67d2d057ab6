//! Builds a database of synthetic layouts, to measure the insert rate, the
//! bytes each table and index takes per layout, and lookup times.
//!
//! The groups are the real ones (sizes from the engine's reference table), so
//! group numbers and indexes have their real magnitudes; a random sample of
//! whole groups is taken to reach about `ROWS` layouts, spread over the real
//! id range, with made-up codes and analysis values.
//!
//! ```text
//! cargo run --release -p bench --bin synthetic -- OUT.db [ROWS] [GROUP_SIZES.tsv]
//! ```

use std::collections::HashMap;
use std::error::Error;
use std::path::Path;
use std::time::{Duration, Instant};

use rusqlite::Connection;
use schema::{Database, GroupKey, LayoutNumbers, LayoutRow, MetricNumbers, Page, Writer};

/// Number of legal layouts: the id range.
const N_LAYOUTS: u64 = 29_334_498;
/// Rows handed to the writer per call.
const BATCH: usize = 100_000;

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out = args
        .first()
        .ok_or("usage: synthetic OUT.db [ROWS] [GROUP_SIZES.tsv]")?;
    let n_rows: u64 = args.get(1).map_or(Ok(1_000_000), |text| text.parse())?;
    let sizes_path = args.get(2).cloned().unwrap_or_else(|| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../klotski/tests/data/group_sizes.tsv"
        )
        .to_owned()
    });
    let groups = sample_groups(&read_group_sizes(&sizes_path)?, n_rows);
    let mut rng = fastrand::Rng::with_seed(7);
    let mut labels: Vec<u32> = (0u32..)
        .zip(&groups)
        .flat_map(|(label, (_, size))| std::iter::repeat_n(label, *size as usize))
        .collect();
    rng.shuffle(&mut labels);

    let mut writer = Writer::create(Path::new(out), "synthetic")?;
    let mut next_index = vec![0u32; groups.len()];
    let mut insert_time = Duration::ZERO;
    let mut insert_cpu = Duration::ZERO;
    let n_total = labels.len() as u64;
    for (batch_no, chunk) in labels.chunks(BATCH).enumerate() {
        let first = (batch_no * BATCH) as u64;
        let rows: Vec<LayoutRow> = (first..)
            .zip(chunk)
            .map(|(k, &label)| {
                let (key, size) = groups[label as usize];
                let group_index = next_index[label as usize];
                next_index[label as usize] += 1;
                let id = u32::try_from(k * N_LAYOUTS / n_total).expect("ids are below 2^32");
                synthetic_row(id, key, size, group_index, &mut rng)
            })
            .collect();
        let (start, start_cpu) = (Instant::now(), cpu_time()?);
        writer.insert_layouts(&rows)?;
        insert_time += start.elapsed();
        insert_cpu += cpu_time()? - start_cpu;
    }
    let mirrors: HashMap<GroupKey, u32> = groups
        .iter()
        .map(|(key, _)| (*key, key.group_num))
        .collect();
    let (start, start_cpu) = (Instant::now(), cpu_time()?);
    writer.finish(&mirrors, &[])?;
    let (finish_time, finish_cpu) = (start.elapsed(), cpu_time()? - start_cpu);

    println!(
        "{n_total} layouts in {} groups\n\
         insert: {:.1} s, {:.0} rows/s ({:.1} s on the CPU, {:.0} rows/s)\n\
         finish: {:.1} s ({:.1} s on the CPU, main thread)",
        groups.len(),
        insert_time.as_secs_f64(),
        n_total as f64 / insert_time.as_secs_f64(),
        insert_cpu.as_secs_f64(),
        n_total as f64 / insert_cpu.as_secs_f64(),
        finish_time.as_secs_f64(),
        finish_cpu.as_secs_f64(),
    );
    report_sizes(Path::new(out), n_total)?;
    time_lookups(Path::new(out), &groups)?;
    Ok(())
}

/// Reads `jiang bing style group size` lines after a header.
fn read_group_sizes(path: &str) -> Result<Vec<(GroupKey, u32)>, Box<dyn Error>> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    text.lines()
        .skip(1)
        .map(|line| {
            let fields: Vec<u32> = line.split('\t').map(str::parse).collect::<Result<_, _>>()?;
            let [jiang, bing, style, group_num, size] = fields[..] else {
                return Err(format!("{path}: bad line {line:?}").into());
            };
            let key = GroupKey {
                jiang,
                bing,
                style,
                group_num,
            };
            Ok((key, size))
        })
        .collect()
}

/// Whole groups, each kept with probability `n_rows / N_LAYOUTS`.
fn sample_groups(groups: &[(GroupKey, u32)], n_rows: u64) -> Vec<(GroupKey, u32)> {
    let mut rng = fastrand::Rng::with_seed(1);
    groups
        .iter()
        .copied()
        .filter(|_| rng.u64(..N_LAYOUTS) < n_rows)
        .collect()
}

/// A layout row with plausible values: the diameter grows with the group's
/// size, and larger groups are more often solvable.
fn synthetic_row(
    id: u32,
    group: GroupKey,
    size: u32,
    group_index: u32,
    rng: &mut fastrand::Rng,
) -> LayoutRow {
    let diameter = (10 + 12 * (size + 1).ilog2()).min(250) as u64;
    let solvable = size > 20 || group.group_num.is_multiple_of(2);
    // Every solvable group needs a solved layout: make it the first.
    let min_solution_step = if solvable && group_index == 0 {
        0
    } else if solvable {
        rng.u64(..diameter * 4 / 5 + 1) as i32
    } else {
        -1
    };
    let min_solution_num = if solvable { 1 + rng.u64(..4) as u32 } else { 0 };
    // Mostly small, sometimes up to 200.
    let farthest_num_bound = 1 + rng.u64(..200);
    let is_mirror = rng.u64(..50) == 0;
    LayoutRow {
        id,
        // Ascending with id, 9 hex digits, like real codes.
        code: format!("{:09X}", u64::from(id) * 2342),
        group,
        group_index,
        is_mirror,
        is_mirror_as_released: is_mirror,
        numbers: LayoutNumbers {
            farthest_step: (diameter / 2 + rng.u64(..diameter / 2 + 1)) as u32,
            farthest_num: 1 + rng.u64(..farthest_num_bound) as u32,
            min_solution_step,
            min_solution_num,
            solution_num: min_solution_num + if solvable { rng.u64(..10) as u32 } else { 0 },
        },
        metrics: synthetic_metrics(min_solution_step, rng),
    }
}

/// Numbers in the other metrics as the real ones run: a few more straight
/// moves than steps and a third more cell moves; counts of up to 30, 30 and
/// 61 bits.
fn synthetic_metrics(min_solution_step: i32, rng: &mut fastrand::Rng) -> MetricNumbers {
    if min_solution_step < 0 {
        return MetricNumbers {
            min_straight_moves: -1,
            min_cell_moves: -1,
            ..MetricNumbers::default()
        };
    }
    let straight = min_solution_step + rng.i32(..=min_solution_step / 8);
    let cell = straight + rng.i32(..=straight / 3);
    let mut count = |bits: u32| {
        let width = rng.u32(..=bits);
        1 + rng.i64(..1i64 << width)
    };
    MetricNumbers {
        min_straight_moves: straight,
        min_cell_moves: cell,
        n_min_step_sequences: count(30),
        n_min_straight_sequences: count(30),
        n_min_cell_sequences: count(61),
    }
}

/// Prints the file's size and each table's and index's bytes per layout.
fn report_sizes(path: &Path, n_rows: u64) -> Result<(), Box<dyn Error>> {
    let conn = Connection::open(path)?;
    let mut select = conn
        .prepare("SELECT name, sum(pgsize) FROM dbstat GROUP BY name ORDER BY sum(pgsize) DESC")?;
    let mut rows = select.query([])?;
    while let Some(row) = rows.next()? {
        let name: String = row.get(0)?;
        let bytes: i64 = row.get(1)?;
        println!(
            "  {name:<40} {bytes:>13} bytes {:>6.2} bytes/layout",
            bytes as f64 / n_rows as f64
        );
    }
    let file_bytes = std::fs::metadata(path)?.len();
    println!(
        "  {:<40} {file_bytes:>13} bytes {:>6.2} bytes/layout, {:.2} GB at {N_LAYOUTS} layouts",
        "file",
        file_bytes as f64 / n_rows as f64,
        file_bytes as f64 / n_rows as f64 * N_LAYOUTS as f64 / 1e9
    );
    Ok(())
}

/// Prints the mean time of lookups by code and by name in the largest group.
fn time_lookups(path: &Path, groups: &[(GroupKey, u32)]) -> Result<(), Box<dyn Error>> {
    let db = Database::open(path)?;
    let &(largest, size) = groups
        .iter()
        .max_by_key(|(_, size)| *size)
        .ok_or("no groups")?;
    let mut rng = fastrand::Rng::with_seed(3);
    let n_lookups = 10_000;
    let start = Instant::now();
    for _ in 0..n_lookups {
        let group_index = rng.u64(..u64::from(size)) as u32;
        db.layout_by_name(largest, group_index)?
            .ok_or("missing layout")?;
    }
    let by_name = start.elapsed() / n_lookups;
    let codes: Vec<String> = (0..n_lookups)
        .map(|_| {
            let group_index = rng.u64(..u64::from(size)) as u32;
            Ok(db
                .layout_by_name(largest, group_index)?
                .ok_or("missing layout")?
                .code)
        })
        .collect::<Result<_, Box<dyn Error>>>()?;
    let start = Instant::now();
    for code in &codes {
        db.layout_by_code(code)?.ok_or("missing layout")?;
    }
    let by_code = start.elapsed() / n_lookups;
    let start = Instant::now();
    let page = db.group_layouts(
        largest,
        Page {
            after: Some(size / 2),
            limit: 100,
        },
    )?;
    let page_time = start.elapsed();
    println!(
        "lookups: by code {by_code:?}, by name in group {largest} of {size} {by_name:?}, \
         a page of {} there {page_time:?}",
        page.len()
    );
    Ok(())
}

/// Time the main thread has run, from Linux's `/proc/self/schedstat`: the
/// machine may be shared, so wall time alone says little.
fn cpu_time() -> Result<Duration, Box<dyn Error>> {
    let text = std::fs::read_to_string("/proc/self/schedstat")?;
    let nanos = text.split(' ').next().ok_or("empty schedstat")?.parse()?;
    Ok(Duration::from_nanos(nanos))
}
