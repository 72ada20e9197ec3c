//! The timeline of every flow (`flow_states`): each state it entered, when
//! and why. SQL only; `flows::commit` adds a row with every step.

use payctl_domain::time::Timestamp;
use rusqlite::{Connection, params};

use crate::db::CachedSql;
use crate::error::ApiError;

/// One state a flow entered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entered {
    pub state: String,
    pub reason: Option<String>,
    pub at: Timestamp,
}

pub fn insert(
    conn: &Connection,
    application_id: i64,
    flow: &str,
    resource_id: &str,
    state: &str,
    reason: Option<&str>,
    at: Timestamp,
) -> Result<(), ApiError> {
    conn.execute_cached(
        "INSERT INTO flow_states (application_id, flow, resource_id, state, reason, at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![application_id, flow, resource_id, state, reason, at.millis()],
    )?;
    Ok(())
}

/// The states a flow entered, oldest first.
pub fn timeline(conn: &Connection, application_id: i64, resource_id: &str) -> Result<Vec<Entered>, ApiError> {
    Ok(conn
        .prepare_cached(
            "SELECT state, reason, at FROM flow_states WHERE resource_id = ?1 AND application_id = ?2 ORDER BY id",
        )?
        .query_map(params![resource_id, application_id], |r| {
            Ok(Entered { state: r.get(0)?, reason: r.get(1)?, at: Timestamp::from_millis(r.get(2)?) })
        })?
        .collect::<Result<_, _>>()?)
}
