//! The one error type of the handlers, and how each error becomes a response:
//! a status and a JSON body `{ "error": ..., "detail": ... }`.
//!
//! Malformed input is a 400 whose detail is the parser's own message; input
//! that is well-formed but names nothing in the database is a 404. Internal
//! failures are logged and answered with a 500 that says nothing of them.

use std::time::Duration;

use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::http::header::RETRY_AFTER;
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use klotski::{ClassError, CodeError, LayoutRefError};
use serde::Serialize;
use utoipa::ToSchema;

/// Seconds a client over its share of searches is told to wait: about as
/// long as the largest group's search takes.
const RETRY_AFTER_SHARE: u32 = 2;

/// Everything a request can fail with.
#[derive(Debug)]
pub enum AppError {
    /// A path segment is not a layout: neither a code nor a short code.
    InvalidLayout(LayoutRefError),
    /// A cursor is not a code.
    InvalidCode(CodeError),
    /// A path segment is not a name of the expected shape.
    InvalidName {
        /// What was expected, e.g. "classification J-B-S-G-I".
        expected: &'static str,
        /// Why the text is not one.
        error: ClassError,
    },
    /// The query string or the path cannot be read, or a value is out of range.
    InvalidRequest(String),
    /// Well-formed, but the database holds nothing by that name.
    NotFound(String),
    /// The layout's group holds no solved layout.
    NoSolution(String),
    /// The two layouts of a path are in different groups.
    DifferentGroups(String),
    /// No route has this path.
    NoRoute(String),
    /// The route exists but not for this method.
    MethodNotAllowed(String),
    /// The request took longer than the configured limit.
    Timeout(Duration),
    /// A group search cannot start in time: its lane is full (or the
    /// server runs no searches of that size). Refused at once.
    Busy {
        /// Why, for the client.
        detail: String,
        /// Seconds after which a retry may succeed, when one can.
        retry_after: Option<u32>,
    },
    /// The client already runs its share of group searches.
    TooManyRequests(String),
    /// The database failed (it is read-only and checked at start, so this is
    /// an I/O error or a damaged file).
    Database(schema::Error),
    /// Anything else that is the server's fault.
    Internal(String),
}

/// What kind of error a response reports: the `error` field of every error
/// body.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// 400: a layout is neither a code nor a short code.
    InvalidLayout,
    /// 400: a cursor is not a layout code.
    InvalidCode,
    /// 400: a classification or group name is malformed or impossible.
    InvalidName,
    /// 400: a query parameter or path cannot be read, or is out of range.
    InvalidRequest,
    /// 404: well-formed, but not in this database.
    NotFound,
    /// 404: no classic layout has this name; `names` lists the nearest.
    UnknownName,
    /// 404: the text is part of several names; `names` lists them.
    AmbiguousName,
    /// 404: the layout's group has no solved layout.
    NoSolution,
    /// 404: no path joins two layouts of different groups.
    DifferentGroups,
    /// 404: no such route.
    NoRoute,
    /// 405: the route answers GET (and HEAD) only.
    MethodNotAllowed,
    /// 503: the request took longer than the server's time limit.
    Timeout,
    /// 503: a group search was refused at once, its lane being full;
    /// `Retry-After` says when to try again.
    Busy,
    /// 429: the client already runs its share of group searches;
    /// `Retry-After` says when to try again.
    TooManyRequests,
    /// 500: the server failed; the detail says nothing more.
    Internal,
}

/// The body of every error response.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// What kind of error.
    pub error: ErrorCode,
    /// Why, in one sentence, e.g. the code parser's message.
    pub detail: String,
    /// With `unknown_name`, the nearest names; with `ambiguous_name`, the
    /// names the text is part of. Absent with other errors.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<String>,
}

impl AppError {
    /// The response status and the error code.
    fn status_and_code(&self) -> (StatusCode, ErrorCode) {
        match self {
            AppError::InvalidLayout(LayoutRefError::UnknownName { .. }) => {
                (StatusCode::NOT_FOUND, ErrorCode::UnknownName)
            }
            AppError::InvalidLayout(LayoutRefError::SeveralNames { .. }) => {
                (StatusCode::NOT_FOUND, ErrorCode::AmbiguousName)
            }
            AppError::InvalidLayout(_) => (StatusCode::BAD_REQUEST, ErrorCode::InvalidLayout),
            AppError::InvalidCode(_) => (StatusCode::BAD_REQUEST, ErrorCode::InvalidCode),
            AppError::InvalidName { .. } => (StatusCode::BAD_REQUEST, ErrorCode::InvalidName),
            AppError::InvalidRequest(_) => (StatusCode::BAD_REQUEST, ErrorCode::InvalidRequest),
            AppError::NotFound(_) => (StatusCode::NOT_FOUND, ErrorCode::NotFound),
            AppError::NoSolution(_) => (StatusCode::NOT_FOUND, ErrorCode::NoSolution),
            AppError::DifferentGroups(_) => (StatusCode::NOT_FOUND, ErrorCode::DifferentGroups),
            AppError::NoRoute(_) => (StatusCode::NOT_FOUND, ErrorCode::NoRoute),
            AppError::MethodNotAllowed(_) => {
                (StatusCode::METHOD_NOT_ALLOWED, ErrorCode::MethodNotAllowed)
            }
            AppError::Timeout(_) => (StatusCode::SERVICE_UNAVAILABLE, ErrorCode::Timeout),
            AppError::Busy { .. } => (StatusCode::SERVICE_UNAVAILABLE, ErrorCode::Busy),
            AppError::TooManyRequests(_) => {
                (StatusCode::TOO_MANY_REQUESTS, ErrorCode::TooManyRequests)
            }
            AppError::Database(_) | AppError::Internal(_) => {
                (StatusCode::INTERNAL_SERVER_ERROR, ErrorCode::Internal)
            }
        }
    }

    /// The names an error about a name lists.
    fn names(&self) -> Vec<String> {
        match self {
            AppError::InvalidLayout(LayoutRefError::UnknownName { nearest: names, .. })
            | AppError::InvalidLayout(LayoutRefError::SeveralNames { names, .. }) => names.clone(),
            _ => Vec::new(),
        }
    }

    /// The detail shown to the client.
    fn detail(&self) -> String {
        match self {
            AppError::InvalidLayout(error) => error.to_string(),
            AppError::InvalidCode(error) => format!("not a layout code: {error}"),
            AppError::InvalidName { expected, error } => format!("not a {expected}: {error}"),
            AppError::InvalidRequest(detail)
            | AppError::NotFound(detail)
            | AppError::NoSolution(detail)
            | AppError::DifferentGroups(detail)
            | AppError::NoRoute(detail)
            | AppError::MethodNotAllowed(detail)
            | AppError::TooManyRequests(detail)
            | AppError::Busy { detail, .. } => detail.clone(),
            AppError::Timeout(limit) => format!(
                "the request took longer than the server's limit of {} s",
                limit.as_secs_f64()
            ),
            AppError::Database(_) | AppError::Internal(_) => {
                "internal error; the server log has the details".to_owned()
            }
        }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let (status, error) = self.status_and_code();
        match &self {
            AppError::Database(cause) => tracing::error!(%cause, "database error"),
            AppError::Internal(cause) => tracing::error!(%cause, "internal error"),
            _ => {}
        }
        let body = ErrorBody {
            error,
            detail: self.detail(),
            names: self.names(),
        };
        let retry_after = match &self {
            AppError::Busy { retry_after, .. } => *retry_after,
            AppError::TooManyRequests(_) => Some(RETRY_AFTER_SHARE),
            _ => None,
        };
        let mut response = (status, Json(body)).into_response();
        if let Some(seconds) = retry_after {
            response
                .headers_mut()
                .insert(RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

impl From<LayoutRefError> for AppError {
    fn from(error: LayoutRefError) -> AppError {
        AppError::InvalidLayout(error)
    }
}

impl From<CodeError> for AppError {
    fn from(error: CodeError) -> AppError {
        AppError::InvalidCode(error)
    }
}

impl From<schema::Error> for AppError {
    fn from(error: schema::Error) -> AppError {
        AppError::Database(error)
    }
}

impl From<QueryRejection> for AppError {
    fn from(rejection: QueryRejection) -> AppError {
        AppError::InvalidRequest(rejection.body_text())
    }
}

impl From<PathRejection> for AppError {
    fn from(rejection: PathRejection) -> AppError {
        AppError::InvalidRequest(rejection.body_text())
    }
}

impl From<tokio::task::JoinError> for AppError {
    fn from(error: tokio::task::JoinError) -> AppError {
        AppError::Internal(format!("a blocking task failed: {error}"))
    }
}

impl From<klotski::paths::Stuck> for AppError {
    fn from(stuck: klotski::paths::Stuck) -> AppError {
        AppError::Internal(stuck.to_string())
    }
}
