//! The timeline of every flow (`flow_states`): each state it entered, when
//! and why. SQL only; `flows::commit` adds a row with every step.
//!
//! A row names its flow's kind, and its state is a word of that flow's
//! own vocabulary: a timeline is read as the states of one kind of flow.

use payctl_domain::states::{FlowKind, FlowState};
use payctl_domain::time::Timestamp;
use rusqlite::params;
use rusqlite::types::FromSql;

use crate::db::sql::Conn;
use crate::error::ApiError;
use crate::store::typed;

/// One state a flow entered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entered<S> {
    pub state: S,
    pub reason: Option<String>,
    pub at: Timestamp,
}

pub fn insert<S: FlowState>(
    conn: &Conn<'_>,
    application_id: i64,
    flow: FlowKind,
    resource_id: &str,
    state: S,
    reason: Option<&str>,
    at: Timestamp,
) -> Result<(), ApiError> {
    conn.execute_cached(
        "INSERT INTO flow_states (application_id, flow, resource_id, state, reason, at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![application_id, flow, resource_id, state.as_str(), reason, at.millis()],
    )?;
    Ok(())
}

/// The states a flow of `flow`'s kind entered, oldest first, each read as
/// a state of that kind (`S`).
pub fn timeline<S: FlowState + FromSql>(
    conn: &Conn<'_>,
    application_id: i64,
    flow: FlowKind,
    resource_id: &str,
) -> Result<Vec<Entered<S>>, ApiError> {
    Ok(conn
        .prepare_cached(
            "SELECT state, reason, at FROM flow_states
             WHERE resource_id = ?1 AND application_id = ?2 AND flow = ?3 ORDER BY id",
        )?
        .query_map(params![resource_id, application_id, flow], |r| {
            Ok(Entered {
                state: typed(r, 0, "flow_states.state")?,
                reason: r.get(1)?,
                at: Timestamp::from_millis(r.get(2)?),
            })
        })?
        .collect::<Result<_, _>>()?)
}
