//! Applications of the caller's partner (spec 4.1): create, list, get,
//! deactivate. Another partner's application is 404, never 403, so ids do
//! not leak across partners.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use payctl_wire::applications::{Application, CreateApplication};
use payctl_wire::page::Page;

use crate::auth::DashboardUser;
use crate::error::{ApiError, Checks};
use crate::http::extract::{ApiJson, ApiQuery};
use crate::http::pagination::{PageQuery, PageRequest};
use crate::idempotency::{self, Committed, Idempotency};
use crate::state::AppState;
use crate::store;

/// Create an application
///
/// Creates an application of the signed-in user's partner in one environment (TEST or LIVE). Its
/// API keys are created with `POST /v1/applications/{id}/keys`.
#[utoipa::path(post, path = "/v1/applications", tag = "applications", operation_id = "createApplication", request_body = CreateApplication,
    responses((status = 201, body = Application, description = "the new application")))]
pub async fn create(
    State(state): State<AppState>,
    user: DashboardUser,
    Idempotency(claim): Idempotency,
    ApiJson(body): ApiJson<CreateApplication>,
) -> Result<Committed, ApiError> {
    let partner = user.partner()?.clone();
    let mut checks = Checks::new();
    checks.text("name", &body.name, 128);
    checks.finish()?;
    let now = state.clock.now();
    idempotency::commit_json(&state, claim, StatusCode::CREATED, move |tx| {
        Ok(store::applications::insert(tx, partner.id, body.name.trim(), body.environment, now)?.1)
    })
    .await
}

/// List applications
///
/// The partner's applications, newest first; empty for a user without a partner.
#[utoipa::path(get, path = "/v1/applications", tag = "applications", operation_id = "listApplications", params(PageQuery),
    responses((status = 200, body = Page<Application>, description = "the partner's applications, newest first")))]
pub async fn list(
    State(state): State<AppState>,
    user: DashboardUser,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Json<Page<Application>>, ApiError> {
    let page = PageRequest::parse(&query)?;
    let Some(partner) = user.partner else {
        return Ok(Json(Page { data: vec![], next_cursor: None }));
    };
    Ok(Json(state.db.read(move |conn| store::applications::list(conn, partner.id, &page)).await?))
}

/// Get an application
///
/// One application of the signed-in user's partner.
#[utoipa::path(get, path = "/v1/applications/{id}", tag = "applications", operation_id = "getApplication",
    params(("id" = String, Path, description = "application id")),
    responses(
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: unknown application, or another partner's"),(status = 200, body = Application, description = "the application")))]
pub async fn get(
    State(state): State<AppState>,
    user: DashboardUser,
    Path(id): Path<String>,
) -> Result<Json<Application>, ApiError> {
    let partner = user.partner.ok_or_else(store::missing::<Application>)?;
    let (_, app) = state.db.read(move |conn| store::owned::<Application>(conn, partner.id, &id)).await?;
    Ok(Json(app))
}

/// Deactivate an application
///
/// Deactivates an application: its keys then answer 403 ATH_0002. Calling it again is harmless and
/// returns the application unchanged. There is no reactivation.
#[utoipa::path(post, path = "/v1/applications/{id}/deactivate", tag = "applications", operation_id = "deactivateApplication",
    params(("id" = String, Path, description = "application id")),
    responses(
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: unknown application, or another partner's"),(status = 200, body = Application, description = "the deactivated application")))]
pub async fn deactivate(
    State(state): State<AppState>,
    user: DashboardUser,
    Idempotency(claim): Idempotency,
    Path(id): Path<String>,
) -> Result<Committed, ApiError> {
    let partner = user.partner.ok_or_else(store::missing::<Application>)?;
    let now = state.clock.now();
    let (response, app_id) = idempotency::commit(&state, claim, StatusCode::OK, move |tx| {
        let (app_id, _) = store::owned::<Application>(tx, partner.id, &id)?;
        store::applications::deactivate(tx, app_id, now)?;
        let (_, app) = store::owned::<Application>(tx, partner.id, &id)?;
        Ok((app, app_id))
    })
    .await?;
    if let Some(app_id) = app_id {
        state.keys.set_application_active(app_id, false);
    }
    Ok(response)
}
