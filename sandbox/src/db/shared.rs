//! The writer's connection, and the in-memory database's reads beside it.
//!
//! The writer thread takes its connection for each job (a read, or a whole
//! write group from `BEGIN` to `COMMIT`). An in-memory database has no other
//! connection, and a read sent over to that thread costs two thread
//! wake-ups (there and back) for a few microseconds of work. So a read takes
//! the connection on the caller's own thread when it is free, without
//! waiting for it, and is queued to the writer thread otherwise: the
//! authenticated `GET` serves about 9 % more on an idle machine, and about
//! 40 % more while another process competes for the cores (BENCHMARKS.md).
//! A read can never see a write group's uncommitted changes, since the
//! group holds the connection until its commit is settled.
//!
//! The writer thread comes first: while it waits for the connection,
//! callers' reads queue behind it instead of taking the connection again,
//! so a stream of reads never holds writes (the request log's among them)
//! back. Long reads (scans) take the connection on a blocking thread of
//! their own, in short pieces, also behind a waiting writer.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError, TryLockError};

use rusqlite::Connection;

/// A connection the writer thread and, for an in-memory database, callers'
/// reads share.
pub(super) struct Shared {
    conn: Mutex<Connection>,
    /// Set while the writer thread waits for the connection.
    writer_waiting: AtomicBool,
}

impl Shared {
    pub(super) fn new(conn: Connection) -> Shared {
        Shared { conn: Mutex::new(conn), writer_waiting: AtomicBool::new(false) }
    }

    /// The writer thread's hold on the connection, for one job.
    pub(super) fn for_writer(&self) -> MutexGuard<'_, Connection> {
        match self.conn.try_lock() {
            Ok(conn) => conn,
            Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
            Err(TryLockError::WouldBlock) => {
                self.writer_waiting.store(true, Ordering::Release);
                let conn = self.conn.lock().unwrap_or_else(PoisonError::into_inner);
                self.writer_waiting.store(false, Ordering::Release);
                conn
            }
        }
    }

    /// The connection for a scan on a blocking thread: waits for it, and
    /// lets a waiting writer go first.
    pub(super) fn for_scan(&self) -> MutexGuard<'_, Connection> {
        while self.writer_waiting.load(Ordering::Acquire) {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        self.conn.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The connection for a read on the caller's thread: `None` when it is
    /// in use or the writer thread is waiting for it.
    pub(super) fn for_reader(&self) -> Option<MutexGuard<'_, Connection>> {
        if self.writer_waiting.load(Ordering::Acquire) {
            return None;
        }
        match self.conn.try_lock() {
            Ok(conn) => Some(conn),
            Err(TryLockError::Poisoned(poisoned)) => Some(poisoned.into_inner()),
            Err(TryLockError::WouldBlock) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_wait_behind_a_waiting_writer_and_never_block() {
        let shared = Shared::new(Connection::open_in_memory().unwrap());
        assert!(shared.for_reader().is_some(), "a free connection is taken");
        let held = shared.for_reader().unwrap();
        assert!(shared.for_reader().is_none(), "a read in progress is not waited for");
        drop(held);
        shared.writer_waiting.store(true, Ordering::Release);
        assert!(shared.for_reader().is_none(), "a waiting writer goes first");
        shared.writer_waiting.store(false, Ordering::Release);
        drop(shared.for_writer());
        assert!(shared.for_reader().is_some());
    }
}
