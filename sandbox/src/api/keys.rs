//! API keys of an application (spec 2.4, 4.1, 5): create (the secret is
//! shown once), list (never a secret), revoke.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use payctl_domain::time::Timestamp;
use payctl_wire::applications::{ApiKey, Application, ApplicationStatus, CreateApiKey, CreatedApiKey};
use payctl_wire::error::ErrorCode;
use payctl_wire::page::Page;

use crate::auth::{DashboardUser, api_keys};
use crate::db::sql::Conn;
use crate::error::{ApiError, Checks};
use crate::http::extract::{ApiQuery, OptionalJson};
use crate::http::pagination::{PageQuery, PageRequest};
use crate::idempotency::{self, Committed, Idempotency};
use crate::state::AppState;
use crate::store::{self, api_keys::KeyApplication};

fn owned_application(conn: &Conn<'_>, partner_id: i64, id: &str) -> Result<KeyApplication, ApiError> {
    let (app_id, app) = store::owned::<Application>(conn, partner_id, id)?;
    Ok(KeyApplication {
        id: app_id,
        public_id: app.id,
        partner_id,
        environment: app.environment,
        active: app.status == ApplicationStatus::Active,
    })
}

/// Create an API key
///
/// Creates a key for the application. The body may be empty; `expires_at` (ISO 8601, in the future
/// of the sandbox clock) sets an expiry, `name` a label. The answer carries `client_secret`, the
/// value for `X-API-Key`, this once.
#[utoipa::path(post, path = "/v1/applications/{id}/keys", tag = "applications", operation_id = "createApiKey",
    params(("id" = String, Path, description = "application id")),
    request_body(content = Option<CreateApiKey>, description = "may be empty"),
    responses(
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: unknown application, or another partner's"),
        (status = 201, body = CreatedApiKey, description = "the key, with its secret shown this once"),
        (status = 409, body = payctl_wire::error::ErrorEnvelope, description = "CONFLICT: the application is deactivated"),
    ))]
pub async fn create(
    State(state): State<AppState>,
    user: DashboardUser,
    Idempotency(claim): Idempotency,
    Path(id): Path<String>,
    OptionalJson(body): OptionalJson<CreateApiKey>,
) -> Result<Committed, ApiError> {
    let partner = user.partner.ok_or_else(store::missing::<Application>)?;
    let clocks = state.clock.clone();
    let mut checks = Checks::new();
    checks.optional_text("name", body.name.as_deref(), 128);
    let expires_at = match body.expires_at.as_deref() {
        None => None,
        Some(raw) => match Timestamp::parse_rfc3339(raw) {
            Some(t) => Some(t),
            None => {
                checks.push("expires_at", "invalid", "must be an ISO 8601 timestamp with a time zone");
                None
            }
        },
    };
    checks.finish()?;
    let (response, stored) = idempotency::commit_secret(&state, claim, StatusCode::CREATED, move |tx| {
        let app = owned_application(tx, partner.id, &id)?;
        // Keys expire on their application's clock.
        let now = clocks.app_now(app.id);
        if expires_at.is_some_and(|t| t <= now) {
            return Err(ApiError::invalid_field(
                "expires_at",
                "out_of_range",
                format!("must be in the future of the application's clock (now {now})"),
            ));
        }
        if !app.active {
            return Err(ApiError::conflict(
                ErrorCode::Conflict,
                "the application is deactivated; its keys cannot be used",
            ));
        }
        let secret = api_keys::mint(app.environment);
        store::api_keys::insert(tx, &app, secret, body.name.as_deref().map(str::trim), expires_at, now)
    })
    .await?;
    if let Some(stored) = stored {
        state.keys.insert(stored);
    }
    Ok(response)
}

/// List API keys
///
/// The application's keys, newest first, without their secrets.
#[utoipa::path(get, path = "/v1/applications/{id}/keys", tag = "applications", operation_id = "listApiKeys",
    params(("id" = String, Path, description = "application id"), PageQuery),
    responses(
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: unknown application, or another partner's"),(status = 200, body = Page<ApiKey>, description = "the application's keys, newest first, without secrets")))]
pub async fn list(
    State(state): State<AppState>,
    user: DashboardUser,
    Path(id): Path<String>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Json<Page<ApiKey>>, ApiError> {
    let page = PageRequest::parse(&query)?;
    let partner = user.partner.ok_or_else(store::missing::<Application>)?;
    let clocks = state.clock.clone();
    let keys = state
        .db
        .read(move |conn| {
            let app = owned_application(conn, partner.id, &id)?;
            store::api_keys::list(conn, app.id, app.environment, &page, clocks.app_now(app.id))
        })
        .await?;
    Ok(Json(keys))
}

/// Revoke an API key
///
/// Revokes a key at once: it answers 401 ATH_0001 from then on. A key revoked already answers 409
/// KEY_REVOKED.
#[utoipa::path(delete, path = "/v1/applications/{id}/keys/{key_id}", tag = "applications", operation_id = "revokeApiKey",
    params(("id" = String, Path, description = "application id"), ("key_id" = String, Path, description = "api_key_id")),
    responses(
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: unknown application or key, or another partner's"),
        (status = 204, description = "revoked"),
        (status = 409, body = payctl_wire::error::ErrorEnvelope, description = "KEY_REVOKED: the key was already revoked"),
    ))]
pub async fn revoke(
    State(state): State<AppState>,
    user: DashboardUser,
    Path((id, key_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let partner = user.partner.ok_or_else(store::missing::<Application>)?;
    let clocks = state.clock.clone();
    let revoked = state
        .db
        .write(move |tx| {
            let app = owned_application(tx, partner.id, &id)?;
            let now = clocks.app_now(app.id);
            let (internal_id, _) = store::owned::<ApiKey>(tx, (app.id, app.environment, now), &key_id)?;
            if !store::api_keys::revoke(tx, internal_id, now)? {
                return Err(ApiError::conflict(ErrorCode::KeyRevoked, "the API key is already revoked"));
            }
            Ok(internal_id)
        })
        .await?;
    state.keys.remove(revoked);
    Ok(StatusCode::NO_CONTENT.into_response())
}
