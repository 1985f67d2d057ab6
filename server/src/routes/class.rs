//! `/class/{name}`.

use axum::extract::State;
use axum::Json;
use klotski::Class;

use super::doc::QueryLate;
use crate::error::{AppError, ErrorBody};
use crate::extract::Path;
use crate::lookup;
use crate::model::{ClassResponse, ClassStats, Histogram};
use crate::state::AppState;

/// A class's summary, and its layouts counted by `min_solution_step` and by
/// `farthest_step`, from the database's precomputed histogram.
#[utoipa::path(
    get,
    path = "/class/{name}",
    tag = "classes",
    params(("name" = String, Path, description = "A class name `J-B-S`: jiang, bing, style.", example = "5-4-1")),
    responses(
        (status = 200, description = "The class.", body = ClassResponse),
        (status = 400, description = "Not three numbers joined by `-`, or an impossible class.", body = ErrorBody),
        (status = 404, description = "The class is not in the database, or has no layouts.", body = ErrorBody),
        QueryLate,
    )
)]
pub(crate) async fn class_get(
    State(state): State<AppState>,
    Path(name): Path<String>,
) -> Result<Json<ClassResponse>, AppError> {
    let class: Class = name.parse().map_err(|error| AppError::InvalidName {
        expected: "class name",
        error,
    })?;
    let key = edge::keys::class_key(class);
    let (class, rows) = state
        .query(move |db, catalog| {
            let class = ClassStats::from(lookup::class(catalog, key)?);
            Ok((class, db.class_histogram(key)?))
        })
        .await?;
    Ok(Json(ClassResponse {
        class,
        histogram: Histogram::new(&rows),
    }))
}
