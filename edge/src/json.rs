//! The JSON of moves and routes, one shape each, printed by `klotski
//! moves|solve|path --json` and answered by the service's
//! `/case/{code}/moves`, `/case/{code}/solution` and `/path/{from}/{to}`: the
//! CLI's JSON is the API's.
//!
//! With the feature `openapi`, each shape is also a `utoipa::ToSchema`,
//! named in the OpenAPI document as the service always named it
//! (`MoveStep`, `ValuedMove`, `MovesResponse`, ...).

use klotski::analysis::LayoutAnalysis;
use klotski::paths::{self, NotAStep};
use klotski::{Code, Metric, Move, Progress, ValuedMove};
use schema::MetricNumbers;
use serde::Serialize;

/// One move: which piece goes where, and the layout it gives. Cells are
/// named by column letter and row number, `a1` top-left to `d5`
/// bottom-right.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = MoveStep))]
pub struct MoveJson {
    /// The piece's shape, width x height: `2x2` (the block), `2x1`, `1x2` or
    /// `1x1`.
    #[cfg_attr(feature = "openapi", schema(example = "1x1"))]
    pub piece: &'static str,
    /// The piece's top-left cell before the move.
    #[cfg_attr(feature = "openapi", schema(example = "b4"))]
    pub from: String,
    /// Its top-left cell after the move.
    #[cfg_attr(feature = "openapi", schema(example = "b5"))]
    pub to: String,
    /// `up`, `down`, `left` or `right` when the piece slides in one straight
    /// line; null when it turns on its way.
    #[cfg_attr(feature = "openapi", schema(example = "down"))]
    pub direction: Option<&'static str>,
    /// How many cells it slides, with `direction`; null otherwise.
    #[cfg_attr(feature = "openapi", schema(example = 1))]
    pub distance: Option<u32>,
    /// The move as text, the piece's shape then its top-left cell before
    /// and after, joined by an ASCII hyphen: `1x1 b4-b5` for a straight
    /// slide and `1x1 b4-c5` for a turn alike (`direction` tells them
    /// apart). Earlier versions wrote `1x1 b4 down 1` and `1x1 b4 to c5`.
    #[cfg_attr(feature = "openapi", schema(example = "1x1 b4-b5"))]
    pub text: String,
    /// The layout the move gives.
    #[cfg_attr(feature = "openapi", schema(example = "1A98FCC00"))]
    pub code: String,
}

impl From<&Move> for MoveJson {
    fn from(step: &Move) -> MoveJson {
        MoveJson {
            piece: step.piece().shape(),
            from: step.from().to_string(),
            to: step.to().to_string(),
            direction: step.slide().map(|slide| slide.direction.name()),
            distance: step.slide().map(|slide| slide.distance),
            text: step.to_string(),
            code: step.after().code().to_string(),
        }
    }
}

impl MoveJson {
    /// The moves between consecutive layouts of `route`, or the first pair
    /// that is not one step apart.
    pub fn route(route: &[Code]) -> Result<Vec<MoveJson>, NotAStep> {
        Ok(paths::moves_along(route)?
            .iter()
            .map(MoveJson::from)
            .collect())
    }
}

/// How far the farthest layouts of the group are, and how many there are.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Farthest {
    /// Largest number of steps to a layout of the group (0 when alone).
    #[cfg_attr(feature = "openapi", schema(example = 124))]
    pub step: u32,
    /// How many layouts are that far (the layout itself when alone).
    #[cfg_attr(feature = "openapi", schema(example = 8))]
    pub num: u32,
}

impl From<&LayoutAnalysis> for Farthest {
    fn from(numbers: &LayoutAnalysis) -> Farthest {
        Farthest {
            step: numbers.farthest_step,
            num: numbers.farthest_num,
        }
    }
}

/// How the layout reaches solved layouts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Solution {
    /// Fewest steps to a solved layout; 0 when solved, -1 when the group
    /// has no solved layout.
    #[cfg_attr(feature = "openapi", schema(example = 81))]
    pub min_step: i32,
    /// How many solved layouts are that near; 0 when none.
    #[cfg_attr(feature = "openapi", schema(example = 2))]
    pub min_num: u32,
    /// How many solved layouts are reached by a shortest path that meets no
    /// other solved layout first.
    #[cfg_attr(feature = "openapi", schema(example = 6))]
    pub num: u32,
}

impl From<&LayoutAnalysis> for Solution {
    fn from(numbers: &LayoutAnalysis) -> Solution {
        Solution {
            min_step: numbers.min_solution_step,
            min_num: numbers.min_solution_num,
            num: numbers.solution_num,
        }
    }
}

/// A layout's fewest moves to a solved layout in the other two metrics and
/// its numbers of minimum move sequences in all three (its fewest steps is
/// `min_solution_step`), under the database's column names. The counts are
/// exact JSON integers up to 2^61: JavaScript's numbers hold 2^53 exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = Metrics))]
pub struct MetricsJson {
    /// Fewest straight moves (one piece any distance in one direction) to a
    /// solved layout; -1 when the group has none.
    #[cfg_attr(feature = "openapi", schema(example = 90))]
    pub min_straight_moves: i32,
    /// Fewest cell moves (one piece one cell); -1 when none.
    #[cfg_attr(feature = "openapi", schema(example = 116))]
    pub min_cell_moves: i32,
    /// How many distinct minimum step sequences lead to a solved layout (1
    /// when solved, 0 when none).
    #[cfg_attr(feature = "openapi", schema(example = 256))]
    pub n_min_step_sequences: i64,
    /// The same in straight moves.
    #[cfg_attr(feature = "openapi", schema(example = 4096))]
    pub n_min_straight_sequences: i64,
    /// The same in cell moves.
    #[cfg_attr(feature = "openapi", schema(example = 4_112_640_000_i64))]
    pub n_min_cell_sequences: i64,
}

impl From<&MetricNumbers> for MetricsJson {
    fn from(m: &MetricNumbers) -> MetricsJson {
        MetricsJson {
            min_straight_moves: m.min_straight_moves,
            min_cell_moves: m.min_cell_moves,
            n_min_step_sequences: m.n_min_step_sequences,
            n_min_straight_sequences: m.n_min_straight_sequences,
            n_min_cell_sequences: m.n_min_cell_sequences,
        }
    }
}

impl MetricsJson {
    /// Each value under its name, for a line of text each.
    pub fn named(&self) -> [(&'static str, i64); 5] {
        [
            ("min_straight_moves", self.min_straight_moves.into()),
            ("min_cell_moves", self.min_cell_moves.into()),
            ("n_min_step_sequences", self.n_min_step_sequences),
            ("n_min_straight_sequences", self.n_min_straight_sequences),
            ("n_min_cell_sequences", self.n_min_cell_sequences),
        ]
    }
}

/// A move and the numbers of the layout it gives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ValuedMove))]
pub struct ValuedMoveJson {
    /// The move.
    #[serde(rename = "move")]
    pub step: MoveJson,
    /// The layout it gives is solved.
    pub solved: bool,
    /// The farthest layouts from the layout it gives.
    pub farthest: Farthest,
    /// The nearest solved layouts from the layout it gives.
    pub solution: Solution,
    /// `nearer`, `same` or `farther`: what the move does to the steps left to
    /// a solved layout; null when the group has no solved layout.
    #[cfg_attr(feature = "openapi", schema(example = "nearer"))]
    pub progress: Option<&'static str>,
    /// The move is one of a minimum solution: it lowers `min_solution_step`
    /// (in the metric asked for: its fewest moves) by one.
    pub best: bool,
    /// The fewest moves, in the metric asked for, from the layout it gives
    /// to a solved layout (`solution.min_step` in steps); -1 when none.
    #[cfg_attr(feature = "openapi", schema(example = 80))]
    pub min_moves: i32,
}

impl From<&ValuedMove> for ValuedMoveJson {
    fn from(valued: &ValuedMove) -> ValuedMoveJson {
        ValuedMoveJson {
            step: MoveJson::from(&valued.step),
            solved: valued.step.after().is_solved(),
            farthest: Farthest::from(&valued.after),
            solution: Solution::from(&valued.after),
            progress: valued.progress.map(Progress::name),
            best: valued.is_best(),
            min_moves: valued.after_moves,
        }
    }
}

/// Every move from a layout, best first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = MovesResponse))]
pub struct MovesJson {
    /// The layout.
    #[cfg_attr(feature = "openapi", schema(example = "1A9BF0C00"))]
    pub code: String,
    /// Its fewest moves (of `metric`) to a solved layout; -1 when none.
    #[cfg_attr(feature = "openapi", schema(example = 81))]
    pub min_solution_step: i32,
    /// How moves are counted: `step`, `straight` or `cell`.
    #[cfg_attr(feature = "openapi", schema(example = "step"))]
    pub metric: &'static str,
    /// Every move of `metric`, one per layout one such move away: those
    /// nearer to solved first, then as near, then farther; in board order
    /// (start cell, then end cell) among equals.
    pub moves: Vec<ValuedMoveJson>,
}

impl MovesJson {
    /// The answer for `code`, `min_moves` moves of `metric` from solved, and
    /// its moves as [`klotski::Layout::valued_moves_in`] gives them.
    pub fn new(code: Code, metric: Metric, min_moves: i32, moves: &[ValuedMove]) -> MovesJson {
        MovesJson {
            code: code.to_string(),
            min_solution_step: min_moves,
            metric: metric.name(),
            moves: moves.iter().map(ValuedMoveJson::from).collect(),
        }
    }
}

/// One minimum-step solution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = SolutionResponse))]
pub struct SolutionJson {
    /// The layout solved.
    #[cfg_attr(feature = "openapi", schema(example = "1A9BF0C00"))]
    pub code: String,
    /// Number of moves (of `metric`): the length of `layouts` less one.
    #[cfg_attr(feature = "openapi", schema(example = 81))]
    pub min_solution_step: u32,
    /// How moves are counted: `step`, `straight` or `cell`.
    #[cfg_attr(feature = "openapi", schema(example = "step"))]
    pub metric: &'static str,
    /// The solved layout it reaches: the last of `layouts`.
    #[cfg_attr(feature = "openapi", schema(example = "DAAF4CC00"))]
    pub solved: String,
    /// The layouts from `code` to a solved layout, each one move from the
    /// next.
    pub layouts: Vec<String>,
    /// The move from each layout to the next: `min_solution_step` of them.
    pub moves: Vec<MoveJson>,
}

impl SolutionJson {
    /// The answer for a solution: `route` from the layout asked about to a
    /// solved layout, each one move of `metric` from the next (at least one
    /// layout).
    pub fn new(route: &[Code], metric: Metric) -> Result<SolutionJson, NotAStep> {
        let (first, last) = ends(route);
        Ok(SolutionJson {
            code: first,
            min_solution_step: steps(route),
            metric: metric.name(),
            solved: last,
            layouts: codes(route),
            moves: MoveJson::route(route)?,
        })
    }
}

/// A shortest path between two layouts of one group.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = PathResponse))]
pub struct PathJson {
    /// The first layout.
    pub from: String,
    /// The last layout.
    pub to: String,
    /// Number of moves (of `metric`): the length of `layouts` less one.
    pub step: u32,
    /// How moves are counted: `step`, `straight` or `cell`.
    #[cfg_attr(feature = "openapi", schema(example = "step"))]
    pub metric: &'static str,
    /// The layouts from `from` to `to`, each one move from the next.
    pub layouts: Vec<String>,
    /// The move from each layout to the next: `step` of them.
    pub moves: Vec<MoveJson>,
}

impl PathJson {
    /// The answer for `route`, each layout one move of `metric` from the
    /// next (at least one layout).
    pub fn new(route: &[Code], metric: Metric) -> Result<PathJson, NotAStep> {
        let (from, to) = ends(route);
        Ok(PathJson {
            from,
            to,
            step: steps(route),
            metric: metric.name(),
            layouts: codes(route),
            moves: MoveJson::route(route)?,
        })
    }
}

/// The first and last codes of a route.
fn ends(route: &[Code]) -> (String, String) {
    let (Some(first), Some(last)) = (route.first(), route.last()) else {
        panic!("a route has at least one layout");
    };
    (first.to_string(), last.to_string())
}

/// The number of steps of a route: one fewer than its layouts.
fn steps(route: &[Code]) -> u32 {
    u32::try_from(route.len() - 1).expect("a route is shorter than the layouts")
}

/// The codes of a route, as text.
fn codes(route: &[Code]) -> Vec<String> {
    route.iter().map(Code::to_string).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(text: &str) -> Code {
        text.parse().unwrap()
    }

    /// The move of `text` from `from`.
    fn move_from(from: &str, text: &str) -> Move {
        let moves = code(from).layout().moves();
        *moves.iter().find(|m| m.to_string() == text).unwrap()
    }

    #[test]
    fn a_straight_move_names_its_direction_and_distance() {
        // As README.md shows the first move of /case/1A9BF0C00/moves.
        let json = serde_json::to_value(MoveJson::from(&move_from("1A9BF0C00", "1x1 b4-b5")));
        assert_eq!(
            json.unwrap(),
            serde_json::json!({"piece": "1x1", "from": "b4", "to": "b5", "direction": "down",
                "distance": 1, "text": "1x1 b4-b5", "code": "1A98FCC00"})
        );
    }

    #[test]
    fn a_move_that_turns_has_no_direction() {
        let json = MoveJson::from(&move_from("1A9BF0C00", "1x1 b4-c5"));
        assert_eq!((json.direction, json.distance), (None, None));
        assert_eq!((json.from.as_str(), json.to.as_str()), ("b4", "c5"));
    }

    #[test]
    fn a_valued_move_nests_the_move_and_the_numbers() {
        let step = move_from("1A9BF0C00", "1x1 b4-b5");
        let after = LayoutAnalysis {
            farthest_step: 125,
            farthest_num: 4,
            min_solution_step: 80,
            min_solution_num: 1,
            solution_num: 6,
        };
        let valued = ValuedMove {
            step,
            after,
            after_moves: 80,
            progress: Some(Progress::Nearer),
        };
        let json = serde_json::to_value(ValuedMoveJson::from(&valued)).unwrap();
        assert_eq!(json["move"]["text"], "1x1 b4-b5");
        assert_eq!(json["solved"], false);
        assert_eq!(json["farthest"], serde_json::json!({"step": 125, "num": 4}));
        assert_eq!(
            json["solution"],
            serde_json::json!({"min_step": 80, "min_num": 1, "num": 6})
        );
        assert_eq!(
            (&json["progress"], &json["best"], &json["min_moves"]),
            (&"nearer".into(), &true.into(), &80.into())
        );
    }

    #[test]
    fn a_route_gives_its_ends_steps_layouts_and_moves() {
        let route = [code("1A9BF0C00"), code("1A98FCC00")];
        let path = PathJson::new(&route, Metric::Cell).unwrap();
        assert_eq!(path.metric, "cell");
        assert_eq!(
            (path.from.as_str(), path.to.as_str(), path.step),
            ("1A9BF0C00", "1A98FCC00", 1)
        );
        assert_eq!(path.layouts, ["1A9BF0C00", "1A98FCC00"]);
        assert_eq!(path.moves[0].text, "1x1 b4-b5");
        let alone = SolutionJson::new(&[code("DAAF4CC00")], Metric::Step).unwrap();
        assert_eq!(
            (alone.min_solution_step, alone.solved.as_str()),
            (0, "DAAF4CC00")
        );
        assert!(alone.moves.is_empty());
        // Two layouts that are not one step apart are no route.
        assert!(PathJson::new(&[code("1A9BF0C00"), code("DAAF4CC00")], Metric::Step).is_err());
    }
}
