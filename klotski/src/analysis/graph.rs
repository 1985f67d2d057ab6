//! One group as a compact adjacency graph.

use rayon::prelude::*;

use crate::analysis::tuning::BUILD_CHUNK;
use crate::cancel;
use crate::code::Code;
use crate::index::CodeIndex;
use crate::metric::Metric;

/// A group's step graph in compressed sparse row form. Node `i` is the
/// group's `i`-th smallest code, so node ids are `group_index` values.
///
/// Each edge also carries its finest [`Metric`], so the one graph serves
/// searches in all three metrics (straight moves and cell moves are steps).
pub struct GroupGraph {
    index: CodeIndex,
    offsets: Vec<u32>,
    neighbours: Vec<u32>,
    /// Per edge, beside `neighbours`: the finest metric of its move.
    metrics: Vec<Metric>,
    solved: Vec<bool>,
}

impl GroupGraph {
    /// Builds the graph of a whole group from its codes, ascending.
    ///
    /// Panics when a step leaves the set: the codes must be a whole group.
    pub fn build(codes: Vec<Code>) -> GroupGraph {
        let index = CodeIndex::new(codes);
        let chunks: Vec<Chunk> = index
            .codes()
            .par_chunks(BUILD_CHUNK)
            .map(|chunk| {
                cancel::checkpoint();
                let mut degrees = Vec::with_capacity(chunk.len());
                let mut neighbours = Vec::with_capacity(chunk.len() * 16);
                let mut metrics = Vec::with_capacity(chunk.len() * 16);
                for code in chunk {
                    let before = neighbours.len();
                    code.layout().for_each_step_with_metric(|next, metric| {
                        let node = index
                            .position(next.code())
                            .expect("the codes must form whole groups");
                        neighbours.push(node);
                        metrics.push(metric);
                    });
                    degrees.push((neighbours.len() - before) as u32);
                }
                Chunk {
                    degrees,
                    neighbours,
                    metrics,
                }
            })
            .collect();
        let n_edges: usize = chunks.iter().map(|chunk| chunk.neighbours.len()).sum();
        assert!(n_edges < u32::MAX as usize, "edge offsets are u32");
        let mut offsets = Vec::with_capacity(index.len() + 1);
        let mut neighbours = Vec::with_capacity(n_edges);
        let mut metrics = Vec::with_capacity(n_edges);
        offsets.push(0);
        for chunk in chunks {
            for degree in chunk.degrees {
                offsets.push(offsets.last().unwrap() + degree);
            }
            neighbours.extend(chunk.neighbours);
            metrics.extend(chunk.metrics);
        }
        let solved = index.codes().iter().map(|code| code.is_solved()).collect();
        GroupGraph {
            index,
            offsets,
            neighbours,
            metrics,
            solved,
        }
    }

    /// Number of layouts.
    pub fn n_nodes(&self) -> usize {
        self.index.len()
    }

    /// Number of directed edges (each step counted from both ends).
    pub fn n_edges(&self) -> usize {
        self.neighbours.len()
    }

    /// The layouts one step from `node`.
    #[inline]
    pub fn neighbours(&self, node: u32) -> &[u32] {
        let start = self.offsets[node as usize] as usize;
        let end = self.offsets[node as usize + 1] as usize;
        &self.neighbours[start..end]
    }

    /// The layouts one move of `metric` from `node`.
    #[inline]
    pub fn neighbours_in(&self, node: u32, metric: Metric) -> impl Iterator<Item = u32> + '_ {
        let start = self.offsets[node as usize] as usize;
        let end = self.offsets[node as usize + 1] as usize;
        self.neighbours[start..end]
            .iter()
            .zip(&self.metrics[start..end])
            .filter(move |(_, &finest)| metric.admits(finest))
            .map(|(&neighbour, _)| neighbour)
    }

    /// Whether `node` is solved.
    #[inline]
    pub fn is_solved(&self, node: u32) -> bool {
        self.solved[node as usize]
    }

    /// The code of `node`.
    pub fn code(&self, node: u32) -> Code {
        self.index.codes()[node as usize]
    }

    /// The node of `code`, or `None` when it is not in the group.
    pub fn node(&self, code: Code) -> Option<u32> {
        self.index.position(code)
    }

    /// The solved nodes, ascending.
    pub fn solved_nodes(&self) -> Vec<u32> {
        (0..self.n_nodes() as u32)
            .filter(|&node| self.is_solved(node))
            .collect()
    }
}

/// The edges of one chunk of nodes, built by one worker.
struct Chunk {
    degrees: Vec<u32>,
    neighbours: Vec<u32>,
    metrics: Vec<Metric>,
}
