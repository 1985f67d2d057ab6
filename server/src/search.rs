//! A cache of group graphs for the searches that need a whole group
//! (`/farthest`, `/min-solutions`, `/layers`, `/path`); the searches
//! themselves are the engine's (`klotski::paths`, the reference analyser).

use std::sync::Arc;

use klotski::analysis::GroupGraph;
use klotski::Code;
use prometheus_client::metrics::counter::Counter;
use schema::GroupKey;

use crate::recent::Recent;

/// Group graphs built recently, up to a budget of bytes in all (a graph
/// over the whole budget is used once and not kept).
///
/// The largest group's graph takes tens of megabytes and the better part of
/// a second to build (BENCHMARKS.md), so paging through a group's lists or
/// asking for several paths in one group builds it once.
pub(crate) struct GraphCache {
    graphs: Recent<GroupKey, GroupGraph>,
    /// Graphs found in the cache, and graphs built, for the metrics.
    pub(crate) hits: Counter,
    pub(crate) misses: Counter,
}

/// About how many bytes a graph takes: per node a code, an offset, a solved
/// flag and a bucket entry; per directed edge a node number and its metric.
pub(crate) fn graph_bytes(graph: &GroupGraph) -> usize {
    graph.n_nodes() * 17 + graph.n_edges() * 5
}

impl GraphCache {
    /// An empty cache holding at most about `budget_bytes` bytes of graphs.
    pub(crate) fn new(budget_bytes: usize) -> GraphCache {
        GraphCache {
            graphs: Recent::new(budget_bytes, graph_bytes),
            hits: Counter::default(),
            misses: Counter::default(),
        }
    }

    /// The bytes (as [`graph_bytes`] counts them) and the number of the
    /// graphs held.
    pub(crate) fn size(&self) -> (usize, usize) {
        self.graphs.size()
    }

    /// The graph of group `key`, of which `member` is a layout: from the
    /// cache, or built from the engine (`group_of`, no database needed).
    pub(crate) fn get_or_build(&self, key: GroupKey, member: Code) -> Arc<GroupGraph> {
        if let Some(graph) = self.graphs.get(key) {
            self.hits.inc();
            return graph;
        }
        self.misses.inc();
        // Built outside the lock: another request may build the same graph
        // at the same time, which costs time but is otherwise harmless.
        let graph = Arc::new(GroupGraph::build(klotski::group_of(member)));
        self.graphs.put(key, Arc::clone(&graph));
        graph
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(text: &str) -> Code {
        text.parse().unwrap()
    }

    #[test]
    fn cache_keeps_the_newest_within_budget() {
        let key = |group_num| GroupKey {
            jiang: 0,
            bing: 1,
            style: 0,
            group_num,
        };
        // Class 0-1-0 is one group of 192 layouts; keys are made up.
        let member = code("0C0000000");
        let one = graph_bytes(&GroupGraph::build(klotski::group_of(member)));
        let cache = GraphCache::new(2 * one + one / 2);
        let first = cache.get_or_build(key(0), member);
        assert_eq!(first.n_nodes(), 192);
        cache.get_or_build(key(1), member);
        assert!(Arc::ptr_eq(&first, &cache.get_or_build(key(0), member)));
        // A third graph pushes out the least recently used one, key 1.
        cache.get_or_build(key(2), member);
        let keys: Vec<u32> = cache.graphs.keys().iter().map(|k| k.group_num).collect();
        assert_eq!(keys, [2, 0]);
        assert_eq!((cache.hits.get(), cache.misses.get()), (1, 3));
        assert_eq!(cache.size(), (2 * one, 2));
        let small = GraphCache::new(10);
        assert_eq!(small.get_or_build(key(0), member).n_nodes(), 192);
        assert_eq!(small.size(), (0, 0));
    }
}
