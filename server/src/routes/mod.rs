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
mod layout_search;
mod named;
mod path;
mod query;
mod service;

use axum::{Extension, Router};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;
use doc::ApiDoc;

/// Every documented route.
fn api_router() -> OpenApiRouter<AppState> {
    use utoipa::OpenApi;
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(case::case_get))
        .routes(routes!(case::case_solution_get))
        .routes(routes!(case::case_moves_get))
        .routes(routes!(case::case_layers_get))
        .routes(routes!(case::case_farthest_get))
        .routes(routes!(case::case_min_solutions_get))
        .routes(routes!(case::classification_get))
        .routes(routes!(named::named_list))
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

/// Every route, with the document they make handed to `/openapi.json`.
pub(crate) fn router() -> Router<AppState> {
    let (router, document) = api_router().split_for_parts();
    let json = document.to_json().expect("the OpenAPI document serialises");
    router.layer(Extension(service::OpenApiJson(json.into())))
}

/// The OpenAPI document of every route.
pub(crate) fn document() -> utoipa::openapi::OpenApi {
    api_router().split_for_parts().1
}
