//! Moving sandbox time forward: one TEST application's clock, or the
//! global one that every application's follows. An application's timed
//! moves and pending webhook retries move with its clock, so what was due
//! in an hour is still due in an hour of its time; no clock passes
//! [`LATEST_MILLIS`].

use payctl_domain::time::{LATEST_MILLIS, Timestamp};

use crate::db::sql::Conn;
use crate::error::ApiError;
use crate::store::{self, settings};

/// The longest single advance: a year.
pub const MAX_ADVANCE_SECONDS: i64 = 31_536_000;

/// 400 unless `seconds` is a forward move of at most a year.
pub fn check_seconds(seconds: i64) -> Result<(), ApiError> {
    if (1..=MAX_ADVANCE_SECONDS).contains(&seconds) {
        return Ok(());
    }
    Err(ApiError::invalid_field(
        "seconds",
        "out_of_range",
        format!("must be an integer from 1 to {MAX_ADVANCE_SECONDS}"),
    ))
}

/// Moves application `app`'s clock (`None`: the global one) `seconds`
/// ahead in the caller's write, with `global` the global offset in force;
/// answers the new offset (the application's own, or the global one).
/// Checked inside the write that moves it, so two advances at once cannot
/// pass [`LATEST_MILLIS`] together.
pub fn advance(tx: &Conn<'_>, app: Option<i64>, seconds: i64, global: i64) -> Result<i64, ApiError> {
    let delta = seconds * 1000;
    match app {
        Some(id) => {
            let offset = store::applications::advance_clock(tx, id, delta)?;
            within_latest(global + offset, seconds)?;
            store::moves::shift_application(tx, id, delta)?;
            store::webhooks::shift_application(tx, id, delta)?;
            Ok(offset)
        }
        None => {
            let next = settings::advance_global_clock(tx, delta)?;
            // Every application's clock moves with the global one.
            within_latest(next + store::applications::max_clock_offset(tx)?, seconds)?;
            Ok(next)
        }
    }
}

/// Refuses an advance after which a clock, `offset_millis` ahead of real
/// time, would pass [`LATEST_MILLIS`].
fn within_latest(offset_millis: i64, seconds: i64) -> Result<(), ApiError> {
    let after = crate::clock::real_now().millis().saturating_add(offset_millis);
    if after <= LATEST_MILLIS {
        return Ok(());
    }
    let room = ((LATEST_MILLIS - (after - seconds * 1000)) / 1000).max(0);
    Err(ApiError::invalid_field(
        "seconds",
        "out_of_range",
        format!(
            "would take a clock past {}, the latest time the sandbox keeps; it can move at most {room} more seconds",
            Timestamp::from_millis(LATEST_MILLIS)
        ),
    ))
}
