//! `/sandbox/drill` and `/sandbox/review`: the go-live review.
//!
//! A drill installs, for one TEST application, the fault rules of
//! `faults::drill`: enough that any session that makes a few money-moving
//! calls and receives a few webhooks meets every failure the review judges
//! a client by. The review judges the window's requests and delivery
//! attempts by the rules of `domain::review`. A TEST key drills and reviews
//! its own application; the control token one TEST application named by
//! `application_id`.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use payctl_domain::review::{self, Family, Judge, Kind};
use payctl_domain::time::Timestamp;
use payctl_wire::events::EventType;
use payctl_wire::review::{Drill, Review, ReviewQuery, StartDrill};
use payctl_wire::sandbox::ApplicationScope;

use super::control::named_application;
use crate::auth::ControlCaller;
use crate::auth::principal::Target;
use crate::error::ApiError;
use crate::faults::drill;
use crate::http::extract::{ApiJson, ApiQuery};
use crate::idempotency::{self, Committed, Idempotency};
use crate::operation::{Operations, Purpose};
use crate::request_log::{self, reviews::Seen};
use crate::state::AppState;
use crate::store;

/// The TEST application a drill or review is for: the key's own, or the
/// one the control token names (it must name one).
async fn application(state: &AppState, caller: &ControlCaller, named: Option<String>) -> Result<Target, ApiError> {
    let live = "a LIVE application behaves like production: it is never drilled or reviewed; name a TEST application";
    named_application(state, caller, named, live).await
}

/// Start a drill
///
/// Installs, for the application, the fault rules that exercise every check of the go-live review
/// (see the sandbox's documentation): a lost answer on the first call to each money-moving create, a
/// timeout, a 429 and a 503 early in the session, and a duplicate, an out-of-order, a forged, a stale
/// and a tampered delivery among the first webhooks. A drill already running ends first. Then run
/// the integration's own tests and read `GET /sandbox/review`.
#[utoipa::path(post, path = "/sandbox/drill", tag = "sandbox", operation_id = "startDrill", request_body = StartDrill,
    responses(
        (status = 201, body = Drill, description = "the drill's rules and when it started"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: `application_id` names no application"),
        (status = 409, body = payctl_wire::error::ErrorEnvelope, description = "FAULT_RULE_LIMIT: the drill's rules would pass the application's or its partner's bound on fault rules")))]
pub async fn start_drill(
    State(state): State<AppState>,
    caller: ControlCaller,
    Idempotency(claim): Idempotency,
    ApiJson(body): ApiJson<StartDrill>,
) -> Result<Committed, ApiError> {
    let target = application(&state, &caller, body.application_id).await?;
    let target_id = target.id;
    let operations = state.operations.get().ok_or_else(|| ApiError::internal("the route table is not built"))?.clone();
    let now = state.clock.app_now(target.id);
    let (committed, change) = idempotency::commit(&state, claim, StatusCode::CREATED, move |tx| {
        let change = drill::start(tx, (target.id, target.public_id.clone()), &operations, now)?;
        let rules = change.added.iter().map(super::faults::view).collect();
        Ok((Drill { application_id: target.public_id, started_at: now.to_rfc3339(), rules }, change))
    })
    .await?;
    if let Some(change) = change {
        state.faults.apply(change);
    }
    // The review's default window starts at the drill.
    state.request_log.changes().changed(target_id);
    Ok(committed)
}

/// End the drill
///
/// Removes the running drill's rules; the review still judges from its start by default.
#[utoipa::path(delete, path = "/sandbox/drill", tag = "sandbox", operation_id = "stopDrill", params(ApplicationScope),
    responses((status = 204, description = "no drill runs"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: `application_id` names no application")))]
pub async fn stop_drill(
    State(state): State<AppState>,
    caller: ControlCaller,
    ApiQuery(query): ApiQuery<ApplicationScope>,
) -> Result<Response, ApiError> {
    let target = application(&state, &caller, query.application_id).await?;
    let now = state.clock.app_now(target.id);
    let change = state.db.write(move |tx| drill::end(tx, target.id, now)).await?;
    state.faults.apply(change);
    state.request_log.changes().changed(target.id);
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// Review the integration
///
/// Grades the application's integration from what the sandbox saw since `since` (default: the start
/// of the latest drill, else its first request): idempotency keys, retries after lost answers and 5xx,
/// `Retry-After`, backoff, blind retries, expired quotes, webhook signature and replay checks, genuine
/// deliveries accepted and answered quickly, polling, request ids. Each check cites the request-log
/// entries and delivery attempts it was judged from. `verdict` is `fail` when a required check failed
/// or had nothing to judge.
#[utoipa::path(get, path = "/sandbox/review", tag = "sandbox", operation_id = "getReview", params(ReviewQuery),
    responses(
        (status = 200, body = Review, description = "the checks and the verdict"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: `application_id` names no application")))]
pub async fn review(
    State(state): State<AppState>,
    caller: ControlCaller,
    ApiQuery(query): ApiQuery<ReviewQuery>,
) -> Result<Json<Review>, ApiError> {
    let target = application(&state, &caller, query.application_id).await?;
    let since = match query.since.as_deref() {
        Some(text) => Some(Timestamp::parse_rfc3339(text).ok_or_else(|| {
            ApiError::invalid_field("since", "invalid", "must be an ISO 8601 date-time such as 2026-11-25T10:00:00Z")
        })?),
        None => None,
    };
    let app = target.id;
    // One review of an application at a time: the next one waits for it,
    // and then most likely answers what it found.
    let turn = state.reviews.turn(app);
    let _turn = turn.lock().await;
    state.request_log.caught_up().await;
    let changes = if state.storage.is_shared() {
        Seen::Stored(state.db.read(move |conn| store::review::version(conn, app)).await?)
    } else {
        Seen::Counted(state.request_log.changes().count(app))
    };
    let now = state.clock.app_now(app);
    let (from, checks) = match state.reviews.last(app, since, &changes) {
        Some(found) => found,
        None => {
            let judged = judge(&state, app, since, now).await?;
            state.reviews.keep(app, since, changes, judged.clone());
            judged
        }
    };
    Ok(Json(Review {
        application_id: target.public_id,
        from: from.to_rfc3339(),
        to: now.to_rfc3339(),
        verdict: review::verdict(&checks),
        checks,
    }))
}

/// Requests read per page of the window.
const PAGE: usize = 1_000;

/// Judges the application's window from `since` (default: its latest
/// drill's start, else its first logged request) to now: the window's
/// requests are read in pages, each a short read of its own, and go
/// through the [`Judge`] as they come; then the delivery attempts.
async fn judge(
    state: &AppState,
    app: i64,
    since: Option<Timestamp>,
    now: Timestamp,
) -> Result<(Timestamp, Vec<payctl_wire::review::Check>), ApiError> {
    let operations = state.operations.get().ok_or_else(|| ApiError::internal("the route table is not built"))?.clone();
    let (from, subscribed, drilled) = state
        .db
        .read(move |conn| {
            let from = match since {
                Some(since) => since,
                None => match store::review::latest_drill(conn, app)? {
                    Some(drill) => drill.started_at,
                    None => store::review::first_request(conn, app)?.unwrap_or(now),
                },
            };
            let drilled = store::review::drilled_since(conn, app, from)?;
            Ok((from, store::review::subscribed_events(conn, app)?, drilled))
        })
        .await?;
    let mut judge = Judge::new(families(&subscribed), drilled);
    let mut after: Option<String> = None;
    loop {
        let cursor = after.clone();
        let page = state.db.scan(move |conn| store::review::requests(conn, app, from, cursor.as_deref(), PAGE)).await?;
        let full = page.len() == PAGE;
        after = page.last().map(|r| r.log_id.clone());
        for r in page.into_iter().filter(judged) {
            judge.request(request(&operations, r));
        }
        if !full {
            break;
        }
    }
    let judge = state
        .db
        .scan(move |conn| {
            store::review::each_attempt(conn, app, from, |a| judge.attempt(&attempt(a)))?;
            Ok(judge)
        })
        .await?;
    Ok((from, judge.finish()))
}

/// The families an application's endpoints subscribe to.
fn families(subscribed: &[String]) -> Vec<Family> {
    let mut families: Vec<Family> = Vec::new();
    for family in subscribed.iter().filter_map(|e| EventType::parse(e)).map(event_family) {
        if !families.contains(&family) {
            families.push(family);
        }
    }
    families
}

/// The family of events a single resource's changes are announced by.
fn family(operation_id: &str) -> Option<Family> {
    match operation_id {
        "getTransaction" | "getPayment" | "getTransfer" | "getSwap" => Some(Family::Money),
        "getCustomer" | "getParticipant" | "getCounterparty" => Some(Family::Customer),
        _ => None,
    }
}

fn event_family(event: EventType) -> Family {
    match event.subject() {
        "customer" => Family::Customer,
        _ => Family::Money,
    }
}

/// Whether a logged request is the integration's: not one of the
/// operations a partner looks at the integration with
/// ([`request_log::REVIEWING`]), and not made from the console (whose
/// actions a person takes by hand, logged under its own key id).
fn judged(r: &store::review::LoggedRequest) -> bool {
    !r.operation_id.as_deref().is_some_and(|id| request_log::REVIEWING.contains(&id))
        && r.api_key_id != crate::console::CONSOLE_KEY_ID
}

/// A logged request as the review judges it, with what the route table
/// says of its operation.
fn request(operations: &Operations, r: store::review::LoggedRequest) -> review::Request {
    let op = r.operation_id.as_deref().and_then(|id| operations.by_id(id));
    let kind = match op {
        Some(op) if op.purpose == Purpose::Create => Kind::Create,
        Some(op) if op.purpose == Purpose::MoveMoney => Kind::MoveMoney,
        Some(op) => family(op.id()).map_or(Kind::Other, Kind::ReadOne),
        None => Kind::Other,
    };
    review::Request {
        kind,
        partner_api: op.is_some_and(|op| op.is_partner_api()),
        operation_id: r.operation_id.unwrap_or_default(),
        log_id: r.log_id,
        request_id: r.correlation_id,
        api_key: r.api_key_id,
        method: r.method,
        path: r.path,
        query: r.query,
        status: r.status,
        error_code: r.error_code,
        fault: r.fault,
        client_gone: r.client_gone,
        key_hash: r.key_hash,
        body_hash: r.body_hash,
        request_id_sent: r.request_id_sent,
        retry_after: r.retry_after,
        real_at: r.real_at,
    }
}

fn attempt(a: store::review::SeenAttempt) -> review::Attempt {
    review::Attempt {
        delivery_id: a.delivery_id,
        request_id: a.request_id,
        event: a.event,
        role: a.role,
        fault_kind: a.fault_kind,
        verdict: a.verdict,
        delivery_failed: a.delivery_failed,
    }
}
