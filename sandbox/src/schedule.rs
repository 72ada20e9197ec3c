//! The runner of timed moves.
//!
//! Flows move by themselves on their application's clock: a customer is
//! decided 60 s after it is created, a transaction settles some seconds
//! after it is created. Each such move is a row (`store::moves`) written in
//! the same transaction as the state that needs it, so a move can be
//! neither lost nor run for a change that was rolled back, and pending
//! moves survive a restart. What a move does is the flow's
//! (`flows::apply_move`); this module only decides when.
//!
//! The runner applies due moves: each in its own savepoint (one failing
//! move cannot undo the others) and dated at its due time, so the outcome
//! and its timestamps do not depend on when the runner got to it. It wakes
//! every [`POLL`]; advancing a clock runs due moves before the advance
//! answers, so a test that advances the clock sees their effects at once.
//! A move whose flow has moved on (decided or ended by hand) does nothing;
//! a move that cannot be carried out fails its flow (see `flows`), so the
//! only moves ever dropped are those of a flow that no longer exists.

use std::time::Duration;

use payctl_domain::time::Timestamp;
use tokio::sync::watch;

use crate::db::Tx;
use crate::db::sql::{Savepoint, savepoint};
use crate::error::ApiError;
use crate::flows;
use crate::state::AppState;
use crate::store::moves;

pub const POLL: Duration = Duration::from_millis(100);
const BATCH: i64 = 200;

/// Applies every move due at the current sandbox time; returns how many.
pub async fn run_due(state: &AppState) -> Result<usize, ApiError> {
    let mut total = 0;
    // A move may schedule the next one already due (advancing far); keep
    // going until nothing is due. Asking a reader first keeps the runner's
    // polls off the single writer while nothing is due, which is nearly
    // always.
    loop {
        let now = state.clock.now();
        if !state.db.read(move |conn| moves::any_due(conn, now)).await? {
            return Ok(total);
        }
        total += state.db.write(move |tx| apply_batch(tx, now)).await?;
    }
}

/// Brings this process's clocks up to what other processes sharing its
/// database committed: at each poll, so within [`POLL`] of a move made
/// elsewhere (and at once for a request with an API key, which reads its
/// application's clock as it is authenticated; see
/// [`crate::auth::api_keys::authenticate`]). Offsets only grow, so
/// taking the larger of each is all a merge needs.
async fn follow_clocks(state: &AppState) -> Result<(), ApiError> {
    let (global, apps) = state
        .db
        .read(|conn| {
            Ok((crate::store::settings::global_clock_offset(conn)?, crate::store::applications::clock_offsets(conn)?))
        })
        .await?;
    state.clock.set_global_offset_millis(global);
    for (app, offset) in apps {
        state.clock.set_app_offset_millis(app, offset);
    }
    Ok(())
}

/// Each move's own savepoint: a move that fails is undone alone.
const MOVE: Savepoint = savepoint!("scheduled_move");

fn apply_batch(conn: &Tx<'_>, global_now: Timestamp) -> Result<usize, ApiError> {
    let due = moves::due_batch(conn, global_now, BATCH)?;
    for (id, m) in &due {
        moves::delete(conn, *id)?;
        let m = match m {
            Ok(m) => m,
            Err(e) => {
                // Only a damaged row or a downgrade stores a move this
                // version cannot read; kept, it would stall every move due
                // after it on every poll.
                tracing::error!(row = id, error = %e, "scheduled move unreadable, dropped");
                continue;
            }
        };
        MOVE.begin(conn)?;
        if let Err(e) = flows::apply_move(conn, m) {
            // The flow could not even be failed: the sandbox is broken for
            // this row, and retrying would fail the same way.
            tracing::error!(kind = m.kind.as_str(), resource_id = %m.resource_id, error = %e, "scheduled move failed");
            MOVE.undo(conn)?;
        }
        MOVE.release(conn)?;
    }
    Ok(due.len())
}

/// The background runner; returns when `stop` turns true.
pub async fn run(state: AppState, mut stop: watch::Receiver<bool>) {
    loop {
        if state.storage.is_shared()
            && let Err(e) = async { follow_clocks(&state).await.and(crate::faults::follow(&state).await) }.await
        {
            tracing::warn!(error = %e, "reading what other processes changed (clocks, fault rules) failed");
        }
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

    const DECIDE: flows::Move = flows::Move::Verification(flows::verification::Move::Decide);

    #[tokio::test]
    async fn a_failing_move_is_dropped_without_undoing_the_batch() {
        let (db, _threads) = Db::open(&Storage::Memory).unwrap();
        let app = crate::store::applications::bare(&db).await;
        let now = Timestamp::from_millis(10_000);
        let applied = db
            .write(move |tx| {
                // A customer whose stored status no vocabulary knows: its decision fails.
                let sqlite = tx.sqlite().expect("a SQLite database");
                sqlite.pragma_update(None, "ignore_check_constraints", true)?;
                tx.execute(
                    "INSERT INTO customers (public_id, application_id, type, legal_name, email, email_key, country,
                         verification_level, tax_id, kyb_status, created_at, updated_at)
                     VALUES ('r1', ?1, 'business', 'L', 'l@x.io', 'l@x.io', 'AE', 'standard', 't', 'damaged', 0, 0)",
                    [app],
                )?;
                sqlite.pragma_update(None, "ignore_check_constraints", false)?;
                moves::insert(tx, app, DECIDE, "r1", Timestamp::from_millis(1_000), now)?;
                // No such customer: nothing to decide.
                moves::insert(tx, app, DECIDE, "r2", Timestamp::from_millis(2_000), now)?;
                moves::insert(tx, app, DECIDE, "later", Timestamp::from_millis(20_000), now)?;
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

    /// A stored move no vocabulary knows reads as the store's error (the
    /// column it names is `store`'s test); the runner drops that row and
    /// takes the move due behind it in the same batch.
    #[tokio::test]
    async fn a_stored_move_of_no_known_kind_is_dropped_and_the_moves_behind_it_run() {
        let (db, _threads) = Db::open(&Storage::Memory).unwrap();
        let app = crate::store::applications::bare(&db).await;
        let now = Timestamp::from_millis(10_000);
        let (error, applied, left) = db
            .write(move |tx| {
                tx.execute(
                    "INSERT INTO scheduled_moves (application_id, kind, resource_id, due_at, runs_at, created_at)
                     VALUES (?1, 'no.such.move', 'r1', 0, 0, 0)",
                    [app],
                )?;
                moves::insert(tx, app, DECIDE, "missing-customer", Timestamp::from_millis(5_000), now)?;
                let due = moves::due_batch(tx, now, 10)?;
                let error = due[0].1.as_ref().map(|_| ()).unwrap_err().code;
                let applied = apply_batch(tx, now)?;
                let left: i64 = tx.query_row("SELECT COUNT(*) FROM scheduled_moves", [], |r| r.get(0))?;
                Ok((error, applied, left))
            })
            .await
            .unwrap();
        assert_eq!(error, payctl_wire::error::ErrorCode::Internal);
        assert_eq!((applied, left), (2, 0), "the unreadable row is dropped and the move behind it is taken");
    }

    #[tokio::test]
    async fn moves_run_by_global_time_and_an_application_advance_brings_them_forward() {
        let (db, _threads) = Db::open(&Storage::Memory).unwrap();
        let app = crate::store::applications::bare(&db).await;
        let now = Timestamp::from_millis(10_000);
        let (empty, future, after_shift) = db
            .write(move |tx| {
                let empty = moves::any_due(tx, now)?;
                moves::insert(tx, app, DECIDE, "later", Timestamp::from_millis(70_000), now)?;
                let future = moves::any_due(tx, now)?;
                // The application's clock moves 60 s ahead of the global one.
                tx.execute_cached("UPDATE applications SET clock_offset_millis = 60000 WHERE id = ?1", [app])?;
                moves::shift_application(tx, app, 60_000)?;
                Ok((empty, future, moves::any_due(tx, now)?))
            })
            .await
            .unwrap();
        assert_eq!((empty, future, after_shift), (false, false, true));
        let due = db.write(move |tx| moves::due_batch(tx, now, 10)).await.unwrap();
        assert_eq!(
            due[0].1.as_ref().unwrap().due_at,
            Timestamp::from_millis(70_000),
            "dated on the application's clock"
        );
    }
}
