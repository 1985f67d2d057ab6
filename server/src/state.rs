//! The state every handler shares: the settings, the database connections,
//! what the database holds (read once at start: it is read-only), the graph
//! cache, the admission of group searches and the metrics.

use std::collections::HashMap;
use std::net::IpAddr;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use crate::admission::Searches;
use crate::answers::Answers;
use crate::client::{share_key, Forwarding};
use crate::drawing::{drawing_cache, DrawingCache};
use crate::error::AppError;
use crate::metrics::{Metrics, Sample};
use crate::named::NamedCatalog;
use crate::observe::Clients;
use crate::pool::Pool;
use crate::search::GraphCache;
use klotski::CodeRanks;
use schema::{ClassRow, Database, GroupFilter, GroupKey, Meta, Page, Totals};

/// The service's settings.
#[derive(Clone, Debug)]
pub struct Config {
    /// Read-only database connections: how many queries run at once.
    pub n_connections: usize,
    /// How long a request may take before it is answered 503.
    pub request_timeout: Duration,
    /// Group searches (graph builds and breadth-first searches) in groups
    /// of at most `small_group_layouts` layouts that run at once; 0 refuses
    /// them.
    pub n_small_searches: usize,
    /// Group searches in larger groups that run at once; 0 refuses them.
    pub n_large_searches: usize,
    /// The largest group whose searches run in the small lane.
    pub small_group_layouts: u32,
    /// Group searches one client (an IP address) may run or wait for at
    /// once; 0 refuses every group search.
    pub searches_per_client: usize,
    /// Bytes of group graphs kept for later searches.
    pub graph_cache_bytes: usize,
    /// The largest group `/case/{code}/graph` draws whole; in a larger one
    /// it draws the widest ball around the layout that holds at most this
    /// many layouts.
    pub drawing_layouts: u32,
    /// Bytes of drawings (`/case/{code}/graph`) kept for later requests.
    pub drawing_cache_bytes: usize,
    /// Bytes of `/case/{code}/graph` answers kept as sent, encoded
    /// (`answers.rs`).
    pub answer_cache_bytes: usize,
    /// Whether another process may write the database file while it is
    /// open: if so, SQLite takes its locks and checks for changes before
    /// each query; if not (the default), the file is read as immutable
    /// ([`schema::Database::open_immutable`]), which is faster.
    pub database_may_change: bool,
    /// The reverse proxies whose forwarding header names the client, and
    /// that header (`client.rs`); no proxy by default, so the peer is the
    /// client.
    pub forwarding: Forwarding,
    /// How many leading bits of an IPv6 client's address make the client
    /// its searches are counted under (64: a subscriber's usual /64).
    pub ipv6_client_prefix: u8,
    /// Whether each request is logged when answered (target
    /// `klotski_server::access`, level info).
    pub access_log: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            n_connections: 8,
            request_timeout: Duration::from_secs(10),
            n_small_searches: std::thread::available_parallelism().map_or(2, usize::from),
            n_large_searches: 1,
            // A graph build and a search in a group this size are short
            // beside the time limit (BENCHMARKS.md), so one large search
            // waits for at most a few of them.
            small_group_layouts: 100_000,
            searches_per_client: 2,
            graph_cache_bytes: 256 << 20,
            // The small lane's limit: nearly every group drawn whole, and
            // no drawing larger than a small group's.
            drawing_layouts: 100_000,
            // A few dozen drawings of mid-sized groups (sizes in
            // BENCHMARKS.md).
            drawing_cache_bytes: 128 << 20,
            // The largest ball's answer a few times over, plain and
            // compressed (sizes in BENCHMARKS.md).
            answer_cache_bytes: 64 << 20,
            database_may_change: false,
            forwarding: Forwarding::default(),
            ipv6_client_prefix: 64,
            access_log: false,
        }
    }
}

/// The handlers' shared state; cloning it is cheap.
#[derive(Clone)]
pub struct AppState {
    pub(crate) shared: Arc<Shared>,
}

pub(crate) struct Shared {
    pub(crate) config: Config,
    pub(crate) pool: Arc<Pool>,
    pub(crate) catalog: Catalog,
    pub(crate) graphs: GraphCache,
    pub(crate) drawings: DrawingCache,
    pub(crate) answers: Arc<Answers>,
    pub(crate) clients: Clients,
    pub(crate) searches: Searches,
    pub(crate) metrics: Arc<Metrics>,
}

/// What the database holds, read at start.
pub(crate) struct Catalog {
    pub(crate) meta: Meta,
    pub(crate) totals: Totals,
    /// Every class held, by name.
    pub(crate) classes: Vec<ClassRow>,
    /// Every group's size: /case answers with it, and a map lookup is
    /// cheaper than a query.
    pub(crate) group_sizes: HashMap<GroupKey, u32>,
    /// Every code's id: a lookup by code reads the table by id, one
    /// B-tree descent instead of two (the code index's, then the table's).
    pub(crate) ranks: CodeRanks,
    /// The classic named layouts held, with their rows.
    pub(crate) named: NamedCatalog,
}

impl Catalog {
    fn load(db: &Database) -> schema::Result<Catalog> {
        let meta = db.meta()?;
        let totals = db.totals()?;
        let classes = db.classes()?;
        let all = Page {
            after: None,
            limit: u32::MAX,
        };
        let group_sizes = db
            .groups(&GroupFilter::default(), all)?
            .into_iter()
            .map(|group| (group.key, group.size))
            .collect();
        Ok(Catalog {
            meta,
            totals,
            classes,
            group_sizes,
            ranks: CodeRanks::build(),
            named: NamedCatalog::load(db)?,
        })
    }

    /// Which classes the database holds, for error details and the log.
    pub(crate) fn held(&self) -> String {
        if !self.meta.partial {
            return format!("all {} classes", self.classes.len());
        }
        let names: Vec<String> = self.classes.iter().map(ClassRow::name).collect();
        format!(
            "{} of {} classes: {}",
            names.len(),
            schema::N_CLASSES,
            names.join(", ")
        )
    }
}

impl AppState {
    /// Opens the database at `path` read-only (checking that it is a
    /// finished Klotski database of this schema version) with the
    /// connections `config` asks for, and reads what it holds.
    pub fn open(path: &Path, config: Config) -> schema::Result<AppState> {
        let pool = Pool::open(path, config.n_connections, config.database_may_change)?;
        let catalog = Catalog::load(&Database::open(path)?)?;
        let graphs = GraphCache::new(config.graph_cache_bytes);
        let drawings = drawing_cache(config.drawing_cache_bytes);
        let searches = Searches::new(
            config.n_small_searches,
            config.n_large_searches,
            config.small_group_layouts,
            config.searches_per_client,
        );
        let answers = Arc::new(Answers::new(config.answer_cache_bytes));
        let clients = Clients {
            forwarding: config.forwarding.clone(),
            unreadable: Arc::default(),
        };
        let metrics = Arc::new(Metrics::new(
            &searches,
            &graphs,
            &answers,
            &clients.unreadable,
        ));
        Ok(AppState {
            shared: Arc::new(Shared {
                config,
                pool: Arc::new(pool),
                catalog,
                graphs,
                drawings,
                answers,
                clients,
                searches,
                metrics,
            }),
        })
    }

    /// Which classes the database holds, e.g. `all 203 classes` or
    /// `3 of 203 classes: 0-0-0, 0-1-0, 1-0-0`.
    pub fn classes_held(&self) -> String {
        self.shared.catalog.held()
    }

    pub(crate) fn config(&self) -> &Config {
        &self.shared.config
    }

    pub(crate) fn drawings(&self) -> &DrawingCache {
        &self.shared.drawings
    }

    /// The answers kept as sent (`/case/{code}/graph`).
    pub(crate) fn answers(&self) -> Arc<Answers> {
        Arc::clone(&self.shared.answers)
    }

    /// Where a request's client is read from.
    pub(crate) fn clients(&self) -> &Clients {
        &self.shared.clients
    }

    pub(crate) fn catalog(&self) -> &Catalog {
        &self.shared.catalog
    }

    /// The metrics, for the layer that counts the requests.
    pub(crate) fn metrics(&self) -> Arc<Metrics> {
        Arc::clone(&self.shared.metrics)
    }

    /// The metrics in Prometheus's text format, with the searches, the
    /// graph cache and the connections as they are now.
    pub(crate) fn metrics_text(&self) -> String {
        let shared = &self.shared;
        shared.metrics.render(&Sample {
            lanes: shared.searches.loads(),
            graph_cache: shared.graphs.size(),
            connections: shared.pool.usage(),
        })
    }

    /// Runs a query with a connection and the catalog, on a blocking thread.
    pub(crate) async fn query<T, F>(&self, query: F) -> Result<T, AppError>
    where
        T: Send + 'static,
        F: FnOnce(&Database, &Catalog) -> Result<T, AppError> + Send + 'static,
    {
        let shared = Arc::clone(&self.shared);
        self.shared
            .pool
            .run(move |db| query(db, &shared.catalog))
            .await
    }

    /// Runs a point query (a few lookups by key) with a connection and the
    /// catalog: on the calling thread ([`Pool::run_point`]) when the file
    /// is immutable, where a query cannot wait; on a blocking thread when
    /// the database may change, where it can wait for a writer's lock.
    pub(crate) async fn point_query<T, F>(&self, query: F) -> Result<T, AppError>
    where
        T: Send + 'static,
        F: FnOnce(&Database, &Catalog) -> Result<T, AppError> + Send + 'static,
    {
        if self.shared.config.database_may_change {
            return self.query(query).await;
        }
        let catalog = &self.shared.catalog;
        self.shared.pool.run_point(|db| query(db, catalog))
    }

    /// Runs a search of `group` for `client` on a blocking thread, once
    /// admitted to its lane (or refused at once); the graph cache is at
    /// hand.
    pub(crate) async fn search<T, F>(
        &self,
        group: GroupKey,
        client: Option<IpAddr>,
        search: F,
    ) -> Result<T, AppError>
    where
        T: Send + 'static,
        F: FnOnce(&GraphCache) -> T + Send + 'static,
    {
        let size = self.catalog().group_sizes.get(&group).copied();
        let size = size.ok_or_else(|| AppError::Internal(format!("group {group} has no size")))?;
        let prefix = self.shared.config.ipv6_client_prefix;
        let client = client.map(|client| share_key(client, prefix));
        let permit = self.shared.searches.admit(size, client).await?;
        let shared = Arc::clone(&self.shared);
        // Held until the search ends, even when the request's time is up:
        // an abandoned search still occupies the cores.
        tokio::task::spawn_blocking(move || {
            let result = catch_unwind(AssertUnwindSafe(|| search(&shared.graphs)));
            drop(permit);
            result.map_err(|_| AppError::Internal("a group search panicked".into()))
        })
        .await?
    }
}
