//! Sandbox-only control operations: more dashboard users, and the clock.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use payctl_wire::sandbox::{AdvanceClock, Clock, CreateUser, User};

use crate::auth::{ControlCaller, password};
use crate::error::{ApiError, Checks};
use crate::http::extract::ApiJson;
use crate::idempotency::{self, Idempotency};
use crate::state::AppState;
use crate::store::{self, settings};

/// Creates a dashboard user (operator only). The user has no partner until
/// they call `POST /v1/auth/register`.
#[utoipa::path(post, path = "/sandbox/users", tag = "sandbox", request_body = CreateUser,
    security(("control" = [])),
    responses(
        (status = 201, body = User, description = "the new user"),
        (status = 409, body = payctl_wire::error::ErrorEnvelope, description = "CONFLICT: the username is taken"),
    ))]
pub async fn create_user(
    State(state): State<AppState>,
    _operator: ControlCaller,
    Idempotency(claim): Idempotency,
    ApiJson(body): ApiJson<CreateUser>,
) -> Result<Response, ApiError> {
    let mut checks = Checks::new();
    let username = body.username.trim().to_owned();
    if !(3..=128).contains(&username.chars().count()) {
        checks.push("username", "invalid", "must be 3 to 128 characters");
    }
    if body.password.chars().count() < 8 || body.password.len() > 1024 {
        checks.push("password", "invalid", "must be 8 to 1024 characters");
    }
    checks.finish()?;
    let hash = tokio::task::spawn_blocking(move || password::hash(&body.password))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)?;
    let now = state.clock.now();
    idempotency::commit_json(&state, claim, StatusCode::CREATED, move |tx| {
        store::users::insert(tx, &username, &hash, now)
    })
    .await
}

fn clock_view(state: &AppState) -> Clock {
    let offset_seconds = state.clock.offset_millis() / 1000;
    Clock {
        now: state.clock.now().to_rfc3339(),
        offset_seconds,
        scope: "global".to_owned(),
        application_id: None,
        global_offset_seconds: offset_seconds,
    }
}

#[utoipa::path(get, path = "/sandbox/clock", tag = "sandbox",
    security(("control" = []), ("api_key" = [])),
    responses((status = 200, body = Clock, description = "sandbox time")))]
pub async fn get_clock(State(state): State<AppState>, _caller: ControlCaller) -> Json<Clock> {
    Json(clock_view(&state))
}

/// Moves sandbox time forward for everyone: time rules (expiries, retries,
/// automatic state moves) then see the new time. Time never goes back.
#[utoipa::path(post, path = "/sandbox/clock/advance", tag = "sandbox", request_body = AdvanceClock,
    security(("control" = []), ("api_key" = [])),
    responses((status = 200, body = Clock, description = "sandbox time after the move")))]
pub async fn advance_clock(
    State(state): State<AppState>,
    _caller: ControlCaller,
    ApiJson(body): ApiJson<AdvanceClock>,
) -> Result<Json<Clock>, ApiError> {
    if !(1..=31_536_000).contains(&body.seconds) {
        return Err(ApiError::invalid_field("seconds", "out_of_range", "must be an integer from 1 to 31536000"));
    }
    let delta = body.seconds * 1000;
    let offset = state
        .db
        .write(move |tx| {
            let current = settings::get(tx, settings::CLOCK_OFFSET)?.and_then(|v| v.parse::<i64>().ok()).unwrap_or(0);
            let next = current.saturating_add(delta);
            settings::set(tx, settings::CLOCK_OFFSET, &next.to_string())?;
            Ok(next)
        })
        .await?;
    state.clock.set_offset_millis(offset);
    // Moves that fell due answer before the advance does, so callers see
    // their effects at once.
    crate::schedule::run_due(&state).await?;
    // Retries that just became due fire now, not at the next poll.
    state.db.outbox().notify_one();
    Ok(Json(clock_view(&state)))
}
