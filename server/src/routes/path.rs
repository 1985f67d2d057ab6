//! `/path/{from}/{to}`: a shortest path between two layouts.

use axum::extract::State;
use axum::Json;
use edge::json::PathJson;
use klotski::{paths, Code, LayoutRef};

use super::doc::{LayoutPair, SearchRefused};
use super::layout_search::search_from;
use super::query::MetricQuery;
use crate::error::{AppError, ErrorBody};
use crate::extract::{Client, Path, Query};
use crate::lookup;
use crate::model::not_a_route;
use crate::state::AppState;

/// A shortest path between two layouts of one group, with the move of each
/// step (or, with `metric`, of each straight or cell move).
///
/// At each step the neighbour with the smallest code among those one step
/// nearer to `to`, so the answer is always the same. Needs a breadth-first
/// search over the group (built from the engine and kept for later
/// requests): milliseconds for most groups, seconds for the largest the
/// first time. Searches run in lanes by group size; a search whose lane is
/// full is refused at once (503 `busy`), one past the client's share gets a
/// 429.
#[utoipa::path(
    get,
    path = "/path/{from}/{to}",
    tag = "cases",
    params(LayoutPair, MetricQuery),
    responses(
        (status = 200, description = "The path: `step + 1` layouts from `from` to `to`.", body = PathJson),
        (status = 400, description = "A layout is neither a code nor a short code, or an unknown metric.", body = ErrorBody),
        (status = 404, description = "The database does not hold a layout, or the two are in different groups (`different_groups`): steps never leave a group.", body = ErrorBody),
        SearchRefused,
    )
)]
pub(crate) async fn path_get(
    State(state): State<AppState>,
    Client(client): Client,
    Path((from, to)): Path<(String, String)>,
    Query(query): Query<MetricQuery>,
) -> Result<Json<PathJson>, AppError> {
    let metric = query.metric();
    let from: LayoutRef = from.parse()?;
    let to: LayoutRef = to.parse()?;
    let (from, to) = state
        .query(move |db, catalog| {
            Ok((
                lookup::layout(db, catalog, from)?,
                lookup::layout(db, catalog, to)?,
            ))
        })
        .await?;
    if from.group() != to.group() {
        return Err(AppError::DifferentGroups(format!(
            "{} is in group {} and {} in group {}: no sequence of steps joins them, \
             since steps never leave a group",
            from.code(),
            from.group(),
            to.code(),
            to.group()
        )));
    }
    let goal = to.code();
    let path = search_from(&state, client, &from, move |graph, start| {
        let goal = graph.node(goal).expect("both layouts are in the group");
        let path = paths::shortest_path_in(graph, start, goal, metric)?;
        Some(
            path.into_iter()
                .map(|node| graph.code(node))
                .collect::<Vec<Code>>(),
        )
    })
    .await?
    .ok_or_else(|| AppError::Internal(format!("no path in group {}", from.group())))?;
    Ok(Json(PathJson::new(&path, metric).map_err(not_a_route)?))
}
