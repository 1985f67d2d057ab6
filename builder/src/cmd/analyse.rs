//! `klotski analyse CODE`: one layout's analysis, with the layouts behind it.

use std::fmt::Write;

use edge::json::MetricsJson;
use edge::numbers::{search_layout, SearchedLayout};
use klotski::{Code, LayoutRef};
use serde::Serialize;

/// A layout's five numbers and the layouts behind them, from its group.
///
/// Prints the layout's farthest step and count, minimum-solution step and
/// count, solution count, its fewest straight and cell moves to solved and
/// its numbers of minimum move sequences in the three metrics, its farthest
/// and minimum-solution layouts, and its group's size (searches over the
/// group; no database needed).
#[derive(clap::Args)]
pub struct Args {
    /// The layout: a code (e.g. 1A9BF0C00 or 1A9BF0C), a short code (e.g.
    /// 4WVE1) or a classification (e.g. 5-4-1-1-7472).
    layout: LayoutRef,
    /// Print JSON: every line's value under the same name, the layouts as
    /// arrays of codes.
    #[arg(long)]
    json: bool,
}

/// The JSON answer of `analyse --json`.
#[derive(Serialize)]
struct AnalyseJson {
    code: String,
    group_size: usize,
    farthest_step: u32,
    farthest_num: u32,
    /// Fewest steps to a solved layout; -1 when the group has none.
    min_solution_step: i32,
    min_solution_num: u32,
    solution_num: u32,
    /// The numbers in straight and cell moves, and the counts.
    #[serde(flatten)]
    metrics: MetricsJson,
    /// The layouts farthest_step steps away, ascending.
    farthest: Vec<String>,
    /// The solved layouts min_solution_step steps away, ascending.
    min_solutions: Vec<String>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let code = super::resolve(args.layout)?;
    let SearchedLayout {
        group_size,
        report,
        metrics,
    } = search_layout(code).map_err(anyhow::Error::msg)?;
    let numbers = report.analysis;
    let codes = |codes: &[Code]| codes.iter().map(ToString::to_string).collect::<Vec<_>>();
    let answer = AnalyseJson {
        code: code.to_string(),
        group_size,
        farthest_step: numbers.farthest_step,
        farthest_num: numbers.farthest_num,
        min_solution_step: numbers.min_solution_step,
        min_solution_num: numbers.min_solution_num,
        solution_num: numbers.solution_num,
        metrics: MetricsJson::from(&metrics),
        farthest: codes(&report.farthest),
        min_solutions: codes(&report.min_solutions),
    };
    if args.json {
        return super::print_json(&answer);
    }
    let mut text = format!(
        "code               {}\n\
         group size         {}\n\
         farthest_step      {}\n\
         farthest_num       {}\n\
         min_solution_step  {}\n\
         min_solution_num   {}\n\
         solution_num       {}\n",
        answer.code,
        answer.group_size,
        answer.farthest_step,
        answer.farthest_num,
        answer.min_solution_step,
        answer.min_solution_num,
        answer.solution_num,
    );
    for (name, value) in answer.metrics.named() {
        writeln!(text, "{name:<18} {value}")?;
    }
    writeln!(text, "farthest           {}", answer.farthest.join(" "))?;
    writeln!(
        text,
        "min_solutions      {}",
        answer.min_solutions.join(" ")
    )?;
    Ok(super::print_out(&text)?)
}
