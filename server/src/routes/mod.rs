//! The routes, one module per resource, and the router that serves them and
//! documents them in the same breath: every route is registered through
//! `utoipa_axum::routes!`, so the OpenAPI document lists exactly the routes
//! served, with the parameters and responses declared on each handler (and
//! what many share, once, in `doc.rs`).

mod case;
mod class;
mod doc;
mod graph;
mod group;
mod path;
mod service;

use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::AppError;
use crate::extract::empty_as_none;
use crate::state::AppState;
use doc::ApiDoc;

/// Every documented route.
pub(crate) fn api_router() -> OpenApiRouter<AppState> {
    use utoipa::OpenApi;
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(case::case_get))
        .routes(routes!(case::case_solution_get))
        .routes(routes!(case::case_moves_get))
        .routes(routes!(case::case_layers_get))
        .routes(routes!(case::case_farthest_get))
        .routes(routes!(case::case_min_solutions_get))
        .routes(routes!(case::classification_get))
        .routes(routes!(path::path_get))
        .routes(routes!(group::group_get))
        .routes(routes!(group::group_cases_get))
        .routes(routes!(group::group_histogram_get))
        .routes(routes!(class::class_get))
        .routes(routes!(group::groups_list))
        .routes(routes!(service::stats_get))
        .routes(routes!(service::health_get))
        .routes(routes!(service::metrics_get))
        .routes(routes!(service::openapi_get))
        .routes(routes!(graph::case_graph_get))
}

/// The OpenAPI document of every route.
pub(crate) fn document() -> utoipa::openapi::OpenApi {
    api_router().split_for_parts().1
}

/// Paging by a code cursor.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub(crate) struct CodePage {
    /// The last code of the previous page (its `next`); the first page when
    /// absent.
    #[serde(default, deserialize_with = "empty_as_none")]
    #[param(value_type = Option<String>, example = "DAAF4CC00")]
    after: Option<String>,
    /// Most layouts in the page: 1 to 1000 (100 when absent).
    #[serde(default, deserialize_with = "empty_as_none")]
    #[param(minimum = 1, maximum = 1000)]
    limit: Option<u32>,
}

/// Items in a page when a request gives no `limit`.
const DEFAULT_PAGE: u32 = 100;

/// The most items a page may hold: a page of cases is a query per case
/// (its time in BENCHMARKS.md); a page of codes a dozen bytes a code.
const MAX_PAGE: u32 = 1000;

/// The page size a request asks for, checked.
fn page_limit(limit: Option<u32>) -> Result<u32, AppError> {
    let limit = limit.unwrap_or(DEFAULT_PAGE);
    if !(1..=MAX_PAGE).contains(&limit) {
        return Err(AppError::InvalidRequest(format!(
            "limit {limit} is out of range: a page holds 1 to {MAX_PAGE} items"
        )));
    }
    Ok(limit)
}

/// How moves are counted, for `/case/{code}/solution`, `/case/{code}/moves`
/// and `/path/{from}/{to}`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub(crate) struct MetricQuery {
    /// `step` (one piece anywhere it slides, turning as it likes; when
    /// absent), `straight` (one piece any distance in one direction) or
    /// `cell` (one piece one cell).
    #[serde(default, deserialize_with = "empty_as_none")]
    #[param(value_type = Option<String>, example = "cell")]
    metric: Option<klotski::Metric>,
}

impl MetricQuery {
    /// The metric asked for: steps when absent.
    fn metric(&self) -> klotski::Metric {
        self.metric.unwrap_or_default()
    }
}
