//! `GET /health`: answers 200 once the sandbox serves requests; and
//! `GET /ready`, a load balancer's health check: 200 while this process's
//! database answers and holds the schema it serves, 503 while not.

use std::time::Duration;

use axum::Json;
use axum::extract::State;
use payctl_wire::sandbox::{Health, Ready};

use crate::error::ApiError;
use crate::state::AppState;

/// How long readiness waits for the database: a process whose database
/// takes longer is taken out of rotation rather than handed requests that
/// would wait as long.
pub const READY_WITHIN: Duration = Duration::from_secs(1);

/// Check the sandbox is up
///
/// Answers `ok` and the version while the sandbox serves requests; needs no credential.
#[utoipa::path(get, path = "/health", tag = "sandbox", operation_id = "getHealth", responses((status = 200, body = Health, description = "the sandbox is up")))]
pub async fn health() -> Json<Health> {
    Json(Health { status: "ok".to_owned(), version: env!("CARGO_PKG_VERSION").to_owned() })
}

/// Check the sandbox can serve
///
/// A load balancer's health check: 200 while this process's database answers within 1 s with the schema it
/// serves, else 503.
#[utoipa::path(get, path = "/ready", tag = "sandbox", operation_id = "getReady", responses(
    (status = 200, body = Ready, description = "the process can serve"),
    (status = 503, body = payctl_wire::error::ErrorEnvelope, description = "SERVICE_UNAVAILABLE: its database does not answer, or holds another schema")))]
pub async fn ready(State(state): State<AppState>) -> Result<Json<Ready>, ApiError> {
    let read = state.db.read(|conn| Ok(crate::store::settings::schema_version(conn)?));
    let schema = match tokio::time::timeout(READY_WITHIN, read).await {
        Ok(Ok(schema)) => schema,
        Ok(Err(refused)) => {
            return Err(ApiError::unavailable(format!("the database cannot be read: {}", refused.message)));
        }
        Err(_) => return Err(ApiError::unavailable("the database did not answer within 1 s")),
    };
    let serves = crate::db::LATEST_VERSION;
    if usize::try_from(schema).ok() != Some(serves) {
        return Err(ApiError::unavailable(format!(
            "the database holds schema version {schema}; this process serves version {serves}"
        )));
    }
    Ok(Json(Ready {
        status: "ready".to_owned(),
        version: env!("CARGO_PKG_VERSION").to_owned(),
        schema: u32::try_from(schema).unwrap_or(u32::MAX),
    }))
}
