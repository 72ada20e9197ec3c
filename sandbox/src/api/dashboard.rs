//! `POST /v1/auth/register` and `GET /v1/auth/me`: the signed-in user and
//! the partner they register.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use payctl_wire::auth::{Me, Partner, PartnerStatus, RegisterRequest};
use payctl_wire::error::ErrorCode;

use crate::auth::DashboardUser;
use crate::error::{ApiError, Checks};
use crate::http::extract::ApiJson;
use crate::idempotency::{self, Committed, Idempotency};
use crate::state::AppState;
use crate::store::{self, partners::NewPartner};
use payctl_domain::email::is_email;

/// Register the user's company as a partner
///
/// Registers the signed-in user's company as a partner (status `active` at once in the sandbox) and
/// links the user to it.
#[utoipa::path(post, path = "/v1/auth/register", tag = "dashboard", operation_id = "registerPartner", request_body = RegisterRequest,
    responses(
        (status = 201, body = Partner, description = "the partner, now linked to the caller"),
        (status = 409, body = payctl_wire::error::ErrorEnvelope, description = "DUPLICATE_EMAIL: a partner has this email; CONFLICT: the user already has a partner"),
    ))]
pub async fn register(
    State(state): State<AppState>,
    user: DashboardUser,
    Idempotency(claim): Idempotency,
    ApiJson(body): ApiJson<RegisterRequest>,
) -> Result<Committed, ApiError> {
    let mut checks = Checks::new();
    checks.text("company_name", &body.company_name, 256);
    if checks.visible("email", &body.email) && !is_email(&body.email) {
        checks.push("email", "invalid", "must be a valid email address");
    }
    checks.finish()?;
    let now = state.clock.now();
    idempotency::commit_json(&state, claim, StatusCode::CREATED, move |tx| {
        if store::users::find_by_public_id(tx, &user.public_id)?.and_then(|u| u.partner).is_some() {
            return Err(ApiError::conflict(ErrorCode::Conflict, "this user has already registered a partner"));
        }
        let (partner_id, partner) = store::partners::insert(
            tx,
            &NewPartner {
                name: body.company_name.trim(),
                email: body.email.trim(),
                business_type: None,
                parent_id: None,
                status: PartnerStatus::Active,
            },
            now,
        )?;
        store::users::set_partner(tx, user.user_id, partner_id)?;
        Ok(partner)
    })
    .await
}

/// Get the signed-in user
///
/// The dashboard user behind the bearer token, and its partner (null until it registers one).
#[utoipa::path(get, path = "/v1/auth/me", tag = "dashboard", operation_id = "getCurrentUser", responses((status = 200, body = Me, description = "the signed-in user and their partner")))]
pub async fn me(State(state): State<AppState>, user: DashboardUser) -> Result<Json<Me>, ApiError> {
    let partner = match user.partner {
        None => None,
        Some(p) => state.db.read(move |conn| store::partners::get(conn, p.id)).await?,
    };
    Ok(Json(Me { user_id: user.public_id, username: user.username, partner }))
}
