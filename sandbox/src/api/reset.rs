//! `POST /sandbox/reset` (control token only): see [`crate::reset`].

use axum::extract::State;
use payctl_wire::sandbox::ResetDone;

use crate::auth::ControlCaller;
use crate::error::ApiError;
use crate::idempotency::{Committed, Idempotency};
use crate::state::AppState;

/// Reset the sandbox
///
/// Operator only: deletes everything created since seeding finished; seeded records, this start's
/// keys and the clock stay.
#[utoipa::path(post, path = "/sandbox/reset", tag = "sandbox", operation_id = "resetSandbox",
    responses((status = 200, body = ResetDone, description = "rows deleted per table")))]
pub async fn reset(
    State(state): State<AppState>,
    _operator: ControlCaller,
    Idempotency(claim): Idempotency,
) -> Result<Committed, ApiError> {
    crate::reset::reset(&state, claim).await
}
