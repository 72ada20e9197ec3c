//! Business verification (KYB), spec 4.12: `POST /v1/compliance/kyb`.
//!
//! Verification is the customer's own `kyb_status` machinery
//! (`store::customers`): every customer starts `pending` and is decided by
//! the scheduled automatic decision or by the sandbox approve/reject routes.
//! This operation reports where that stands and, for a rejected customer,
//! starts over (a resubmission): back to `pending`, decided again
//! [`AUTO_DECISION_SECONDS`] later. Calling it for a pending or approved
//! customer changes nothing, so retries are harmless even without a key.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use payctl_wire::compliance::{KybVerification, StartKyb};

use super::customers::not_found;
use super::fields;
use crate::auth::KeyCaller;
use crate::error::{ApiError, Checks};
use crate::http::extract::ApiJson;
use crate::idempotency::{self, Idempotency};
use crate::state::AppState;
use crate::store::customers::{self, AUTO_DECISION_SECONDS, REJECT_MARKER};

/// Start or read a customer's verification
///
/// Starts, restarts (after a rejection) or reports a customer's business verification (KYB), and
/// says what happens next. A pending verification is decided automatically after a while of sandbox
/// time, or at once with the sandbox's approve and reject operations.
#[utoipa::path(post, path = "/v1/compliance/kyb", tag = "compliance", operation_id = "startKybVerification", request_body = StartKyb,
    security(("api_key" = [])),
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
) -> Result<Response, ApiError> {
    let mut checks = Checks::new();
    let customer_id = fields::required(&mut checks, "customer_id", &body.customer_id).map(str::to_owned);
    checks.finish()?;
    let customer_id = customer_id.ok_or_else(|| ApiError::internal("customer_id vanished after validation"))?;
    let application_id = caller.application_id;
    let now = state.clock.now();
    idempotency::commit_json(&state, claim, StatusCode::OK, move |tx| {
        let row = customers::find(tx, Some(application_id), &customer_id)?.ok_or_else(not_found)?;
        // A decision already due is applied first, so the answer is current.
        crate::schedule::settle(tx, &row.customer.id, now)?;
        let row = customers::find(tx, Some(application_id), &customer_id)?.ok_or_else(not_found)?;
        let restarted = customers::restart_verification(tx, &row, now)?;
        let row = customers::find(tx, Some(application_id), &customer_id)?.ok_or_else(not_found)?;
        let c = row.customer;
        let due = match c.kyb_status.as_str() {
            "pending" => customers::decision_due(tx, &c.id)?.map(|t| t.to_rfc3339()),
            _ => None,
        };
        let next_step = match (c.kyb_status.as_str(), &due) {
            ("pending", Some(due)) => format!(
                "decided automatically at {due} ({AUTO_DECISION_SECONDS} s after submission): approved, or rejected \
                 when the legal name contains {REJECT_MARKER}; POST /sandbox/customers/{{id}}/approve or /reject \
                 decides it now"
            ),
            ("pending", None) => "awaiting a decision: POST /sandbox/customers/{id}/approve or /reject".to_owned(),
            ("approved", _) => "verified: the customer may pay and be paid".to_owned(),
            _ => "rejected: call this operation again to resubmit the verification".to_owned(),
        };
        Ok(KybVerification {
            customer_id: c.id,
            kyb_status: c.kyb_status,
            verification_level: c.verification_level,
            restarted,
            decision_due_at: due,
            decided_at: c.kyb_decided_at,
            next_step,
        })
    })
    .await
}
