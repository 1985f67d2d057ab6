//! `/case/{code}` and what hangs off it, and `/classification/{name}`.

use std::net::IpAddr;

use axum::extract::State;
use axum::Json;
use edge::json::{MovesJson, SolutionJson};
use edge::numbers::analysis_of;
use klotski::analysis::reference::{self, LayoutReport};
use klotski::analysis::LayoutAnalysis;
use klotski::{paths, Classification, Code, LayoutRef};
use serde::Deserialize;
use utoipa::IntoParams;

use super::doc::{LayoutCode, PointQueryLate, QueryLate, SearchRefused};
use super::layout_search::{look_up, search_from};
use super::query::{page_limit, CodePage, MetricQuery};
use crate::case_json::CaseJson;
use crate::error::{AppError, ErrorBody};
use crate::extract::{empty_as_none, Client, Path, Query};
use crate::lookup;
use crate::model::{
    not_a_route, CaseResponse, FarthestPage, GroupRef, Layer, LayersResponse, MinSolutionsPage,
};
use crate::state::{AppState, Catalog};
use crate::stored::StoredLayout;

/// One layout: its names, its group and its analysis.
#[utoipa::path(
    get,
    path = "/case/{code}",
    tag = "cases",
    params(LayoutCode),
    responses(
        (status = 200, description = "The layout.", body = CaseResponse),
        (status = 400, description = "Neither a code nor a short code; the detail says why.", body = ErrorBody),
        (status = 404, description = "The database does not hold the layout (a partial database: the detail lists the classes it holds).", body = ErrorBody),
        PointQueryLate,
    )
)]
pub(crate) async fn case_get(
    State(state): State<AppState>,
    Path(code): Path<String>,
) -> Result<CaseJson, AppError> {
    let layout = look_up(&state, code.parse()?).await?;
    Ok(CaseJson(case_response(state.catalog(), &layout)?))
}

/// One layout by its classification: the same answer as `/case/{code}`.
#[utoipa::path(
    get,
    path = "/classification/{name}",
    tag = "cases",
    params(("name" = String, Path, description = "A classification `J-B-S-G-I`: jiang, bing, style, group_num, group_index.", example = "5-4-1-1-7472")),
    responses(
        (status = 200, description = "The layout.", body = CaseResponse),
        (status = 400, description = "Not five numbers joined by `-`, or an impossible class.", body = ErrorBody),
        (status = 404, description = "No such class in the database, no such group in the class, or group_index past the group's end.", body = ErrorBody),
        PointQueryLate,
    )
)]
pub(crate) async fn classification_get(
    State(state): State<AppState>,
    Path(name): Path<String>,
) -> Result<CaseJson, AppError> {
    let name: Classification = name.parse().map_err(|error| AppError::InvalidName {
        expected: "classification",
        error,
    })?;
    let layout = state
        .point_query(move |db, catalog| lookup::classified(db, catalog, name))
        .await?;
    Ok(CaseJson(case_response(state.catalog(), &layout)?))
}

/// One minimum solution: the layouts from this one to a solved layout,
/// and the move of each step (or, with `metric`, of each straight or cell
/// move).
///
/// Walked down the stored `min_solution_step` (or `min_straight_moves`,
/// `min_cell_moves`): at each move, the neighbour with the smallest code
/// among those one move nearer to a solution. No search of the group; a few
/// database lookups per move.
#[utoipa::path(
    get,
    path = "/case/{code}/solution",
    tag = "cases",
    params(LayoutCode, MetricQuery),
    responses(
        (status = 200, description = "The solution: `min_solution_step + 1` layouts, the first the layout asked for, the last solved.", body = SolutionJson),
        (status = 400, description = "Neither a code nor a short code, or an unknown metric.", body = ErrorBody),
        (status = 404, description = "The database does not hold the layout, or its group has no solved layout (`no_solution`).", body = ErrorBody),
        QueryLate,
    )
)]
pub(crate) async fn case_solution_get(
    State(state): State<AppState>,
    Path(code): Path<String>,
    Query(query): Query<MetricQuery>,
) -> Result<Json<SolutionJson>, AppError> {
    let layout: LayoutRef = code.parse()?;
    let metric = query.metric();
    let path = state
        .query(move |db, catalog| {
            let start = lookup::layout(db, catalog, layout)?;
            let Ok(moves) = u32::try_from(start.min_moves(metric)) else {
                return Err(AppError::NoSolution(format!(
                    "layout {} is in group {}, which has no solved layout",
                    start.code(),
                    start.group()
                )));
            };
            let path = paths::solution_walk_in(start.code(), moves, metric, |next: Code| {
                let next = lookup::row_of_code(db, catalog, next)?;
                Ok::<_, AppError>(next.map(|next| next.min_moves(metric)))
            })?;
            Ok(path)
        })
        .await?;
    Ok(Json(SolutionJson::new(&path, metric).map_err(not_a_route)?))
}

/// Every move from this layout, with the numbers of the layout each gives,
/// best first.
///
/// A move is `best` when it lowers `min_solution_step` by one (it is a step
/// of a minimum solution); with `metric`, the moves are the straight or cell
/// moves and `best` lowers their fewest number by one. One database lookup
/// per move; no search.
#[utoipa::path(
    get,
    path = "/case/{code}/moves",
    tag = "cases",
    params(LayoutCode, MetricQuery),
    responses(
        (status = 200, description = "Every move: nearer to solved first, then as near, then farther.", body = MovesJson),
        (status = 400, description = "Neither a code, a short code nor a classification, or an unknown metric.", body = ErrorBody),
        (status = 404, description = "The database does not hold the layout.", body = ErrorBody),
        PointQueryLate,
    )
)]
pub(crate) async fn case_moves_get(
    State(state): State<AppState>,
    Path(code): Path<String>,
    Query(query): Query<MetricQuery>,
) -> Result<Json<MovesJson>, AppError> {
    let layout: LayoutRef = code.parse()?;
    let metric = query.metric();
    let answer = state
        .point_query(move |db, catalog| {
            let found = lookup::layout(db, catalog, layout)?;
            let (start, here) = (found.code(), found.min_moves(metric));
            let moves = start.layout().valued_moves_in(metric, here, |moves| {
                moves
                    .iter()
                    .map(|step| {
                        let code = step.after().code();
                        let next = lookup::row_of_code(db, catalog, code)?.ok_or_else(|| {
                            AppError::Internal(format!(
                                "{code}, a step from {start}, is not stored"
                            ))
                        })?;
                        Ok::<_, AppError>((analysis_of(next.numbers()), next.min_moves(metric)))
                    })
                    .collect()
            })?;
            Ok(MovesJson::new(start, metric, here, &moves))
        })
        .await?;
    Ok(Json(answer))
}

/// How many codes of each layer a `/layers` request lists.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub(crate) struct LayersQuery {
    /// The most codes listed per layer, smallest first: 0 to 100 (0 when
    /// absent: the sizes alone).
    #[serde(default, deserialize_with = "empty_as_none")]
    #[param(minimum = 0, maximum = 100)]
    limit: Option<u32>,
}

/// The most codes a `/layers` answer lists per layer, so that the largest
/// group's answer stays a few hundred kilobytes.
const MAX_LAYER_CODES: u32 = 100;

/// The breadth-first layers from this layout: how many layouts of its group
/// are 0, 1, 2, ... steps away (the original project's layer model).
///
/// Needs one breadth-first search over the whole group, as
/// `/case/{code}/farthest` does.
#[utoipa::path(
    get,
    path = "/case/{code}/layers",
    tag = "cases",
    params(LayoutCode, LayersQuery),
    responses(
        (status = 200, description = "Every layer, from the layout alone to its farthest layouts.", body = LayersResponse),
        (status = 400, description = "A bad code or limit.", body = ErrorBody),
        (status = 404, description = "The database does not hold the layout.", body = ErrorBody),
        SearchRefused,
    )
)]
pub(crate) async fn case_layers_get(
    State(state): State<AppState>,
    Client(client): Client,
    Path(code): Path<String>,
    Query(query): Query<LayersQuery>,
) -> Result<Json<LayersResponse>, AppError> {
    let layout: LayoutRef = code.parse()?;
    let limit = query.limit.unwrap_or(0);
    if limit > MAX_LAYER_CODES {
        return Err(AppError::InvalidRequest(format!(
            "limit {limit} is out of range: 0 to {MAX_LAYER_CODES} codes per layer"
        )));
    }
    let found = look_up(&state, layout).await?;
    let (size, layers) = search_from(&state, client, &found, move |graph, node| {
        let layers = paths::Layers::search(graph, node);
        let listed = (0..layers.n_layers())
            .map(|k| {
                let layer = layers.layer(k);
                Layer {
                    step: k,
                    size: layer.len() as u32,
                    codes: layer
                        .iter()
                        .take(limit as usize)
                        .map(|&node| graph.code(node).to_string())
                        .collect(),
                }
            })
            .collect();
        (graph.n_nodes() as u32, listed)
    })
    .await?;
    Ok(Json(LayersResponse {
        code: found.code().to_string(),
        group: GroupRef {
            name: found.group(),
            size,
        },
        layers,
    }))
}

/// The layouts farthest from this one in its group, paged.
///
/// Needs one breadth-first search over the whole group (the group's graph is
/// built from the engine and kept for later requests): milliseconds for most
/// groups, seconds for the largest the first time.
/// Searches run in lanes by group size, so a small group's never waits for
/// a large one's; a search whose lane is full is refused at once (503
/// `busy`), one past the client's share gets a 429.
#[utoipa::path(
    get,
    path = "/case/{code}/farthest",
    tag = "cases",
    params(LayoutCode, CodePage),
    responses(
        (status = 200, description = "A page of the farthest layouts, ascending codes.", body = FarthestPage),
        (status = 400, description = "A bad code, cursor or limit.", body = ErrorBody),
        (status = 404, description = "The database does not hold the layout.", body = ErrorBody),
        SearchRefused,
    )
)]
pub(crate) async fn case_farthest_get(
    State(state): State<AppState>,
    Client(client): Client,
    Path(code): Path<String>,
    Query(page): Query<CodePage>,
) -> Result<Json<FarthestPage>, AppError> {
    let (found, report, after, limit) = analyse(&state, client, &code, page, false).await?;
    let (layouts, next) = page_of(&report.farthest, after, limit);
    Ok(Json(FarthestPage {
        code: found.code().to_string(),
        farthest_step: report.analysis.farthest_step,
        farthest_num: report.analysis.farthest_num,
        layouts,
        next,
    }))
}

/// The solved layouts nearest to this one, paged.
///
/// Needs one breadth-first search over the whole group, as
/// `/case/{code}/farthest` does (none when the group has no solved layout).
#[utoipa::path(
    get,
    path = "/case/{code}/min-solutions",
    tag = "cases",
    params(LayoutCode, CodePage),
    responses(
        (status = 200, description = "A page of the nearest solved layouts, ascending codes (none when the group has no solved layout).", body = MinSolutionsPage),
        (status = 400, description = "A bad code, cursor or limit.", body = ErrorBody),
        (status = 404, description = "The database does not hold the layout.", body = ErrorBody),
        SearchRefused,
    )
)]
pub(crate) async fn case_min_solutions_get(
    State(state): State<AppState>,
    Client(client): Client,
    Path(code): Path<String>,
    Query(page): Query<CodePage>,
) -> Result<Json<MinSolutionsPage>, AppError> {
    let (found, report, after, limit) = analyse(&state, client, &code, page, true).await?;
    let (layouts, next) = page_of(&report.min_solutions, after, limit);
    Ok(Json(MinSolutionsPage {
        code: found.code().to_string(),
        min_solution_step: report.analysis.min_solution_step,
        min_solution_num: report.analysis.min_solution_num,
        layouts,
        next,
    }))
}

/// Reads a layout and its page request, then searches its group; skips the
/// search when only solutions are wanted and the group has none.
async fn analyse(
    state: &AppState,
    client: Option<IpAddr>,
    code: &str,
    page: CodePage,
    solutions_only: bool,
) -> Result<(StoredLayout, LayoutReport, Option<Code>, u32), AppError> {
    let layout: LayoutRef = code.parse()?;
    let after = page.after.as_deref().map(str::parse::<Code>).transpose()?;
    let limit = page_limit(page.limit)?;
    let found = look_up(state, layout).await?;
    let report = if solutions_only && found.numbers().min_solution_step < 0 {
        LayoutReport {
            analysis: LayoutAnalysis {
                min_solution_step: -1,
                ..LayoutAnalysis::default()
            },
            farthest: Vec::new(),
            min_solutions: Vec::new(),
        }
    } else {
        search_from(state, client, &found, reference::analyse_layout).await?
    };
    Ok((found, report, after, limit))
}

/// The codes after `after` (all when `None`), at most `limit` of them, and
/// the cursor of the next page when there is one.
fn page_of(codes: &[Code], after: Option<Code>, limit: u32) -> (Vec<String>, Option<String>) {
    let start = after.map_or(0, |after| codes.partition_point(|&code| code <= after));
    let end = codes.len().min(start + limit as usize);
    let page: Vec<String> = codes[start..end].iter().map(Code::to_string).collect();
    let next = (end < codes.len()).then(|| page.last().cloned()).flatten();
    (page, next)
}

/// The /case answer for a layout.
fn case_response(catalog: &Catalog, layout: &StoredLayout) -> Result<CaseResponse, AppError> {
    let group = layout.group();
    let group_size = *catalog
        .group_sizes
        .get(&group)
        .ok_or_else(|| AppError::Internal(format!("group {group} has no size")))?;
    CaseResponse::new(layout, group_size)
}
