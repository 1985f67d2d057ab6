//! What the OpenAPI document says once for many routes: its fixed parts
//! (title, tags, the rules every route shares), the layout path parameter,
//! and the error responses routes have in common (a search refused or
//! late, a query late). The paths and schemas come from the handlers'
//! `#[utoipa::path]` attributes, gathered as the router is built, so the
//! document cannot list a route the server does not serve.

use std::collections::BTreeMap;

use utoipa::openapi::path::{Parameter, ParameterBuilder, ParameterIn};
use utoipa::openapi::{
    ContentBuilder, ObjectBuilder, Ref, RefOr, Required, Response, ResponseBuilder, Type,
};
use utoipa::{IntoParams, IntoResponses, OpenApi, ToSchema};

use crate::error::ErrorBody;

/// The document's fixed parts.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Klotski database",
        description = "Every legal Klotski (华容道) layout, classified and analysed: look layouts, \
            groups and classes up by code, short code or name.\n\n\
            Every answer is JSON. Errors are `{\"error\": ..., \"detail\": ...}`: 400 for \
            malformed input (the detail is the parser's message), 404 for well-formed input \
            that names nothing in the database (a partial database says which classes it \
            holds), 503 when a request takes longer than the server's time limit (10 s \
            unless configured otherwise), 500 only for a fault of the server (a damaged database \
            file), with no details. Lists are paged by cursor: pass a page's `next` as \
            `after` to get the following page; pages hold 1 to 1000 items, 100 by default."
    ),
    tags(
        (name = "cases", description = "Layouts, their solutions and paths between them."),
        (name = "groups", description = "Groups: sets of layouts joined by steps."),
        (name = "classes", description = "Classes: layouts of the same pieces, and how hard they are."),
        (name = "service", description = "Counts, health, metrics and this document."),
    )
)]
pub(crate) struct ApiDoc;

/// The description of a layout path parameter.
const LAYOUT_PARAM: &str = "A layout: its code (`1A9BF0C00`), the code without trailing zeros \
    (`1A9BF0C`, any case), its 5-character short code (`4WVE1`) or its classification \
    `J-B-S-G-I` (`5-4-1-1-7472`). A text that is a legal code is read as a code.";

/// A layout path parameter `name`, shown with `example`.
fn layout_param(name: &str, example: &str) -> Parameter {
    ParameterBuilder::new()
        .name(name)
        .parameter_in(ParameterIn::Path)
        .required(Required::True)
        .description(Some(LAYOUT_PARAM))
        .schema(Some(ObjectBuilder::new().schema_type(Type::String)))
        .example(Some(example.into()))
        .build()
}

/// The path parameter `{code}`: one layout.
pub(crate) struct LayoutCode;

impl IntoParams for LayoutCode {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        vec![layout_param("code", "1A9BF0C00")]
    }
}

/// The path parameters `{from}` and `{to}`: two layouts.
pub(crate) struct LayoutPair;

impl IntoParams for LayoutPair {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        vec![
            layout_param("from", "1A9BF0C00"),
            layout_param("to", "DAAF4CC00"),
        ]
    }
}

/// The 503 of a route that waits on a blocking thread.
pub(crate) struct QueryLate;

impl IntoResponses for QueryLate {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        error_responses(&[(503, "The request took longer than the time limit.")])
    }
}

/// The 503 of a point lookup, which runs on the request's own thread and
/// cannot be late unless the file may change.
pub(crate) struct PointQueryLate;

impl IntoResponses for PointQueryLate {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        error_responses(&[(
            503,
            "Only on a server run with `--database-may-change`: the request took longer than \
             the time limit (waiting for a writer's lock).",
        )])
    }
}

/// The 429 and 503 of a route that searches a group.
pub(crate) struct SearchRefused;

impl IntoResponses for SearchRefused {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        error_responses(&[
            (
                429,
                "The client already runs its share of group searches (`too_many_requests`); \
                 `Retry-After` says when to retry.",
            ),
            (
                503,
                "The request took longer than the time limit (`timeout`), or the search was \
                 refused at once, its lane being full (`busy`, with `Retry-After`).",
            ),
        ])
    }
}

/// Responses of the given statuses and descriptions, each with an
/// [`ErrorBody`].
fn error_responses(rows: &[(u16, &str)]) -> BTreeMap<String, RefOr<Response>> {
    rows.iter()
        .map(|&(status, description)| {
            let content = ContentBuilder::new()
                .schema(Some(Ref::from_schema_name(ErrorBody::name())))
                .build();
            let response = ResponseBuilder::new()
                .description(description)
                .content("application/json", content)
                .build();
            (status.to_string(), RefOr::T(response))
        })
        .collect()
}
