//! Rate overrides (`rate_overrides`): SQL only. Which rate applies is
//! `quoting::rate`'s rule.
//!
//! An override belongs to one application, or (`application_id` NULL) to
//! every application: the operator's.

use payctl_domain::decimal::Decimal;
use payctl_domain::time::Timestamp;
use rusqlite::params;

use crate::db::sql::{Conn, OptionalExtension};
use crate::error::ApiError;
use crate::store::typed;

/// One stored override.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Override {
    /// `None`: the operator's override for every application.
    pub application_id: Option<i64>,
    pub source: String,
    pub destination: String,
    pub rate: Decimal,
}

/// The override of one pair in one scope (`None`: every application).
pub fn get(
    conn: &Conn<'_>,
    application_id: Option<i64>,
    source: &str,
    destination: &str,
) -> Result<Option<Decimal>, ApiError> {
    Ok(conn
        .query_row_cached(
            "SELECT rate FROM rate_overrides WHERE application_id IS NOT DISTINCT FROM ?1 AND source = ?2 AND destination = ?3",
            params![application_id, source, destination],
            |r| typed(r, 0, "rate_overrides.rate"),
        )
        .optional()?)
}

/// The overrides an application sees (its own and the global ones), or
/// with `None` the global ones only.
pub fn visible(conn: &Conn<'_>, application_id: Option<i64>) -> Result<Vec<Override>, ApiError> {
    Ok(conn
        .prepare_cached(
            "SELECT application_id, source, destination, rate FROM rate_overrides
             WHERE application_id IS NULL OR application_id IS NOT DISTINCT FROM ?1 ORDER BY source, destination, application_id",
        )?
        .query_map([application_id], |r| {
            Ok(Override {
                application_id: r.get(0)?,
                source: r.get(1)?,
                destination: r.get(2)?,
                rate: typed(r, 3, "rate_overrides.rate")?,
            })
        })?
        .collect::<Result<_, _>>()?)
}

pub fn set(
    conn: &Conn<'_>,
    application_id: Option<i64>,
    source: &str,
    destination: &str,
    rate: Decimal,
    now: Timestamp,
) -> Result<(), ApiError> {
    conn.execute_cached(
        "INSERT INTO rate_overrides (application_id, source, destination, rate, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (COALESCE(application_id, 0), source, destination)
         DO UPDATE SET rate = excluded.rate, updated_at = excluded.updated_at",
        params![application_id, source, destination, rate, now.millis()],
    )?;
    Ok(())
}

/// Removes an override of one scope; returns whether there was one.
pub fn clear(conn: &Conn<'_>, application_id: Option<i64>, source: &str, destination: &str) -> Result<bool, ApiError> {
    Ok(conn.execute_cached(
        "DELETE FROM rate_overrides WHERE application_id IS NOT DISTINCT FROM ?1 AND source = ?2 AND destination = ?3",
        params![application_id, source, destination],
    )? == 1)
}
