//! What the routes about one layout share: the layout a request names,
//! looked up, and a search of its group from it.

use std::net::IpAddr;

use klotski::analysis::GroupGraph;
use klotski::LayoutRef;

use crate::error::AppError;
use crate::lookup;
use crate::state::AppState;
use crate::stored::StoredLayout;

/// The layout `layout` names, looked up as a point query (or a 404 that
/// says why the database does not hold it).
pub(super) async fn look_up(state: &AppState, layout: LayoutRef) -> Result<StoredLayout, AppError> {
    state
        .point_query(move |db, catalog| lookup::layout(db, catalog, layout))
        .await
}

/// Runs `search` over the graph of `from`'s group (kept or built), given
/// the node of `from`: in the group's search lane, admitted for `client`.
pub(super) async fn search_from<T, F>(
    state: &AppState,
    client: Option<IpAddr>,
    from: &StoredLayout,
    search: F,
) -> Result<T, AppError>
where
    T: Send + 'static,
    F: FnOnce(&GroupGraph, u32) -> T + Send + 'static,
{
    let (group, code) = (from.group(), from.code());
    state
        .search(group, client, move |graphs| {
            let graph = graphs.get_or_build(group, code);
            let node = graph.node(code).expect("a layout is in its own group");
            search(&graph, node)
        })
        .await
}
