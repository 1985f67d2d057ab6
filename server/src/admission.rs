//! Admission of group searches, so that a cheap request never waits behind
//! an expensive one and no client holds more than its share.
//!
//! - **Lanes by size.** A search in a group of at most
//!   `Config::small_group_layouts` layouts (milliseconds: a graph build and
//!   a breadth-first search) runs in the small lane, a larger one (seconds
//!   for the largest group's first search, BENCHMARKS.md) in the large
//!   lane. Each lane has
//!   its own running permits, so the small lane never waits for the large.
//! - **Bounded queues, refused at once.** Each lane admits at most
//!   `WAITING_PER_RUNNING` waiting searches per running one; a search that
//!   finds its lane full is answered 503 `busy` with `Retry-After` at once,
//!   instead of waiting out the time limit. So a waiting search waits for a
//!   few searches at most.
//! - **A share per client.** A client (an IPv4 address or an IPv6 prefix,
//!   `client::share_key`) runs or waits for at most `Config::searches_per_client` searches at once; one more is
//!   answered 429 with `Retry-After`.
//!
//! Each lane's refusals are counted, by reason, for the metrics; how many
//! searches run and wait is read off the semaphores when asked.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::AppError;

/// Searches admitted to wait, per search a lane runs at once.
const WAITING_PER_RUNNING: usize = 2;

/// The lanes and the clients' shares.
pub(crate) struct Searches {
    small: Lane,
    large: Lane,
    small_group_layouts: u32,
    per_client: usize,
    /// Searches admitted per client; clients with none are absent.
    clients: Arc<Mutex<HashMap<Option<IpAddr>, usize>>>,
    /// Searches refused, by lane and reason.
    refusals: Family<Refusal, Counter>,
}

/// The labels of a refused search: its lane (`small`, `large`) and why
/// (`busy`: the lane is full or runs no searches, answered 503;
/// `client_share`: the client runs its share, answered 429).
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub(crate) struct Refusal {
    pub(crate) lane: &'static str,
    pub(crate) reason: &'static str,
}

/// How many searches a lane runs and how many wait, at one moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LaneLoad {
    /// The lane: `small` or `large`.
    pub(crate) lane: &'static str,
    pub(crate) running: usize,
    pub(crate) waiting: usize,
}

/// One lane: the searches running, and all those admitted (running or
/// waiting).
struct Lane {
    /// `small` or `large`, for the metrics.
    name: &'static str,
    running: Arc<Semaphore>,
    admitted: Arc<Semaphore>,
    n_running: usize,
    /// Seconds a refused client is told to wait.
    retry_after: u32,
}

impl Lane {
    fn new(name: &'static str, n_running: usize, retry_after: u32) -> Lane {
        Lane {
            name,
            running: Arc::new(Semaphore::new(n_running)),
            admitted: Arc::new(Semaphore::new(n_running * (1 + WAITING_PER_RUNNING))),
            n_running,
            retry_after,
        }
    }

    fn capacity(&self) -> usize {
        self.n_running * (1 + WAITING_PER_RUNNING)
    }

    fn load(&self) -> LaneLoad {
        let running = self.n_running - self.running.available_permits().min(self.n_running);
        let admitted = self.capacity() - self.admitted.available_permits().min(self.capacity());
        LaneLoad {
            lane: self.name,
            running,
            waiting: admitted.saturating_sub(running),
        }
    }
}

/// A search's right to run: held until the search ends (also when its
/// request has been dropped, since the search still occupies a core).
pub(crate) struct Admission {
    _running: OwnedSemaphorePermit,
    _admitted: OwnedSemaphorePermit,
    _share: Share,
}

/// One of a client's searches, counted until dropped.
struct Share {
    client: Option<IpAddr>,
    clients: Arc<Mutex<HashMap<Option<IpAddr>, usize>>>,
}

impl Drop for Share {
    fn drop(&mut self) {
        let mut clients = lock(&self.clients);
        if let Some(count) = clients.get_mut(&self.client) {
            *count -= 1;
            if *count == 0 {
                clients.remove(&self.client);
            }
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Searches {
    /// Lanes of `n_small` and `n_large` running searches (0 refuses every
    /// search of that size), split at groups of `small_group_layouts`
    /// layouts, and `per_client` searches per client.
    pub(crate) fn new(
        n_small: usize,
        n_large: usize,
        small_group_layouts: u32,
        per_client: usize,
    ) -> Searches {
        Searches {
            small: Lane::new("small", n_small, 1),
            large: Lane::new("large", n_large, 2),
            small_group_layouts,
            per_client,
            clients: Arc::default(),
            refusals: Family::default(),
        }
    }

    /// The searches refused, by lane and reason (a handle on the same
    /// counters, for the metrics registry).
    pub(crate) fn refusals(&self) -> Family<Refusal, Counter> {
        self.refusals.clone()
    }

    /// How many searches each lane runs and how many wait.
    pub(crate) fn loads(&self) -> [LaneLoad; 2] {
        [self.small.load(), self.large.load()]
    }

    fn refuse(&self, lane: &Lane, reason: &'static str, error: AppError) -> AppError {
        let labels = Refusal {
            lane: lane.name,
            reason,
        };
        self.refusals.get_or_create(&labels).inc();
        error
    }

    /// Admits a search in a group of `group_size` layouts for `client`
    /// (`None` for requests that did not come over a socket), waiting for a
    /// running permit only when the lane has room to wait in.
    pub(crate) async fn admit(
        &self,
        group_size: u32,
        client: Option<IpAddr>,
    ) -> Result<Admission, AppError> {
        let (lane, which) = if group_size <= self.small_group_layouts {
            (&self.small, "at most")
        } else {
            (&self.large, "more than")
        };
        let share = self
            .claim_share(client)
            .map_err(|error| self.refuse(lane, "client_share", error))?;
        let limit = self.small_group_layouts;
        if lane.n_running == 0 {
            let error = AppError::Busy {
                detail: format!(
                    "this server runs no searches in groups of {which} {limit} layouts"
                ),
                retry_after: None,
            };
            return Err(self.refuse(lane, "busy", error));
        }
        let admitted = Arc::clone(&lane.admitted)
            .try_acquire_owned()
            .map_err(|_| {
                let error = AppError::Busy {
                    detail: format!(
                        "too many searches in groups of {which} {limit} layouts are running or \
                         waiting; retry in {} s",
                        lane.retry_after
                    ),
                    retry_after: Some(lane.retry_after),
                };
                self.refuse(lane, "busy", error)
            })?;
        let running = Arc::clone(&lane.running)
            .acquire_owned()
            .await
            .expect("the semaphore is never closed");
        Ok(Admission {
            _running: running,
            _admitted: admitted,
            _share: share,
        })
    }

    fn claim_share(&self, client: Option<IpAddr>) -> Result<Share, AppError> {
        let mut clients = lock(&self.clients);
        let count = clients.entry(client).or_insert(0);
        if *count >= self.per_client {
            if *count == 0 {
                clients.remove(&client);
            }
            return Err(AppError::TooManyRequests(format!(
                "a client may run {} group searches at once on this server, and this one \
                 runs or waits for {}",
                self.per_client,
                self.per_client
                    .min(clients.get(&client).copied().unwrap_or(0))
            )));
        }
        *count += 1;
        Ok(Share {
            client,
            clients: Arc::clone(&self.clients),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn client(last: u8) -> Option<IpAddr> {
        Some(IpAddr::from([127, 0, 0, last]))
    }

    fn refusals(searches: &Searches, lane: &'static str, reason: &'static str) -> u64 {
        searches
            .refusals()
            .get_or_create(&Refusal { lane, reason })
            .get()
    }

    #[tokio::test]
    async fn a_full_large_lane_leaves_the_small_lane_free() {
        let searches = Arc::new(Searches::new(2, 1, 1000, 10));
        // The large lane: one search running, two waiting behind it.
        let running = searches.admit(5000, client(1)).await.unwrap();
        let waiting: Vec<_> = (2..4)
            .map(|last| {
                let searches = Arc::clone(&searches);
                tokio::spawn(async move { searches.admit(5000, client(last)).await.is_ok() })
            })
            .collect();
        while searches.large.admitted.available_permits() > 0 {
            tokio::task::yield_now().await;
        }
        assert_eq!(
            searches.loads(),
            [
                LaneLoad {
                    lane: "small",
                    running: 0,
                    waiting: 0
                },
                LaneLoad {
                    lane: "large",
                    running: 1,
                    waiting: 2
                }
            ]
        );
        let refused = searches.admit(5000, client(4)).await.err().unwrap();
        assert_eq!(refusals(&searches, "large", "busy"), 1);
        assert!(
            matches!(
                refused,
                AppError::Busy {
                    retry_after: Some(2),
                    ..
                }
            ),
            "{refused:?}"
        );
        // Small searches still start at once, two at a time.
        let small = [
            searches.admit(10, client(5)).await.unwrap(),
            searches.admit(10, client(6)).await.unwrap(),
        ];
        assert_eq!(searches.loads()[0].running, 2);
        drop((small, running));
        for search in waiting {
            assert!(search.await.unwrap());
        }
        searches.admit(5000, client(4)).await.unwrap();
    }

    #[tokio::test]
    async fn a_client_over_its_share_is_refused_until_one_ends() {
        let searches = Searches::new(4, 1, 1000, 2);
        let first = searches.admit(10, client(1)).await.unwrap();
        let _second = searches.admit(10, client(1)).await.unwrap();
        let refused = searches.admit(10, client(1)).await.err().unwrap();
        assert!(
            matches!(&refused, AppError::TooManyRequests(detail) if detail.contains("2 group searches")),
            "{refused:?}"
        );
        assert_eq!(refusals(&searches, "small", "client_share"), 1);
        assert_eq!(refusals(&searches, "small", "busy"), 0);
        // Another client is not affected.
        searches.admit(10, client(2)).await.unwrap();
        drop(first);
        searches.admit(10, client(1)).await.unwrap();
        assert_eq!(
            lock(&searches.clients).len(),
            1,
            "counts drop to zero and go"
        );
    }

    #[tokio::test]
    async fn a_lane_of_no_searches_refuses_without_retry() {
        let searches = Searches::new(1, 0, 1000, 2);
        let refused = searches.admit(5000, None).await.err().unwrap();
        assert_eq!(refusals(&searches, "large", "busy"), 1);
        assert!(matches!(
            refused,
            AppError::Busy {
                retry_after: None,
                ..
            }
        ));
        searches.admit(1000, None).await.unwrap();
    }
}
