//! Moves and paths on whole classes, against the step generator and the
//! reference analyser: every move taken back and replayed on a drawn board,
//! every minimum solution and shortest path as long as the reference says,
//! and the layers of a layout as its breadth-first search sees them.

use klotski::analysis::reference::analyse_layout;
use klotski::analysis::GroupGraph;
use klotski::{enumerate, paths, ClassGroups, Code, Direction, Layout, Move};
use rayon::prelude::*;

/// Classes with every kind of piece, one group and many, solvable and not.
const CLASSES: [&str; 5] = ["1-1-0", "2-2-1", "3-1-2", "4-2-2", "0-4-0"];

/// The rows of `layout` with the piece whose top-left cell is `step.from()`
/// lifted and put down at `step.to()`.
fn replay(layout: &Layout, step: &Move) -> Vec<String> {
    let mut grid: Vec<Vec<char>> = layout.rows().iter().map(|r| r.chars().collect()).collect();
    let (w, h) = match step.piece().shape() {
        "2x2" => (2, 2),
        "2x1" => (2, 1),
        "1x2" => (1, 2),
        _ => (1, 1),
    };
    let cells = |x0: u32, y0: u32| {
        (0..h).flat_map(move |dy| (0..w).map(move |dx| ((x0 + dx) as usize, (y0 + dy) as usize)))
    };
    let piece: Vec<char> = cells(step.from().column(), step.from().row())
        .map(|(x, y)| grid[y][x])
        .collect();
    for (x, y) in cells(step.from().column(), step.from().row()) {
        grid[y][x] = '.';
    }
    for ((x, y), c) in cells(step.to().column(), step.to().row()).zip(piece) {
        assert_eq!(grid[y][x], '.', "{step} lands on a piece");
        grid[y][x] = c;
    }
    grid.into_iter().map(String::from_iter).collect()
}

fn opposite(direction: Direction) -> Direction {
    match direction {
        Direction::Up => Direction::Down,
        Direction::Down => Direction::Up,
        Direction::Left => Direction::Right,
        Direction::Right => Direction::Left,
    }
}

#[test]
fn every_move_replays_and_takes_back() {
    for class in CLASSES {
        let codes = enumerate::class_codes(class.parse().unwrap());
        assert!(codes.len() > 1000, "{class} is too small to tell");
        codes.par_iter().for_each(|&code| {
            let layout = code.layout();
            let moves = layout.moves();
            let mut steps = Vec::new();
            layout.for_each_step(|next| steps.push(next));
            assert_eq!(moves.len(), steps.len(), "{code}");
            for step in &moves {
                assert!(steps.contains(&step.after()), "{code}: {step}");
                assert_eq!(replay(&layout, step), step.after().rows(), "{code}: {step}");
                assert_eq!(Move::between(&layout, &step.after()), Some(*step));
                let back = Move::between(&step.after(), &layout).expect("steps go both ways");
                assert_eq!(
                    (back.piece(), back.from(), back.to()),
                    (step.piece(), step.to(), step.from())
                );
                let reversed = step
                    .slide()
                    .map(|slide| (opposite(slide.direction), slide.distance));
                let back_slide = back.slide().map(|slide| (slide.direction, slide.distance));
                assert_eq!(back_slide, reversed, "{code}: {step} and {back}");
            }
        });
    }
}

#[test]
fn solutions_and_paths_have_the_reference_lengths() {
    for class in CLASSES {
        let groups = ClassGroups::build(class.parse().unwrap());
        for group_num in 0..groups.n_groups().min(20) {
            let codes: Vec<Code> = groups.group_codes(group_num).collect();
            let graph = GroupGraph::build(codes.clone());
            let n = graph.n_nodes() as u32;
            // About 100 layouts of each group: one reference search each.
            let stride = (n as usize / 100).max(1);
            (0..n).into_par_iter().step_by(stride).for_each(|node| {
                let report = analyse_layout(&graph, node);
                let solution = paths::min_solution(&graph, node);
                match solution {
                    None => assert_eq!(report.analysis.min_solution_step, -1),
                    Some(path) => {
                        assert_eq!(path.len() as i32 - 1, report.analysis.min_solution_step);
                        assert!(graph.is_solved(*path.last().unwrap()));
                        assert!(path[..path.len() - 1].iter().all(|&p| !graph.is_solved(p)));
                        check_steps(&graph, &path);
                    }
                }
                let layers = paths::Layers::search(&graph, node);
                assert_eq!(layers.n_layers(), report.analysis.farthest_step + 1);
                let sizes = layers.sizes();
                assert_eq!(sizes.iter().sum::<u32>(), n);
                assert_eq!(*sizes.last().unwrap(), report.analysis.farthest_num);
                let farthest: Vec<Code> = layers
                    .layer(layers.n_layers() - 1)
                    .iter()
                    .map(|&node| graph.code(node))
                    .collect();
                assert_eq!(farthest, report.farthest);
                // A path to a node of layer k has k steps.
                let goal = (node * 31 + 17) % n;
                let path = paths::shortest_path(&graph, node, goal).unwrap();
                assert_eq!(Some(path.len() as u32 - 1), layers.layer_of(goal));
                assert_eq!((path[0], *path.last().unwrap()), (node, goal));
                check_steps(&graph, &path);
                for k in 1..layers.n_layers() {
                    for &member in layers.layer(k).iter().take(3) {
                        let nearer = layers.nearer(&graph, member);
                        assert!(!nearer.is_empty());
                        assert!(nearer.iter().all(|&p| layers.layer_of(p) == Some(k - 1)));
                        let farther = layers.farther(&graph, member);
                        assert!(farther.iter().all(|&p| layers.layer_of(p) == Some(k + 1)));
                    }
                }
            });
        }
    }
}

/// Each node of `path` is one step from the next.
fn check_steps(graph: &GroupGraph, path: &[u32]) {
    for pair in path.windows(2) {
        let (a, b) = (graph.code(pair[0]).layout(), graph.code(pair[1]).layout());
        assert!(
            Move::between(&a, &b).is_some(),
            "{} to {}",
            a.code(),
            b.code()
        );
    }
}

#[test]
fn the_famous_layouts_solve_in_their_known_steps() {
    for (text, steps) in [("1A9BF0C00", 81), ("4FEA13400", 138)] {
        let code: Code = text.parse().unwrap();
        let path = paths::solve(code).unwrap();
        assert_eq!(path.len() - 1, steps, "{text}");
        assert!(path.last().unwrap().is_solved());
    }
}

#[test]
fn the_walk_down_stored_numbers_takes_the_smallest_nearer_code() {
    // The walk fed by the engine's distances instead of a database.
    for class in ["1-1-0", "3-1-2"] {
        let groups = ClassGroups::build(class.parse().unwrap());
        for group_num in 0..groups.n_groups() {
            let graph = GroupGraph::build(groups.group_codes(group_num).collect());
            let distance = paths::distances(&graph, &graph.solved_nodes());
            let stored = |code: Code| {
                let node = graph.node(code).expect("the walk stays in the group");
                Ok::<_, paths::Stuck>(Some(distance[node as usize] as i32))
            };
            for node in 0..graph.n_nodes() as u32 {
                let steps = distance[node as usize];
                if steps == paths::UNREACHED {
                    assert_eq!(paths::min_solution(&graph, node), None);
                    continue;
                }
                let walked = paths::solution_walk(graph.code(node), steps, stored).unwrap();
                let searched = paths::min_solution(&graph, node).unwrap();
                let searched: Vec<Code> = searched.iter().map(|&n| graph.code(n)).collect();
                assert_eq!(walked, searched);
                for (i, pair) in walked.windows(2).enumerate() {
                    // The smallest code among the neighbours one step nearer.
                    let mut nearer = Vec::new();
                    pair[0].layout().for_each_step(|next| {
                        let next_node = graph.node(next.code()).unwrap();
                        if distance[next_node as usize] == steps - i as u32 - 1 {
                            nearer.push(next.code());
                        }
                    });
                    assert_eq!(Some(&pair[1]), nearer.iter().min());
                }
            }
        }
    }
}

#[test]
fn the_walk_reports_inconsistent_numbers() {
    // Class 0-0-0, the 2x2 block alone: every layout is one step from solved.
    // Said to be 2 steps away, with every unsolved neighbour 7 away, the
    // walk finds no neighbour 1 step away.
    let start: Code = "000000000".parse().unwrap();
    let stored = |_: Code| Ok::<_, paths::Stuck>(Some(7));
    let stuck = paths::solution_walk(start, 2, stored).unwrap_err();
    assert_eq!(
        stuck,
        paths::Stuck {
            at: start,
            remaining: 2
        }
    );
    assert_eq!(
        stuck.to_string(),
        "000000000 has min_solution_step 2 but no neighbour has 1"
    );
    // Solved layouts are 0 steps away without asking.
    let path = paths::solution_walk(start, 1, stored).unwrap();
    assert_eq!(
        path,
        ["000000000".parse().unwrap(), "D00000000".parse().unwrap()]
    );
    let stuck = paths::solution_walk(start, 0, stored).unwrap_err();
    assert_eq!(stuck.remaining, 0);
    assert!(stuck.to_string().contains("is not solved"), "{stuck}");
}
