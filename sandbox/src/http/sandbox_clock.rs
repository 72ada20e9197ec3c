//! The `X-Sandbox-Clock` response header: the time of the clock that applies
//! to the caller, taken as the answer leaves, so a client counting down to
//! an `expires_at` (the CLI's guided transfer) follows the server's clock,
//! advances included, rather than its own.
//!
//! Inside the authentication layers the caller is known: an API key reads
//! its application's clock. Everything else (dashboard, operator, public
//! routes, unknown paths) reads the global clock.

use axum::extract::{Request, State};
use axum::http::HeaderValue;
use axum::middleware::Next;
use axum::response::Response;
use payctl_wire::sandbox::SANDBOX_CLOCK_HEADER;

use crate::auth::principal;
use crate::state::AppState;

/// Route layer, inside authentication: the caller's clock.
pub async fn for_caller(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let application = principal::key_of(request.extensions()).map(|key| key.application_id);
    let mut response = next.run(request).await;
    stamp(&mut response, state.clock.now_for(application), true);
    response
}

/// Outer layer: the global clock on answers no inner layer stamped.
pub async fn global_if_absent(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    stamp(&mut response, state.clock.now(), false);
    response
}

fn stamp(response: &mut Response, now: payctl_domain::time::Timestamp, replace: bool) {
    if !replace && response.headers().contains_key(SANDBOX_CLOCK_HEADER) {
        return;
    }
    if let Ok(value) = HeaderValue::from_str(&now.to_rfc3339()) {
        response.headers_mut().insert(SANDBOX_CLOCK_HEADER, value);
    }
}
