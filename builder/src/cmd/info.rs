//! `klotski info CODE`: a layout's names, group and numbers.

use std::fmt::Write;
use std::path::PathBuf;

use edge::json::{MetricsJson, MoveJson};
use edge::named::NameJson;
use edge::numbers::search_layout;
use klotski::analysis::LayoutAnalysis;
use klotski::{ClassGroups, Code, CodeRanks, LayoutRef, ShortCode};
use schema::GroupRow;
use serde::Serialize;

use super::stored::{self, Stored};

/// A layout's names, group, numbers (steps to solved, ...) and next layouts.
///
/// Prints the code, its classic names (横刀立马 ...) if it has any, short
/// code, id, classification J-B-S-G-I, mirror flag,
/// group size, the layout's five numbers (min_solution_step: the fewest
/// steps to a solved layout, -1 when its group has none; min_solution_num;
/// solution_num; farthest_step; farthest_num), the fewest straight moves
/// and cell moves to solved and the numbers of minimum move sequences in
/// steps, straight moves and cell moves, and the next layouts, each with its
/// move. Without --db all is computed: the names from every
/// layout's enumeration, the numbers from one search over the group (a few
/// seconds); with --db both are read from the database, at once, with the
/// group's stored summary (diameter, solved layouts, its hardest layout).
#[derive(clap::Args)]
pub struct Args {
    /// The layout: a code (e.g. 1A9BF0C00 or 1A9BF0C), a short code (e.g.
    /// 4WVE1) or a classification (e.g. 5-4-1-1-7472).
    layout: LayoutRef,
    /// Read the numbers from this database, with the group's summary.
    #[arg(long, value_name = "PATH")]
    db: Option<PathBuf>,
    /// Print JSON: the same values, the group's summary under `group`
    /// (null without --db), the next layouts under `next`.
    #[arg(long)]
    json: bool,
}

/// The JSON answer of `info --json`.
#[derive(Serialize)]
struct InfoJson {
    code: String,
    /// Its names among the classic named layouts: none for most.
    names: Vec<NameJson>,
    short_code: String,
    id: u32,
    classification: String,
    is_mirror: bool,
    solved: bool,
    group_size: u32,
    /// Fewest steps to a solved layout; -1 when the group has none.
    min_solution_step: i32,
    min_solution_num: u32,
    solution_num: u32,
    farthest_step: u32,
    farthest_num: u32,
    /// The numbers in straight and cell moves, and the counts.
    #[serde(flatten)]
    metrics: MetricsJson,
    /// The group's stored summary; `null` without `--db`.
    group: Option<GroupJson>,
    next: Vec<MoveJson>,
}

/// A group's stored summary.
#[derive(Serialize)]
struct GroupJson {
    /// The largest farthest_step of its layouts.
    diameter: u32,
    /// How many of its layouts are solved.
    n_solved: u32,
    /// The largest min_solution_step of its layouts; -1 when none is solved.
    max_min_solution_step: i32,
    /// The smallest code with that min_solution_step.
    max_min_solution_code: Option<String>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let code = super::resolve(args.layout)?;
    let info = match &args.db {
        Some(path) => {
            let stored = Stored::open(path)?;
            let row = stored.row(code)?;
            let group = stored.group(&row)?;
            let names = Names {
                id: row.id,
                classification: format!("{}-{}", row.group, row.group_index),
                group_size: group.size,
            };
            let numbers = (stored::analysis(&row), MetricsJson::from(&row.metrics));
            info_json(code, names, numbers, Some(&group))
        }
        None => info_json(code, computed_names(code), searched_numbers(code)?, None),
    };
    if args.json {
        return super::print_json(&info);
    }
    Ok(super::print_out(&info_text(&info)?)?)
}

/// What names a layout among all others, read from a database or computed.
struct Names {
    id: u32,
    classification: String,
    group_size: u32,
}

/// The names of `code`, from its counted id and the groups of its class.
fn computed_names(code: Code) -> Names {
    let groups = ClassGroups::build(code.layout().class());
    let classification = groups.classify(code).expect("a layout is in its own class");
    Names {
        id: CodeRanks::build().id(code),
        classification: classification.to_string(),
        group_size: groups.group_size(classification.group.group_num),
    }
}

/// The numbers of `code`, from one search over its group and its group's
/// searches in the three metrics.
fn searched_numbers(code: Code) -> anyhow::Result<(LayoutAnalysis, MetricsJson)> {
    let searched = search_layout(code).map_err(anyhow::Error::msg)?;
    Ok((
        searched.report.analysis,
        MetricsJson::from(&searched.metrics),
    ))
}

fn info_json(
    code: Code,
    names: Names,
    (numbers, metrics): (LayoutAnalysis, MetricsJson),
    group: Option<&GroupRow>,
) -> InfoJson {
    let layout = code.layout();
    InfoJson {
        code: code.to_string(),
        names: NameJson::of(code),
        short_code: ShortCode::from_id(names.id)
            .expect("ids are below N_LAYOUTS")
            .to_string(),
        id: names.id,
        classification: names.classification,
        is_mirror: layout.is_mirror(),
        solved: layout.is_solved(),
        group_size: names.group_size,
        min_solution_step: numbers.min_solution_step,
        min_solution_num: numbers.min_solution_num,
        solution_num: numbers.solution_num,
        farthest_step: numbers.farthest_step,
        farthest_num: numbers.farthest_num,
        metrics,
        group: group.map(|row| GroupJson {
            diameter: row.diameter,
            n_solved: row.n_solved,
            max_min_solution_step: row.max_min_solution_step,
            max_min_solution_code: row.max_min_solution_code.clone(),
        }),
        next: layout.moves().iter().map(MoveJson::from).collect(),
    }
}

/// The lines of `info`: one value a line.
fn info_text(info: &InfoJson) -> anyhow::Result<String> {
    let mut out = String::new();
    let mut line = |name: &str, value: &dyn std::fmt::Display| writeln!(out, "{name:<21} {value}");
    line("code", &info.code)?;
    for name in &info.names {
        let also = match name.variants.len() {
            0 => String::new(),
            _ => format!("; other layouts so named: {}", name.variants.join(", ")),
        };
        let words = format!(
            "{} {} ({}, {}{also})",
            name.display, name.name_traditional, name.pinyin, name.english
        );
        line("name", &words)?;
    }
    line("short code", &info.short_code)?;
    line("id", &info.id)?;
    line("classification", &info.classification)?;
    line("is_mirror", &info.is_mirror)?;
    line("solved", &info.solved)?;
    line("group size", &info.group_size)?;
    line("min_solution_step", &info.min_solution_step)?;
    line("min_solution_num", &info.min_solution_num)?;
    line("solution_num", &info.solution_num)?;
    line("farthest_step", &info.farthest_step)?;
    line("farthest_num", &info.farthest_num)?;
    for (name, value) in info.metrics.named() {
        line(name, &value)?;
    }
    if let Some(group) = &info.group {
        line("group diameter", &group.diameter)?;
        line("group n_solved", &group.n_solved)?;
        if let Some(hardest) = &group.max_min_solution_code {
            let steps = group.max_min_solution_step;
            line(
                "group hardest",
                &format!("{hardest}, {steps} steps to solved"),
            )?;
        }
    }
    writeln!(out, "next layouts          {}", info.next.len())?;
    for next in &info.next {
        writeln!(out, "  {}  {}", next.text, next.code)?;
    }
    Ok(out)
}
