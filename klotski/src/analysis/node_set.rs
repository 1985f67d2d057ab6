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

    /// The set of the nodes below `n` that `keep` keeps.
    pub(crate) fn from_fn(n: usize, mut keep: impl FnMut(u32) -> bool) -> NodeSet {
        let mut set = NodeSet::new(n);
        for node in 0..n as u32 {
            if keep(node) {
                set.insert(node);
            }
        }
        set
    }

    /// The set of `nodes`, all below `n`.
    pub(crate) fn from_nodes(n: usize, nodes: impl IntoIterator<Item = u32>) -> NodeSet {
        let mut set = NodeSet::new(n);
        for node in nodes {
            set.insert(node);
        }
        set
    }

    /// A bound above every node the set can hold (at least its `n`).
    pub(crate) fn bound(&self) -> usize {
        self.words.len() * 64
    }

    /// Number of nodes in the set.
    pub(crate) fn count(&self) -> usize {
        self.words
            .iter()
            .map(|word| word.count_ones() as usize)
            .sum()
    }

    /// The nodes in the set, ascending.
    pub(crate) fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        bit_indexes(&self.words).map(|node| node as u32)
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

    /// Keeps only the nodes `other`, of the same bound, holds too.
    pub(crate) fn intersect_with(&mut self, other: &NodeSet) {
        for (word, other) in self.words.iter_mut().zip(&other.words) {
            *word &= other;
        }
    }

    /// Adds the nodes of `other`, of the same bound.
    pub(crate) fn union_with(&mut self, other: &NodeSet) {
        for (word, other) in self.words.iter_mut().zip(&other.words) {
            *word |= other;
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

/// The indexes of the set bits of `words`, ascending, bit `b` of word `w`
/// being index `64 * w + b`.
pub(crate) fn bit_indexes(words: &[u64]) -> impl Iterator<Item = usize> + '_ {
    words.iter().enumerate().flat_map(|(w, &word)| {
        let mut rest = word;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let bit = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                w * 64 + bit
            })
        })
    })
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
        assert_eq!(set.iter().collect::<Vec<_>>(), [0, 3, 64, 130, 199]);
        assert_eq!(set.count(), 5);
        let odd = NodeSet::from_fn(200, |node| node % 2 == 1);
        assert_eq!(odd.count(), 100);
        assert!(odd.iter().all(|node| node % 2 == 1));
        let mut odd_of_set = NodeSet::from_fn(200, |node| set.contains(node));
        odd_of_set.intersect_with(&odd);
        assert_eq!(odd_of_set.iter().collect::<Vec<_>>(), [3, 199]);
        let mut union = NodeSet::from_nodes(200, [5, 3]);
        union.union_with(&odd_of_set);
        assert_eq!(union.iter().collect::<Vec<_>>(), [3, 5, 199]);
        set.clear();
        assert_eq!(set.count_difference(&other), 0);
    }
}
