//! `/sandbox/rates`: the exchange rates quotes use, and overrides of them
//! so a test can pin the rate it needs (sandbox only; for every application).

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use payctl_wire::error::ErrorCode;
use payctl_wire::sandbox::{Rate, Rates, SetRate};

use crate::auth::ControlCaller;
use crate::domain::asset;
use crate::domain::decimal::Decimal;
use crate::error::{ApiError, Checks};
use crate::http::extract::ApiJson;
use crate::quoting;
use crate::state::AppState;

fn asset_code(checks: &mut Checks, field: &str, code: &str) {
    if asset::asset(code).is_none() {
        checks.push(field, "invalid", "is not an asset code this API knows (e.g. AED, EUR, USDC)");
    }
}

/// List sandbox exchange rates
///
/// Every pair the sandbox prices, with its rate and whether it comes from the built-in table or an
/// override.
#[utoipa::path(get, path = "/sandbox/rates", tag = "sandbox", operation_id = "listSandboxRates", security(("control" = []), ("api_key" = [])),
    responses((status = 200, body = Rates, description = "every pair the sandbox prices")))]
pub async fn list(State(state): State<AppState>, _caller: ControlCaller) -> Result<Json<Rates>, ApiError> {
    Ok(Json(Rates { data: state.db.read(quoting::all_rates).await? }))
}

/// Override an exchange rate
///
/// Sets the rate of one pair until cleared; quotes created afterwards use it.
#[utoipa::path(put, path = "/sandbox/rates", tag = "sandbox", operation_id = "setSandboxRate", request_body = SetRate,
    security(("control" = []), ("api_key" = [])),
    responses((status = 200, body = Rate, description = "the rate now in force")))]
pub async fn set(
    State(state): State<AppState>,
    _caller: ControlCaller,
    ApiJson(body): ApiJson<SetRate>,
) -> Result<Json<Rate>, ApiError> {
    let mut checks = Checks::new();
    asset_code(&mut checks, "source", &body.source);
    asset_code(&mut checks, "destination", &body.destination);
    if body.source == body.destination {
        checks.push("destination", "invalid", "must differ from source");
    }
    let rate = Decimal::parse_positive(&body.rate).map_err(|e| checks.push("rate", "invalid", e.to_string())).ok();
    checks.finish()?;
    let rate = rate.ok_or_else(|| ApiError::internal("rate missing after validation"))?;
    let now = state.clock.now();
    let set = state
        .db
        .write(move |tx| {
            quoting::set_override(tx, &body.source, &body.destination, &rate, now)?;
            quoting::rate(tx, &body.source, &body.destination)
        })
        .await?;
    set.map(Json).ok_or_else(|| ApiError::internal("rate vanished after set"))
}

/// Clear an exchange rate override
///
/// Removes an override: the pair goes back to the table rate (or is no longer priced if the table
/// has none).
#[utoipa::path(delete, path = "/sandbox/rates/{source}/{destination}", tag = "sandbox", operation_id = "clearSandboxRate",
    params(("source" = payctl_wire::schema::AssetCode, Path), ("destination" = payctl_wire::schema::AssetCode, Path)),
    security(("control" = []), ("api_key" = [])),
    responses(
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: the pair has no override"),(status = 204, description = "the override is gone")))]
pub async fn clear(
    State(state): State<AppState>,
    _caller: ControlCaller,
    Path((source, destination)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let removed = state.db.write(move |tx| quoting::clear_override(tx, &source, &destination)).await?;
    if removed {
        Ok(StatusCode::NO_CONTENT.into_response())
    } else {
        Err(ApiError::not_found(ErrorCode::NotFound, "rate override"))
    }
}
