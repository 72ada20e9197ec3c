//! `POST /sandbox/fork`: a new TEST application holding a copy of one
//! application's world (`crate::fork`). A TEST key forks its own
//! application; the control token the TEST application it names.

use axum::extract::State;
use axum::http::StatusCode;
use payctl_wire::sandbox::{ForkApplication, Forked};

use super::control::named_application;
use crate::auth::ControlCaller;
use crate::error::{ApiError, Checks};
use crate::http::extract::ApiJson;
use crate::idempotency::{self, Committed, Idempotency};
use crate::state::AppState;

/// Fork an application
///
/// A new TEST application of the same partner holding a copy of the application's world (customers,
/// accounts, ledger, quotes, transactions, payments, transfers, pending moves, webhook endpoints with
/// new secrets, fault rules, the clock); not its request logs, deliveries or keys. `ids` maps each
/// original id to its copy's.
#[utoipa::path(post, path = "/sandbox/fork", tag = "sandbox", operation_id = "forkApplication", request_body = ForkApplication,
    responses(
        (status = 201, body = Forked, description = "the new application, its key and the map of ids"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: `application_id` names no application")))]
pub async fn fork(
    State(state): State<AppState>,
    caller: ControlCaller,
    Idempotency(claim): Idempotency,
    ApiJson(body): ApiJson<ForkApplication>,
) -> Result<Committed, ApiError> {
    let mut checks = Checks::new();
    checks.optional_text("name", body.name.as_deref(), 128);
    checks.finish()?;
    let live = "a LIVE application behaves like production: it is never forked; name a TEST application";
    let target = named_application(&state, &caller, body.application_id, live).await?;
    let master = state.master_key.clone();
    let now = state.clock.app_now(target.id);
    let name = body.name.map(|n| n.trim().to_owned());
    let (committed, in_force) = idempotency::commit_secret(&state, claim, StatusCode::CREATED, move |tx| {
        crate::fork::fork(tx, &master, target.id, name.as_deref(), now)
    })
    .await?;
    if let Some(in_force) = in_force {
        put_in_force(&state, in_force);
    }
    Ok(committed)
}

/// Puts a new world's clock, key and fault rules in force once committed.
pub fn put_in_force(state: &AppState, in_force: crate::fork::InForce) {
    state.clock.set_app_offset_millis(in_force.application_id, in_force.clock_offset_millis);
    if let Some(key) = in_force.key {
        state.keys.insert(key);
    }
    state.faults.apply(in_force.rules);
}
