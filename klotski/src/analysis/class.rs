//! Analysis of a whole class, one group per symmetry orbit of groups.
//!
//! The left-right mirror, the top-bottom mirror and the 180-degree rotation
//! map the layouts of a class onto the class and steps onto steps, so they
//! map each group onto a group of the same size with the same distances.
//! Farthest numbers therefore carry over from a group to its images; the
//! solution numbers only over the left-right mirror, which keeps the exit
//! where it is. Each orbit's first group is analysed, its images derived.

use rayon::prelude::*;

use super::pipeline::analyse_group;
use super::records::Farthest;
use super::shape::Shape;
use super::solutions::{combine, nearest_solved, SolutionSearches};
use super::symmetry::{Orbits, Symmetry};
use super::{GroupGraph, LayoutAnalysis};
use crate::group::ClassGroups;

/// Analyses every group of a class; entry `g` holds group `g`'s analysis in
/// group_index order.
pub fn analyse_class(groups: &ClassGroups) -> Vec<Vec<LayoutAnalysis>> {
    let n_groups = groups.n_groups();
    let sources = orbit_sources(groups);
    let leaders: Vec<u32> = (0..n_groups)
        .filter(|&g| sources[g as usize].1.is_none())
        .collect();
    let mut results: Vec<Vec<LayoutAnalysis>> = vec![Vec::new(); n_groups as usize];
    let analysed: Vec<(u32, Vec<LayoutAnalysis>)> = leaders
        .par_iter()
        .map(|&group_num| (group_num, analyse_group(&group_graph(groups, group_num))))
        .collect();
    for (group_num, analysis) in analysed {
        results[group_num as usize] = analysis;
    }
    let derived: Vec<(u32, Vec<LayoutAnalysis>)> = (0..n_groups)
        .into_par_iter()
        .filter_map(|group_num| {
            let (leader, symmetry) = sources[group_num as usize];
            Some((
                group_num,
                derive(groups, group_num, &results[leader as usize], symmetry?),
            ))
        })
        .collect();
    for (group_num, analysis) in derived {
        results[group_num as usize] = analysis;
    }
    results
}

/// For each group: the first group of its orbit, and the symmetry that maps
/// that group onto this one (`None` for the first group itself).
fn orbit_sources(groups: &ClassGroups) -> Vec<(u32, Option<Symmetry>)> {
    (0..groups.n_groups())
        .into_par_iter()
        .map(|group_num| {
            let smallest = groups
                .group_codes(group_num)
                .next()
                .expect("groups are not empty");
            Symmetry::ALL
                .iter()
                .map(|&symmetry| {
                    let image = symmetry.apply(smallest.layout()).code();
                    let (image_group, _) = groups.locate(image).expect("symmetries keep the class");
                    (image_group, Some(symmetry))
                })
                .fold((group_num, None), |best, candidate| {
                    if candidate.0 < best.0 {
                        candidate
                    } else {
                        best
                    }
                })
        })
        .collect()
}

/// A group's analysis from that of its image under `symmetry`.
fn derive(
    groups: &ClassGroups,
    group_num: u32,
    image: &[LayoutAnalysis],
    symmetry: Symmetry,
) -> Vec<LayoutAnalysis> {
    let image_of = |code: crate::Code| {
        let (_, group_index) = groups
            .locate(symmetry.apply(code.layout()).code())
            .expect("in the class");
        image[group_index as usize]
    };
    if symmetry == Symmetry::LeftRight {
        return groups.group_codes(group_num).map(image_of).collect();
    }
    let graph = group_graph(groups, group_num);
    let farthest = (0..graph.n_nodes() as u32)
        .map(|node| {
            let analysis = image_of(graph.code(node));
            Farthest {
                step: analysis.farthest_step,
                count: analysis.farthest_num,
            }
        })
        .collect();
    let searches = SolutionSearches::for_shape(&Shape::of(&graph), None);
    combine(
        farthest,
        nearest_solved(&graph, &Orbits::of(&graph), searches).0,
    )
}

fn group_graph(groups: &ClassGroups, group_num: u32) -> GroupGraph {
    GroupGraph::build(groups.group_codes(group_num).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_symmetry_derives_some_group() {
        let groups = ClassGroups::build("7-0-4".parse().unwrap());
        let sources = orbit_sources(&groups);
        for symmetry in Symmetry::ALL {
            assert!(
                sources.iter().any(|&(_, used)| used == Some(symmetry)),
                "{symmetry:?}"
            );
        }
        for (group_num, &(leader, _)) in sources.iter().enumerate() {
            assert!(leader <= group_num as u32);
            assert_eq!(
                groups.group_size(leader),
                groups.group_size(group_num as u32)
            );
        }
    }
}
