//! Request logs (spec 2.15): a record of every request made with an API
//! key, written off the request path.
//!
//! The layer runs inside authentication (so the key and application are
//! known) and inside the rate limiter (whose refusals it also records). It
//! covers every key-authenticated route, `/v1/...` and the `/sandbox/...`
//! simulation routes when called with a TEST key; requests with a bearer or
//! the control token are not logged. The body is kept only after
//! [`redact`]ion; headers are never kept.
//!
//! Handlers never wait for the log: a finished record goes into a bounded
//! channel ([`Sink::record`] never blocks; when the channel is full the
//! record is dropped and counted) and one background task inserts records
//! in batches of up to [`BATCH`] per transaction. On shutdown the task
//! drains the channel and stops before the database threads are joined.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use payctl_wire::error::ErrorCode;
use tokio::sync::{mpsc, oneshot};

use crate::api::BODY_LIMIT;
use crate::auth::principal;
use crate::clock::Timestamp;
use crate::db::Db;
use crate::error::ApiError;
use crate::http::request_id::CorrelationId;
use crate::state::AppState;
use crate::{ids, redact, store};

/// Records waiting to be written, at most.
pub const CAPACITY: usize = 10_000;
/// Records per write transaction, at most.
pub const BATCH: usize = 500;

/// One finished request, ready to insert.
#[derive(Debug, Clone)]
pub struct Record {
    pub public_id: String,
    pub application_id: i64,
    pub api_key_id: String,
    pub method: String,
    pub path: String,
    pub query: Option<String>,
    pub status_code: u16,
    pub duration_ms: i64,
    pub correlation_id: String,
    pub error_code: Option<&'static str>,
    /// Redacted JSON text.
    pub request_body: Option<String>,
    pub requested_at: Timestamp,
    pub responded_at: Timestamp,
}

/// The sending side, kept in the shared state.
#[derive(Debug)]
pub struct Sink {
    queue: mpsc::Sender<Record>,
    dropped: AtomicU64,
}

impl Sink {
    /// Queues a record without waiting; a full queue drops it.
    pub fn record(&self, record: Record) {
        if self.queue.try_send(record).is_err() {
            let n = self.dropped.fetch_add(1, Ordering::Relaxed) + 1;
            if n.is_power_of_two() {
                tracing::warn!(dropped = n, "request log queue full; records dropped");
            }
        }
    }

    /// Records dropped so far because the queue was full.
    pub fn dropped(&self) -> u64 {
        self.dropped.load(Ordering::Relaxed)
    }

    /// Waits (at most `limit`) until the writer has taken every queued
    /// record, so a reset that follows does not race records from before it.
    pub async fn drained(&self, limit: std::time::Duration) {
        let deadline = tokio::time::Instant::now() + limit;
        while self.queue.capacity() < self.queue.max_capacity() && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
        // The writer hands a batch to the database right after taking it.
        tokio::task::yield_now().await;
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
    let (queue, mut records) = mpsc::channel::<Record>(CAPACITY);
    let (stop, mut stopped) = oneshot::channel::<()>();
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
            write_batch(&db, first, &mut records).await;
        }
        // Flush whatever is still queued, then let go of the database.
        records.close();
        while let Some(first) = records.recv().await {
            write_batch(&db, first, &mut records).await;
        }
    });
    (Sink { queue, dropped: AtomicU64::new(0) }, Writer { stop, task })
}

async fn write_batch(db: &Db, first: Record, records: &mut mpsc::Receiver<Record>) {
    let mut batch = Vec::with_capacity(64);
    batch.push(first);
    while batch.len() < BATCH {
        match records.try_recv() {
            Ok(record) => batch.push(record),
            Err(_) => break,
        }
    }
    let n = batch.len();
    if let Err(e) = db.write(move |tx| store::request_logs::insert_batch(tx, &batch)).await {
        tracing::warn!(error = %e, records = n, "request log records could not be written");
    }
}

/// The layer: logs key-authenticated requests, passes others through.
pub async fn middleware(State(state): State<AppState>, request: Request, next: Next) -> Response {
    observe(&state, request, |request| next.run(request)).await
}

/// Runs `run` on the request and logs the exchange when a key made it.
pub async fn observe<F, Fut>(state: &AppState, request: Request, run: F) -> Response
where
    F: FnOnce(Request) -> Fut,
    Fut: Future<Output = Response>,
{
    let Some(key) = principal::key_of(request.extensions()) else {
        return run(request).await;
    };
    let started = Instant::now();
    let requested_at = state.clock.now();
    let application_id = key.application_id;
    let api_key_id = key.key_public_id.clone();
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    let query = request.uri().query().filter(|q| !q.is_empty()).map(redact::query);
    let correlation_id = request.extensions().get::<CorrelationId>().map(|c| c.0.clone()).unwrap_or_default();

    let (response, request_body) = if method == Method::GET || method == Method::HEAD {
        (run(request).await, None)
    } else {
        let (parts, body) = request.into_parts();
        match axum::body::to_bytes(body, BODY_LIMIT).await {
            Ok(bytes) => {
                let kept = redact::body(&bytes).map(|v| v.to_string());
                (run(Request::from_parts(parts, Body::from(bytes))).await, kept)
            }
            Err(_) => (
                ApiError::new(ErrorCode::PayloadTooLarge, "the request body is larger than the 1 MiB limit")
                    .into_response(),
                None,
            ),
        }
    };

    let elapsed = started.elapsed();
    state.request_log.record(Record {
        public_id: ids::uuid(),
        application_id,
        api_key_id,
        method: method.as_str().to_owned(),
        path,
        query,
        status_code: response.status().as_u16(),
        duration_ms: i64::try_from(elapsed.as_millis()).unwrap_or(i64::MAX),
        correlation_id,
        error_code: response.extensions().get::<ApiError>().map(|e| e.code.as_str()),
        request_body,
        requested_at,
        responded_at: requested_at.plus_millis(i64::try_from(elapsed.as_millis()).unwrap_or(0)),
    });
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::Storage;

    fn record(application_id: i64, n: usize) -> Record {
        let at = Timestamp::from_millis(1_800_000_000_000);
        Record {
            public_id: ids::uuid(),
            application_id,
            api_key_id: "key".into(),
            method: "GET".into(),
            path: "/v1/logs".into(),
            query: None,
            status_code: 200,
            duration_ms: 1,
            correlation_id: format!("c{n}"),
            error_code: None,
            request_body: None,
            requested_at: at,
            responded_at: at,
        }
    }

    #[tokio::test]
    async fn stopping_flushes_every_queued_record_in_batches() {
        let (db, _threads) = Db::open(&Storage::Memory).unwrap();
        db.write(|tx| crate::seed::seed(tx, "not-a-real-hash", Timestamp::from_millis(0))).await.unwrap();
        let app: i64 =
            db.read(|c| Ok(c.query_row("SELECT id FROM applications LIMIT 1", [], |r| r.get(0))?)).await.unwrap();
        let (sink, writer) = start(db.clone());
        for n in 0..1_234 {
            sink.record(record(app, n));
        }
        writer.stop().await;
        let count: i64 =
            db.read(|c| Ok(c.query_row("SELECT count(*) FROM request_logs", [], |r| r.get(0))?)).await.unwrap();
        assert_eq!(count, 1_234);
        assert_eq!(sink.dropped(), 0);
        // After the writer stopped, records are dropped and counted, never waited on.
        sink.record(record(app, 0));
        assert_eq!(sink.dropped(), 1);
    }

    #[tokio::test]
    async fn a_full_queue_drops_instead_of_blocking() {
        let (queue, _receiver) = mpsc::channel(2);
        let sink = Sink { queue, dropped: AtomicU64::new(0) };
        for n in 0..5 {
            sink.record(record(1, n));
        }
        assert_eq!(sink.dropped(), 3);
    }
}
