//! `/group/{name}`, `/group/{name}/cases`, `/group/{name}/histogram` and
//! `/groups`.

use axum::extract::State;
use axum::Json;
use klotski::GroupName;
use schema::{GroupFilter, GroupKey, Page};
use serde::Deserialize;
use utoipa::IntoParams;

use super::doc::QueryLate;
use super::query::page_limit;
use crate::error::{AppError, ErrorBody};
use crate::extract::{empty_as_none, Path, Query};
use crate::lookup;
use crate::model::{
    CaseSummary, GroupCasesPage, GroupHistogramResponse, GroupResponse, GroupsPage, Histogram,
};
use crate::state::AppState;

/// A group name from a path or a cursor.
fn parse_group(text: &str) -> Result<GroupKey, AppError> {
    let name: GroupName = text.parse().map_err(|error| AppError::InvalidName {
        expected: "group name",
        error,
    })?;
    Ok(edge::keys::group_key(name))
}

/// A group's summary.
#[utoipa::path(
    get,
    path = "/group/{name}",
    tag = "groups",
    params(("name" = String, Path, description = "A group name `J-B-S-G`: jiang, bing, style, group_num.", example = "5-4-1-1")),
    responses(
        (status = 200, description = "The group.", body = GroupResponse),
        (status = 400, description = "Not four numbers joined by `-`, or an impossible class.", body = ErrorBody),
        (status = 404, description = "No such class in the database, or no such group in the class.", body = ErrorBody),
        QueryLate,
    )
)]
pub(crate) async fn group_get(
    State(state): State<AppState>,
    Path(name): Path<String>,
) -> Result<Json<GroupResponse>, AppError> {
    let key = parse_group(&name)?;
    let group = state
        .query(move |db, catalog| lookup::group(db, catalog, key))
        .await?;
    Ok(Json(GroupResponse::from(&group)))
}

/// A group's layouts counted by `min_solution_step` and by
/// `farthest_step`, from the database's precomputed histogram.
#[utoipa::path(
    get,
    path = "/group/{name}/histogram",
    tag = "groups",
    params(("name" = String, Path, description = "A group name `J-B-S-G`.", example = "5-4-1-1")),
    responses(
        (status = 200, description = "The group's histograms.", body = GroupHistogramResponse),
        (status = 400, description = "Not four numbers joined by `-`, or an impossible class.", body = ErrorBody),
        (status = 404, description = "No such class in the database, or no such group in the class.", body = ErrorBody),
        QueryLate,
    )
)]
pub(crate) async fn group_histogram_get(
    State(state): State<AppState>,
    Path(name): Path<String>,
) -> Result<Json<GroupHistogramResponse>, AppError> {
    let key = parse_group(&name)?;
    let (group, rows) = state
        .query(move |db, catalog| {
            let group = lookup::group(db, catalog, key)?;
            Ok((group, db.group_histogram(key)?))
        })
        .await?;
    Ok(Json(GroupHistogramResponse {
        group: key.to_string(),
        size: group.size,
        histogram: Histogram::new(&rows),
    }))
}

/// Paging by a group_index cursor.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub(crate) struct IndexPage {
    /// The group_index of the last layout of the previous page (its
    /// `next`); the first page when absent.
    #[serde(default, deserialize_with = "empty_as_none")]
    after: Option<u32>,
    /// Most layouts in the page: 1 to 1000 (100 when absent).
    #[serde(default, deserialize_with = "empty_as_none")]
    #[param(minimum = 1, maximum = 1000)]
    limit: Option<u32>,
}

/// A group's layouts in group_index (code) order, paged.
#[utoipa::path(
    get,
    path = "/group/{name}/cases",
    tag = "groups",
    params(("name" = String, Path, description = "A group name `J-B-S-G`.", example = "5-4-1-1"), IndexPage),
    responses(
        (status = 200, description = "A page of the group's layouts.", body = GroupCasesPage),
        (status = 400, description = "A bad group name, cursor or limit.", body = ErrorBody),
        (status = 404, description = "No such group in the database.", body = ErrorBody),
        QueryLate,
    )
)]
pub(crate) async fn group_cases_get(
    State(state): State<AppState>,
    Path(name): Path<String>,
    Query(page): Query<IndexPage>,
) -> Result<Json<GroupCasesPage>, AppError> {
    let key = parse_group(&name)?;
    let limit = page_limit(page.limit)?;
    let after = page.after;
    let (group, rows) = state
        .query(move |db, catalog| {
            let group = lookup::group(db, catalog, key)?;
            let rows = db.group_layouts(key, Page { after, limit })?;
            Ok((group, rows))
        })
        .await?;
    let next = rows
        .last()
        .map(|row| row.group_index)
        .filter(|&last| last + 1 < group.size);
    Ok(Json(GroupCasesPage {
        group: key.to_string(),
        size: group.size,
        cases: rows
            .into_iter()
            .map(CaseSummary::new)
            .collect::<Result<_, _>>()?,
        next,
    }))
}

/// Which groups to list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub(crate) struct GroupsQuery {
    /// Only groups with this many two-cell pieces.
    #[serde(default, deserialize_with = "empty_as_none")]
    jiang: Option<u32>,
    /// Only groups with this many 1x1 pieces.
    #[serde(default, deserialize_with = "empty_as_none")]
    bing: Option<u32>,
    /// Only groups with this many 2x1 pieces.
    #[serde(default, deserialize_with = "empty_as_none")]
    style: Option<u32>,
    /// Only groups of at least this many layouts.
    #[serde(default, deserialize_with = "empty_as_none")]
    min_size: Option<u32>,
    /// Only groups of at most this many layouts.
    #[serde(default, deserialize_with = "empty_as_none")]
    max_size: Option<u32>,
    /// The name of the last group of the previous page (its `next`); the
    /// first page when absent.
    #[serde(default, deserialize_with = "empty_as_none")]
    #[param(value_type = Option<String>, example = "5-4-1-0")]
    after: Option<String>,
    /// Most groups in the page: 1 to 1000 (100 when absent).
    #[serde(default, deserialize_with = "empty_as_none")]
    #[param(minimum = 1, maximum = 1000)]
    limit: Option<u32>,
}

/// Groups that pass a filter, ordered by name, paged.
#[utoipa::path(
    get,
    path = "/groups",
    tag = "groups",
    params(GroupsQuery),
    responses(
        (status = 200, description = "A page of groups.", body = GroupsPage),
        (status = 400, description = "A bad filter value, cursor or limit.", body = ErrorBody),
        QueryLate,
    )
)]
pub(crate) async fn groups_list(
    State(state): State<AppState>,
    Query(query): Query<GroupsQuery>,
) -> Result<Json<GroupsPage>, AppError> {
    let after = query.after.as_deref().map(parse_group).transpose()?;
    let limit = page_limit(query.limit)?;
    let filter = GroupFilter {
        jiang: query.jiang,
        bing: query.bing,
        style: query.style,
        min_size: query.min_size,
        max_size: query.max_size,
    };
    // One more than asked tells whether there is a next page.
    let page = Page {
        after,
        limit: limit + 1,
    };
    let mut groups = state
        .query(move |db, _| Ok(db.groups(&filter, page)?))
        .await?;
    let more = groups.len() > limit as usize;
    groups.truncate(limit as usize);
    let next = more
        .then(|| groups.last().map(|group| group.key.to_string()))
        .flatten();
    Ok(Json(GroupsPage {
        groups: groups.iter().map(GroupResponse::from).collect(),
        next,
    }))
}
