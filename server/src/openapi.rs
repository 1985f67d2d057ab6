//! The OpenAPI document: the parts no handler declares (title, tags, the
//! rules every route shares). The paths and schemas come from the handlers'
//! `#[utoipa::path]` attributes, gathered as the router is built, so the
//! document cannot list a route the server does not serve.

use utoipa::OpenApi;

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
        (name = "service", description = "Counts, health and this document."),
    )
)]
pub(crate) struct ApiDoc;

/// The whole document, as `/openapi.json` serves it.
pub fn document() -> utoipa::openapi::OpenApi {
    crate::routes::api_router().split_for_parts().1
}
