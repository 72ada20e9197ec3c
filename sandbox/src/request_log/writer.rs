//! The background task that writes queued records to the database.
//!
//! Records are written in batches of up to [`BATCH`], one transaction each:
//! whatever is queued when the writer comes round. It never waits for more
//! to arrive. (Waiting 2 ms to gather a load's records into a few hundred
//! transactions a second was measured: the database thread then slept
//! between batches, and waking it for every read of an in-memory database
//! cost more than the transactions saved.)

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::sync::{mpsc, oneshot, watch};

use super::{BATCH, CAPACITY, Record, Sink};
use crate::db::Db;
use crate::store;

/// How long a read of the log waits for the records queued before it, at
/// most (a writer that far behind is stuck, and the read goes on without).
pub const CATCH_UP_LIMIT: Duration = Duration::from_secs(2);

/// How many records an application keeps.
#[derive(Debug, Clone, Copy)]
pub struct Retention {
    /// Records kept per application; older ones are deleted.
    pub keep: usize,
    /// Records an application may gain between two prunings (so up to
    /// `keep + prune_every` exist at a time, and pruning stays cheap).
    pub prune_every: usize,
    /// Of the records kept, how many (the newest) keep their exchange.
    pub keep_exchanges: usize,
    /// Bytes of request bodies a partner's records keep, across all its
    /// applications. Past it, the oldest records give their bodies up
    /// (down to seven eighths of it, so this happens once in a while, not
    /// on every batch): the records stay, with the body's size and digest.
    pub body_bytes: u64,
}

impl Retention {
    /// A load test against the sandbox would otherwise grow the database
    /// (all of it in memory with `--in-memory`) by about 200 bytes per
    /// request, without end.
    pub const DEFAULT: Retention =
        Retention { keep: 50_000, prune_every: 5_000, keep_exchanges: 1_000, body_bytes: 16 * 1024 * 1024 };
}

/// How far the writer has got, by the records' places in the queue: a read
/// of the log waits until every record queued before it began is settled,
/// so a request is in the log (and the review) for any read its caller
/// makes after the answer.
#[derive(Debug)]
pub(super) struct Progress {
    /// Records queued so far. Counted under this lock together with the
    /// send (see [`Progress::queue`]), so the n-th record counted is the
    /// n-th the writer takes.
    queued: Mutex<u64>,
    /// Records settled so far: written, or given up on with a warning.
    settled: watch::Sender<u64>,
}

impl Progress {
    pub(super) fn new() -> Progress {
        Progress { queued: Mutex::new(0), settled: watch::Sender::new(0) }
    }

    /// Runs `send` (true when the record went into the queue) and counts
    /// what it queued, under the one lock that keeps the count in queue
    /// order; true when it was queued.
    pub(super) fn queue(&self, send: impl FnOnce() -> bool) -> bool {
        let mut queued = self.queued.lock().unwrap_or_else(PoisonError::into_inner);
        let sent = send();
        if sent {
            *queued += 1;
        }
        sent
    }

    /// Waits until every record queued before the call is settled, or
    /// `limit` has passed.
    pub(super) async fn caught_up(&self, limit: Duration) {
        let target = *self.queued.lock().unwrap_or_else(PoisonError::into_inner);
        let mut settled = self.settled.subscribe();
        if *settled.borrow_and_update() >= target {
            return;
        }
        let _ = tokio::time::timeout(limit, settled.wait_for(|&n| n >= target)).await;
    }
}

/// The background writer; [`Writer::stop`] flushes it and waits for it.
pub struct Writer {
    stop: oneshot::Sender<()>,
    task: tokio::task::JoinHandle<()>,
}

impl Writer {
    pub async fn stop(self) {
        let _ = self.stop.send(());
        let _ = self.task.await;
    }
}

/// Starts the writer task on `db`.
pub fn start(db: Db) -> (Sink, Writer) {
    start_with(db, Retention::DEFAULT)
}

pub(super) fn start_with(db: Db, retention: Retention) -> (Sink, Writer) {
    let (queue, mut records) = mpsc::channel::<Record>(CAPACITY);
    let (stop, mut stopped) = oneshot::channel::<()>();
    let progress = Arc::new(Progress::new());
    let changes = Arc::new(super::Changes::default());
    let mut batches = Batches {
        db,
        progress: progress.clone(),
        changes: changes.clone(),
        since_pruned: HashMap::new(),
        body_bytes: Arc::default(),
        retention,
    };
    let task = tokio::spawn(async move {
        loop {
            let first = tokio::select! {
                biased;
                next = records.recv() => match next {
                    Some(record) => record,
                    None => break,
                },
                _ = &mut stopped => break,
            };
            batches.write(queued_after(first, &mut records)).await;
        }
        // Flush whatever is still queued, then let go of the database.
        records.close();
        while let Some(first) = records.recv().await {
            batches.write(queued_after(first, &mut records)).await;
        }
    });
    (Sink::new(queue, progress, changes), Writer { stop, task })
}

/// The writer task's state between batches.
struct Batches {
    db: Db,
    progress: Arc<Progress>,
    changes: Arc<super::Changes>,
    /// Records written per application since its last pruning.
    since_pruned: HashMap<i64, usize>,
    /// Per partner, the bytes of body its records keep, as counted at the
    /// last exact count plus what was written since; deletions elsewhere
    /// (pruning, a reset) are not subtracted, so it only ever overstates,
    /// and it is counted exactly before any body is given up.
    body_bytes: Arc<Mutex<HashMap<i64, u64>>>,
    retention: Retention,
}

impl Batches {
    async fn write(&mut self, mut batch: Vec<Record>) {
        let n = batch.len();
        for record in &mut batch {
            record.exchange = std::mem::take(&mut record.exchange).redacted();
        }
        // What the review judges changes with every record but its own reads'.
        let mut applications: Vec<i64> = batch
            .iter()
            .filter(|r| !r.judged.operation_id.as_deref().is_some_and(|id| super::REVIEWING.contains(&id)))
            .map(|r| r.application_id)
            .collect();
        applications.sort_unstable();
        applications.dedup();
        for record in &batch {
            *self.since_pruned.entry(record.application_id).or_default() += 1;
        }
        let retention = self.retention;
        let mut prune = Vec::new();
        self.since_pruned.retain(|&application_id, added| {
            let due = *added >= retention.prune_every;
            if due {
                prune.push(application_id);
            }
            !due
        });
        let body_bytes = self.body_bytes.clone();
        let written = self.db.write(move |tx| {
            let added = store::request_logs::insert_batch(tx, &batch)?;
            for record in &batch {
                crate::faults::record_counters(tx, &record.counted)?;
            }
            let mut counted = body_bytes.lock().unwrap_or_else(PoisonError::into_inner);
            for (partner_id, bytes) in added {
                let kept = match counted.get(&partner_id) {
                    Some(known) => known + bytes,
                    None => store::request_logs::body_bytes(tx, partner_id)?,
                };
                let kept = if kept > retention.body_bytes {
                    match store::request_logs::body_bytes(tx, partner_id)? {
                        exact if exact > retention.body_bytes => {
                            let low = retention.body_bytes - retention.body_bytes / 8;
                            store::request_logs::give_up_bodies(tx, partner_id, exact, low)?
                        }
                        exact => exact,
                    }
                } else {
                    kept
                };
                counted.insert(partner_id, kept);
            }
            drop(counted);
            for application_id in prune {
                store::request_logs::prune(tx, application_id, retention.keep)?;
                store::request_logs::prune_exchanges(tx, application_id, retention.keep_exchanges)?;
            }
            Ok(())
        });
        if let Err(e) = written.await {
            tracing::warn!(error = %e, records = n, "request log records could not be written");
        }
        for application_id in applications {
            self.changes.changed(application_id);
        }
        self.progress.settled.send_modify(|settled| *settled += n as u64);
    }
}

/// The next batch: `first` and what is queued behind it, up to [`BATCH`].
fn queued_after(first: Record, records: &mut mpsc::Receiver<Record>) -> Vec<Record> {
    let mut batch = vec![first];
    while batch.len() < BATCH {
        match records.try_recv() {
            Ok(record) => batch.push(record),
            Err(_) => break,
        }
    }
    batch
}

#[cfg(test)]
mod tests {
    use payctl_domain::time::Timestamp;

    use super::super::tests::{captured, record};
    use super::*;
    use crate::db::Storage;

    async fn seeded() -> (Db, crate::db::DbThreads, i64) {
        let (db, threads) = Db::open(&Storage::Memory).unwrap();
        db.write(|tx| crate::seed::seed(tx, "not-a-real-hash", Timestamp::from_millis(0))).await.unwrap();
        let app: i64 =
            db.read(|c| Ok(c.query_row("SELECT id FROM applications LIMIT 1", [], |r| r.get(0))?)).await.unwrap();
        (db, threads, app)
    }

    async fn count(db: &Db) -> i64 {
        db.read(|c| Ok(c.query_row("SELECT count(*) FROM request_logs", [], |r| r.get(0))?)).await.unwrap()
    }

    #[tokio::test]
    async fn a_read_of_the_log_finds_every_record_queued_before_it() {
        let (db, _threads, app) = seeded().await;
        let (sink, writer) = start(db.clone());
        for n in 0..3 {
            sink.record(record(app, n));
        }
        let started = tokio::time::Instant::now();
        sink.caught_up().await;
        assert_eq!(count(&db).await, 3);
        assert!(started.elapsed() < CATCH_UP_LIMIT, "caught up by the writer, not by giving up");
        sink.record(record(app, 3));
        sink.caught_up().await;
        assert_eq!(count(&db).await, 4);
        writer.stop().await;
    }

    #[tokio::test]
    async fn stopping_flushes_every_queued_record_in_batches() {
        let (db, _threads, app) = seeded().await;
        let (sink, writer) = start(db.clone());
        for n in 0..1_234 {
            sink.record(record(app, n));
        }
        writer.stop().await;
        assert_eq!(count(&db).await, 1_234);
        assert_eq!(sink.dropped(), 0);
        // After the writer stopped, records are dropped and counted, never waited on.
        sink.record(record(app, 0));
        assert_eq!(sink.dropped(), 1);
    }

    #[tokio::test]
    async fn each_application_keeps_its_newest_records() {
        let (db, _threads, _) = seeded().await;
        let apps: Vec<i64> = db
            .read(|c| {
                let mut stmt = c.prepare("SELECT id FROM applications ORDER BY id LIMIT 2")?;
                let rows = stmt.query_map([], |r| r.get(0))?.collect::<Result<_, _>>()?;
                Ok(rows)
            })
            .await
            .unwrap();
        let (busy, quiet) = (apps[0], apps[1]);
        let (sink, writer) =
            start_with(db.clone(), Retention { keep: 100, prune_every: 10, keep_exchanges: 10, ..Retention::DEFAULT });
        for n in 0..1_000 {
            sink.record(record(busy, n));
        }
        for n in 0..5 {
            sink.record(record(quiet, n));
        }
        writer.stop().await;
        let kept = |app: i64| {
            let db = db.clone();
            async move {
                db.read(move |c| {
                    let mut stmt = c.prepare(
                        "SELECT correlation_id FROM request_logs WHERE application_id = ?1 ORDER BY public_id",
                    )?;
                    let rows: Vec<String> = stmt.query_map([app], |r| r.get(0))?.collect::<Result<_, _>>()?;
                    Ok(rows)
                })
                .await
                .unwrap()
            }
        };
        let busy_kept = kept(busy).await;
        // The newest 100, plus at most what arrived since the last pruning.
        assert!((100..110).contains(&busy_kept.len()), "{}", busy_kept.len());
        assert_eq!(busy_kept.last().unwrap(), "c999");
        let first: usize = busy_kept[0][1..].parse().unwrap();
        assert_eq!(busy_kept, (first..1_000).map(|n| format!("c{n}")).collect::<Vec<_>>());
        assert_eq!(kept(quiet).await.len(), 5);

        // Pruning to a bound at or above the count deletes nothing.
        let removed = db.write(move |tx| store::request_logs::prune(tx, quiet, 5)).await.unwrap();
        assert_eq!(removed, 0);
        let removed = db.write(move |tx| store::request_logs::prune(tx, quiet, 2)).await.unwrap();
        assert_eq!((removed, kept(quiet).await), (3, vec!["c3".to_owned(), "c4".to_owned()]));
    }

    #[tokio::test]
    async fn exchanges_are_stored_redacted_and_pruned_to_the_newest() {
        let (db, _threads, app) = seeded().await;
        let (sink, writer) = start_with(
            db.clone(),
            Retention { keep: 1_000, prune_every: 1_000, keep_exchanges: 1_000, ..Retention::DEFAULT },
        );
        for n in 0..100 {
            sink.record(Record { exchange: captured(n), ..record(app, n) });
        }
        writer.stop().await;
        type Row = (String, Option<String>, Option<String>, Option<String>);
        let rows = |db: Db| async move {
            db.read(|c| {
                let mut stmt = c.prepare(
                    "SELECT l.correlation_id, x.request_headers, x.response_headers, x.response_body
                     FROM request_logs l LEFT JOIN request_log_exchanges x ON x.log_id = l.id ORDER BY l.public_id",
                )?;
                let rows: Vec<Row> = stmt
                    .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
                    .collect::<Result<_, _>>()?;
                Ok(rows)
            })
            .await
            .unwrap()
        };
        let all = rows(db.clone()).await;
        let kept: Vec<&Row> = all.iter().filter(|r| r.1.is_some()).collect();
        assert_eq!(kept.len(), 100);
        let (_, headers, response_headers, body) = kept.last().unwrap();
        let headers: serde_json::Value = serde_json::from_str(headers.as_deref().unwrap()).unwrap();
        assert_eq!(
            headers,
            serde_json::json!({"idempotency-key": "k99", "x-client-secret": payctl_wire::logs::REDACTED})
        );
        assert_eq!(response_headers.as_deref(), Some(r#"{"content-type":"application/json"}"#));
        let body: serde_json::Value = serde_json::from_str(body.as_deref().unwrap()).unwrap();
        assert_eq!(body["secret"], payctl_wire::logs::REDACTED);
        assert_eq!(body["note"], payctl_wire::logs::REDACTED);
        assert_eq!(body["id"], "c99");

        // Pruning keeps the newest exchanges and every summary.
        db.write(move |tx| store::request_logs::prune_exchanges(tx, app, 10)).await.unwrap();
        let all = rows(db.clone()).await;
        assert_eq!(all.len(), 100);
        let kept: Vec<&str> = all.iter().filter(|r| r.1.is_some()).map(|r| r.0.as_str()).collect();
        assert_eq!(kept, (90..100).map(|n| format!("c{n}")).collect::<Vec<_>>());
    }
}
