//! The analysis numbers between the engine's types and the schema's: the
//! five numbers of the original, and the numbers in the other metrics.

use klotski::analysis::reference::{self, LayoutReport};
use klotski::analysis::{shortest_in_every_metric, GroupGraph, LayoutAnalysis};
use klotski::{Code, Metric};
use schema::{LayoutNumbers, LayoutRow, MetricNumbers};

/// A stored layout's fewest moves of `metric` to a solved layout; -1 when
/// its group has none.
pub fn min_moves(row: &LayoutRow, metric: Metric) -> i32 {
    match metric {
        Metric::Step => row.numbers.min_solution_step,
        Metric::Straight => row.metrics.min_straight_moves,
        Metric::Cell => row.metrics.min_cell_moves,
    }
}

/// The schema's copy of a layout's numbers.
pub fn numbers_of(a: &LayoutAnalysis) -> LayoutNumbers {
    LayoutNumbers {
        farthest_step: a.farthest_step,
        farthest_num: a.farthest_num,
        min_solution_step: a.min_solution_step,
        min_solution_num: a.min_solution_num,
        solution_num: a.solution_num,
    }
}

/// The engine's copy of a layout's numbers.
pub fn analysis_of(n: &LayoutNumbers) -> LayoutAnalysis {
    LayoutAnalysis {
        farthest_step: n.farthest_step,
        farthest_num: n.farthest_num,
        min_solution_step: n.min_solution_step,
        min_solution_num: n.min_solution_num,
        solution_num: n.solution_num,
    }
}

/// Every layout of a group's fewest steps to a solved layout (-1 when none)
/// and its [`MetricNumbers`], from the engine's searches in the three
/// metrics; entry `i` is node `i`'s. An error (one line) says which count
/// would not fit an SQL INTEGER: none does in the whole layout space.
pub fn metrics_of_graph(graph: &GroupGraph) -> Result<Vec<(i32, MetricNumbers)>, String> {
    let [step, straight, cell] = shortest_in_every_metric(graph).map_err(|e| e.to_string())?;
    let sql = |count: u64, node: usize| {
        i64::try_from(count).map_err(|_| {
            format!(
                "{}: {count} minimum sequences do not fit an SQL INTEGER",
                graph.code(node as u32)
            )
        })
    };
    (0..graph.n_nodes())
        .map(|node| {
            let metrics = MetricNumbers {
                min_straight_moves: straight[node].moves,
                min_cell_moves: cell[node].moves,
                n_min_step_sequences: sql(step[node].n_sequences, node)?,
                n_min_straight_sequences: sql(straight[node].n_sequences, node)?,
                n_min_cell_sequences: sql(cell[node].n_sequences, node)?,
            };
            Ok((step[node].moves, metrics))
        })
        .collect()
}

/// One layout's numbers found by searches over its group alone.
pub struct SearchedLayout {
    /// How many layouts its group has.
    pub group_size: usize,
    /// The five numbers and the layouts behind them.
    pub report: LayoutReport,
    /// The numbers in straight and cell moves, and the counts.
    pub metrics: MetricNumbers,
}

/// The numbers of `code` as `klotski analyse`, `klotski info` and Python's
/// `Layout.analyse()` give them: one breadth-first search from the layout,
/// one counting search per metric from its group's solved layouts. An
/// error as [`metrics_of_graph`]'s.
pub fn search_layout(code: Code) -> Result<SearchedLayout, String> {
    let graph = GroupGraph::build(klotski::group_of(code));
    let node = graph.node(code).expect("a layout is in its own group");
    let report = reference::analyse_layout(&graph, node);
    let (_, metrics) = metrics_of_graph(&graph)?.swap_remove(node as usize);
    Ok(SearchedLayout {
        group_size: graph.n_nodes(),
        report,
        metrics,
    })
}
