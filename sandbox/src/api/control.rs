//! Sandbox-only control operations: more dashboard users, and the clocks
//! (one per TEST application, on top of the operator's global one).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use payctl_wire::sandbox::{AdvanceClock, ApplicationScope, Clock, CreateUser, User};

use crate::auth::login_guard::{MAX_PASSWORD_BYTES, MAX_USERNAME_CHARS};
use crate::auth::principal::{Access, Target};
use crate::auth::{ControlCaller, password};
use crate::error::{ApiError, Checks};
use crate::http::extract::{ApiJson, ApiQuery};
use crate::idempotency::{self, Committed, Idempotency};
use crate::state::AppState;
use crate::store;

/// Create a dashboard user
///
/// Operator only: creates a dashboard user, who can then sign in at the token endpoint. The user
/// has no partner until they call `POST /v1/auth/register`.
#[utoipa::path(post, path = "/sandbox/users", tag = "sandbox", operation_id = "createSandboxUser", request_body = CreateUser,
    responses(
        (status = 201, body = User, description = "the new user"),
        (status = 409, body = payctl_wire::error::ErrorEnvelope, description = "CONFLICT: the username is taken"),
    ))]
pub async fn create_user(
    State(state): State<AppState>,
    _operator: ControlCaller,
    Idempotency(claim): Idempotency,
    ApiJson(body): ApiJson<CreateUser>,
) -> Result<Committed, ApiError> {
    let mut checks = Checks::new();
    let username = body.username.trim().to_owned();
    if !(3..=MAX_USERNAME_CHARS).contains(&username.chars().count()) {
        checks.push("username", "invalid", format!("must be 3 to {MAX_USERNAME_CHARS} characters"));
    } else {
        checks.visible("username", &username);
    }
    if body.password.chars().count() < 8 || body.password.len() > MAX_PASSWORD_BYTES {
        checks.push("password", "invalid", format!("must be 8 to {MAX_PASSWORD_BYTES} characters"));
    }
    checks.finish()?;
    let slot = state.logins.hash_slot_unlimited().await;
    let hash = slot
        .run(move || password::hash(&body.password))
        .await
        .ok_or_else(|| ApiError::internal("the password-hashing threads are gone"))?
        .map_err(ApiError::internal)?;
    let now = state.clock.now();
    idempotency::commit_json(&state, claim, StatusCode::CREATED, move |tx| {
        store::users::insert(tx, &username, &hash, now)
    })
    .await
}

/// The application a control or simulation call acts on (`None`: every
/// application, the global scope), as [`ControlCaller::target`] resolves it.
pub async fn target_application(
    state: &AppState,
    caller: &ControlCaller,
    application_id: Option<String>,
    access: Access,
) -> Result<Option<Target>, ApiError> {
    let caller = caller.clone();
    state.db.read(move |conn| caller.target(conn, application_id.as_deref(), access)).await
}

/// The one TEST application an operation acts on: the key's own, or the
/// one the control token must name (400 without it; the `control` scheme
/// of the document says so). `live` says why a LIVE one is refused.
pub async fn named_application(
    state: &AppState,
    caller: &ControlCaller,
    application_id: Option<String>,
    live: &'static str,
) -> Result<Target, ApiError> {
    target_application(state, caller, application_id, Access::TestOnly(live)).await?.ok_or_else(|| {
        ApiError::invalid_field("application_id", "required", "the control token must name the TEST application")
    })
}

/// A clock as it reads with these offsets: the global one, or an
/// application's (its public id and own offset) on top of it.
fn clock_view(global_millis: i64, app: Option<(String, i64)>) -> Clock {
    let global = crate::clock::real_now().plus_millis(global_millis);
    match app {
        Some((public_id, own)) => Clock {
            now: global.plus_millis(own).to_rfc3339(),
            offset_seconds: (global_millis + own) / 1000,
            scope: "application".to_owned(),
            application_id: Some(public_id),
            global_offset_seconds: global_millis / 1000,
        },
        None => Clock {
            now: global.to_rfc3339(),
            offset_seconds: global_millis / 1000,
            scope: "global".to_owned(),
            application_id: None,
            global_offset_seconds: global_millis / 1000,
        },
    }
}

/// Get the sandbox clock
///
/// The clock that applies to the caller: a TEST key's application's, or for the control token the
/// global one (or, with `application_id`, that application's). Every answer also carries the
/// caller's clock in `X-Sandbox-Clock`.
#[utoipa::path(get, path = "/sandbox/clock", tag = "sandbox", operation_id = "getSandboxClock", params(ApplicationScope),
    responses(
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: `application_id` names no application (a TEST key may name none)"),(status = 200, body = Clock, description = "the clock that applies")))]
pub async fn get_clock(
    State(state): State<AppState>,
    caller: ControlCaller,
    ApiQuery(query): ApiQuery<ApplicationScope>,
) -> Result<Json<Clock>, ApiError> {
    let app = target_application(&state, &caller, query.application_id, Access::Read).await?;
    let own = app.map(|app| (app.public_id, state.clock.app_offset_millis(app.id)));
    Ok(Json(clock_view(state.clock.global_offset_millis(), own)))
}

/// Advance the sandbox clock
///
/// Moves time forward: a TEST key moves its own application's clock; the control token every
/// application's (the global offset) or, with `application_id`, one TEST application's. Time rules
/// (expiries, retries, automatic state moves) then see the new time; moves that fell due are
/// applied before the answer. Time never goes back.
#[utoipa::path(post, path = "/sandbox/clock/advance", tag = "sandbox", operation_id = "advanceSandboxClock", request_body = AdvanceClock,
    responses(
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: `application_id` names no application (a TEST key may name none)"),(status = 200, body = Clock, description = "the clock after the move")))]
pub async fn advance_clock(
    State(state): State<AppState>,
    caller: ControlCaller,
    Idempotency(claim): Idempotency,
    ApiJson(body): ApiJson<AdvanceClock>,
) -> Result<Committed, ApiError> {
    crate::flows::clock::check_seconds(body.seconds)?;
    let target = target_application(&state, &caller, body.application_id, Access::Change).await?;
    let app = target.as_ref().map(|t| t.id);
    let global = state.clock.global_offset_millis();
    let (response, moved) = idempotency::commit(&state, claim, StatusCode::OK, move |tx| {
        let offset = crate::flows::clock::advance(tx, app, body.seconds, global)?;
        let view = match target {
            Some(Target { public_id, .. }) => clock_view(global, Some((public_id, offset))),
            None => clock_view(offset, None),
        };
        Ok((view, offset))
    })
    .await?;
    if let Some(offset) = moved {
        match app {
            Some(app) => state.clock.set_app_offset_millis(app, offset),
            None => state.clock.set_global_offset_millis(offset),
        }
        // Moves that fell due answer before the advance does, so callers
        // see their effects at once.
        crate::schedule::run_due(&state).await?;
        // Retries that just became due fire now, not at the next poll.
        state.db.outbox().notify_one();
    }
    Ok(response)
}
