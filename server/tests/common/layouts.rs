//! The test database's layouts and what the engine says of them, for the
//! tests that check the routes against the engine.

use std::collections::{HashMap, VecDeque};
use std::rc::Rc;

use klotski::analysis::GroupGraph;
use klotski::{Class, Code};
use serde_json::Value;

use super::CLASSES;

/// The code `text` spells.
pub fn code(text: &str) -> Code {
    text.parse().unwrap()
}

/// Every layout of the test database, class by class.
pub fn every_layout() -> Vec<Code> {
    CLASSES
        .iter()
        .flat_map(|class| klotski::enumerate::class_codes(class.parse::<Class>().unwrap()))
        .collect()
}

/// For each layout of `code`'s group, its distance to the nearest solved
/// layout, by a breadth-first search from all solved layouts at once.
pub fn distances_to_solved(code: Code) -> HashMap<Code, u32> {
    let graph = GroupGraph::build(klotski::group_of(code));
    let mut distance = vec![u32::MAX; graph.n_nodes()];
    let mut queue: VecDeque<u32> = graph.solved_nodes().into();
    for &node in &queue {
        distance[node as usize] = 0;
    }
    while let Some(node) = queue.pop_front() {
        for &next in graph.neighbours(node) {
            if distance[next as usize] == u32::MAX {
                distance[next as usize] = distance[node as usize] + 1;
                queue.push_back(next);
            }
        }
    }
    (0..graph.n_nodes() as u32)
        .filter(|&node| distance[node as usize] != u32::MAX)
        .map(|node| (graph.code(node), distance[node as usize]))
        .collect()
}

/// Every layout of the test database with its group's distances to solved
/// (one map per group, shared by its layouts).
pub fn every_layout_with_distances() -> Vec<(Code, Rc<HashMap<Code, u32>>)> {
    let mut by_group: HashMap<Vec<Code>, Rc<HashMap<Code, u32>>> = HashMap::new();
    every_layout()
        .into_iter()
        .map(|code| {
            let distance = by_group
                .entry(klotski::group_of(code))
                .or_insert_with(|| Rc::new(distances_to_solved(code)));
            (code, Rc::clone(distance))
        })
        .collect()
}

/// Whether one step turns `a` into `b`.
pub fn adjacent(a: Code, b: Code) -> bool {
    let mut found = false;
    a.layout().for_each_step(|next| found |= next.code() == b);
    found
}

/// The codes of a JSON array of codes.
pub fn codes_of(value: &Value) -> Vec<Code> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|text| code(text.as_str().unwrap()))
        .collect()
}
