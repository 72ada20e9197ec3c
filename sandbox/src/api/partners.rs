//! Partners and sub-partners (spec 2.2, 4.7), authenticated by `X-API-Key`
//! and answering with the flat error codes (see `http::dialect`).
//!
//! A key acts for its application's partner. That partner may create
//! sub-partners, and read or update itself and its direct sub-partners;
//! any other existing partner is 403 FORBIDDEN, an unknown id 404
//! PARTNER_NOT_FOUND.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use payctl_wire::auth::{Partner, PartnerStatus};
use payctl_wire::partners::{CreatePartner, UpdatePartner};

use crate::auth::KeyCaller;
use crate::db::sql::Conn;
use crate::error::{ApiError, Checks};
use crate::http::extract::ApiJson;
use crate::idempotency::{self, Committed, Idempotency};
use crate::state::AppState;
use crate::store::{self, partners::NewPartner, partners::PartnerChanges};
use payctl_domain::email::is_email;

const NAME_MAX: usize = 256;
const BUSINESS_TYPE_MAX: usize = 64;

/// The internal id of a partner the caller may manage.
fn authorize(conn: &Conn<'_>, caller_partner: i64, public_id: &str) -> Result<i64, ApiError> {
    match store::owned::<Partner>(conn, (), public_id)? {
        (id, parent) if id == caller_partner || parent == Some(caller_partner) => Ok(id),
        _ => Err(ApiError::forbidden("a partner may manage only itself and its own sub-partners")),
    }
}

fn check_email(checks: &mut Checks, email: &str) {
    if checks.visible("email", email) && !is_email(email.trim()) {
        checks.push("email", "invalid", "must be a valid email address");
    }
}

/// Create a sub-partner
///
/// Creates a sub-partner of the caller's partner, `active` at once in the sandbox. Answers with the
/// flat error codes.
#[utoipa::path(post, path = "/v1/partners", tag = "partners", operation_id = "createPartner", request_body = CreatePartner,
    responses(
        (status = 201, body = Partner, description = "the new sub-partner"),
        (status = 400, body = payctl_wire::error::ErrorEnvelope, description = "VALIDATION_ERROR: every bad field in `error.details`"),
        (status = 409, body = payctl_wire::error::ErrorEnvelope, description = "DUPLICATE_EMAIL: another partner has this email"),
    ))]
pub async fn create(
    State(state): State<AppState>,
    caller: KeyCaller,
    Idempotency(claim): Idempotency,
    ApiJson(body): ApiJson<CreatePartner>,
) -> Result<Committed, ApiError> {
    let mut checks = Checks::new();
    checks.text("name", &body.name, NAME_MAX);
    check_email(&mut checks, &body.email);
    checks.optional_text("businessType", body.business_type.as_deref(), BUSINESS_TYPE_MAX);
    checks.finish()?;
    // Partners belong to no application: their times are on the global clock.
    let now = state.clock.now();
    let parent = caller.partner_id;
    idempotency::commit_json(&state, claim, StatusCode::CREATED, move |tx| {
        let new = NewPartner {
            name: body.name.trim(),
            email: body.email.trim(),
            business_type: body.business_type.as_deref().map(str::trim),
            parent_id: Some(parent),
            status: PartnerStatus::Active,
        };
        Ok(store::partners::insert(tx, &new, now)?.1)
    })
    .await
}

/// Get a partner
///
/// The caller's own partner or one of its sub-partners. Answers with the flat error codes.
#[utoipa::path(get, path = "/v1/partners/{id}", tag = "partners", operation_id = "getPartner",
    params(("id" = String, Path, description = "partner id")), responses(
        (status = 200, body = Partner, description = "the partner"),
        (status = 403, body = payctl_wire::error::ErrorEnvelope, description = "FORBIDDEN: the partner is neither the caller's nor one of its sub-partners"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "PARTNER_NOT_FOUND: no partner has this id"),
    ))]
pub async fn get(
    State(state): State<AppState>,
    caller: KeyCaller,
    Path(id): Path<String>,
) -> Result<Json<Partner>, ApiError> {
    let me = caller.partner_id;
    let partner = state
        .db
        .read(move |conn| {
            let id = authorize(conn, me, &id)?;
            store::partners::get(conn, id)
        })
        .await?;
    partner.map(Json).ok_or_else(store::missing::<Partner>)
}

/// Update a partner
///
/// Updates the fields sent on the caller's own partner or a sub-partner; the others stay unchanged,
/// and `updatedAt` moves only when a value changes. Answers with the flat error codes.
#[utoipa::path(put, path = "/v1/partners/{id}", tag = "partners", operation_id = "updatePartner", request_body = UpdatePartner,
    params(("id" = String, Path, description = "partner id: the caller's own or a sub-partner's")),
    responses(
        (status = 200, body = Partner, description = "the full partner"),
        (status = 400, body = payctl_wire::error::ErrorEnvelope, description = "VALIDATION_ERROR: every bad field in `error.details`"),
        (status = 401, body = payctl_wire::error::ErrorEnvelope, description = "UNAUTHORIZED: the X-API-Key header is missing, or the key is unknown, expired or revoked"),
        (status = 403, body = payctl_wire::error::ErrorEnvelope, description = "FORBIDDEN: the partner is neither the caller's nor one of its sub-partners"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "PARTNER_NOT_FOUND: no partner has this id"),
        (status = 409, body = payctl_wire::error::ErrorEnvelope, description = "DUPLICATE_EMAIL: another partner has this email"),
    ))]
pub async fn update(
    State(state): State<AppState>,
    caller: KeyCaller,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<UpdatePartner>,
) -> Result<Json<Partner>, ApiError> {
    let mut checks = Checks::new();
    checks.optional_text("name", body.name.as_deref(), NAME_MAX);
    if let Some(email) = &body.email {
        check_email(&mut checks, email);
    }
    checks.optional_text("businessType", body.business_type.as_deref(), BUSINESS_TYPE_MAX);
    let me = caller.partner_id;
    // Partners belong to no application: their times are on the global clock.
    let now = state.clock.now();
    // An unknown or foreign id answers before the field rules do: a call
    // that may not be made is refused as such, whatever its body.
    let target = state.db.read(move |conn| authorize(conn, me, &id)).await?;
    checks.finish()?;
    let partner = state
        .db
        .write(move |tx| {
            let changes = PartnerChanges {
                name: body.name.as_deref().map(str::trim),
                email: body.email.as_deref().map(str::trim),
                business_type: body.business_type.as_deref().map(str::trim),
            };
            store::partners::update(tx, target, &changes, now)
        })
        .await?;
    Ok(Json(partner))
}
