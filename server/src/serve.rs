//! Serving the router on a socket with bounds on connections: how many are
//! open at once, how many one peer holds, how long a client may take to
//! send a request's head (which also closes an idle keep-alive connection)
//! and how long that head may be.
//!
//! `axum::serve` sets no timer, so a client that sends half a request, or
//! opens connections and sends nothing, would hold them forever. Here each
//! connection is served by hyper with a header-read timeout (counted from
//! when hyper starts reading a head, however slowly its bytes trickle in),
//! and closed once it has read and written nothing for as long; a head
//! longer than [`MAX_HEAD_BYTES`] is answered 431. The accept loop takes a
//! permit per connection: past the limit, new connections wait in the
//! kernel's backlog until one closes. A peer that is not a trusted proxy
//! holds at most its share of them (per IPv4 address, per IPv6 prefix);
//! past it, its new connections are closed at once, so that one address
//! cannot fill the server while others wait.

use std::collections::HashMap;
use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::extract::ConnectInfo;
use axum::Router;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto::Builder;
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Semaphore};
use tower::ServiceExt;

use crate::client::{share_key, TrustedProxies};

/// The longest request head read (the request line and the headers); a
/// longer one is answered 431. Browsers and proxies send a few hundred bytes.
pub const MAX_HEAD_BYTES: usize = 16 * 1024;

/// Bounds on the connections a server holds.
#[derive(Clone, Debug)]
pub struct ConnectionLimits {
    /// Connections served at once; more wait to be accepted.
    pub max_connections: usize,
    /// Connections one peer may hold at once (an IPv4 address, or the
    /// first `ipv6_prefix` bits of an IPv6 one); more are closed as they are
    /// accepted. Trusted proxies are exempt.
    pub max_connections_per_peer: usize,
    /// Leading bits of an IPv6 peer's address that make one peer.
    pub ipv6_prefix: u8,
    /// The peers exempt from the per-peer share: the reverse proxies whose
    /// connections carry many clients.
    pub trusted_proxies: TrustedProxies,
    /// How long a client may take to send a request's head, counted from
    /// the connection's start or from the previous response: a half-sent
    /// request or an idle connection is closed after it.
    pub header_timeout: Duration,
    /// How long shutdown waits for the requests under way.
    pub shutdown_grace: Duration,
}

impl Default for ConnectionLimits {
    fn default() -> ConnectionLimits {
        ConnectionLimits {
            max_connections: 1024,
            max_connections_per_peer: 64,
            ipv6_prefix: 64,
            trusted_proxies: TrustedProxies::default(),
            header_timeout: Duration::from_secs(10),
            shutdown_grace: Duration::from_secs(10),
        }
    }
}

/// Serves `app` on `listener` within `limits` until `shutdown` resolves,
/// then lets the requests under way finish (for `limits.shutdown_grace` at
/// most). Each request carries its peer's address (`ConnectInfo`).
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()>,
) {
    let max_connections = limits.max_connections.max(1);
    let permits = Arc::new(Semaphore::new(max_connections));
    let (stopping, _) = watch::channel(false);
    let mut builder = Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(MAX_HEAD_BYTES);
    builder
        .http2()
        .timer(TokioTimer::new())
        .keep_alive_interval(Some(limits.header_timeout))
        .max_header_list_size(MAX_HEAD_BYTES as u32);
    let builder = Arc::new(builder);
    let peers = Peers::new(&limits);
    let header_timeout = limits.header_timeout;
    tokio::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            permit = Arc::clone(&permits).acquire_owned() => permit.expect("never closed"),
            () = &mut shutdown => break,
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of file descriptors, say: wait rather than spin.
                    tracing::warn!(%error, "cannot accept a connection");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Some(held) = peers.claim(peer.ip()) else {
            tracing::debug!(%peer, "connection refused: the peer holds its share");
            drop(stream);
            continue;
        };
        let service = app
            .clone()
            .map_request(move |mut request: axum::extract::Request<_>| {
                request.extensions_mut().insert(ConnectInfo(peer));
                request
            });
        let (builder, stopping) = (Arc::clone(&builder), stopping.subscribe());
        tokio::spawn(async move {
            serve_connection(&builder, stream, service, header_timeout, stopping).await;
            tracing::trace!(%peer, "connection closed");
            drop((held, permit));
        });
    }
    drop(listener);
    let _ = stopping.send(true);
    let all_closed = permits.acquire_many(max_connections as u32);
    if tokio::time::timeout(limits.shutdown_grace, all_closed)
        .await
        .is_err()
    {
        tracing::warn!("requests still under way after the shutdown grace period");
    }
}

/// The connections each peer holds, by its share key.
struct Peers {
    held: Arc<Mutex<HashMap<IpAddr, usize>>>,
    per_peer: usize,
    ipv6_prefix: u8,
    exempt: TrustedProxies,
}

/// One connection of a peer, counted until dropped; `None` for an exempt
/// peer.
struct Held {
    key: Option<IpAddr>,
    held: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl Peers {
    fn new(limits: &ConnectionLimits) -> Peers {
        Peers {
            held: Arc::default(),
            per_peer: limits.max_connections_per_peer,
            ipv6_prefix: limits.ipv6_prefix,
            exempt: limits.trusted_proxies.clone(),
        }
    }

    /// A connection of `peer`, or `None` when it holds its share already.
    fn claim(&self, peer: IpAddr) -> Option<Held> {
        if self.exempt.contains(peer) {
            return Some(Held {
                key: None,
                held: Arc::clone(&self.held),
            });
        }
        let key = share_key(peer, self.ipv6_prefix);
        let mut held = lock(&self.held);
        let count = held.entry(key).or_insert(0);
        if *count >= self.per_peer {
            if *count == 0 {
                held.remove(&key);
            }
            return None;
        }
        *count += 1;
        Some(Held {
            key: Some(key),
            held: Arc::clone(&self.held),
        })
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        let Some(key) = self.key else { return };
        let mut held = lock(&self.held);
        if let Some(count) = held.get_mut(&key) {
            *count -= 1;
            if *count == 0 {
                held.remove(&key);
            }
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Serves one connection until it ends: closed by the client, after
/// `idle_timeout` with no byte read or written (hyper's own header timeout
/// starts only with a request's first byte), or once `stopping` turns true
/// and the request under way is answered.
async fn serve_connection<S>(
    builder: &Builder<TokioExecutor>,
    stream: TcpStream,
    service: S,
    idle_timeout: Duration,
    mut stopping: watch::Receiver<bool>,
) where
    S: tower::Service<
            axum::extract::Request<hyper::body::Incoming>,
            Response = axum::response::Response,
            Error = std::convert::Infallible,
        > + Clone
        + Send
        + 'static,
    S::Future: Send + 'static,
{
    let activity = Arc::new(AtomicU64::new(0));
    let started = Instant::now();
    let io = TokioIo::new(Tracked {
        inner: stream,
        activity: Arc::clone(&activity),
        started,
    });
    let connection = builder.serve_connection_with_upgrades(io, TowerToHyperService::new(service));
    tokio::pin!(connection);
    let mut closing = false;
    loop {
        let idle_since = started + Duration::from_millis(activity.load(Ordering::Relaxed));
        tokio::select! {
            result = connection.as_mut() => {
                if let Err(error) = result {
                    tracing::debug!(%error, "connection ended with an error");
                }
                return;
            }
            () = tokio::time::sleep_until((idle_since + idle_timeout).into()), if !closing => {
                let now_idle_since = started + Duration::from_millis(activity.load(Ordering::Relaxed));
                if now_idle_since == idle_since {
                    closing = true;
                    connection.as_mut().graceful_shutdown();
                }
            }
            changed = stopping.changed(), if !closing => {
                if changed.is_err() || *stopping.borrow() {
                    closing = true;
                    connection.as_mut().graceful_shutdown();
                }
            }
        }
    }
}

pin_project_lite::pin_project! {
    /// A stream that notes when it last read or wrote a byte (milliseconds
    /// after `started`).
    struct Tracked {
        #[pin]
        inner: TcpStream,
        activity: Arc<AtomicU64>,
        started: Instant,
    }
}

impl Tracked {
    fn touch(activity: &AtomicU64, started: Instant) {
        activity.store(started.elapsed().as_millis() as u64, Ordering::Relaxed);
    }
}

impl AsyncRead for Tracked {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let this = self.project();
        let before = buf.filled().len();
        let result = this.inner.poll_read(cx, buf);
        if buf.filled().len() > before {
            Tracked::touch(this.activity, *this.started);
        }
        result
    }
}

impl AsyncWrite for Tracked {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let this = self.project();
        let result = this.inner.poll_write(cx, data);
        if matches!(result, Poll::Ready(Ok(n)) if n > 0) {
            Tracked::touch(this.activity, *this.started);
        }
        result
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        self.project().inner.poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        self.project().inner.poll_shutdown(cx)
    }
}
