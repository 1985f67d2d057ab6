//! A bounded ranking: the hardest layouts of a group or class by one number,
//! kept as the rows stream past.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// How many layouts `layout_group_hardest` and `layout_class_hardest` rank
/// per group or class: a page of the server holds at most as many.
pub const N_HARDEST: usize = 1000;

/// The [`N_HARDEST`] layouts with the largest step seen so far, ties to the
/// smaller id.
#[derive(Debug, Default)]
pub(crate) struct Ranking {
    /// The kept layouts as (step, Reverse(id)), the least hard on top.
    kept: BinaryHeap<Reverse<(i32, Reverse<u32>)>>,
}

impl Ranking {
    /// Offers the layout `id` with `step`.
    pub(crate) fn offer(&mut self, step: i32, id: u32) {
        let entry = Reverse((step, Reverse(id)));
        if self.kept.len() < N_HARDEST {
            self.kept.push(entry);
        } else if self.kept.peek().is_some_and(|least| entry < *least) {
            // `entry < least` under Reverse: harder than the least hard kept.
            self.kept.pop();
            self.kept.push(entry);
        }
    }

    /// Offers every layout `other` keeps: a class's ranking from its groups'.
    pub(crate) fn offer_all(&mut self, other: &Ranking) {
        for Reverse((step, Reverse(id))) in &other.kept {
            self.offer(*step, *id);
        }
    }

    /// The kept ids, hardest first.
    pub(crate) fn ids(&self) -> Vec<u32> {
        let mut entries: Vec<(i32, Reverse<u32>)> =
            self.kept.iter().map(|Reverse(entry)| *entry).collect();
        entries.sort_unstable_by(|a, b| b.cmp(a));
        entries.into_iter().map(|(_, Reverse(id))| id).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ranking by sorting everything: step descending, then id.
    fn sorted(layouts: &[(i32, u32)]) -> Vec<u32> {
        let mut all = layouts.to_vec();
        all.sort_by_key(|&(step, id)| (Reverse(step), id));
        all.into_iter().take(N_HARDEST).map(|(_, id)| id).collect()
    }

    #[test]
    fn keeps_the_hardest_ties_to_the_smaller_id() {
        // More layouts than kept, many ties, distinct ids in a scrambled order.
        let layouts: Vec<(i32, u32)> = (0..3 * N_HARDEST as u32)
            .map(|i| ((i * 7919 % 61) as i32 - 1, i * 7 % (3 * N_HARDEST as u32)))
            .collect();
        let mut ranking = Ranking::default();
        for &(step, id) in &layouts {
            ranking.offer(step, id);
        }
        assert_eq!(ranking.ids(), sorted(&layouts));
    }

    #[test]
    fn merges_rankings() {
        let layouts: Vec<(i32, u32)> = (0..2500u32).map(|i| ((i % 37) as i32, i)).collect();
        let (mut first, mut second, mut merged) = Default::default();
        for &(step, id) in &layouts {
            let half: &mut Ranking = if id % 2 == 0 { &mut first } else { &mut second };
            half.offer(step, id);
        }
        for half in [&first, &second] {
            Ranking::offer_all(&mut merged, half);
        }
        assert_eq!(merged.ids(), sorted(&layouts));
    }

    #[test]
    fn keeps_all_of_a_small_group() {
        let mut ranking = Ranking::default();
        for (step, id) in [(3, 10), (-1, 11), (3, 4)] {
            ranking.offer(step, id);
        }
        assert_eq!(ranking.ids(), [4, 10, 11]);
    }
}
