//! The routes, one module per resource, and the router that serves them and
//! documents them in the same breath: every route is registered through
//! `utoipa_axum::routes!`, so the OpenAPI document lists exactly the routes
//! served, with the parameters and responses declared on each handler.

mod case;
mod class;
mod group;
mod path;
mod service;

use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::AppError;
use crate::extract::empty_as_none;
use crate::openapi::ApiDoc;
use crate::state::AppState;

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
        .routes(routes!(service::openapi_get))
}

/// The 503 of a route that waits on a blocking thread.
const LATE: &str = "The request took longer than the time limit.";

/// The 503 of a point lookup, which runs on the request's own thread and
/// cannot be late unless the file may change.
const POINT_QUERY_LATE: &str = "Only on a server run with `--database-may-change`: the request took longer than the time limit (waiting for a writer's lock).";

/// The 429 of a route that searches a group.
const SEARCH_REFUSED: &str = "The client already runs its share of group searches (`too_many_requests`); `Retry-After` says when to retry.";

/// The 503 of a route that searches a group.
const SEARCH_LATE_OR_BUSY: &str = "The request took longer than the time limit (`timeout`), or the search was refused at once, its lane being full (`busy`, with `Retry-After`).";

/// The description of a `{code}` path parameter.
const LAYOUT_PARAM: &str = "A layout: its code (`1A9BF0C00`), the code without trailing zeros \
    (`1A9BF0C`, any case), its 5-character short code (`4WVE1`) or its classification \
    `J-B-S-G-I` (`5-4-1-1-7472`). A text that is a legal code is read as a code.";

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

/// The most items a page may hold: a page of 1000 cases is 1000 queries,
/// about 10 ms (BENCHMARKS.md); a page of codes is about 12 bytes a code.
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
