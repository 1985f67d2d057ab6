//! The query parameters several routes share: paging by a code cursor and
//! the metric.

use serde::Deserialize;
use utoipa::IntoParams;

use crate::error::AppError;
use crate::extract::empty_as_none;

/// Paging by a code cursor.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub(crate) struct CodePage {
    /// The last code of the previous page (its `next`); the first page when
    /// absent.
    #[serde(default, deserialize_with = "empty_as_none")]
    #[param(value_type = Option<String>, example = "DAAF4CC00")]
    pub(super) after: Option<String>,
    /// Most layouts in the page: 1 to 1000 (100 when absent).
    #[serde(default, deserialize_with = "empty_as_none")]
    #[param(minimum = 1, maximum = 1000)]
    pub(super) limit: Option<u32>,
}

/// Items in a page when a request gives no `limit`.
const DEFAULT_PAGE: u32 = 100;

/// The most items a page may hold: a page of cases is a query per case
/// (its time in BENCHMARKS.md); a page of codes a dozen bytes a code.
const MAX_PAGE: u32 = 1000;

/// The page size a request asks for, checked.
pub(super) fn page_limit(limit: Option<u32>) -> Result<u32, AppError> {
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
    pub(super) fn metric(&self) -> klotski::Metric {
        self.metric.unwrap_or_default()
    }
}
