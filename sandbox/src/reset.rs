//! `POST /sandbox/reset`: back to the state right after seeding, for test
//! isolation in CI.
//!
//! A reset point records, for every table, the highest key (rowid) at the moment
//! seeding finished (the demo data, then any `payctl sandbox --seed`
//! fixtures). A reset deletes every row above it in every table but the
//! keep-list, so tables added by later migrations are covered without
//! being named here. Rows that existed at the reset point stay as they are
//! now: a reset removes what was created afterwards, it does not undo
//! changes to seeded records (a seeded customer approved later stays
//! approved). The clock is kept: sandbox time never goes back.

use std::collections::BTreeMap;

use axum::http::StatusCode;
use payctl_wire::sandbox::ResetDone;

use crate::db::Tx;
use crate::db::sql::Conn;
use crate::error::ApiError;
use crate::idempotency::{self, Claim, Committed};
use crate::state::AppState;
use crate::store::{self, settings};

/// Where the reset point is kept (JSON: table -> highest rowid).
pub const RESET_POINT: &str = "reset.point";

/// Records the reset point: everything present now survives a reset.
pub fn mark(tx: &Tx<'_>) -> Result<(), ApiError> {
    let point = store::reset::marks(tx)?;
    let json = serde_json::to_string(&point).map_err(ApiError::internal)?;
    settings::set(tx, RESET_POINT, &json)?;
    Ok(())
}

/// Deletes every row created after the reset point; answers the number of
/// rows deleted per table (tables with none left out).
pub fn wipe(tx: &Conn<'_>) -> Result<BTreeMap<String, i64>, ApiError> {
    let point: BTreeMap<String, i64> =
        settings::get(tx, RESET_POINT)?.and_then(|json| serde_json::from_str(&json).ok()).unwrap_or_default();
    // A table unknown to the point did not exist then: all of it goes.
    store::reset::delete_above(tx, &point)
}

/// Resets a running sandbox: waits for queued request-log records (so none
/// from before the reset lands after it), wipes, and rebuilds the API key
/// index and the application clocks from what is left. The wipe runs
/// through the idempotency commit, so a reset sent again with its
/// `Idempotency-Key` (or racing with itself) deletes nothing more.
pub async fn reset(state: &AppState, claim: Option<Claim>) -> Result<Committed, ApiError> {
    state.request_log.caught_up().await;
    let now = state.clock.now();
    let (response, left) = idempotency::commit(state, claim, StatusCode::OK, move |tx| {
        let mut deleted = wipe(tx)?;
        // Every fault rule goes, seeded ones too: a reset sandbox answers as production would.
        let rules = store::fault_rules::delete_all(tx)?;
        if rules > 0 {
            *deleted.entry("fault_rules".to_owned()).or_default() += i64::try_from(rules).unwrap_or(i64::MAX);
        }
        let left = (store::api_keys::all_usable(tx)?, store::applications::clock_offsets(tx)?);
        Ok((ResetDone { deleted, now: now.to_rfc3339() }, left))
    })
    .await?;
    if let Some((keys, clocks)) = left {
        // Deleted applications' ids may be given out again: their clocks go too.
        state.clock.reload_apps(clocks);
        state.keys.clear();
        for key in keys {
            state.keys.insert(key);
        }
        state.faults.replace(Vec::new())?;
        state.request_log.changes().changed_all();
    }
    Ok(response)
}

/// Marks the reset point of a running sandbox, after seeding it.
#[derive(Clone)]
pub struct ResetPoint(pub(crate) AppState);

impl ResetPoint {
    pub async fn mark(&self) -> anyhow::Result<()> {
        self.0.request_log.caught_up().await;
        self.0.db.write(mark).await?;
        Ok(())
    }
}
