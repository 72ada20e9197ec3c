//! Scheduled moves (`scheduled_moves`): SQL only. What a move does is
//! `flows::apply_move`'s; when they run is `schedule`'s.
//!
//! A move is due at `due_at` on its application's clock; `runs_at` is the
//! same moment on the global clock, which the runner selects by, so it
//! needs no per-application arithmetic. Advancing an application's clock
//! moves its pending `runs_at` earlier by as much ([`shift_application`]).

use payctl_domain::states::Move;
use payctl_domain::time::Timestamp;
use rusqlite::params;

use crate::db::sql::{Conn, Row};
use crate::error::ApiError;
use crate::store::typed;

/// A move that is due, taken from the table.
#[derive(Debug, Clone)]
pub struct DueMove {
    pub id: i64,
    pub kind: Move,
    pub resource_id: String,
    /// On the application's clock: the time the move is dated at.
    pub due_at: Timestamp,
}

fn due_row(r: &Row<'_>) -> rusqlite::Result<DueMove> {
    Ok(DueMove {
        id: r.get(0)?,
        kind: typed(r, 2, "scheduled_moves.kind")?,
        resource_id: r.get(3)?,
        due_at: Timestamp::from_millis(r.get(4)?),
    })
}

/// Schedules `kind` for `resource_id` of an application at `due` on the
/// application's clock.
pub fn insert(
    conn: &Conn<'_>,
    application_id: i64,
    kind: Move,
    resource_id: &str,
    due: Timestamp,
    now: Timestamp,
) -> Result<(), ApiError> {
    conn.execute_cached(
        "INSERT INTO scheduled_moves (application_id, kind, resource_id, due_at, runs_at, created_at)
         VALUES (?1, ?2, ?3, ?4, ?4 - (SELECT clock_offset_millis FROM applications WHERE id = ?1), ?5)",
        params![application_id, kind, resource_id, due.millis(), now.millis()],
    )?;
    Ok(())
}

/// Takes (deletes and returns) the moves of one resource due at `now` on
/// its application's clock, oldest first.
pub fn take_due_for(conn: &Conn<'_>, resource_id: &str, now: Timestamp) -> Result<Vec<DueMove>, ApiError> {
    let mut due: Vec<DueMove> = conn
        .prepare_cached(
            "DELETE FROM scheduled_moves WHERE resource_id = ?1 AND due_at <= ?2
             RETURNING id, application_id, kind, resource_id, due_at",
        )?
        .query_map(params![resource_id, now.millis()], due_row)?
        .collect::<Result<_, _>>()?;
    // RETURNING gives no order.
    due.sort_by_key(|m| (m.due_at, m.id));
    Ok(due)
}

/// A due row read as a move, or why it does not read as one.
pub type Readable = Result<DueMove, ApiError>;

/// Up to `limit` moves due at `global_now`, oldest first (not taken), each
/// with its row id. A row that does not read as a move (a kind no version
/// of the sandbox knows) comes back as its error beside its id, so that the
/// runner can drop that one row instead of stalling every move behind it.
pub fn due_batch(conn: &Conn<'_>, global_now: Timestamp, limit: i64) -> Result<Vec<(i64, Readable)>, ApiError> {
    Ok(conn
        .prepare_cached(
            "SELECT id, application_id, kind, resource_id, due_at FROM scheduled_moves
             WHERE runs_at <= ?1 ORDER BY runs_at, id LIMIT ?2",
        )?
        .query_map(params![global_now.millis(), limit], |r| Ok((r.get(0)?, due_row(r).map_err(ApiError::from))))?
        .collect::<Result<_, _>>()?)
}

pub fn any_due(conn: &Conn<'_>, global_now: Timestamp) -> Result<bool, ApiError> {
    Ok(conn
        .prepare_cached("SELECT EXISTS (SELECT 1 FROM scheduled_moves WHERE runs_at <= ?1)")?
        .query_row([global_now.millis()], |r| r.get(0))?)
}

pub fn delete(conn: &Conn<'_>, id: i64) -> Result<(), ApiError> {
    conn.execute_cached("DELETE FROM scheduled_moves WHERE id = ?1", [id])?;
    Ok(())
}

/// An application's clock moved `delta_millis` ahead: its moves come due
/// that much sooner on the global clock.
pub fn shift_application(conn: &Conn<'_>, application_id: i64, delta_millis: i64) -> Result<(), ApiError> {
    conn.execute_cached(
        "UPDATE scheduled_moves SET runs_at = runs_at - ?2 WHERE application_id = ?1",
        params![application_id, delta_millis],
    )?;
    Ok(())
}

/// When the first pending move of `kind` for a resource is due.
pub fn next_due(conn: &Conn<'_>, kind: Move, resource_id: &str) -> Result<Option<Timestamp>, ApiError> {
    let due: Option<i64> = conn.query_row_cached(
        "SELECT MIN(due_at) FROM scheduled_moves WHERE kind = ?1 AND resource_id = ?2",
        params![kind, resource_id],
        |r| r.get(0),
    )?;
    Ok(due.map(Timestamp::from_millis))
}
