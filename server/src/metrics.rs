//! The service's Prometheus metrics, served at `/metrics` in the text
//! exposition format (docs/serving.md lists them).
//!
//! What a request costs is counted as it is answered (an atomic counter, a
//! histogram's short lock); what the service holds (searches running and
//! waiting, the graph cache's size, connections busy) is read when
//! `/metrics` is asked for, so it costs nothing in between.

use std::sync::OnceLock;

use prometheus_client::encoding::{prometheus_text, EncodeLabelSet};
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::{Registry, Unit};

use crate::admission::{LaneLoad, Searches};
use crate::answers::Answers;
use crate::client::UnreadableHops;
use crate::search::GraphCache;

/// The media type of the exposition.
pub(crate) const CONTENT_TYPE: &str = prometheus_text::CONTENT_TYPE;

/// The route label of a request that matched no route: a fixed value, so
/// that scanning for paths cannot make new series.
pub(crate) const UNMATCHED: &str = "unmatched";

/// The upper bounds of the latency buckets, in seconds: from a lookup's
/// microseconds to the largest group's first search (BENCHMARKS.md), and
/// the time limit.
const LATENCY_BUCKETS: [f64; 16] = [
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
    5.0, 10.0,
];

/// A request's labels: its route's template (`/case/{code}`, or
/// `unmatched`) and its status.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    route: String,
    status: u16,
}

/// A latency's label: the route's template.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabels {
    route: String,
}

/// A search lane's label.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct LaneLabels {
    lane: &'static str,
}

/// What the service holds at one moment, read for a scrape.
pub(crate) struct Sample {
    /// Each search lane's searches running and waiting.
    pub(crate) lanes: [LaneLoad; 2],
    /// The graph cache's bytes and graphs.
    pub(crate) graph_cache: (usize, usize),
    /// The pool's connections, and those running a query.
    pub(crate) connections: (usize, usize),
}

/// The statuses answered most, each with its own counter slot in
/// [`RouteMetrics`].
const COMMON_STATUSES: [u16; 6] = [200, 304, 400, 404, 429, 503];

/// One route's metrics, found once: answering a request moves them without
/// looking a series up by its labels (a lock and a hash).
pub(crate) struct RouteMetrics {
    route: String,
    duration: Histogram,
    /// The counters of [`COMMON_STATUSES`], each made on its first use.
    common: [OnceLock<Counter>; COMMON_STATUSES.len()],
    requests: Family<RequestLabels, Counter>,
    in_flight: Gauge,
}

impl RouteMetrics {
    /// Counts a request as under way, until [`RouteMetrics::ended`].
    pub(crate) fn started(&self) {
        self.in_flight.inc();
    }

    /// Counts a request as no longer under way (answered or abandoned).
    pub(crate) fn ended(&self) {
        self.in_flight.dec();
    }

    /// Counts a request answered with `status` after `seconds`.
    pub(crate) fn answered(&self, status: u16, seconds: f64) {
        self.duration.observe(seconds);
        let counter = || {
            let labels = RequestLabels {
                route: self.route.clone(),
                status,
            };
            Counter::clone(&self.requests.get_or_create(&labels))
        };
        match COMMON_STATUSES.iter().position(|&common| common == status) {
            Some(slot) => self.common[slot].get_or_init(counter).inc(),
            None => counter().inc(),
        };
    }
}

/// Every metric, registered.
pub(crate) struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    durations: Family<RouteLabels, Histogram, fn() -> Histogram>,
    in_flight: Gauge,
    searches_running: Family<LaneLabels, Gauge>,
    searches_waiting: Family<LaneLabels, Gauge>,
    graph_cache_bytes: Gauge,
    graph_cache_graphs: Gauge,
    connections: Gauge,
    connections_busy: Gauge,
}

impl Metrics {
    /// The metrics, with the counters `searches`, `graphs`, `answers` and
    /// `unreadable` keep themselves.
    pub(crate) fn new(
        searches: &Searches,
        graphs: &GraphCache,
        answers: &Answers,
        unreadable: &UnreadableHops,
    ) -> Metrics {
        let mut registry = Registry::default();
        let requests = Family::<RequestLabels, Counter>::default();
        registry.register(
            "http_requests",
            "HTTP requests answered, by route template and status",
            requests.clone(),
        );
        let durations: Family<RouteLabels, Histogram, fn() -> Histogram> =
            Family::new_with_constructor(|| Histogram::new(LATENCY_BUCKETS));
        registry.register_with_unit(
            "http_request_duration",
            "Time from a request's head to its response's head, by route template",
            Unit::Seconds,
            durations.clone(),
        );
        let in_flight = Gauge::default();
        registry.register(
            "http_requests_in_flight",
            "HTTP requests being answered",
            in_flight.clone(),
        );
        let searches_running = Family::<LaneLabels, Gauge>::default();
        registry.register(
            "klotski_searches_running",
            "Group searches running, by lane (small or large groups)",
            searches_running.clone(),
        );
        let searches_waiting = Family::<LaneLabels, Gauge>::default();
        registry.register(
            "klotski_searches_waiting",
            "Group searches admitted and waiting for a running permit, by lane",
            searches_waiting.clone(),
        );
        registry.register(
            "klotski_search_refusals",
            "Group searches refused, by lane and reason (busy: 503, client_share: 429)",
            searches.refusals(),
        );
        let graph_cache_bytes = Gauge::default();
        registry.register_with_unit(
            "klotski_graph_cache",
            "Size of the group graphs kept for later searches",
            Unit::Bytes,
            graph_cache_bytes.clone(),
        );
        let graph_cache_graphs = Gauge::default();
        registry.register(
            "klotski_graph_cache_graphs",
            "Group graphs kept for later searches",
            graph_cache_graphs.clone(),
        );
        registry.register(
            "klotski_graph_cache_hits",
            "Group searches that found their graph in the cache",
            graphs.hits.clone(),
        );
        registry.register(
            "klotski_graph_cache_misses",
            "Group searches that built their graph",
            graphs.misses.clone(),
        );
        registry.register(
            "klotski_answer_cache_hits",
            "Graph answers sent without building them: kept, or built for another request",
            answers.hits.clone(),
        );
        registry.register(
            "klotski_answer_cache_misses",
            "Graph answers built (serialised and encoded)",
            answers.misses.clone(),
        );
        registry.register(
            "klotski_client_unreadable_hops",
            "Requests whose trusted proxy's forwarding header held no readable address \
             where the client should be (the proxy stood for the client)",
            unreadable.count.clone(),
        );
        let connections = Gauge::default();
        registry.register(
            "klotski_db_connections",
            "SQLite connections in the pool (point lookups use their thread's own)",
            connections.clone(),
        );
        let connections_busy = Gauge::default();
        registry.register(
            "klotski_db_connections_busy",
            "SQLite connections of the pool running a query",
            connections_busy.clone(),
        );
        Metrics {
            registry,
            requests,
            durations,
            in_flight,
            searches_running,
            searches_waiting,
            graph_cache_bytes,
            graph_cache_graphs,
            connections,
            connections_busy,
        }
    }

    /// The metrics of the route `route` (a template, or [`UNMATCHED`]),
    /// to be kept by the layer that serves it.
    pub(crate) fn route(&self, route: &str) -> RouteMetrics {
        let labels = RouteLabels {
            route: route.to_owned(),
        };
        RouteMetrics {
            route: route.to_owned(),
            duration: Histogram::clone(&self.durations.get_or_create(&labels)),
            common: Default::default(),
            requests: self.requests.clone(),
            in_flight: self.in_flight.clone(),
        }
    }

    /// The exposition, with what the service holds now.
    pub(crate) fn render(&self, sample: &Sample) -> String {
        for load in &sample.lanes {
            let lane = LaneLabels { lane: load.lane };
            self.searches_running
                .get_or_create(&lane)
                .set(load.running as i64);
            self.searches_waiting
                .get_or_create(&lane)
                .set(load.waiting as i64);
        }
        self.graph_cache_bytes.set(sample.graph_cache.0 as i64);
        self.graph_cache_graphs.set(sample.graph_cache.1 as i64);
        self.connections.set(sample.connections.0 as i64);
        self.connections_busy.set(sample.connections.1 as i64);
        let mut text = String::new();
        prometheus_text::encode(&mut text, &self.registry)
            .expect("writing to a String does not fail");
        text
    }
}
