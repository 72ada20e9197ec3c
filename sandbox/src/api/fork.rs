//! `POST /sandbox/fork`: a new TEST application holding a copy of one
//! application's world (`crate::fork`). A TEST key forks its own
//! application; the control token the TEST application it names. And
//! `DELETE /sandbox/applications/{application_id}`: a TEST application
//! and its whole world gone, so that forks made per test do not pile up.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use payctl_wire::sandbox::{ApplicationDeleted, ForkApplication, Forked};

use super::control::named_application;
use crate::auth::ControlCaller;
use crate::auth::principal::{Access, Owner};
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

/// Delete a TEST application
///
/// Deletes it and its whole world (records, keys, logs, deliveries). Control token: any TEST
/// application; dashboard token: its partner's. Never LIVE or the ready line's (409).
#[utoipa::path(delete, path = "/sandbox/applications/{application_id}", tag = "sandbox",
    operation_id = "deleteSandboxApplication", params(("application_id" = String, Path)),
    responses((status = 200, body = ApplicationDeleted, description = "rows deleted per table"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: no such application")))]
pub async fn delete(
    State(state): State<AppState>,
    caller: Owner,
    Path(application_id): Path<String>,
) -> Result<Json<ApplicationDeleted>, ApiError> {
    if let Owner::Control(ControlCaller::TestKey(_)) = caller {
        return Err(ApiError::forbidden(
            "an application's own key cannot delete it: use the control token or a dashboard token of its partner",
        ));
    }
    let live = "a LIVE application behaves like production: it is never deleted";
    let app = state
        .db
        .read(move |conn| {
            let target = caller.target(conn, &application_id, Access::TestOnly(live))?;
            crate::fork::deletable(conn, target.id)?;
            Ok(target.id)
        })
        .await?;
    // No request of its keys starts from now on, and those logged so far
    // are written before their rows go.
    state.keys.remove_application(app);
    state.request_log.caught_up().await;
    match state.db.write(move |tx| crate::fork::delete(tx, app)).await {
        Ok((deleted, rules)) => {
            state.clock.forget_app(app);
            state.faults.remove(&rules);
            state.request_log.changes().changed_all();
            Ok(Json(deleted))
        }
        Err(refused) => {
            // Nothing was deleted: its keys work again.
            let keys = state.db.read(|conn| Ok(crate::store::api_keys::all_usable(conn)?)).await?;
            keys.into_iter().filter(|key| key.identity.application_id == app).for_each(|key| state.keys.insert(key));
            Err(refused)
        }
    }
}
