//! Business verification (KYB), spec 4.12: `POST /v1/compliance/kyb`.
//!
//! Verification is the customer's own `kyb_status` state machine
//! (`flows::verification`): every customer starts `pending` and is decided by
//! the scheduled automatic decision or by the sandbox approve/reject routes.
//! This operation reports where that stands and, for a rejected customer,
//! starts over (a resubmission): back to `pending`, decided again
//! `flows::verification::DECISION_SECONDS` later; what happens next is
//! `flows::verification::Standing::next_step`. Calling it for a pending or approved
//! customer changes nothing, so retries are harmless even without a key.

use axum::extract::State;
use axum::http::StatusCode;
use payctl_wire::compliance::{KybVerification, StartKyb};

use super::fields;
use crate::auth::KeyCaller;
use crate::error::{ApiError, Checks};
use crate::flows::verification;
use crate::http::extract::ApiJson;
use crate::idempotency::{self, Committed, Idempotency};
use crate::state::AppState;

/// Start or read a customer's verification
///
/// Starts, restarts (after a rejection) or reports a customer's business verification (KYB), and
/// says what happens next. A pending verification is decided automatically after a while of sandbox
/// time, or at once with the sandbox's approve and reject operations.
#[utoipa::path(post, path = "/v1/compliance/kyb", tag = "compliance", operation_id = "startKybVerification", request_body = StartKyb,
    responses(
        (status = 200, body = KybVerification, description = "the customer's verification and what happens next"),
        (status = 400, body = payctl_wire::error::ErrorEnvelope, description = "VAL_0001: customer_id missing"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "CNT_0001: unknown or not the caller's"),
    ))]
pub async fn start(
    State(state): State<AppState>,
    caller: KeyCaller,
    Idempotency(claim): Idempotency,
    ApiJson(body): ApiJson<StartKyb>,
) -> Result<Committed, ApiError> {
    let mut checks = Checks::new();
    let customer_id = fields::required(&mut checks, "customer_id", &body.customer_id).map(str::to_owned);
    let customer_id = checks.conclude(customer_id)?;
    let (application_id, clocks) = (caller.application_id, state.clock.clone());
    idempotency::commit_json(&state, claim, StatusCode::OK, move |tx| {
        let standing = verification::standing(tx, &clocks, application_id, &customer_id)?;
        let next_step = standing.next_step();
        let c = standing.customer.customer;
        Ok(KybVerification {
            customer_id: c.id,
            kyb_status: c.kyb_status,
            verification_level: c.verification_level,
            restarted: standing.restarted,
            decision_due_at: standing.decision_due.map(|t| t.to_rfc3339()),
            decided_at: c.kyb_decided_at,
            next_step,
        })
    })
    .await
}
