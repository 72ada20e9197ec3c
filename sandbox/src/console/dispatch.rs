//! Console actions go through the API itself: an in-process request on the
//! API router, with the caller in its extensions instead of a credential.
//!
//! The request passes the same layers as a partner's call (correlation
//! id, authentication, rate limit, request log, idempotency) and reaches
//! the same handler, so nothing about an action is decided here. Its
//! `X-Request-ID` starts with `console-`, which the request log shows.

use std::net::SocketAddr;

use axum::Router;
use axum::body::Body;
use axum::extract::{ConnectInfo, Request};
use axum::http::{Method, StatusCode, header};
use payctl_wire::{DASHBOARD_CLIENT_ID, IDEMPOTENCY_KEY_HEADER, REQUEST_ID_HEADER};
use serde_json::Value;
use tower::ServiceExt;

use crate::auth::InProcess;

/// A path segment with everything but unreserved characters
/// percent-encoded, so an id from a console URL stays one segment of the
/// API path it is put in.
pub fn segment(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// The API router, without the console.
pub struct Api(Router);

/// What the API answered.
#[derive(Debug, Clone)]
pub struct Answer {
    pub status: StatusCode,
    /// The JSON body; `Null` when empty.
    pub body: Value,
    /// The idempotency layer replayed a stored answer: this form was
    /// submitted before, and nothing ran again.
    pub replayed: bool,
    /// `Retry-After`, in seconds, when the answer carried one.
    pub retry_after: Option<u64>,
}

impl Answer {
    pub fn ok(&self) -> bool {
        self.status.is_success()
    }

    /// An error answer as a sentence and its field details.
    pub fn failure(&self) -> (String, Vec<String>) {
        let error = &self.body["error"];
        let text = match (error["code"].as_str(), error["message"].as_str()) {
            (Some(code), Some(message)) => format!("{} {code}: {message}", self.status.as_u16()),
            _ => format!("The API answered {}.", self.status),
        };
        let details = error["details"]
            .as_array()
            .map(|items| {
                items
                    .iter()
                    .map(|d| {
                        format!(
                            "{}: {}",
                            d["field"].as_str().unwrap_or("?"),
                            d["message"].as_str().or(d["code"].as_str()).unwrap_or("")
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        (text, details)
    }
}

impl Api {
    pub fn new(router: Router) -> Self {
        Api(router)
    }

    /// Calls the API as `caller`. `idempotency_key` goes with POSTs.
    pub async fn call(
        &self,
        caller: InProcess,
        method: Method,
        path: &str,
        body: Option<&Value>,
        idempotency_key: Option<&str>,
    ) -> Answer {
        let mut request = Request::builder().method(method).uri(path);
        if let Some(key) = idempotency_key {
            request = request.header(IDEMPOTENCY_KEY_HEADER, key);
        }
        let body = match body {
            Some(v) => {
                request = request.header(header::CONTENT_TYPE, "application/json");
                Body::from(v.to_string())
            }
            None => Body::empty(),
        };
        self.send(request, body, |r| {
            r.extensions_mut().insert(caller);
        })
        .await
    }

    /// A read on the console's own behalf (not the application's, so the
    /// request log skips it), e.g. reading ids back for an export.
    pub async fn read(&self, caller: InProcess, path: &str) -> Answer {
        self.send(Request::builder().method(Method::GET).uri(path), Body::empty(), |r| {
            r.extensions_mut().insert(caller);
            r.extensions_mut().insert(crate::auth::OwnRead);
        })
        .await
    }

    /// The identity provider's password grant for the partner console
    /// client, on behalf of the browser at `client` (the token endpoint
    /// throttles failures per client address, and the browser's is the one
    /// that counts).
    pub async fn password_grant(&self, username: &str, password: &str, client: Option<SocketAddr>) -> Answer {
        let form = form_urlencoded::Serializer::new(String::new())
            .append_pair("grant_type", "password")
            .append_pair("client_id", DASHBOARD_CLIENT_ID)
            .append_pair("username", username)
            .append_pair("password", password)
            .finish();
        let request = Request::builder()
            .method(Method::POST)
            .uri("/auth/realms/sandbox/protocol/openid-connect/token")
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
        self.send(request, Body::from(form), |r| {
            if let Some(addr) = client {
                r.extensions_mut().insert(ConnectInfo(addr));
            }
        })
        .await
    }

    async fn send(
        &self,
        request: axum::http::request::Builder,
        body: Body,
        prepare: impl FnOnce(&mut Request),
    ) -> Answer {
        let request = request.header(REQUEST_ID_HEADER, format!("console-{}", uuid::Uuid::new_v4())).body(body);
        let Ok(mut request) = request else {
            return Answer { status: StatusCode::BAD_REQUEST, body: Value::Null, replayed: false, retry_after: None };
        };
        prepare(&mut request);
        let response = match self.0.clone().oneshot(request).await {
            Ok(response) => response,
            Err(never) => match never {},
        };
        let status = response.status();
        let replayed = response.headers().get("idempotent-replayed").is_some();
        let retry_after =
            response.headers().get(header::RETRY_AFTER).and_then(|v| v.to_str().ok()).and_then(|v| v.parse().ok());
        let bytes = axum::body::to_bytes(response.into_body(), 16 * 1024 * 1024).await.unwrap_or_default();
        let body = if bytes.is_empty() { Value::Null } else { serde_json::from_slice(&bytes).unwrap_or(Value::Null) };
        Answer { status, body, replayed, retry_after }
    }
}
