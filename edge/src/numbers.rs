//! The five analysis numbers between the engine's type and the schema's.

use klotski::analysis::LayoutAnalysis;
use schema::LayoutNumbers;

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
