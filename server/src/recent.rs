//! `Recent`: values built recently, least recently used dropped first,
//! within a budget of bytes; the group graphs (`search.rs`), the drawings
//! (`drawing/`) and the answers as sent (`answers.rs`) are kept in one each.
//!
//! A map in order of use (`hashlink`'s `LinkedHashMap`), so that a get and a
//! put cost the same however many values are kept. Bytes being built can be
//! reserved against the same budget ([`Recent::reserve`]), so that what is
//! kept and what is under way together stay within it.

use std::hash::Hash;
use std::sync::{Arc, Mutex, MutexGuard};

use hashlink::LinkedHashMap;

/// Recent values by key, up to `budget_bytes` in all as `bytes` counts
/// them, reservations included; a value that does not fit is not kept.
pub(crate) struct Recent<K, V> {
    kept: Mutex<Kept<K, V>>,
    budget_bytes: usize,
    bytes: fn(&V) -> usize,
}

/// The values, least recently used first, with their sizes.
struct Kept<K, V> {
    entries: LinkedHashMap<K, (Arc<V>, usize)>,
    kept_bytes: usize,
    reserved_bytes: usize,
}

impl<K, V> Kept<K, V>
where
    K: Eq + Hash,
{
    /// Drops the least recently used values until `more` bytes fit beside
    /// what is kept and reserved; whether they do (when they cannot even
    /// beside the reservations alone, nothing is dropped).
    fn make_room(&mut self, more: usize, budget_bytes: usize) -> bool {
        if self.reserved_bytes + more > budget_bytes {
            return false;
        }
        while self.kept_bytes + self.reserved_bytes + more > budget_bytes {
            let Some((_, (_, bytes))) = self.entries.pop_front() else {
                break;
            };
            self.kept_bytes -= bytes;
        }
        true
    }
}

impl<K: Eq + Hash + Copy, V> Recent<K, V> {
    /// An empty cache of at most `budget_bytes` bytes (0 keeps nothing).
    pub(crate) fn new(budget_bytes: usize, bytes: fn(&V) -> usize) -> Recent<K, V> {
        Recent {
            kept: Mutex::new(Kept {
                entries: LinkedHashMap::new(),
                kept_bytes: 0,
                reserved_bytes: 0,
            }),
            budget_bytes,
            bytes,
        }
    }

    /// The value of `key`, if kept; it becomes the most recently used.
    pub(crate) fn get(&self, key: K) -> Option<Arc<V>> {
        let mut kept = self.lock();
        kept.entries
            .to_back(&key)
            .map(|(value, _)| Arc::clone(value))
    }

    /// Keeps `value` as the most recently used, dropping the least recently
    /// used ones as the budget needs; a value that does not fit beside the
    /// bytes reserved is not kept.
    pub(crate) fn put(&self, key: K, value: Arc<V>) {
        let bytes = (self.bytes)(&value);
        let mut kept = self.lock();
        if let Some((_, old)) = kept.entries.remove(&key) {
            kept.kept_bytes -= old;
        }
        if kept.make_room(bytes, self.budget_bytes) {
            kept.entries.insert(key, (value, bytes));
            kept.kept_bytes += bytes;
        }
    }

    /// Counts `bytes` being built against the budget until the reservation
    /// is dropped, dropping the least recently used values to make room.
    pub(crate) fn reserve(self: &Arc<Self>, bytes: usize) -> Reservation<K, V> {
        let mut kept = self.lock();
        if !kept.make_room(bytes, self.budget_bytes) {
            // Over the budget on its own: nothing kept can stay beside it.
            kept.entries.clear();
            kept.kept_bytes = 0;
        }
        kept.reserved_bytes += bytes;
        Reservation {
            recent: Arc::clone(self),
            bytes,
        }
    }

    /// The bytes and the number of the values kept.
    pub(crate) fn size(&self) -> (usize, usize) {
        let kept = self.lock();
        (kept.kept_bytes, kept.entries.len())
    }

    /// The bytes reserved for values being built.
    #[cfg(test)]
    pub(crate) fn reserved(&self) -> usize {
        self.lock().reserved_bytes
    }

    /// The keys kept, most recently used first.
    #[cfg(test)]
    pub(crate) fn keys(&self) -> Vec<K> {
        self.lock().entries.keys().rev().copied().collect()
    }

    fn lock(&self) -> MutexGuard<'_, Kept<K, V>> {
        self.kept
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// Bytes being built, counted against a [`Recent`]'s budget until dropped.
pub(crate) struct Reservation<K: Eq + Hash + Copy, V> {
    recent: Arc<Recent<K, V>>,
    bytes: usize,
}

impl<K: Eq + Hash + Copy, V> Drop for Reservation<K, V> {
    fn drop(&mut self) {
        self.recent.lock().reserved_bytes -= self.bytes;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_most_recently_used_within_budget() {
        let recent: Recent<u32, usize> = Recent::new(25, |&bytes| bytes);
        recent.put(0, Arc::new(10));
        recent.put(1, Arc::new(10));
        assert_eq!(recent.get(0).as_deref(), Some(&10));
        recent.put(2, Arc::new(10));
        assert_eq!(recent.keys(), [2, 0]);
        assert!(recent.get(1).is_none());
        assert_eq!(recent.size(), (20, 2));
        // Put again, a key is counted once, at its new size.
        recent.put(2, Arc::new(5));
        assert_eq!(recent.size(), (15, 2));
        // A value over the whole budget is not kept, and pushes nothing out.
        recent.put(3, Arc::new(26));
        assert_eq!(recent.keys(), [2, 0]);
        recent.put(3, Arc::new(25));
        assert_eq!(recent.keys(), [3]);
    }

    #[test]
    fn a_zero_budget_keeps_nothing() {
        let recent: Recent<u32, usize> = Recent::new(0, |&bytes| bytes);
        recent.put(1, Arc::new(1));
        assert_eq!(recent.size(), (0, 0));
        assert!(recent.get(1).is_none());
    }

    #[test]
    fn bytes_under_way_count_against_the_budget() {
        let recent: Arc<Recent<u32, usize>> = Arc::new(Recent::new(30, |&bytes| bytes));
        for key in 0..3 {
            recent.put(key, Arc::new(10));
        }
        // Room for 15 bytes being built: the two least recent values go.
        let building = recent.reserve(15);
        assert_eq!(recent.keys(), [2]);
        assert_eq!(recent.reserved(), 15);
        // While they are under way, a value that fits only without them is
        // not kept.
        recent.put(3, Arc::new(20));
        assert_eq!(recent.keys(), [2]);
        drop(building);
        assert_eq!(recent.reserved(), 0);
        recent.put(3, Arc::new(20));
        assert_eq!(recent.keys(), [3, 2]);
        // A reservation over the budget empties the cache and is still held.
        let huge = recent.reserve(100);
        assert_eq!(recent.size(), (0, 0));
        recent.put(4, Arc::new(1));
        assert_eq!(recent.size(), (0, 0));
        drop(huge);
        recent.put(4, Arc::new(1));
        assert_eq!(recent.size(), (1, 1));
    }
}
