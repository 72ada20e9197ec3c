//! Webhook endpoints (spec 2.12, 4.10) and their deliveries (spec 6):
//! register, read, change, delete, rotate the secret, list deliveries with
//! every attempt, and queue a redelivery.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use payctl_wire::page::Page;
use payctl_wire::webhooks::WebhookStatus;
use payctl_wire::webhooks::{CreateWebhook, Delivery, UpdateWebhook, WebhookEndpoint, WebhookWithSecret};

use crate::auth::KeyCaller;
use crate::error::{ApiError, Checks};
use crate::http::extract::{ApiJson, ApiQuery};
use crate::http::pagination::{PageQuery, PageRequest};
use crate::idempotency::{self, Committed, Idempotency};
use crate::state::AppState;
use crate::store;
use crate::webhooks::endpoints::{self, NewWebhook, WebhookChange};
use crate::webhooks::{self, MAX_DESCRIPTION};

/// A description as stored: trimmed, and absent when empty.
fn description(raw: Option<&str>) -> Option<String> {
    raw.map(str::trim).filter(|d| !d.is_empty()).map(str::to_owned)
}

fn check_description(checks: &mut Checks, raw: Option<&str>) {
    if raw.is_some_and(|d| d.chars().count() > MAX_DESCRIPTION) {
        checks.push("description", "too_long", format!("must be at most {MAX_DESCRIPTION} characters"));
    }
}

/// Register a webhook endpoint
///
/// Registers an endpoint for a set of event types. The answer carries the signing secret this once;
/// deliveries are signed with it in `X-Service-Signature`.
#[utoipa::path(post, path = "/v1/webhooks", tag = "webhooks", operation_id = "createWebhook", request_body = CreateWebhook,
    responses(
        (status = 201, body = WebhookWithSecret, description = "the endpoint, with its secret shown this once"),
        (status = 400, body = payctl_wire::error::ErrorEnvelope, description = "VAL_0001: url, description or events invalid"),
        (status = 409, body = payctl_wire::error::ErrorEnvelope, description = "WEBHOOK_LIMIT: the application has 10 endpoints"),
    ))]
pub async fn create(
    State(state): State<AppState>,
    caller: KeyCaller,
    Idempotency(claim): Idempotency,
    ApiJson(body): ApiJson<CreateWebhook>,
) -> Result<Committed, ApiError> {
    let mut checks = Checks::new();
    webhooks::check_url(&mut checks, &body.url);
    check_description(&mut checks, body.description.as_deref());
    let events = webhooks::check_events(&mut checks, &body.events);
    checks.finish()?;
    let new =
        NewWebhook { url: body.url.trim().to_owned(), description: description(body.description.as_deref()), events };
    let (app, now, master) =
        (caller.application_id, state.clock.app_now(caller.application_id), state.master_key.clone());
    let created = idempotency::commit_secret(&state, claim, StatusCode::CREATED, move |tx| {
        Ok((endpoints::register(tx, &master, app, &new, now)?, ()))
    })
    .await?;
    Ok(created.0)
}

/// List webhook endpoints
///
/// The application's endpoints, newest first, secrets masked.
#[utoipa::path(get, path = "/v1/webhooks", tag = "webhooks", operation_id = "listWebhooks", params(PageQuery),
    responses((status = 200, body = Page<WebhookEndpoint>, description = "the application's endpoints, newest first, secrets masked")))]
pub async fn list(
    State(state): State<AppState>,
    caller: KeyCaller,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Json<Page<WebhookEndpoint>>, ApiError> {
    let page = PageRequest::parse(&query)?;
    let application_id = caller.application_id;
    Ok(Json(state.db.read(move |conn| store::webhooks::list(conn, application_id, &page)).await?))
}

/// Get a webhook endpoint
///
/// One endpoint of the application, its secret masked.
#[utoipa::path(get, path = "/v1/webhooks/{id}", tag = "webhooks", operation_id = "getWebhook",
    params(("id" = String, Path, description = "webhook endpoint id")),
    responses(
        (status = 200, body = WebhookEndpoint, description = "the endpoint, secret masked"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: unknown endpoint, or another application's"),
    ))]
pub async fn get(
    State(state): State<AppState>,
    caller: KeyCaller,
    Path(id): Path<String>,
) -> Result<Json<WebhookEndpoint>, ApiError> {
    let application_id = caller.application_id;
    Ok(Json(state.db.read(move |conn| store::owned::<WebhookEndpoint>(conn, application_id, &id).map(|e| e.1)).await?))
}

/// Update a webhook endpoint
///
/// Changes any of url, events, status and description, with the rules of creation. Deliveries of a
/// disabled endpoint wait until it is enabled.
#[utoipa::path(patch, path = "/v1/webhooks/{id}", tag = "webhooks", operation_id = "updateWebhook", request_body = UpdateWebhook,
    params(("id" = String, Path, description = "webhook endpoint id")),
    responses(
        (status = 200, body = WebhookEndpoint, description = "the updated endpoint"),
        (status = 400, body = payctl_wire::error::ErrorEnvelope, description = "VAL_0001: url, description, events or status invalid"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: unknown endpoint, or another application's"),
    ))]
pub async fn update(
    State(state): State<AppState>,
    caller: KeyCaller,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<UpdateWebhook>,
) -> Result<Json<WebhookEndpoint>, ApiError> {
    let mut checks = Checks::new();
    if let Some(url) = &body.url {
        webhooks::check_url(&mut checks, url);
    }
    check_description(&mut checks, body.description.as_deref());
    let events = body.events.as_ref().map(|e| webhooks::check_events(&mut checks, e));
    let status = body.status.as_deref().and_then(|status| webhooks::check_status(&mut checks, status));
    checks.finish()?;
    let change = WebhookChange {
        url: body.url.map(|url| url.trim().to_owned()),
        description: body.description.is_some().then(|| description(body.description.as_deref())),
        events,
        status,
    };
    let (app, now) = (caller.application_id, state.clock.app_now(caller.application_id));
    let updated = state.db.write(move |tx| endpoints::change(tx, app, &id, change, now)).await?;
    if updated.status == WebhookStatus::Enabled {
        // Deliveries held while it was disabled may be due.
        state.db.outbox().notify_one();
    }
    Ok(Json(updated))
}

/// Delete a webhook endpoint
///
/// Deletes the endpoint; its pending deliveries stop with it.
#[utoipa::path(delete, path = "/v1/webhooks/{id}", tag = "webhooks", operation_id = "deleteWebhook",
    params(("id" = String, Path, description = "webhook endpoint id")),
    responses(
        (status = 204, description = "deleted"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: unknown endpoint, or another application's"),
    ))]
pub async fn delete(
    State(state): State<AppState>,
    caller: KeyCaller,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let application_id = caller.application_id;
    state
        .db
        .write(move |tx| {
            let (internal_id, _) = store::owned::<WebhookEndpoint>(tx, application_id, &id)?;
            Ok(store::webhooks::delete(tx, internal_id)?)
        })
        .await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// Rotate a webhook endpoint's secret
///
/// Replaces the signing secret; the old one signs nothing from now on. The answer carries the new
/// secret this once.
#[utoipa::path(post, path = "/v1/webhooks/{id}/secret/rotate", tag = "webhooks", operation_id = "rotateWebhookSecret",
    params(("id" = String, Path, description = "webhook endpoint id")),
    responses(
        (status = 200, body = WebhookWithSecret, description = "the endpoint with its new secret, shown this once"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: unknown endpoint, or another application's"),
    ))]
pub async fn rotate(
    State(state): State<AppState>,
    caller: KeyCaller,
    Idempotency(claim): Idempotency,
    Path(id): Path<String>,
) -> Result<Committed, ApiError> {
    let (app, now, master) =
        (caller.application_id, state.clock.app_now(caller.application_id), state.master_key.clone());
    let rotated = idempotency::commit_secret(&state, claim, StatusCode::OK, move |tx| {
        Ok((endpoints::rotate(tx, &master, app, &id, now)?, ()))
    })
    .await?;
    Ok(rotated.0)
}

/// List a webhook endpoint's deliveries
///
/// The endpoint's deliveries, newest first, each with all its attempts.
#[utoipa::path(get, path = "/v1/webhooks/{id}/deliveries", tag = "webhooks", operation_id = "listWebhookDeliveries",
    params(("id" = String, Path, description = "webhook endpoint id"), PageQuery),
    responses(
        (status = 200, body = Page<Delivery>, description = "deliveries, newest first"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: unknown endpoint, or another application's"),
    ))]
pub async fn deliveries(
    State(state): State<AppState>,
    caller: KeyCaller,
    Path(id): Path<String>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Json<Page<Delivery>>, ApiError> {
    let page = PageRequest::parse(&query)?;
    let application_id = caller.application_id;
    Ok(Json(
        state
            .db
            .read(move |conn| {
                let (endpoint_id, _) = store::owned::<WebhookEndpoint>(conn, application_id, &id)?;
                store::webhooks::deliveries(conn, endpoint_id, &page)
            })
            .await?,
    ))
}

/// Redeliver a webhook delivery
///
/// Queues an attempt now. A finished delivery (succeeded or failed) gets exactly one more attempt;
/// a pending one has its next retry moved to now.
#[utoipa::path(post, path = "/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver", tag = "webhooks", operation_id = "redeliverWebhookDelivery",
    params(("id" = String, Path, description = "webhook endpoint id"),
        ("delivery_id" = String, Path, description = "delivery id")),
    responses(
        (status = 202, body = Delivery, description = "the delivery, pending, its next attempt due now"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: unknown endpoint or delivery, or another application's"),
    ))]
pub async fn redeliver(
    State(state): State<AppState>,
    caller: KeyCaller,
    Idempotency(claim): Idempotency,
    Path((id, delivery_id)): Path<(String, String)>,
) -> Result<Committed, ApiError> {
    let now = state.clock.app_now(caller.application_id);
    let application_id = caller.application_id;
    let response = idempotency::commit_json(&state, claim, StatusCode::ACCEPTED, move |tx| {
        let (endpoint_id, _) = store::owned::<WebhookEndpoint>(tx, application_id, &id)?;
        let (internal_id, _) = store::owned::<Delivery>(tx, endpoint_id, &delivery_id)?;
        store::webhooks::redeliver(tx, internal_id, now)?;
        Ok(store::owned::<Delivery>(tx, endpoint_id, &delivery_id)?.1)
    })
    .await?;
    state.db.outbox().notify_one();
    Ok(response)
}
