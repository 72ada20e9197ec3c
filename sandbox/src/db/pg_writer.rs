//! The writer on PostgreSQL: a group of write jobs in one transaction, as
//! `writer` runs them on SQLite, with one difference that makes several
//! processes on one database behave like one: the transaction first takes
//! [`Lock::Write`], a transaction-level advisory lock, so the writes of
//! every process run one group at a time. What one SQLite writer holds by
//! construction (a key's work runs once, a quote is consumed once, a rule
//! fires its number of times) then holds across processes, with no
//! serialisation failures to retry and the jobs still run once each. Write
//! throughput is one database's serial writes, as with SQLite; reads are
//! not serialised.
//!
//! A failed statement ends a PostgreSQL transaction until it is rolled
//! back to a savepoint; each job has its own (as on SQLite), so a job that
//! fails, for whatever reason, is undone alone. A job that swallowed a
//! database error and answered `Ok` leaves its savepoint unreleasable: the
//! group then fails as a whole, as on SQLite when a savepoint breaks.

use std::panic::AssertUnwindSafe;

use tokio::sync::Notify;

use super::postgres::Lock;
use super::sql::{self, Conn, Savepoint, Statements, savepoint};
use super::{Staged, Tx, WriteJob};
use crate::error::ApiError;

const JOB: Savepoint = savepoint!("job");

/// Runs `group` in one transaction under [`Lock::Write`], each job under
/// its own savepoint, commits once, and only then answers each job's
/// caller: the commit's outcome for a job that succeeded, its own error for
/// one that failed. A group whose transaction could not even begin (the
/// connection was lost) comes back unrun, for the caller to run on a new
/// connection.
pub(super) fn commit_group(
    client: &mut postgres::Client,
    statements: &mut Statements,
    group: Vec<WriteJob>,
    outbox: &Notify,
) -> Result<(), Vec<WriteJob>> {
    let tx = match begin(client) {
        Ok(tx) => tx,
        Err(e) => {
            tracing::warn!(error = %e, "could not begin a write transaction");
            return Err(group);
        }
    };
    let mut staged: Vec<Staged> = Vec::with_capacity(group.len());
    let outcome = run_group(tx, statements, group, &mut staged);
    let recorded = staged.iter().any(|done| done.ok && done.recorded);
    match &outcome {
        Ok(()) if recorded => outbox.notify_one(),
        Ok(()) => {}
        Err(e) => tracing::error!(error = %e, jobs = staged.len(), "a write group could not commit"),
    }
    for done in staged {
        let committed = match &outcome {
            Ok(()) => Ok(()),
            Err(e) => Err(ApiError::from_statement(e)),
        };
        (done.reply)(committed);
    }
    Ok(())
}

fn begin(client: &mut postgres::Client) -> sql::Result<postgres::Transaction<'_>> {
    let mut tx = client.transaction()?;
    tx.execute(Lock::FOR_TRANSACTION, &[&Lock::Write.key()])?;
    Ok(tx)
}

/// Jobs not yet run when the group fails are dropped, which answers their
/// callers with an error.
fn run_group(
    mut tx: postgres::Transaction<'_>,
    statements: &mut Statements,
    group: Vec<WriteJob>,
    staged: &mut Vec<Staged>,
) -> sql::Result<()> {
    for job in group {
        let handle = Tx::new(Conn::postgres(&mut tx, statements));
        JOB.begin(&handle)?;
        // A panicking job is undone like a failed one; its caller, whose
        // reply channel unwinding dropped, hears an error.
        let done = std::panic::catch_unwind(AssertUnwindSafe(|| job(&handle))).unwrap_or_else(|_| Staged {
            ok: false,
            recorded: false,
            reply: Box::new(|_| {}),
        });
        let settled = if done.ok { Ok(()) } else { JOB.undo(&handle) }.and_then(|()| JOB.release(&handle));
        staged.push(done);
        settled?;
    }
    tx.commit()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;

    use super::*;
    use crate::db::write_job;

    /// A write job as `Db::write` makes one, answering on `answers`.
    fn job(
        answers: &mpsc::Sender<Result<i64, ApiError>>,
        work: impl FnOnce(&Tx<'_>) -> Result<i64, ApiError> + Send + 'static,
    ) -> WriteJob {
        let answers = answers.clone();
        write_job(work, move |answer| {
            let _ = answers.send(answer);
        })
    }

    /// Reads the counter and writes it back one higher: two such jobs
    /// running at once in two transactions lose one of the increments
    /// unless something serialises them.
    fn increment(tx: &Tx<'_>) -> Result<i64, ApiError> {
        let n: i64 = tx.query_row_cached("SELECT n FROM counter", [], |r| r.get(0))?;
        std::thread::sleep(std::time::Duration::from_millis(1));
        tx.execute_cached("UPDATE counter SET n = ?1", [n + 1])?;
        Ok(n + 1)
    }

    /// Two processes' writers (two connections, two threads) on one
    /// database: every increment counts, as it would with one writer, and
    /// a failing job in each group is undone without touching the others.
    #[test]
    fn groups_from_two_connections_run_one_at_a_time_and_a_failed_job_is_undone_alone() {
        let Some(url) = crate::db::postgres_url() else {
            return;
        };
        let schema = format!("t_{:016x}", u64::from_le_bytes(crate::secrets::random_bytes()));
        let connect = || {
            let mut client = postgres::Client::connect(&url, postgres::NoTls).expect("connect");
            client.batch_execute(&format!("SET search_path TO {schema}")).unwrap();
            client
        };
        let mut admin = postgres::Client::connect(&url, postgres::NoTls).expect("connect");
        admin
            .batch_execute(&format!(
                "CREATE SCHEMA {schema}; CREATE TABLE {schema}.counter (n BIGINT NOT NULL);
                 INSERT INTO {schema}.counter VALUES (0)"
            ))
            .unwrap();
        const GROUPS: i64 = 15;
        const PER_GROUP: i64 = 3;
        let writers: Vec<_> = (0..2)
            .map(|_| {
                let mut client = connect();
                std::thread::spawn(move || {
                    let mut statements = Statements::default();
                    let outbox = Notify::new();
                    let (answers, answered) = mpsc::channel();
                    for _ in 0..GROUPS {
                        let mut group: Vec<WriteJob> = (0..PER_GROUP).map(|_| job(&answers, increment)).collect();
                        group.insert(
                            1,
                            job(&answers, |tx| {
                                increment(tx)?;
                                Err(ApiError::internal("this job fails after writing"))
                            }),
                        );
                        commit_group(&mut client, &mut statements, group, &outbox)
                            .unwrap_or_else(|_| panic!("could not begin"));
                    }
                    drop(answers);
                    answered.iter().collect::<Vec<_>>()
                })
            })
            .collect();
        for writer in writers {
            let answers = writer.join().unwrap();
            assert_eq!(answers.len(), usize::try_from(GROUPS * (PER_GROUP + 1)).unwrap());
            assert_eq!(answers.iter().filter(|a| a.is_ok()).count(), usize::try_from(GROUPS * PER_GROUP).unwrap());
        }
        let n: i64 = admin.query_one(&format!("SELECT n FROM {schema}.counter"), &[]).unwrap().get(0);
        admin.batch_execute(&format!("DROP SCHEMA {schema} CASCADE")).unwrap();
        assert_eq!(n, 2 * GROUPS * PER_GROUP, "every kept increment counted, no failed one");
    }
}
