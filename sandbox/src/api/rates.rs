//! `/sandbox/rates`: the exchange rates quotes use, and overrides of them
//! so a test can pin the rate it needs (sandbox only).
//!
//! A TEST key reads and overrides its own application's rates: what it
//! sets moves no one else's prices. The control token reads and sets the
//! global overrides every application follows (unless it has its own for
//! the pair), or, with `application_id`, one TEST application's. A LIVE
//! application follows the table and the global overrides only.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use payctl_domain::asset;
use payctl_domain::decimal::Decimal;
use payctl_wire::error::ErrorCode;
use payctl_wire::sandbox::{ApplicationScope, Rate, Rates, SetRate};

use super::control::target_application;
use crate::auth::ControlCaller;
use crate::auth::principal::Access;
use crate::error::{ApiError, Checks};
use crate::http::extract::{ApiJson, ApiQuery};
use crate::quoting;
use crate::state::AppState;
use crate::store;

fn asset_code(checks: &mut Checks, field: &str, code: &str) {
    if asset::asset(code).is_none() {
        checks.push(field, "invalid", "is not an asset code this API knows (e.g. AED, EUR, USDC)");
    }
}

/// List sandbox exchange rates
///
/// Every pair priced in the caller's scope (a TEST key: its application's; the control token: the
/// global scope, or one application's with `application_id`), with its rate and where it comes
/// from: the built-in table, a global override or the application's own.
#[utoipa::path(get, path = "/sandbox/rates", tag = "sandbox", operation_id = "listSandboxRates", params(ApplicationScope),
    responses(
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: `application_id` names no application (a TEST key may name none)"),(status = 200, body = Rates, description = "every pair priced in the caller's scope, with where its rate comes from")))]
pub async fn list(
    State(state): State<AppState>,
    caller: ControlCaller,
    ApiQuery(query): ApiQuery<ApplicationScope>,
) -> Result<Json<Rates>, ApiError> {
    let app = target_application(&state, &caller, query.application_id, Access::Read).await?.map(|t| t.id);
    Ok(Json(Rates { data: state.db.read(move |conn| quoting::all_rates(conn, app)).await? }))
}

/// Override an exchange rate
///
/// Sets the rate of one pair in the caller's scope until cleared; quotes created afterwards in that
/// scope use it. A TEST key's override moves no one else's prices; a global one applies to every
/// application without its own.
#[utoipa::path(put, path = "/sandbox/rates", tag = "sandbox", operation_id = "setSandboxRate", request_body = SetRate,
    responses(
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: `application_id` names no application (a TEST key may name none)"),(status = 200, body = Rate, description = "the rate now in force in that scope")))]
pub async fn set(
    State(state): State<AppState>,
    caller: ControlCaller,
    ApiJson(body): ApiJson<SetRate>,
) -> Result<Json<Rate>, ApiError> {
    let mut checks = Checks::new();
    asset_code(&mut checks, "source", &body.source);
    asset_code(&mut checks, "destination", &body.destination);
    if body.source == body.destination {
        checks.push("destination", "invalid", "must differ from source");
    }
    let rate = Decimal::parse_positive(&body.rate).map_err(|e| checks.push("rate", "invalid", e.to_string())).ok();
    let rate = checks.conclude(rate)?;
    let app = target_application(&state, &caller, body.application_id.clone(), Access::Change).await?.map(|t| t.id);
    let now = state.clock.now_for(app);
    let set = state
        .db
        .write(move |tx| {
            store::rates::set(tx, app, &body.source, &body.destination, rate, now)?;
            quoting::rate(tx, app, &body.source, &body.destination)
        })
        .await?;
    set.map(Json).ok_or_else(|| ApiError::internal("rate vanished after set"))
}

/// Clear an exchange rate override
///
/// Removes an override of the caller's scope: the pair goes back to the global override or the
/// table rate (or is no longer priced).
#[utoipa::path(delete, path = "/sandbox/rates/{source}/{destination}", tag = "sandbox", operation_id = "clearSandboxRate",
    params(("source" = payctl_wire::schema::AssetCode, Path), ("destination" = payctl_wire::schema::AssetCode, Path),
        ApplicationScope),
    responses((status = 204, description = "the override is gone"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: no override of the pair in that scope, or `application_id` names no application")))]
pub async fn clear(
    State(state): State<AppState>,
    caller: ControlCaller,
    Path((source, destination)): Path<(String, String)>,
    ApiQuery(query): ApiQuery<ApplicationScope>,
) -> Result<Response, ApiError> {
    let app = target_application(&state, &caller, query.application_id, Access::Change).await?.map(|t| t.id);
    let removed = state.db.write(move |tx| store::rates::clear(tx, app, &source, &destination)).await?;
    if removed {
        Ok(StatusCode::NO_CONTENT.into_response())
    } else {
        Err(ApiError::not_found(ErrorCode::NotFound, "rate override"))
    }
}
