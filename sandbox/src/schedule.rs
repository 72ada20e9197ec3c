//! Timed state moves on the sandbox clock.
//!
//! Sandbox flows move by themselves: a customer is decided 60 s after it is
//! created, a transaction settles some seconds after it is created. Each
//! such move is a row (kind, resource id, due time) written in the same
//! transaction as the state that needs it, so a move can be neither lost
//! nor run for a change that was rolled back, and pending moves survive a
//! restart.
//!
//! A runner applies due moves: each in its own savepoint (one failing move
//! cannot undo the others) and dated at its due time, so the outcome and its
//! timestamps do not depend on when the runner got to it. It wakes every
//! [`POLL`]; advancing the clock runs due moves before the advance answers,
//! so a test that advances the clock sees their effects at once. A handler
//! whose resource has already moved on (say, decided by hand) does nothing.

use std::time::Duration;

use rusqlite::{Connection, params};
use tokio::sync::watch;

use crate::clock::Timestamp;
use crate::db::CachedSql;
use crate::error::ApiError;
use crate::state::AppState;
use crate::{flows, store};

pub const POLL: Duration = Duration::from_millis(100);
const BATCH: i64 = 200;

/// Applies one move. New kinds of move are added here.
fn apply(conn: &Connection, kind: &str, resource_id: &str, due: Timestamp) -> Result<(), ApiError> {
    match kind {
        store::customers::AUTO_DECISION => store::customers::auto_decide(conn, resource_id, due),
        store::transactions::PROCESS => store::transactions::auto_process(conn, resource_id, due),
        store::transactions::SETTLE => store::transactions::auto_settle(conn, resource_id, due),
        flows::payments::FUND | flows::payments::SETTLE | flows::payments::EXPIRE => {
            flows::payments::apply(conn, kind, resource_id, due)
        }
        flows::transfers::PROCESS | flows::transfers::COMPLETE => flows::transfers::apply(conn, kind, resource_id, due),
        other => Err(ApiError::internal(format!("unknown scheduled move {other}"))),
    }
}

/// Schedules `kind` for `resource_id` at `due` (sandbox time).
pub fn at(conn: &Connection, kind: &str, resource_id: &str, due: Timestamp, now: Timestamp) -> Result<(), ApiError> {
    conn.execute_cached(
        "INSERT INTO scheduled_moves (kind, resource_id, due_at, created_at) VALUES (?1, ?2, ?3, ?4)",
        params![kind, resource_id, due.millis(), now.millis()],
    )?;
    Ok(())
}

/// Applies, inside the caller's transaction, the moves of one resource that
/// are due at `now`: a handler about to change a resource calls this first,
/// so a move already due wins over a later request.
pub fn settle(conn: &Connection, resource_id: &str, now: Timestamp) -> Result<(), ApiError> {
    let due: Vec<(i64, String, i64)> = conn
        .prepare_cached(
            "SELECT id, kind, due_at FROM scheduled_moves WHERE resource_id = ?1 AND due_at <= ?2 ORDER BY due_at, id",
        )?
        .query_map(params![resource_id, now.millis()], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<Result<_, _>>()?;
    for (id, kind, due_at) in due {
        conn.execute_cached("DELETE FROM scheduled_moves WHERE id = ?1", [id])?;
        apply(conn, &kind, resource_id, Timestamp::from_millis(due_at))?;
    }
    Ok(())
}

/// Applies every move due at the current sandbox time; returns how many.
pub async fn run_due(state: &AppState) -> Result<usize, ApiError> {
    let mut total = 0;
    // A move may schedule the next one already due (advancing far); keep
    // going until nothing is due. Asking a reader first keeps the runner's
    // polls off the single writer while nothing is due, which is nearly
    // always.
    loop {
        let now = state.clock.now();
        if !state.db.read(move |conn| any_due(conn, now)).await? {
            return Ok(total);
        }
        total += state.db.write(move |tx| apply_batch(tx, now)).await?;
    }
}

fn any_due(conn: &Connection, now: Timestamp) -> Result<bool, ApiError> {
    Ok(conn
        .prepare_cached("SELECT EXISTS (SELECT 1 FROM scheduled_moves WHERE due_at <= ?1)")?
        .query_row([now.millis()], |r| r.get(0))?)
}

fn apply_batch(conn: &Connection, now: Timestamp) -> Result<usize, ApiError> {
    let due: Vec<(i64, String, String, i64)> = conn
        .prepare_cached(
            "SELECT id, kind, resource_id, due_at FROM scheduled_moves WHERE due_at <= ?1 ORDER BY due_at, id LIMIT ?2",
        )?
        .query_map(params![now.millis(), BATCH], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
        .collect::<Result<_, _>>()?;
    for (id, kind, resource_id, due_at) in &due {
        conn.execute_cached("DELETE FROM scheduled_moves WHERE id = ?1", [id])?;
        conn.execute_cached("SAVEPOINT scheduled_move", [])?;
        if let Err(e) = apply(conn, kind, resource_id, Timestamp::from_millis(*due_at)) {
            // Keep the other moves; this one is dropped (it would fail again).
            tracing::warn!(%kind, %resource_id, error = %e, "scheduled move failed");
            conn.execute_cached("ROLLBACK TO scheduled_move", [])?;
        }
        conn.execute_cached("RELEASE scheduled_move", [])?;
    }
    Ok(due.len())
}

/// The background runner; returns when `stop` turns true.
pub async fn run(state: AppState, mut stop: watch::Receiver<bool>) {
    loop {
        if let Err(e) = run_due(&state).await {
            tracing::warn!(error = %e, "applying scheduled moves failed");
        }
        tokio::select! {
            _ = tokio::time::sleep(POLL) => {}
            _ = stop.changed() => return,
        }
        if *stop.borrow() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::{Db, Storage};

    #[tokio::test]
    async fn a_failing_move_is_dropped_without_undoing_the_batch() {
        let (db, _threads) = Db::open(&Storage::Memory).unwrap();
        let now = Timestamp::from_millis(10_000);
        let applied = db
            .write(move |tx| {
                at(tx, "no.such.move", "r1", Timestamp::from_millis(1_000), now)?;
                at(tx, "no.such.move", "r2", Timestamp::from_millis(2_000), now)?;
                at(tx, "no.such.move", "later", Timestamp::from_millis(20_000), now)?;
                tx.execute_cached("INSERT INTO settings (name, value) VALUES ('kept', '1')", [])?;
                apply_batch(tx, now)
            })
            .await
            .unwrap();
        assert_eq!(applied, 2);
        let (left, kept): (String, i64) = db
            .read(|c| {
                Ok((
                    c.query_row_cached("SELECT group_concat(resource_id) FROM scheduled_moves", [], |r| r.get(0))?,
                    c.query_row_cached("SELECT COUNT(*) FROM settings WHERE name = 'kept'", [], |r| r.get(0))?,
                ))
            })
            .await
            .unwrap();
        assert_eq!(left, "later", "due moves are consumed, future ones wait");
        assert_eq!(kept, 1, "the failed moves did not roll back the transaction");
    }

    #[tokio::test]
    async fn only_moves_at_or_before_now_count_as_due() {
        let (db, _threads) = Db::open(&Storage::Memory).unwrap();
        let now = Timestamp::from_millis(10_000);
        let (empty, future, due) = db
            .write(move |tx| {
                let empty = any_due(tx, now)?;
                at(tx, "k", "later", Timestamp::from_millis(10_001), now)?;
                let future = any_due(tx, now)?;
                at(tx, "k", "now", now, now)?;
                Ok((empty, future, any_due(tx, now)?))
            })
            .await
            .unwrap();
        assert_eq!((empty, future, due), (false, false, true));
    }
}
