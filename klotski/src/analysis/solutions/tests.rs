use super::*;
use crate::analysis::lanes::WIDTH;
use crate::{Class, ClassGroups};

#[test]
fn pooled_solution_searches_equal_searches_run_to_the_end() {
    // 1-3-1's largest group: 45,136 layouts, dense, 3,276 solved, so
    // its sources (one per mirror pair) fill more than one batch.
    let class: Class = "1-3-1".parse().unwrap();
    let groups = ClassGroups::build(class);
    let graph = GroupGraph::build(groups.group_codes(0).collect());
    let orbits = Orbits::of(&graph);
    let searches = SolutionSearches::for_shape(&Shape::of(&graph), None);
    assert!(matches!(searches, SolutionSearches::Batched { .. }));
    let mirror = orbits.image(Symmetry::LeftRight).expect("its own mirror");
    let n_sources = (0..graph.n_nodes() as u32)
        .filter(|&node| graph.is_solved(node) && node <= mirror[node as usize])
        .count();
    assert!(n_sources > 1 + WIDTH, "{n_sources} sources");

    let numbers = |pool_after_level| {
        let (nearest, _) = solutions(&graph, &orbits, true, searches, pool_after_level);
        nearest
            .into_iter()
            .map(|mut nearest| {
                nearest.sources.sort_unstable();
                (
                    nearest.step,
                    nearest.n_nearest,
                    nearest.n_solutions,
                    nearest.sources,
                )
            })
            .collect::<Vec<_>>()
    };
    let pooled = numbers(Some(POOL_AFTER_LEVEL));
    let to_the_end = numbers(None);
    assert_eq!(pooled.len(), to_the_end.len());
    for (node, (pooled, to_the_end)) in pooled.iter().zip(&to_the_end).enumerate() {
        assert_eq!(pooled, to_the_end, "node {node}");
    }
}
