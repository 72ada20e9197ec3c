//! Sandbox-only control operations: more dashboard users, and the clocks
//! (one per TEST application, on top of the operator's global one).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use payctl_wire::applications::{Application, Environment};
use payctl_wire::sandbox::{AdvanceClock, ApplicationScope, Clock, CreateUser, User};

use crate::auth::login_guard::{MAX_PASSWORD_BYTES, MAX_USERNAME_CHARS};
use crate::auth::{ControlCaller, password};
use crate::error::{ApiError, Checks};
use crate::http::extract::{ApiJson, ApiQuery};
use crate::idempotency::{self, Committed, Idempotency};
use crate::state::AppState;
use crate::store::{self, settings};

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

/// What a control call does to the application it names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Reads what applies to it (a LIVE application's clock and rates
    /// are the global ones, so reading them is harmless and useful).
    Read,
    /// Moves its clock or changes its rates: TEST applications only.
    Change,
    /// Another TEST-only operation: a LIVE application is refused with
    /// 403 `ATH_0002` and this reason.
    TestOnly(&'static str),
}

impl Access {
    /// Why a LIVE application is refused this access, if it is.
    fn live_refusal(self) -> Option<&'static str> {
        match self {
            Access::Read => None,
            Access::Change => Some(
                "a LIVE application follows real time, the global offset and the global rates only, so it cannot be \
                 moved on its own; leave out application_id to act on every application",
            ),
            Access::TestOnly(reason) => Some(reason),
        }
    }
}

/// An application a control call acts on.
#[derive(Debug, Clone)]
pub struct Target {
    pub id: i64,
    pub public_id: String,
}

/// The application a control or simulation call acts on (`None`: every
/// application, the global scope). A TEST key acts on its own application
/// (naming another is 404). The operator acts globally, or on the
/// application it names; LIVE applications follow the global clock and
/// rates only, so changing one is a TEST-only operation refused with 403
/// `ATH_0002`, as it is to a LIVE key.
pub async fn target_application(
    state: &AppState,
    caller: &ControlCaller,
    application_id: Option<String>,
    access: Access,
) -> Result<Option<Target>, ApiError> {
    let missing = store::missing::<Application>;
    let own =
        |key: &crate::auth::KeyCaller| Target { id: key.application_id, public_id: key.application_public_id.clone() };
    match (caller, application_id) {
        (ControlCaller::TestKey(key), None) => Ok(Some(own(key))),
        (ControlCaller::TestKey(key), Some(id)) if id == key.application_public_id => Ok(Some(own(key))),
        (ControlCaller::TestKey(_), Some(_)) => Err(missing()),
        (ControlCaller::Operator, None) => Ok(None),
        (ControlCaller::Operator, Some(public_id)) => {
            let named = public_id.clone();
            match state.db.read(move |conn| store::applications::by_public_id(conn, &named)).await? {
                None => Err(missing()),
                Some((id, environment)) => match (environment, access.live_refusal()) {
                    (Environment::Live, Some(reason)) => Err(ApiError::forbidden(reason)),
                    _ => Ok(Some(Target { id, public_id })),
                },
            }
        }
    }
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

/// The latest time any clock may show after an advance:
/// 9999-12-31T00:00:00Z. Timestamps are RFC 3339 with four-digit years, and
/// what is dated after a clock (a payment's `pay_by`, a day later) must
/// still fit.
pub const LATEST_MILLIS: i64 = 253_402_214_400_000;

/// Refuses an advance after which a clock, `offset_millis` ahead of real
/// time, would pass [`LATEST_MILLIS`]. Checked inside the transaction that
/// moves the offset, so two advances at once cannot pass it together.
fn within_latest(offset_millis: i64, seconds: i64) -> Result<(), ApiError> {
    let after = crate::clock::real_now().millis().saturating_add(offset_millis);
    if after <= LATEST_MILLIS {
        return Ok(());
    }
    let room = ((LATEST_MILLIS - (after - seconds * 1000)) / 1000).max(0);
    Err(ApiError::invalid_field(
        "seconds",
        "out_of_range",
        format!(
            "would take a clock past {}, the latest time the sandbox keeps; it can move at most {room} more seconds",
            payctl_domain::time::Timestamp::from_millis(LATEST_MILLIS)
        ),
    ))
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
    if !(1..=31_536_000).contains(&body.seconds) {
        return Err(ApiError::invalid_field("seconds", "out_of_range", "must be an integer from 1 to 31536000"));
    }
    let delta = body.seconds * 1000;
    let target = target_application(&state, &caller, body.application_id, Access::Change).await?;
    let app = target.as_ref().map(|t| t.id);
    let global = state.clock.global_offset_millis();
    let (response, moved) = idempotency::commit(&state, claim, StatusCode::OK, move |tx| {
        let (view, offset) = match target {
            Some(Target { id, public_id }) => {
                let offset = store::applications::advance_clock(tx, id, delta)?;
                within_latest(global + offset, body.seconds)?;
                store::moves::shift_application(tx, id, delta)?;
                store::webhooks::shift_application(tx, id, delta)?;
                (clock_view(global, Some((public_id, offset))), offset)
            }
            None => {
                let next = settings::advance_global_clock(tx, delta)?;
                // Every application's clock moves with the global one.
                within_latest(next + store::applications::max_clock_offset(tx)?, body.seconds)?;
                (clock_view(next, None), next)
            }
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
