//! A drawn graph's adjacency, for its searches.

/// Adjacency lists in compressed form.
pub(crate) struct Csr {
    offsets: Vec<u32>,
    neighbours: Vec<u32>,
}

impl Csr {
    /// The adjacency of nodes `0..n_nodes` joined by `edges` (each once).
    pub(crate) fn new(n_nodes: usize, edges: &[(u32, u32)]) -> Csr {
        let mut degree = vec![0u32; n_nodes + 1];
        for &(a, b) in edges {
            degree[a as usize + 1] += 1;
            degree[b as usize + 1] += 1;
        }
        for i in 0..n_nodes {
            degree[i + 1] += degree[i];
        }
        let offsets = degree;
        let mut fill = offsets.clone();
        let mut neighbours = vec![0; edges.len() * 2];
        for &(a, b) in edges {
            for (from, to) in [(a, b), (b, a)] {
                neighbours[fill[from as usize] as usize] = to;
                fill[from as usize] += 1;
            }
        }
        Csr {
            offsets,
            neighbours,
        }
    }

    /// How many nodes.
    pub(crate) fn n_nodes(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The neighbours of `node`.
    pub(crate) fn neighbours(&self, node: u32) -> &[u32] {
        &self.neighbours
            [self.offsets[node as usize] as usize..self.offsets[node as usize + 1] as usize]
    }

    /// Steps from `source` to every node (u32::MAX where unreached).
    pub(crate) fn distances(&self, source: u32) -> Vec<u32> {
        let mut distance = vec![u32::MAX; self.n_nodes()];
        let mut queue = std::collections::VecDeque::from([source]);
        distance[source as usize] = 0;
        while let Some(node) = queue.pop_front() {
            let next_distance = distance[node as usize] + 1;
            for &next in self.neighbours(node) {
                if distance[next as usize] == u32::MAX {
                    distance[next as usize] = next_distance;
                    queue.push_back(next);
                }
            }
        }
        distance
    }
}
