//! The `X-Sandbox-Clock` response header: the time of the clock that applies
//! to the caller, taken as the answer leaves, so a client counting down to
//! an `expires_at` (the CLI's guided transfer) follows the server's clock,
//! advances included, rather than its own.
//!
//! Inside the authentication layers the caller is known: an API key reads
//! its application's clock. Everything else (dashboard, operator, public
//! routes, unknown paths) reads the global clock.

use axum::http::HeaderValue;
use axum::response::Response;

use crate::state::AppState;

/// Inside authentication: the clock of the caller, whose application is
/// `application` (an API key's) or none.
pub fn for_caller(state: &AppState, application: Option<i64>, response: &mut Response) {
    stamp(response, state.clock.now_for(application), true);
}

/// Outermost: the global clock on answers no inner layer stamped.
pub fn global_if_absent(state: &AppState, response: &mut Response) {
    stamp(response, state.clock.now(), false);
}

fn stamp(response: &mut Response, now: payctl_domain::time::Timestamp, replace: bool) {
    if !replace && response.headers().contains_key(crate::http::headers::SANDBOX_CLOCK) {
        return;
    }
    if let Ok(value) = HeaderValue::from_str(&now.to_rfc3339()) {
        response.headers_mut().insert(crate::http::headers::SANDBOX_CLOCK, value);
    }
}
