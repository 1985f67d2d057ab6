//! `Recent`: values built recently, most recent first, within a budget of
//! bytes; the group graphs (`search.rs`) and the drawings (`drawing/`) are
//! kept in one each.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard};

/// Recent values by key, most recent first, up to `budget_bytes` in all as
/// `bytes` counts them (the newest is kept even alone over budget).
pub(crate) struct Recent<K, V> {
    entries: Mutex<VecDeque<(K, Arc<V>)>>,
    budget_bytes: usize,
    bytes: fn(&V) -> usize,
}

impl<K: PartialEq + Copy, V> Recent<K, V> {
    /// An empty cache of at most about `budget_bytes` bytes.
    pub(crate) fn new(budget_bytes: usize, bytes: fn(&V) -> usize) -> Recent<K, V> {
        Recent {
            entries: Mutex::new(VecDeque::new()),
            budget_bytes,
            bytes,
        }
    }

    /// The value of `key`, if kept; it becomes the most recent.
    pub(crate) fn get(&self, key: K) -> Option<Arc<V>> {
        let mut entries = self.lock();
        let position = entries.iter().position(|(k, _)| *k == key)?;
        let entry = entries.remove(position)?;
        let value = Arc::clone(&entry.1);
        entries.push_front(entry);
        Some(value)
    }

    /// Keeps `value` as the most recent, dropping the least recent ones
    /// past the budget.
    pub(crate) fn put(&self, key: K, value: Arc<V>) {
        let mut entries = self.lock();
        entries.retain(|(k, _)| *k != key);
        entries.push_front((key, value));
        let mut total = 0;
        let keep = entries
            .iter()
            .take_while(|(_, value)| {
                total += (self.bytes)(value);
                total <= self.budget_bytes
            })
            .count()
            .max(1);
        entries.truncate(keep);
    }

    /// The bytes and the number of the values kept.
    pub(crate) fn size(&self) -> (usize, usize) {
        let entries = self.lock();
        let bytes = entries.iter().map(|(_, value)| (self.bytes)(value)).sum();
        (bytes, entries.len())
    }

    /// The keys kept, most recent first.
    #[cfg(test)]
    pub(crate) fn keys(&self) -> Vec<K> {
        self.lock().iter().map(|(k, _)| *k).collect()
    }

    fn lock(&self) -> MutexGuard<'_, VecDeque<(K, Arc<V>)>> {
        self.entries
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_newest_within_budget() {
        let recent: Recent<u32, usize> = Recent::new(25, |&bytes| bytes);
        recent.put(0, Arc::new(10));
        recent.put(1, Arc::new(10));
        assert_eq!(recent.get(0).as_deref(), Some(&10));
        recent.put(2, Arc::new(10));
        assert_eq!(recent.keys(), [2, 0]);
        assert!(recent.get(1).is_none());
        assert_eq!(recent.size(), (20, 2));
        recent.put(3, Arc::new(100));
        assert_eq!(recent.keys(), [3]);
    }
}
