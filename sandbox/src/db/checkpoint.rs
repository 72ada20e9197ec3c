//! Checkpoints on a thread of their own.
//!
//! A checkpoint copies committed pages from the WAL back into the database
//! file and syncs it. Left to SQLite's automatic checkpoint, that work runs
//! on the writer thread inside whichever commit crosses the threshold, and
//! every request queued behind it waits. This thread runs a `PASSIVE`
//! checkpoint (it never blocks the writer or readers, and copies only what
//! no reader still needs) every [`INTERVAL`], on its own connection, so
//! the writer only commits. The writer keeps an automatic checkpoint at a
//! much higher threshold, as a safety net should this thread fall behind.

use std::time::Duration;

use crossbeam_channel::{Receiver, RecvTimeoutError};
use rusqlite::Connection;

/// How often the WAL is copied back.
pub(super) const INTERVAL: Duration = Duration::from_millis(250);

/// A failing checkpoint (a full disk, typically) fails every 250 ms: said
/// once a minute, with how often it failed meanwhile.
static FAILED: super::Warning =
    super::Warning::new("checkpoint failed; the writer's automatic checkpoint remains", "checkpoints work again");

/// The checkpoint thread's loop; ends when every `Db` handle is gone (the
/// channel disconnects), after one last checkpoint.
pub(super) fn run(conn: Connection, stop: Receiver<()>) {
    loop {
        let stopping = match stop.recv_timeout(INTERVAL) {
            Err(RecvTimeoutError::Timeout) | Ok(()) => false,
            Err(RecvTimeoutError::Disconnected) => true,
        };
        match conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(())) {
            Err(e) => {
                FAILED.warn(format_args!("{e}"));
            }
            Ok(()) => FAILED.recovered(),
        }
        if stopping {
            break;
        }
    }
}
