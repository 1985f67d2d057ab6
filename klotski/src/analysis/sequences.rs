//! The fewest moves to a solved layout and the number of minimum move
//! sequences, in one metric, for every layout of a group.
//!
//! One breadth-first search from every solved layout at once over the moves
//! of the metric, counting paths: a solved layout has one sequence (the
//! empty one); any other layout has the sum of the sequences of its
//! neighbours one move nearer. A minimum sequence never passes a solved
//! layout before its end (stopping there would be shorter), so these are
//! exactly the spec's minimum move sequences.

use std::collections::VecDeque;
use std::fmt;

use super::GroupGraph;
use crate::cancel;
use crate::metric::Metric;

/// A number of minimum move sequences. 64 bits hold every layout's count in
/// every metric: counted over all 29,334,498 layouts (`bench`'s
/// `count_sizes`), the largest is 1,198,222,023,398,400,000 cell-move
/// sequences (61 bits, 02C9DF400), so it fits an SQL INTEGER too. A count
/// that would not fit is an error ([`CountOverflow`]), never a wrong number.
pub type Count = u64;

/// One layout's shortest solutions in one metric.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Shortest {
    /// Fewest moves to a solved layout; -1 when the group has none.
    pub moves: i32,
    /// How many distinct minimum move sequences lead to a solved layout
    /// (1 for a solved layout; 0 when the group has none).
    pub n_sequences: Count,
}

/// A count of minimum move sequences beyond [`Count`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CountOverflow {
    /// The node whose count overflowed.
    pub node: u32,
    /// The metric searched.
    pub metric: Metric,
}

impl fmt::Display for CountOverflow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "node {} has more than 2^64 minimum {} sequences",
            self.node, self.metric
        )
    }
}

impl std::error::Error for CountOverflow {}

/// Every node's [`Shortest`] in `metric`; entry `i` is node `i`'s.
pub fn shortest_solutions(
    graph: &GroupGraph,
    metric: Metric,
) -> Result<Vec<Shortest>, CountOverflow> {
    let n_nodes = graph.n_nodes();
    let mut shortest = vec![
        Shortest {
            moves: -1,
            n_sequences: 0,
        };
        n_nodes
    ];
    let mut queue = VecDeque::with_capacity(n_nodes);
    for node in graph.solved_nodes() {
        shortest[node as usize] = Shortest {
            moves: 0,
            n_sequences: 1,
        };
        queue.push_back(node);
    }
    // Every node of one level is dequeued before any of the next, so a
    // node's count is complete when it is dequeued.
    let mut n_taken = 0;
    while let Some(node) = queue.pop_front() {
        cancel::checkpoint_every(n_taken);
        n_taken += 1;
        let Shortest { moves, n_sequences } = shortest[node as usize];
        for next in graph.neighbours_in(node, metric) {
            let reached = &mut shortest[next as usize];
            if reached.moves < 0 {
                *reached = Shortest {
                    moves: moves + 1,
                    n_sequences,
                };
                queue.push_back(next);
            } else if reached.moves == moves + 1 {
                reached.n_sequences = reached
                    .n_sequences
                    .checked_add(n_sequences)
                    .ok_or(CountOverflow { node: next, metric })?;
            }
        }
    }
    Ok(shortest)
}

/// [`shortest_solutions`] in each metric, in the order of [`Metric::ALL`].
pub fn shortest_in_every_metric(graph: &GroupGraph) -> Result<[Vec<Shortest>; 3], CountOverflow> {
    let [step, straight, cell] = Metric::ALL.map(|metric| shortest_solutions(graph, metric));
    Ok([step?, straight?, cell?])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Code;

    fn of(code: &str) -> [Shortest; 3] {
        let code: Code = code.parse().unwrap();
        let graph = GroupGraph::build(crate::group_of(code));
        let node = graph.node(code).unwrap() as usize;
        shortest_in_every_metric(&graph)
            .unwrap()
            .map(|all| all[node])
    }

    #[test]
    fn the_classic_layout_takes_81_steps_and_116_cell_moves() {
        let [step, straight, cell] = of("1A9BF0C00");
        assert_eq!(step.moves, 81);
        assert_eq!(cell.moves, 116);
        assert!(straight.moves > step.moves && straight.moves < cell.moves);
    }

    #[test]
    fn a_solved_layout_has_one_empty_sequence() {
        for shortest in of("DAAF4CC00") {
            assert_eq!(
                shortest,
                Shortest {
                    moves: 0,
                    n_sequences: 1
                }
            );
        }
    }
}
