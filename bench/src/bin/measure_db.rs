//! Measures the server's lookups before a full database exists.
//!
//! `build OUT.db [CLASS...]` writes a database of the real layouts of some
//! classes (codes, ids, groups, mirror flags) with the exact
//! `min_solution_step` (one breadth-first search per group from its solved
//! layouts), so `/case/{code}/solution` walks real solutions; the numbers
//! that need the full analysis (`farthest_*`, `min_solution_num`,
//! `solution_num`) are placeholders, and `meta.engine_version` says so.
//! Never serve it as data. It also writes `OUT.codes.txt`, a random sample
//! of its codes for the load generator. By default the classes are 5-4-1
//! (1A9BF0C00) and 5-4-2 (4FEA13400) and four of the largest, 3.6 million
//! layouts, so that the B-trees have the depth of a full database's.
//!
//! `lookups DB` times, on such a database or a real one, the two ways to
//! look up a layout by code (`layout_by_code`, or `AllCodes` then
//! `layout_by_id`) and the solution walks of 1A9BF0C00 and 4FEA13400 with
//! each.
//!
//! ```text
//! cargo run --release -p bench --bin measure_db -- build /tmp/measure.db
//! cargo run --release -p bench --bin measure_db -- lookups /tmp/measure.db
//! ```

use std::collections::HashMap;
use std::error::Error;
use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use edge::keys::group_key;
use edge::numbers::metrics_of_graph;
use klotski::analysis::GroupGraph;
use klotski::{AllCodes, Class, ClassGroups, Code, GroupName};
use schema::{Database, LayoutNumbers, LayoutRow, Writer};

const DEFAULT_CLASSES: [&str; 6] = ["5-4-1", "5-4-2", "2-6-1", "3-5-1", "2-7-1", "2-5-1"];

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("build") if args.len() >= 2 => {
            let classes: Vec<&str> = if args.len() > 2 {
                args[2..].iter().map(String::as_str).collect()
            } else {
                DEFAULT_CLASSES.to_vec()
            };
            build(Path::new(&args[1]), &classes)
        }
        Some("lookups") if args.len() == 2 => lookups(Path::new(&args[1])),
        _ => Err("usage: measure_db build OUT.db [CLASS...] | measure_db lookups DB".into()),
    }
}

fn build(out: &Path, classes: &[&str]) -> Result<(), Box<dyn Error>> {
    let started = Instant::now();
    let all = AllCodes::build();
    let mut rows = Vec::new();
    let mut mirrors = HashMap::new();
    for class in classes {
        let class: Class = class.parse()?;
        let groups = ClassGroups::build(class);
        for group_num in 0..groups.n_groups() {
            let codes: Vec<Code> = groups.group_codes(group_num).collect();
            let key = group_key(GroupName { class, group_num });
            let mirror = codes[0].layout().mirror_left_right().code();
            mirrors.insert(key, groups.locate(mirror).expect("same class").0);
            let metrics = metrics_of_graph(&GroupGraph::build(codes.clone()))?;
            for (group_index, (code, (min_solution_step, metrics))) in
                (0..).zip(codes.iter().zip(metrics))
            {
                let solvable = u32::from(min_solution_step >= 0);
                rows.push(LayoutRow {
                    id: all.id(*code),
                    code: code.to_string(),
                    group: key,
                    group_index,
                    is_mirror: code.layout().is_mirror(),
                    is_mirror_as_released: code.layout().is_mirror_as_released(),
                    numbers: LayoutNumbers {
                        farthest_step: 0,
                        farthest_num: 1,
                        min_solution_step,
                        min_solution_num: solvable,
                        solution_num: solvable,
                    },
                    metrics,
                });
            }
        }
        eprintln!("{class}: {} layouts so far", rows.len());
    }
    rows.sort_unstable_by_key(|row| row.id);
    let mut writer = Writer::create(
        out,
        "measurement only: farthest_*, min_solution_num and solution_num are placeholders",
    )?;
    for chunk in rows.chunks(100_000) {
        writer.insert_layouts(chunk)?;
    }
    writer.finish(&mirrors, &[])?;

    // Every 37th row: a sample spread over the classes, in random order.
    let mut sample: Vec<&str> = rows
        .iter()
        .step_by(37)
        .map(|row| row.code.as_str())
        .collect();
    let mut state = 0x2545_F491_4F6C_DD1D_u64;
    for i in (1..sample.len()).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        sample.swap(i, (state % (i as u64 + 1)) as usize);
    }
    let mut codes_file =
        std::io::BufWriter::new(std::fs::File::create(out.with_extension("codes.txt"))?);
    for code in &sample {
        writeln!(codes_file, "{code}")?;
    }
    codes_file.flush()?;
    eprintln!(
        "{} layouts, {} sample codes, in {:.1} s",
        rows.len(),
        sample.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The median of `runs` timings of `f`.
fn median(runs: usize, mut f: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .collect();
    times.sort();
    times[runs / 2]
}

fn lookups(path: &Path) -> Result<(), Box<dyn Error>> {
    let db = Database::open(path)?;
    let start = Instant::now();
    let all = AllCodes::build();
    println!("AllCodes::build: {:.2} s", start.elapsed().as_secs_f64());
    let codes: Vec<Code> = std::fs::read_to_string(path.with_extension("codes.txt"))?
        .lines()
        .take(20_000)
        .map(str::parse)
        .collect::<Result<_, _>>()?;
    for round in 0..2 {
        let time = |lookup: &dyn Fn(Code) -> Option<LayoutRow>| {
            let start = Instant::now();
            for &code in &codes {
                assert!(lookup(code).is_some());
            }
            start.elapsed() / codes.len() as u32
        };
        let by_code = time(&|code| db.layout_by_code(&code.to_string()).unwrap());
        let by_id = time(&|code| db.layout_by_id(all.id(code)).unwrap());
        println!(
            "round {round}: one layout by code {by_code:?}, by AllCodes id {by_id:?} \
             ({} random codes)",
            codes.len()
        );
    }
    for (start, expected) in [("1A9BF0C00", 81), ("4FEA13400", 138)] {
        let start: Code = start.parse()?;
        let Some(row) = db.layout_by_code(&start.to_string())? else {
            println!("{start}: not in this database");
            continue;
        };
        let steps = u32::try_from(row.numbers.min_solution_step)?;
        assert_eq!(steps, expected, "{start}");
        let n_lookups = std::cell::Cell::new(0);
        let walk = |by_id: bool| {
            let lookup = |code: Code| -> Result<Option<i32>, Box<dyn Error>> {
                n_lookups.set(n_lookups.get() + 1);
                let row = if by_id {
                    db.layout_by_id(all.id(code))?
                } else {
                    db.layout_by_code(&code.to_string())?
                };
                Ok(row.map(|row| row.numbers.min_solution_step))
            };
            let path = klotski::paths::solution_walk(start, steps, lookup).unwrap();
            assert_eq!(path.len(), steps as usize + 1);
        };
        let by_code = median(21, || walk(false));
        let by_id = median(21, || walk(true));
        println!(
            "{start}: walk of {steps} steps, {} lookups: by code {by_code:?}, by AllCodes id \
             {by_id:?} (medians of 21)",
            n_lookups.get() / 42
        );
    }
    Ok(())
}
