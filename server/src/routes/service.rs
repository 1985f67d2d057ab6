//! `/stats`, `/health`, `/metrics` and `/openapi.json`.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::header::CONTENT_TYPE;
use axum::response::IntoResponse;
use axum::{Extension, Json};

use crate::metrics::CONTENT_TYPE as METRICS_CONTENT_TYPE;
use crate::model::{ClassStats, HealthResponse, StatsResponse, Totals};
use crate::state::AppState;

/// Totals and counts per class, over the classes the database holds.
#[utoipa::path(
    get,
    path = "/stats",
    tag = "service",
    responses((status = 200, description = "The counts.", body = StatsResponse))
)]
pub(crate) async fn stats_get(State(state): State<AppState>) -> Json<StatsResponse> {
    let catalog = state.catalog();
    let totals = catalog.totals;
    Json(StatsResponse {
        totals: Totals {
            n_classes: totals.n_classes,
            n_groups: totals.n_groups,
            n_layouts: totals.n_layouts,
            n_solved: totals.n_solved,
        },
        partial: catalog.meta.partial,
        schema_version: catalog.meta.schema_version,
        engine_version: catalog.meta.engine_version.clone(),
        build_date: catalog.meta.build_date.clone(),
        classes: catalog.classes.iter().map(ClassStats::from).collect(),
    })
}

/// The service is up. The database was checked when the server started (a
/// finished build, opened read-only), so this needs no query: it answers as
/// fast as the stack does.
#[utoipa::path(
    get,
    path = "/health",
    tag = "service",
    responses((status = 200, description = "Up.", body = HealthResponse))
)]
pub(crate) async fn health_get(State(state): State<AppState>) -> Json<HealthResponse> {
    let catalog = state.catalog();
    Json(HealthResponse {
        status: "ok".to_owned(),
        partial: catalog.meta.partial,
        n_classes: catalog.totals.n_classes,
    })
}

/// The service's metrics, in Prometheus's text format: requests by route
/// and status, their latencies, the group searches running, waiting and
/// refused, the graph cache, the database connections.
#[utoipa::path(
    get,
    path = "/metrics",
    tag = "service",
    responses((status = 200, description = "The metrics (text exposition format 0.0.4).", content_type = "text/plain; version=0.0.4; charset=utf-8", body = String))
)]
pub(crate) async fn metrics_get(State(state): State<AppState>) -> impl IntoResponse {
    ([(CONTENT_TYPE, METRICS_CONTENT_TYPE)], state.metrics_text())
}

/// This document: OpenAPI 3.1, generated from the handlers.
#[utoipa::path(
    get,
    path = "/openapi.json",
    tag = "service",
    responses((status = 200, description = "The OpenAPI document.", content_type = "application/json", body = Object))
)]
pub(crate) async fn openapi_get(Extension(json): Extension<OpenApiJson>) -> impl IntoResponse {
    ([(CONTENT_TYPE, "application/json")], json.0)
}

/// The OpenAPI document as JSON, made once with the router (which lists
/// this route too) and handed to [`openapi_get`].
#[derive(Clone)]
pub(crate) struct OpenApiJson(pub(crate) Bytes);
