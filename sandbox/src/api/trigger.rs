//! `POST /sandbox/events/trigger`: records a realistic event of any type
//! through the ordinary outbox, so it reaches the application's subscribed
//! endpoints exactly as an event of a real flow would.

use axum::extract::State;
use axum::http::StatusCode;
use payctl_wire::events::EventType;
use payctl_wire::webhooks::{TriggerEvent, TriggeredEvent};

use crate::auth::ControlCaller;
use crate::auth::principal::Access;
use crate::error::{ApiError, Checks};
use crate::events::{self, Subject};
use crate::http::extract::ApiJson;
use crate::idempotency::{self, Committed, Idempotency};
use crate::state::AppState;
use crate::store;
use crate::webhooks::samples;

const MAX_RESOURCE_ID: usize = 128;

/// Why the control token must name an application.
const WHOSE: &str = "the control token must say whose endpoints receive the event";

/// Trigger a webhook event
///
/// Sandbox only: records one event with sample data for the chosen application and queues a
/// delivery to each of its enabled endpoints subscribed to it.
#[utoipa::path(post, path = "/sandbox/events/trigger", tag = "sandbox", operation_id = "triggerEvent", request_body = TriggerEvent,
    responses(
        (status = 201, body = TriggeredEvent, description = "the recorded event and the number of deliveries queued"),
        (status = 400, body = payctl_wire::error::ErrorEnvelope, description = "VAL_0001: unknown event, bad resource_id, application_id missing"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: application_id unknown (or not the key's)"),
    ))]
pub async fn trigger(
    State(state): State<AppState>,
    caller: ControlCaller,
    Idempotency(claim): Idempotency,
    ApiJson(body): ApiJson<TriggerEvent>,
) -> Result<Committed, ApiError> {
    let mut checks = Checks::new();
    let event = EventType::parse(&body.event);
    if event.is_none() {
        let names: Vec<&str> = EventType::ALL.iter().map(|e| e.as_str()).collect();
        checks.push("event", "invalid", format!("must be one of: {}", names.join(", ")));
    }
    if let Some(id) = &body.resource_id
        && (id.is_empty()
            || id.len() > MAX_RESOURCE_ID
            || !id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'))
    {
        checks.push("resource_id", "invalid", "must be 1 to 128 letters, digits, '-' or '_'");
    }
    if matches!(caller, ControlCaller::Operator) && body.application_id.is_none() {
        checks.push("application_id", "required", WHOSE);
    }
    let event = checks.conclude(event)?;
    let clocks = state.clock.clone();
    idempotency::commit_json(&state, claim, StatusCode::CREATED, move |tx| {
        let application_id = caller
            .target(tx, body.application_id.as_deref(), Access::Read)?
            .ok_or_else(|| ApiError::invalid_field("application_id", "required", WHOSE))?
            .id;
        let now = clocks.app_now(application_id);
        let kind = samples::resource_kind(event);
        let resource_id = body.resource_id.unwrap_or_else(|| samples::resource_id(event));
        let data = samples::data(event, &resource_id, now);
        let id = events::record(tx, application_id, event, Subject { kind, id: &resource_id }, &data, now)?;
        let deliveries = store::deliveries::count_for_event(tx, &id)?;
        Ok(TriggeredEvent {
            id,
            event: event.as_str().to_owned(),
            resource_type: kind.to_owned(),
            resource_id,
            data,
            created_at: now.to_rfc3339(),
            deliveries,
        })
    })
    .await
}
