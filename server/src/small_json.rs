//! A small JSON answer (a layout's: a few hundred bytes) serialised into one
//! buffer allocated at its full size, where `axum::Json` starts small and
//! grows its buffer, copying it, as the answer is written.

use axum::http::header::CONTENT_TYPE;
use axum::http::HeaderValue;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::error::AppError;

/// Bytes allocated for a small answer's body: more than a layout's answer
/// needs, so that it is never grown.
const CAPACITY: usize = 1024;

/// An answer serialised as JSON into a buffer of [`CAPACITY`] bytes (grown
/// like any other when it does not fit); otherwise as `axum::Json`.
pub(crate) struct SmallJson<T>(pub(crate) T);

impl<T: Serialize> IntoResponse for SmallJson<T> {
    fn into_response(self) -> Response {
        let mut body = Vec::with_capacity(CAPACITY);
        match serde_json::to_writer(&mut body, &self.0) {
            Ok(()) => (
                [(CONTENT_TYPE, HeaderValue::from_static("application/json"))],
                body,
            )
                .into_response(),
            Err(error) => {
                AppError::Internal(format!("an answer does not serialise: {error}")).into_response()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use axum::body::to_bytes;
    use axum::Json;

    use super::*;

    /// Small and large answers, nested and escaped, are the bytes and the
    /// headers `axum::Json` answers.
    #[tokio::test]
    async fn answers_as_axum_json_does() {
        let values = [
            serde_json::json!({}),
            serde_json::json!({"code": "1A9BF0C00", "board": ["^##^", "o..o"], "n": -1}),
            serde_json::json!({"text": "quote \" backslash \\ tab \t 华容道"}),
            serde_json::json!({"long": "x".repeat(3 * CAPACITY), "list": vec![u64::MAX; 100]}),
        ];
        for value in values {
            let ours = SmallJson(&value).into_response();
            let axums = Json(&value).into_response();
            assert_eq!(ours.status(), axums.status());
            assert_eq!(ours.headers(), axums.headers());
            let ours = to_bytes(ours.into_body(), usize::MAX).await.unwrap();
            let axums = to_bytes(axums.into_body(), usize::MAX).await.unwrap();
            assert_eq!(ours, axums, "{value}");
        }
    }
}
