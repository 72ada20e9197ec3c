//! The writer thread: group commit.
//!
//! With `synchronous=FULL` every `COMMIT` waits for the disk, so a writer
//! that commits once per request is capped at the disk's flush rate, however
//! fast the work itself is. Write jobs that are already queued when the
//! writer becomes free therefore share one transaction: each runs under its
//! own `SAVEPOINT`, released when it succeeds and rolled back when it fails
//! (one request's failure never touches another's changes), the group
//! commits once, and only then does any caller get its answer. Jobs run in
//! the order they were queued and each sees the changes of those before it,
//! exactly as if they had committed one by one; a caller still hears back
//! only after its change is on disk. The writer never waits for more work to
//! arrive: a lone job commits at once.

use std::panic::AssertUnwindSafe;
use std::sync::Arc;

use crossbeam_channel::Receiver;
use rusqlite::{Connection, Transaction, TransactionBehavior};
use tokio::sync::Notify;

use super::shared::Shared;
use super::{CachedSql, Job, Staged, Tx, WriteJob};
use crate::error::ApiError;

/// Write jobs sharing one commit, at most: enough to amortise a flush,
/// few enough that the first job's caller does not wait long for the last.
pub(super) const GROUP_LIMIT: usize = 32;

/// The writer's queue: each next job is a read (or a tally), or a group of
/// the write jobs already queued, up to [`GROUP_LIMIT`] (a read queued
/// among them waits for the next call).
pub(super) struct Queue {
    jobs: Receiver<Job>,
    next: Option<Job>,
}

/// What the writer does next.
pub(super) enum Next {
    Group(Vec<WriteJob>),
    Other(Job),
}

impl Queue {
    pub(super) fn new(jobs: Receiver<Job>) -> Self {
        Queue { jobs, next: None }
    }

    /// Waits for the next job; `None` once every `Db` handle is gone.
    pub(super) fn next(&mut self) -> Option<Next> {
        let job = match self.next.take() {
            Some(job) => job,
            None => self.jobs.recv().ok()?,
        };
        let Job::Write(first) = job else { return Some(Next::Other(job)) };
        let mut group = vec![first];
        while group.len() < GROUP_LIMIT {
            match self.jobs.try_recv() {
                Ok(Job::Write(write)) => group.push(write),
                Ok(other) => {
                    self.next = Some(other);
                    break;
                }
                Err(_) => break,
            }
        }
        Some(Next::Group(group))
    }
}

/// The writer thread's loop; ends when every `Db` handle is gone. It takes
/// the connection for each job: a read, or a whole group up to its commit.
pub(super) fn run(shared: &Shared, jobs: Receiver<Job>, outbox: Arc<Notify>) {
    let mut queue = Queue::new(jobs);
    while let Some(next) = queue.next() {
        let mut conn = shared.for_writer();
        match next {
            // An in-memory database has this one connection, so reads come
            // here too; they run between groups, never inside one, so they
            // only ever see committed data.
            Next::Other(Job::Read(read)) => read(&super::sql::Conn::Sqlite(&conn)),
            // Tallies go to PostgreSQL's readers only (see `Db::tally`).
            Next::Other(_) => {}
            Next::Group(group) => commit_group(&mut conn, group, &outbox),
        }
    }
}

fn commit_group(conn: &mut Connection, group: Vec<WriteJob>, outbox: &Notify) {
    let tx = match conn.transaction_with_behavior(TransactionBehavior::Immediate) {
        Ok(tx) => tx,
        Err(e) => {
            // Dropping the jobs unrun answers their callers with an error.
            tracing::error!(error = %e, "could not begin a write transaction");
            return;
        }
    };
    let mut staged: Vec<Staged> = Vec::with_capacity(group.len());
    let mut recorded = false;
    let mut broken: Option<rusqlite::Error> = None;
    for job in group {
        if broken.is_some() {
            break;
        }
        match run_in_savepoint(&tx, job) {
            Ok(done) => {
                recorded |= done.recorded;
                staged.push(done);
            }
            Err((done, e)) => {
                staged.extend(done);
                broken = Some(e);
            }
        }
    }
    // A broken savepoint means SQLite gave up the whole transaction (disk
    // full, I/O error): nothing of the group is kept, and nobody hears 2xx.
    let outcome = match broken {
        Some(e) => Err(e),
        None => tx.commit(),
    };
    match &outcome {
        // A full disk is logged, at most once a minute, by the error itself.
        Err(e) if e.sqlite_error_code() == Some(rusqlite::ErrorCode::DiskFull) => {}
        Err(e) => tracing::error!(error = %e, jobs = staged.len(), "a write group could not commit"),
        Ok(()) => {
            super::STORAGE_FULL_WARNING.recovered();
            if recorded {
                outbox.notify_one();
            }
        }
    }
    for done in staged {
        let committed = match &outcome {
            Ok(()) => Ok(()),
            Err(e) => Err(ApiError::from_database(e)),
        };
        (done.reply)(committed);
    }
}

/// Runs one job under its own savepoint. `Err` means the savepoint itself
/// failed and the group must stop.
fn run_in_savepoint(tx: &Transaction<'_>, job: WriteJob) -> Result<Staged, (Option<Staged>, rusqlite::Error)> {
    tx.execute_cached("SAVEPOINT job", []).map_err(|e| (None, e))?;
    // A panicking job must not take the writer (and every later request)
    // down with it: its savepoint is rolled back like a failure, and its
    // caller, whose reply channel unwinding dropped, hears an error.
    let done = std::panic::catch_unwind(AssertUnwindSafe(|| job(&Tx::new(tx.into())))).unwrap_or_else(|_| Staged {
        ok: false,
        recorded: false,
        reply: Box::new(|_| {}),
    });
    // Statements through the cache: they run a few thousand times a second.
    let rolled_back = if done.ok { Ok(0) } else { tx.execute_cached("ROLLBACK TO job", []) };
    match rolled_back.and_then(|_| tx.execute_cached("RELEASE job", [])) {
        Ok(_) => Ok(done),
        Err(e) => Err((Some(done), e)),
    }
}
