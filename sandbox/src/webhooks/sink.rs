//! `POST /sandbox/webhook-sink`: a receiver inside the sandbox that takes
//! any delivery and answers 204, keeping nothing.
//!
//! `payctl fixtures run` points the webhook endpoints a replay registers
//! here by default, so replaying a partner's exported session never posts
//! to the partner's own servers. What was delivered is still recorded where
//! every delivery is: its attempts (`GET /v1/webhooks/{id}/deliveries`, the
//! console's deliveries). It is a sandbox facility, not an operation of the
//! API, and is not in the OpenAPI document.

use axum::http::StatusCode;

/// Answers a delivery: received, and nothing is done with it.
pub async fn receive() -> StatusCode {
    StatusCode::NO_CONTENT
}
