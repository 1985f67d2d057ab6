//! `/named`: the classic named layouts (关卡) the database holds, with
//! their numbers, easiest first.

use axum::extract::State;
use axum::Json;
use klotski::{NameLookup, NamedLayout};
use serde::Deserialize;
use utoipa::IntoParams;

use super::query::page_limit;
use crate::error::{AppError, ErrorBody};
use crate::extract::{empty_as_none, Query};
use crate::named::{Held, NamedEntry, NamedPage};
use crate::state::{AppState, Catalog};

/// The query of `/named`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub(crate) struct NamedQuery {
    /// Any part of a name, in simplified or traditional characters, pinyin
    /// (with or without tone marks and spaces) or English, in any case;
    /// every named layout when absent.
    #[serde(default, deserialize_with = "empty_as_none")]
    #[param(value_type = Option<String>, example = "曹营")]
    q: Option<String>,
    /// The last name of the previous page, as shown (its `next`); the
    /// first page when absent.
    #[serde(default, deserialize_with = "empty_as_none")]
    #[param(value_type = Option<String>, example = "横刀立马")]
    after: Option<String>,
    /// Most layouts in the page: 1 to 1000 (100 when absent).
    #[serde(default, deserialize_with = "empty_as_none")]
    #[param(minimum = 1, maximum = 1000)]
    limit: Option<u32>,
}

/// The classic named layouts the database holds (横刀立马 and the others
/// players know the game by), by fewest steps, then by name, each with its
/// names and numbers; with `q`, those with a name holding it.
#[utoipa::path(
    get,
    path = "/named",
    tag = "cases",
    params(NamedQuery),
    responses(
        (status = 200, description = "A page of named layouts; `nearest` lists the closest names when `q` matches none.", body = NamedPage),
        (status = 400, description = "A limit out of range, or `after` names no layout of the list.", body = ErrorBody),
    )
)]
pub(crate) async fn named_list(
    State(state): State<AppState>,
    Query(query): Query<NamedQuery>,
) -> Result<Json<NamedPage>, AppError> {
    let limit = page_limit(query.limit)?;
    named_page(state.catalog(), &query, limit).map(Json)
}

/// The page `query` asks for, of `limit` layouts at most.
fn named_page(catalog: &Catalog, query: &NamedQuery, limit: u32) -> Result<NamedPage, AppError> {
    let held = catalog.named.held();
    let (matching, nearest): (Vec<&Held>, Vec<String>) = match &query.q {
        None => (held.iter().collect(), Vec::new()),
        Some(text) => {
            let found = klotski::search_named(text);
            let matching: Vec<&Held> = held
                .iter()
                .filter(|entry| found.iter().any(|&named| std::ptr::eq(named, entry.named)))
                .collect();
            let nearest = match klotski::find_named(text) {
                NameLookup::Nothing { nearest } if matching.is_empty() => {
                    nearest.into_iter().map(NamedLayout::display_name).collect()
                }
                _ => Vec::new(),
            };
            (matching, nearest)
        }
    };
    let start = match &query.after {
        None => 0,
        Some(after) => {
            let last = matching.iter().position(|entry| entry.display == *after);
            1 + last.ok_or_else(|| {
                AppError::InvalidRequest(format!(
                    "after: {after:?} is not a name of this list (pass a page's `next`)"
                ))
            })?
        }
    };
    let page = &matching[start..matching.len().min(start.saturating_add(limit as usize))];
    let next = (start + page.len() < matching.len())
        .then(|| page.last().map(|entry| entry.display.clone()))
        .flatten();
    let named = page
        .iter()
        .map(|entry| {
            let group = entry.row.group;
            let size = catalog
                .group_sizes
                .get(&group)
                .copied()
                .ok_or_else(|| AppError::Internal(format!("group {group} has no size")))?;
            Ok(NamedEntry::new(entry, group, size))
        })
        .collect::<Result<_, AppError>>()?;
    Ok(NamedPage {
        total: matching.len(),
        named,
        next,
        nearest,
    })
}
