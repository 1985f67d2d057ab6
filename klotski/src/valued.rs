//! A layout's moves valued by the numbers of the layouts they give, best
//! first: the order in which the CLI's `moves` and the API's
//! `/case/{code}/moves` list them.

use crate::analysis::LayoutAnalysis;
use crate::{Layout, Metric, Move, Progress};

/// A move and the numbers of the layout it gives.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ValuedMove {
    /// The move.
    pub step: Move,
    /// The numbers of the layout it gives.
    pub after: LayoutAnalysis,
    /// The fewest moves, in the metric the moves were valued in, from the
    /// layout it gives to a solved layout (its `min_solution_step` in
    /// steps); -1 when the group has no solved layout.
    pub after_moves: i32,
    /// What it does to the moves left to a solved layout; `None` when the
    /// group has no solved layout.
    pub progress: Option<Progress>,
}

impl ValuedMove {
    /// The move is one of a minimum solution: it lowers `min_solution_step`
    /// by one.
    pub fn is_best(&self) -> bool {
        self.progress == Some(Progress::Nearer)
    }
}

impl Layout {
    /// Every move from this layout, which is `min_solution_step` steps from
    /// solved, with the numbers of the layout each gives, best first: the
    /// moves of a minimum solution (nearer to solved), then those that stay
    /// as near, then the rest; in board order ([`Layout::moves`]) among
    /// equals.
    ///
    /// `numbers` gives the numbers of the layouts the moves lead to, one per
    /// move and in the same order (a search, or the database's rows); its
    /// error is returned as it is.
    ///
    /// # Panics
    ///
    /// When `numbers` gives not one entry per move.
    pub fn valued_moves<E>(
        &self,
        min_solution_step: i32,
        numbers: impl FnOnce(&[Move]) -> Result<Vec<LayoutAnalysis>, E>,
    ) -> Result<Vec<ValuedMove>, E> {
        self.valued_moves_in(Metric::Step, min_solution_step, |moves| {
            let numbers = numbers(moves)?;
            Ok(numbers
                .into_iter()
                .map(|after| (after, after.min_solution_step))
                .collect())
        })
    }

    /// The moves of `metric` from this layout, which is `min_moves` moves of
    /// that metric from solved, valued as [`Layout::valued_moves`] does in
    /// steps: `numbers` gives, per move, the numbers of the layout it gives
    /// and that layout's fewest moves of `metric` to solved.
    ///
    /// # Panics
    ///
    /// When `numbers` gives not one entry per move.
    pub fn valued_moves_in<E>(
        &self,
        metric: Metric,
        min_moves: i32,
        numbers: impl FnOnce(&[Move]) -> Result<Vec<(LayoutAnalysis, i32)>, E>,
    ) -> Result<Vec<ValuedMove>, E> {
        let moves = self.moves_in(metric);
        let numbers = numbers(&moves)?;
        assert_eq!(numbers.len(), moves.len(), "one set of numbers per move");
        let mut valued: Vec<ValuedMove> = moves
            .into_iter()
            .zip(numbers)
            .map(|(step, (after, after_moves))| ValuedMove {
                step,
                after,
                after_moves,
                progress: Progress::between(min_moves, after_moves),
            })
            .collect();
        // Stable: moves of equal progress keep the board order. A group has
        // solved layouts everywhere or nowhere, so `None`s never mix.
        valued.sort_by_key(|valued| valued.progress);
        Ok(valued)
    }
}

#[cfg(test)]
mod tests {
    use std::convert::Infallible;

    use super::*;
    use crate::analysis::{reference, GroupGraph};
    use crate::{group_of, Code};

    /// The moves of `code` valued by plain breadth-first searches.
    fn searched(code: &str) -> (LayoutAnalysis, Vec<ValuedMove>) {
        let code: Code = code.parse().unwrap();
        let graph = GroupGraph::build(group_of(code));
        let analyse = |code| reference::analyse_layout(&graph, graph.node(code).unwrap()).analysis;
        let here = analyse(code);
        let valued = code.layout().valued_moves(here.min_solution_step, |moves| {
            Ok::<_, Infallible>(
                moves
                    .iter()
                    .map(|step| analyse(step.after().code()))
                    .collect(),
            )
        });
        (here, valued.unwrap())
    }

    /// The position of each move of `valued` in board order.
    fn board_positions(code: &str, valued: &[ValuedMove]) -> Vec<usize> {
        let moves = code.parse::<Code>().unwrap().layout().moves();
        let position = |step| moves.iter().position(|m| *m == step).unwrap();
        valued.iter().map(|v| position(v.step)).collect()
    }

    #[test]
    fn the_classic_layout_lists_its_solution_moves_first() {
        let (here, valued) = searched("1A9BF0C00");
        assert_eq!(here.min_solution_step, 81);
        assert_eq!(valued.len(), 8);
        let steps: Vec<i32> = valued.iter().map(|v| v.after.min_solution_step).collect();
        let progress: Vec<Option<Progress>> = valued.iter().map(|v| v.progress).collect();
        for (step, progress) in steps.iter().zip(&progress) {
            assert_eq!(*progress, Progress::between(81, *step));
            assert!((80..=82).contains(step), "{steps:?}");
        }
        assert!(
            progress.windows(2).all(|pair| pair[0] <= pair[1]),
            "{progress:?}"
        );
        assert!(valued[0].is_best() && !valued[7].is_best());
        let positions = board_positions("1A9BF0C00", &valued);
        for pair in positions.windows(2).zip(progress.windows(2)) {
            if pair.1[0] == pair.1[1] {
                assert!(pair.0[0] < pair.0[1], "board order among equals");
            }
        }
    }

    #[test]
    fn a_group_without_a_solved_layout_keeps_the_board_order() {
        // Most groups of 7-0-3 have no solved layout: the first layout of
        // one that can move.
        let groups = crate::ClassGroups::build("7-0-3".parse().unwrap());
        let code = groups
            .codes()
            .iter()
            .find(|code| !code.layout().moves().is_empty() && crate::paths::solve(**code).is_none())
            .unwrap()
            .to_string();
        let (here, valued) = searched(&code);
        assert_eq!(here.min_solution_step, -1);
        assert!(valued.iter().all(|v| v.progress.is_none() && !v.is_best()));
        let positions = board_positions(&code, &valued);
        assert!(positions.windows(2).all(|pair| pair[0] < pair[1]));
    }

    #[test]
    fn the_error_of_the_numbers_is_returned() {
        let layout = "1A9BF0C00".parse::<Code>().unwrap().layout();
        assert_eq!(
            layout.valued_moves(81, |_| Err("no database")),
            Err("no database")
        );
    }
}
