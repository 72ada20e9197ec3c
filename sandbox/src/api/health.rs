//! `GET /health`: answers 200 once the sandbox serves requests.

use axum::Json;
use payctl_wire::sandbox::Health;

/// Check the sandbox is up
///
/// Answers `ok` and the version while the sandbox serves requests; needs no credential.
#[utoipa::path(get, path = "/health", tag = "sandbox", operation_id = "getHealth", responses((status = 200, body = Health, description = "the sandbox is up")))]
pub async fn health() -> Json<Health> {
    Json(Health { status: "ok".to_owned(), version: env!("CARGO_PKG_VERSION").to_owned() })
}
