//! `GET /sandbox/snapshot` and `POST /sandbox/snapshot`: an application's
//! world as a portable document, and loading one into a new application
//! (`crate::snapshot`).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use payctl_wire::auth::Partner;
use payctl_wire::sandbox::{Forked, LoadSnapshotQuery, Snapshot, SnapshotQuery};

use super::control::named_application;
use crate::auth::ControlCaller;
use crate::auth::principal::{Access, Owner};
use crate::error::{ApiError, Checks};
use crate::http::extract::{ApiJson, ApiQuery};
use crate::idempotency::{self, Committed, Idempotency};
use crate::snapshot::Destination;
use crate::state::AppState;
use crate::store;

/// Snapshot an application
///
/// The application's world as one portable JSON document (`payctl-snapshot/1`), what a fork copies,
/// with no secret in it.
#[utoipa::path(get, path = "/sandbox/snapshot", tag = "sandbox", operation_id = "getSnapshot", params(SnapshotQuery),
    responses(
        (status = 200, body = Snapshot, description = "the application's world"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: `application_id` names no application")))]
pub async fn save(
    State(state): State<AppState>,
    caller: ControlCaller,
    ApiQuery(query): ApiQuery<SnapshotQuery>,
) -> Result<Json<Snapshot>, ApiError> {
    let live = "a LIVE application behaves like production: it is never snapshotted; name a TEST application";
    let target = named_application(&state, &caller, query.application_id, live).await?;
    let clock = state.clock.app_now(target.id);
    let mut snapshot = state.db.scan(move |conn| crate::snapshot::take(conn, target.id, clock)).await?;
    if query.redact == Some(true) {
        crate::snapshot::redact(&mut snapshot);
    }
    Ok(Json(snapshot))
}

/// Load a snapshot
///
/// A new TEST application holding the snapshot's world, answered as a fork is. A newer format is
/// refused with 400.
#[utoipa::path(post, path = "/sandbox/snapshot", tag = "sandbox", operation_id = "loadSnapshot", params(LoadSnapshotQuery),
    request_body = Snapshot,
    responses(
        (status = 201, body = Forked, description = "the new application, its key and the map of ids"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: `partner_id` names no partner")))]
pub async fn load(
    State(state): State<AppState>,
    caller: Owner,
    Idempotency(claim): Idempotency,
    ApiQuery(query): ApiQuery<LoadSnapshotQuery>,
    ApiJson(snapshot): ApiJson<Snapshot>,
) -> Result<Committed, ApiError> {
    let mut checks = Checks::new();
    checks.optional_text("name", query.name.as_deref(), 128);
    checks.finish()?;
    crate::snapshot::readable(&snapshot)?;
    let own_partner = |partner_id: i64| Destination::New { partner_id, name: None };
    let destination = match (&caller, query.partner_id, query.application_id) {
        (_, Some(_), Some(_)) => {
            return Err(ApiError::invalid_field(
                "application_id",
                "invalid",
                "name a partner (a new application) or an application, not both",
            ));
        }
        (_, None, Some(app)) => {
            let live = "a LIVE application behaves like production: nothing is loaded into it";
            let caller = caller.clone();
            let target = state.db.read(move |conn| caller.target(conn, &app, Access::TestOnly(live))).await?;
            Destination::Existing(target.id)
        }
        (Owner::Control(ControlCaller::TestKey(key)), None, None) => own_partner(key.partner_id),
        (Owner::Dashboard(user), None, None) => own_partner(user.partner()?.id),
        (Owner::Control(ControlCaller::TestKey(_)) | Owner::Dashboard(_), Some(_), None) => {
            return Err(ApiError::invalid_field(
                "partner_id",
                "invalid",
                "a TEST key or a dashboard token loads into its own partner",
            ));
        }
        (Owner::Control(ControlCaller::Operator), None, None) => {
            return Err(ApiError::invalid_field(
                "partner_id",
                "required",
                "the control token must name the partner of the new application (or application_id)",
            ));
        }
        (Owner::Control(ControlCaller::Operator), Some(public_id), None) => Destination::New {
            partner_id: state.db.read(move |conn| store::owned::<Partner>(conn, (), &public_id)).await?.0,
            name: None,
        },
    };
    let destination = match destination {
        Destination::New { partner_id, .. } => {
            Destination::New { partner_id, name: query.name.map(|n| n.trim().to_owned()) }
        }
        existing => existing,
    };
    let master = state.master_key.clone();
    let global_now = state.clock.now();
    let (committed, in_force) = idempotency::commit_secret(&state, claim, StatusCode::CREATED, move |tx| {
        crate::snapshot::load(tx, &master, snapshot, destination, global_now)
    })
    .await?;
    if let Some(in_force) = in_force {
        super::fork::put_in_force(&state, in_force);
    }
    Ok(committed)
}
