//! axum's `Path` and `Query` extractors, rejecting with [`AppError`] so that
//! a bad path or query string gets the same JSON error body as everything
//! else.

use axum::extract::FromRequestParts;
use serde::{Deserialize, Deserializer};

use crate::client::client_of;
use crate::error::AppError;
use crate::observe::ClientAddress;
use crate::state::AppState;

/// [`axum::extract::Path`] with a JSON rejection.
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(AppError))]
pub struct Path<T>(pub T);

/// [`axum::extract::Query`] with a JSON rejection.
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(AppError))]
pub struct Query<T>(pub T);

/// The client a request came from: its peer's IP address, or the client a
/// trusted proxy names (`client.rs`); `None` when the request did not come
/// over a socket (tests that call the router).
pub struct Client(pub Option<std::net::IpAddr>);

impl FromRequestParts<AppState> for Client {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &AppState,
    ) -> Result<Client, Self::Rejection> {
        if let Some(ClientAddress(client)) = parts.extensions.get() {
            return Ok(Client(*client));
        }
        let clients = state.clients();
        Ok(Client(client_of(
            &clients.forwarding,
            &parts.extensions,
            &parts.headers,
            &clients.unreadable,
        )))
    }
}

/// Reads an empty query value (`?after=`) as absent, and any other as `T`.
pub fn empty_as_none<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: std::str::FromStr,
    T::Err: std::fmt::Display,
{
    let text: Option<String> = Option::deserialize(deserializer)?;
    match text.as_deref() {
        None | Some("") => Ok(None),
        Some(text) => text.parse().map(Some).map_err(serde::de::Error::custom),
    }
}
