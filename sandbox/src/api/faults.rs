//! `/sandbox/faults`: the fault rules of the caller's scope (see
//! [`crate::faults`]).
//!
//! A TEST key makes, lists and removes its own application's rules (and
//! sees the global ones that apply to it). The control token makes global
//! rules, or one TEST application's with `application_id`; it lists every
//! rule (or one application's), and clears the global rules (or one
//! application's). A LIVE key is refused (403 `ATH_0002`), as is a rule for
//! a LIVE application: LIVE behaves like production.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use payctl_domain::faults::probability_value;
use payctl_wire::error::ErrorCode;
use payctl_wire::faults::{CreateFaultRule, FaultRule, FaultRuleSchema, FaultRules};
use payctl_wire::sandbox::ApplicationScope;

use super::control::target_application;
use crate::auth::ControlCaller;
use crate::auth::principal::Access;
use crate::error::ApiError;
use crate::faults::{self, Aim, Change, DeliveryMatch, Rule, Scope, rules};
use crate::http::extract::{ApiJson, ApiQuery};
use crate::idempotency::{self, Committed, Idempotency};
use crate::state::AppState;
use crate::store;

/// The API's shape of a rule.
pub fn view(rule: &Rule) -> FaultRule {
    let counters = rule.counters();
    let firing = rule.spec.firing;
    FaultRule {
        id: rule.public_id.clone(),
        application_id: rule.application.as_ref().map(|(_, public_id)| public_id.clone()),
        matcher: rule.spec.view_match(),
        fault: rule.spec.view_fault(),
        skip: firing.skip,
        times: firing.times,
        probability: probability_value(firing.probability),
        seed: firing.seed,
        per_endpoint: rule.spec.per_endpoint(),
        matched: counters.matched,
        hits: counters.hits,
        spent: !rule.spec.per_endpoint() && firing.spent(counters),
        created_at: rule.created_at.to_rfc3339(),
    }
}

/// Whose rules a caller reads, or clears.
async fn scope(
    state: &AppState,
    caller: &ControlCaller,
    application_id: Option<String>,
    clearing: bool,
) -> Result<Scope, ApiError> {
    let target = target_application(state, caller, application_id, Access::Read).await?;
    Ok(match (caller, target) {
        (ControlCaller::TestKey(_), Some(app)) if clearing => Scope::Own(app.id),
        (ControlCaller::TestKey(_), Some(app)) => Scope::AppliesTo(app.id),
        (ControlCaller::Operator, Some(app)) => Scope::Own(app.id),
        (_, None) if clearing => Scope::Global,
        (_, None) => Scope::All,
    })
}

/// Add a fault rule
///
/// Makes the sandbox fail on purpose, the way production can: API requests answered 5xx or 429, held,
/// timed out, reset, or handled with the answer lost (`drop_response`); webhook deliveries
/// duplicated, delayed, reordered, dropped, or probed with forged, stale and tampered copies. A rule
/// matches requests by `operation_id`, `method` and `path` (or deliveries by `event` and
/// `endpoint_id`), skips the first `skip` matches, fires at most `times` times, and each match with
/// `probability` drawn from a generator seeded with `seed`, so the same rules and requests give the
/// same faults in any sandbox. Rules never apply to a LIVE application.
#[utoipa::path(post, path = "/sandbox/faults", tag = "sandbox", operation_id = "createFaultRule",
    request_body = FaultRuleSchema,
    responses(
        (status = 201, body = FaultRule, description = "the rule, with its defaults filled in"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: `application_id` names no application (a TEST key may name none but its own)"),
        (status = 409, body = payctl_wire::error::ErrorEnvelope, description = "FAULT_RULE_LIMIT: the application has 100 rules, its partner 1,000, or the sandbox 100 global ones"),
        (status = 422, body = payctl_wire::error::ErrorEnvelope, description = "INVALID_FAULT_RULE: the rule can never apply (an unknown operation or path, a delivery kind without an event, a request match mixed with a delivery match)")))]
pub async fn create(
    State(state): State<AppState>,
    caller: ControlCaller,
    Idempotency(claim): Idempotency,
    ApiJson(body): ApiJson<CreateFaultRule>,
) -> Result<Committed, ApiError> {
    let operations = state.operations.get().ok_or_else(|| ApiError::internal("the route table is not built"))?;
    let spec = rules::parse(&body, operations)?;
    let live = "a LIVE application behaves like production: no fault rule ever applies to it; name a TEST \
                application, or leave out application_id for a global rule (which applies to TEST applications only)";
    let target = target_application(&state, &caller, body.application_id.clone(), Access::TestOnly(live)).await?;
    let application = target.map(|t| (t.id, t.public_id));
    if let Aim::Deliveries(DeliveryMatch { endpoint_id: Some(endpoint), .. }, _) = &spec.aim {
        let Some((app, _)) = &application else {
            return Err(ApiError::new(
                ErrorCode::InvalidFaultRule,
                "a global rule applies to every application's endpoints: name one with application_id, or leave \
                 out match.endpoint_id",
            ));
        };
        let (app, endpoint) = (*app, endpoint.clone());
        if state.db.read(move |conn| Ok(store::webhooks::find(conn, app, &endpoint)?)).await?.is_none() {
            return Err(ApiError::not_found(ErrorCode::NotFound, "webhook endpoint (match.endpoint_id)"));
        }
    }
    let now = state.clock.now_for(application.as_ref().map(|(id, _)| *id));
    let (committed, change) = idempotency::commit(&state, claim, StatusCode::CREATED, move |tx| {
        let rule = faults::store(tx, application, spec, now)?;
        Ok((view(&rule), Change { added: vec![rule], removed: Vec::new() }))
    })
    .await?;
    if let Some(change) = change {
        state.faults.apply(change);
    }
    Ok(committed)
}

/// List fault rules
///
/// The rules of the caller's scope, oldest first, with how often each matched and fired: a TEST
/// key's own and the global ones that apply to it; for the control token every rule, or one
/// application's with `application_id`.
#[utoipa::path(get, path = "/sandbox/faults", tag = "sandbox", operation_id = "listFaultRules", params(ApplicationScope),
    responses(
        (status = 200, body = FaultRules, description = "the rules, oldest first"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: `application_id` names no application")))]
pub async fn list(
    State(state): State<AppState>,
    caller: ControlCaller,
    ApiQuery(query): ApiQuery<ApplicationScope>,
) -> Result<Json<FaultRules>, ApiError> {
    let scope = scope(&state, &caller, query.application_id, false).await?;
    crate::faults::current(&state).await?;
    Ok(Json(FaultRules { data: state.faults.list(scope).iter().map(|r| view(r)).collect() }))
}

/// Remove a fault rule
///
/// A TEST key removes its own application's rules; the control token any rule.
#[utoipa::path(delete, path = "/sandbox/faults/{id}", tag = "sandbox", operation_id = "deleteFaultRule",
    params(("id" = String, Path, description = "rule id (`flt_…`)")),
    responses((status = 204, description = "the rule is gone"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: no such rule in the caller's scope")))]
pub async fn delete(
    State(state): State<AppState>,
    caller: ControlCaller,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let missing = || ApiError::not_found(ErrorCode::NotFound, "fault rule");
    crate::faults::current(&state).await?;
    let rule = state.faults.find(&id).ok_or_else(missing)?;
    if let Some(own) = caller.application_scope() {
        match &rule.application {
            Some((app, _)) if *app == own => {}
            Some(_) => return Err(missing()),
            None => return Err(ApiError::forbidden("a global fault rule belongs to the operator (the control token)")),
        }
    }
    crate::faults::uninstall(&state, vec![rule.id]).await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// Clear fault rules
///
/// Removes the rules of the caller's scope: a TEST key's own application's; for the control token
/// the global rules, or one application's with `application_id`. `POST /sandbox/reset` removes every rule.
#[utoipa::path(delete, path = "/sandbox/faults", tag = "sandbox", operation_id = "clearFaultRules", params(ApplicationScope),
    responses((status = 204, description = "the scope has no rules"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: `application_id` names no application")))]
pub async fn clear(
    State(state): State<AppState>,
    caller: ControlCaller,
    ApiQuery(query): ApiQuery<ApplicationScope>,
) -> Result<Response, ApiError> {
    let scope = scope(&state, &caller, query.application_id, true).await?;
    crate::faults::current(&state).await?;
    let ids = state.faults.list(scope).iter().map(|r| r.id).collect();
    crate::faults::uninstall(&state, ids).await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}
