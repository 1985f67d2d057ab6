//! `Built`: values built once for everyone who asks, kept in a [`Recent`].
//!
//! A value not kept yet is built by a task of its own, not by the request
//! that asked first: a request dropped meanwhile (its client gone, its time
//! up) leaves the build running to its end, and the value kept for the next
//! request. Requests that ask while a value is being built wait for that
//! build instead of starting another. A build that fails (or panics) leaves
//! nothing behind: its waiters look again, and one of them builds anew.

use std::collections::HashMap;
use std::future::Future;
use std::hash::Hash;
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::watch;

use crate::error::AppError;
use crate::recent::{Recent, Reservation};

/// For each key being built, a receiver that wakes when the build ends.
type UnderWay<K> = Arc<Mutex<HashMap<K, watch::Receiver<()>>>>;

/// Recent values by key, and the builds under way.
pub(crate) struct Built<K, V> {
    recent: Arc<Recent<K, V>>,
    under_way: UnderWay<K>,
}

impl<K, V> Built<K, V>
where
    K: Copy + Eq + Hash + Send + Sync + 'static,
    V: Send + Sync + 'static,
{
    /// Keeps the values built in `recent`.
    pub(crate) fn new(recent: Recent<K, V>) -> Built<K, V> {
        Built {
            recent: Arc::new(recent),
            under_way: Arc::default(),
        }
    }

    /// The value of `key`, if kept.
    pub(crate) fn get(&self, key: K) -> Option<Arc<V>> {
        self.recent.get(key)
    }

    /// Counts `bytes` being built against the budget of the values kept,
    /// until the reservation is dropped.
    pub(crate) fn reserve(&self, bytes: usize) -> Reservation<K, V> {
        self.recent.reserve(bytes)
    }

    /// The bytes and the number of the values kept.
    #[cfg(test)]
    pub(crate) fn size(&self) -> (usize, usize) {
        self.recent.size()
    }

    /// The value of `key`: kept, or awaited from the build under way, or
    /// built by `build` in a task of its own (then kept, whether or not
    /// this request is still there to take it). The error is the build's,
    /// for the request that started it; a request that waited for a build
    /// that failed tries again.
    pub(crate) async fn get_or_build<F, B>(&self, key: K, build: B) -> Result<Arc<V>, AppError>
    where
        B: FnOnce() -> F + Send,
        F: Future<Output = Result<V, AppError>> + Send + 'static,
    {
        let mut build = Some(build);
        loop {
            let turn = {
                let mut under_way = lock(&self.under_way);
                // Looked up under the lock: a build ends by keeping its
                // value, then taking its key out, then waking its waiters.
                if let Some(value) = self.recent.get(key) {
                    return Ok(value);
                }
                match under_way.get(&key) {
                    Some(ended) => Turn::Wait(ended.clone()),
                    None => {
                        let (ending, ended) = watch::channel(());
                        under_way.insert(key, ended);
                        Turn::Build(ending)
                    }
                }
            };
            match turn {
                // The build never sends: `changed` returns when it ends.
                Turn::Wait(mut ended) => {
                    let _ = ended.changed().await;
                }
                Turn::Build(ending) => {
                    let build = build.take().expect("a request builds at most once");
                    return self.spawn(key, build(), ending).await?;
                }
            }
        }
    }

    /// Runs a build in a task of its own, keeps its value, and takes its
    /// key out of the builds under way however it ends.
    fn spawn<F>(
        &self,
        key: K,
        build: F,
        ending: watch::Sender<()>,
    ) -> tokio::task::JoinHandle<Result<Arc<V>, AppError>>
    where
        F: Future<Output = Result<V, AppError>> + Send + 'static,
    {
        let end = End {
            key,
            under_way: Arc::clone(&self.under_way),
            _ending: ending,
        };
        let recent = Arc::clone(&self.recent);
        tokio::spawn(async move {
            let _end = end;
            let value = Arc::new(build.await?);
            recent.put(key, Arc::clone(&value));
            Ok(value)
        })
    }
}

/// What a request does when the value is not kept: wait for the build
/// under way (until it ends), or build it (and end it).
enum Turn {
    Wait(watch::Receiver<()>),
    Build(watch::Sender<()>),
}

/// A build's end, also by a panic: its key leaves the builds under way,
/// then (as the sender drops) its waiters wake.
struct End<K: Eq + Hash> {
    key: K,
    under_way: UnderWay<K>,
    _ending: watch::Sender<()>,
}

impl<K: Eq + Hash> Drop for End<K> {
    fn drop(&mut self) {
        lock(&self.under_way).remove(&self.key);
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use tokio::sync::oneshot;

    use super::*;

    fn built() -> Arc<Built<u32, u64>> {
        Arc::new(Built::new(Recent::new(1 << 20, |_| 8)))
    }

    /// Issue 58: a graph request dropped while its drawing was made left
    /// nothing for the next, which drew it again (and, when every request
    /// ran out of time, never got it).
    #[tokio::test]
    async fn a_build_outlives_the_request_that_started_it() {
        let built = built();
        let n_builds = Arc::new(AtomicUsize::new(0));
        let (started, has_started) = oneshot::channel();
        let (release, released) = oneshot::channel::<()>();
        let first = tokio::spawn({
            let (built, n_builds) = (Arc::clone(&built), Arc::clone(&n_builds));
            async move {
                built
                    .get_or_build(7, move || async move {
                        n_builds.fetch_add(1, Ordering::SeqCst);
                        started.send(()).unwrap();
                        released.await.unwrap();
                        Ok(49)
                    })
                    .await
            }
        });
        has_started.await.unwrap();
        // The request goes (its client closed the connection).
        first.abort();
        assert!(first.await.unwrap_err().is_cancelled());
        // The next request waits for the same build, and gets its value.
        let second = tokio::spawn({
            let (built, n_builds) = (Arc::clone(&built), Arc::clone(&n_builds));
            async move {
                built
                    .get_or_build(7, move || async move {
                        n_builds.fetch_add(1, Ordering::SeqCst);
                        Ok(0)
                    })
                    .await
            }
        });
        tokio::task::yield_now().await;
        release.send(()).unwrap();
        assert_eq!(*second.await.unwrap().unwrap(), 49);
        assert_eq!(n_builds.load(Ordering::SeqCst), 1);
        // Kept: asked again, not built again.
        let third = built.get_or_build(7, || async { Ok(0) }).await.unwrap();
        assert_eq!(*third, 49);
        assert!(lock(&built.under_way).is_empty());
    }

    #[tokio::test]
    async fn requests_at_the_same_time_share_one_build() {
        let built = built();
        let n_builds = Arc::new(AtomicUsize::new(0));
        let asks: Vec<_> = (0..8)
            .map(|_| {
                let (built, n_builds) = (Arc::clone(&built), Arc::clone(&n_builds));
                tokio::spawn(async move {
                    built
                        .get_or_build(3, move || async move {
                            n_builds.fetch_add(1, Ordering::SeqCst);
                            tokio::task::yield_now().await;
                            Ok(9)
                        })
                        .await
                })
            })
            .collect();
        for ask in asks {
            assert_eq!(*ask.await.unwrap().unwrap(), 9);
        }
        assert_eq!(n_builds.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn a_failed_or_panicked_build_leaves_nothing_behind() {
        let built = built();
        let failed = built
            .get_or_build(1, || async { Err(AppError::Internal("no".into())) })
            .await;
        assert!(matches!(failed, Err(AppError::Internal(detail)) if detail == "no"));
        let (release, released) = oneshot::channel::<()>();
        let panicking = tokio::spawn({
            let built = Arc::clone(&built);
            async move {
                built
                    .get_or_build(1, || async {
                        released.await.unwrap();
                        panic!("a build that panics")
                    })
                    .await
            }
        });
        while lock(&built.under_way).is_empty() {
            tokio::task::yield_now().await;
        }
        // A request waiting for the build that panics builds anew after it.
        let waiting = tokio::spawn({
            let built = Arc::clone(&built);
            async move { built.get_or_build(1, || async { Ok(5) }).await }
        });
        tokio::task::yield_now().await;
        release.send(()).unwrap();
        assert!(matches!(
            panicking.await.unwrap(),
            Err(AppError::Internal(_))
        ));
        assert_eq!(*waiting.await.unwrap().unwrap(), 5);
        assert!(lock(&built.under_way).is_empty());
        assert_eq!(built.recent.keys(), [1]);
    }
}
