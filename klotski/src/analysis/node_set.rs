//! Sets of nodes as bitmaps: one bit per node, small enough to stay in cache.

/// A set of node ids below a fixed bound.
pub(crate) struct NodeSet {
    words: Vec<u64>,
}

impl NodeSet {
    /// The empty set of nodes below `n`.
    pub(crate) fn new(n: usize) -> NodeSet {
        NodeSet {
            words: vec![0; n.div_ceil(64)],
        }
    }

    #[inline]
    pub(crate) fn contains(&self, node: u32) -> bool {
        self.words[node as usize / 64] >> (node % 64) & 1 != 0
    }

    #[inline]
    pub(crate) fn insert(&mut self, node: u32) {
        self.words[node as usize / 64] |= 1 << (node % 64);
    }

    #[inline]
    pub(crate) fn remove(&mut self, node: u32) {
        self.words[node as usize / 64] &= !(1 << (node % 64));
    }

    pub(crate) fn clear(&mut self) {
        self.words.fill(0);
    }

    /// Makes this set `with` minus `without`; all three have the same bound.
    pub(crate) fn assign_difference(&mut self, with: &NodeSet, without: &NodeSet) {
        for (word, (with, without)) in self
            .words
            .iter_mut()
            .zip(with.words.iter().zip(&without.words))
        {
            *word = with & !without;
        }
    }

    /// Number of nodes in `self` minus `other`.
    pub(crate) fn count_difference(&self, other: &NodeSet) -> usize {
        self.words
            .iter()
            .zip(&other.words)
            .map(|(word, other)| (word & !other).count_ones() as usize)
            .sum()
    }

    /// Empties the set, calling `f` on each node it held, in ascending order.
    /// `f` may insert into other sets but sees this one's words as they were.
    #[inline]
    pub(crate) fn drain(&mut self, mut f: impl FnMut(u32)) {
        for (index, word) in self.words.iter_mut().enumerate() {
            let mut rest = std::mem::take(word);
            while rest != 0 {
                f((index * 64) as u32 + rest.trailing_zeros());
                rest &= rest - 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_insert_remove_and_drain_in_order() {
        let mut set = NodeSet::new(200);
        for node in [199, 3, 64, 63, 0, 130] {
            set.insert(node);
        }
        set.remove(63);
        assert!(set.contains(64) && !set.contains(63) && !set.contains(1));
        let mut other = NodeSet::new(200);
        other.insert(130);
        assert_eq!(set.count_difference(&other), 4);
        let mut difference = NodeSet::new(200);
        difference.assign_difference(&set, &other);
        let mut drained = Vec::new();
        difference.drain(|node| drained.push(node));
        assert_eq!(drained, [0, 3, 64, 199]);
        assert_eq!(difference.count_difference(&other), 0);
        set.clear();
        assert_eq!(set.count_difference(&other), 0);
    }
}
