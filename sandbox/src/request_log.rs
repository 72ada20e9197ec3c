//! Request logs (spec 2.15): a record of every request made with an API
//! key, written off the request path.
//!
//! The layer runs inside authentication (so the key and application are
//! known) and inside the rate limiter (whose refusals it also records). It
//! covers every key-authenticated route, `/v1/...` and the `/sandbox/...`
//! simulation routes when called with a TEST key; requests with a bearer or
//! the control token are not logged, nor reads marked unlogged (the
//! console's own, and `GET`s sent with `X-Sandbox-Unlogged: true`). The path, query, body and the
//! `X-Request-ID` (as `correlation_id`) are kept only after [`redact`]ion.
//!
//! The exchange (request headers, response headers and body) is kept too,
//! for the console's detail view, for at most [`EXCHANGES_PER_SECOND`]
//! requests a second (every request of interactive use; a sample of a load
//! test): a request beyond that budget costs nothing more than before, and
//! one within it costs the request path only copies of what it already
//! holds, since the background writer does the redaction. Credential headers
//! are never kept.
//!
//! Handlers never wait for the log: a finished record goes into a bounded
//! channel ([`Sink::record`] never blocks; when the channel is full the
//! record is dropped and counted) and one background task inserts records
//! in batches of up to [`BATCH`] per transaction. On shutdown the task
//! drains the channel and stops before the database threads are joined.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, AtomicU32, AtomicU64, Ordering};
use std::time::Instant;

use axum::body::{Body, Bytes, HttpBody};
use axum::extract::Request;
use axum::http::{HeaderMap, Method};
use axum::response::{IntoResponse, Response};
use payctl_domain::redact;
use payctl_domain::time::Timestamp;
use payctl_wire::error::ErrorCode;
use payctl_wire::faults::AppliedFault;
use tokio::sync::{mpsc, oneshot};

use crate::api::BODY_LIMIT;
use crate::api::Operation;
use crate::auth::principal;
use crate::clock;
use crate::db::Db;
use crate::error::ApiError;
use crate::faults::requests::Unanswered;
use crate::http::request_id::CorrelationId;
use crate::state::AppState;
use crate::{idempotency, ids, store};

/// Records waiting to be written, at most.
pub const CAPACITY: usize = 10_000;
/// Records per write transaction, at most.
pub const BATCH: usize = 500;
/// Requests a second, at most, whose exchange is kept.
pub const EXCHANGES_PER_SECOND: u32 = 200;
/// Response bodies larger than this are not kept.
pub const MAX_KEPT_BODY: u64 = 64 * 1024;
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
}

impl Retention {
    /// A load test against the sandbox would otherwise grow the database
    /// (all of it in memory with `--in-memory`) by about 200 bytes per
    /// request, without end.
    pub const DEFAULT: Retention = Retention { keep: 50_000, prune_every: 5_000, keep_exchanges: 1_000 };
}

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
    /// The injected fault, if any.
    pub fault: Option<AppliedFault>,
    /// What the review judges the request by (see [`Judged`]).
    pub judged: Judged,
    pub exchange: Exchange,
}

/// What the go-live review needs of a request beyond what the log shows.
#[derive(Debug, Clone, Default)]
pub struct Judged {
    /// The route table's id of the operation.
    pub operation_id: Option<String>,
    /// `idempotency::stored_key` of the `Idempotency-Key` sent, never the key.
    pub idempotency_key_hash: Option<String>,
    /// `idempotency::body_hash` of a request with a body.
    pub body_hash: Option<String>,
    /// Whether the client sent its own `X-Request-ID`.
    pub request_id_sent: bool,
    /// The `Retry-After` seconds the answer carried.
    pub retry_after: Option<u64>,
    /// Real time the request arrived, Unix milliseconds.
    pub real_at: i64,
}

/// The headers and answer of a request, in the stages the log takes them
/// through.
#[derive(Debug, Clone, Default)]
pub enum Exchange {
    /// Not kept.
    #[default]
    None,
    /// As the request path captured it (credential headers already gone);
    /// never stored in this form.
    Captured(Box<Captured>),
    /// Redacted, as JSON text: what is stored.
    Kept(Kept),
}

#[derive(Debug, Clone)]
pub struct Captured {
    pub request_headers: HeaderMap,
    pub response_headers: HeaderMap,
    /// `None` when the body was too large or streamed.
    pub response_body: Option<Bytes>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kept {
    pub request_headers: String,
    pub response_headers: String,
    pub response_body: Option<String>,
}

impl Exchange {
    /// The redacted form of a captured exchange.
    fn redacted(self) -> Exchange {
        match self {
            Exchange::Captured(c) => Exchange::Kept(Kept {
                request_headers: redact::headers(&c.request_headers).to_string(),
                response_headers: redact::headers(&c.response_headers).to_string(),
                response_body: c.response_body.as_deref().and_then(redact::body).map(|v| v.to_string()),
            }),
            other => other,
        }
    }
}

/// Marks a request the log must skip: a read the console makes on its
/// own behalf (such as reading ids back for an export), not one the
/// application made.
#[derive(Debug, Clone, Copy)]
pub struct Unlogged;

/// A `GET` its caller marked with [`payctl_wire::sandbox::UNLOGGED_HEADER`]:
/// a tool's read on its own behalf. It still counts against the key's rate
/// limit; only reads can go unlogged.
pub fn unlogged_read(request: &Request) -> bool {
    request.method() == Method::GET
        && request.headers().get(crate::http::headers::UNLOGGED).is_some_and(|v| v.as_bytes() == b"true")
}

/// The sending side, kept in the shared state.
#[derive(Debug)]
pub struct Sink {
    queue: mpsc::Sender<Record>,
    dropped: AtomicU64,
    exchanges: ExchangeBudget,
}

/// [`EXCHANGES_PER_SECOND`] as a fixed one-second window of real time: two
/// atomics, no lock. Near a window's edge two threads may both reset it,
/// which at worst lets a few more through.
#[derive(Debug, Default)]
pub struct ExchangeBudget {
    second: AtomicI64,
    used: AtomicU32,
}

impl ExchangeBudget {
    /// Whether one more exchange may be kept at `now_ms` (Unix millis).
    pub fn take(&self, now_ms: i64) -> bool {
        let second = now_ms.div_euclid(1000);
        if self.second.swap(second, Ordering::AcqRel) != second {
            self.used.store(0, Ordering::Release);
        }
        self.used.fetch_add(1, Ordering::AcqRel) < EXCHANGES_PER_SECOND
    }
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
    start_with(db, Retention::DEFAULT)
}

fn start_with(db: Db, retention: Retention) -> (Sink, Writer) {
    let (queue, mut records) = mpsc::channel::<Record>(CAPACITY);
    let (stop, mut stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        let mut since_pruned: HashMap<i64, usize> = HashMap::new();
        loop {
            let first = tokio::select! {
                biased;
                next = records.recv() => match next {
                    Some(record) => record,
                    None => break,
                },
                _ = &mut stopped => break,
            };
            write_batch(&db, first, &mut records, &mut since_pruned, retention).await;
        }
        // Flush whatever is still queued, then let go of the database.
        records.close();
        while let Some(first) = records.recv().await {
            write_batch(&db, first, &mut records, &mut since_pruned, retention).await;
        }
    });
    (Sink { queue, dropped: AtomicU64::new(0), exchanges: ExchangeBudget::default() }, Writer { stop, task })
}

async fn write_batch(
    db: &Db,
    first: Record,
    records: &mut mpsc::Receiver<Record>,
    since_pruned: &mut HashMap<i64, usize>,
    retention: Retention,
) {
    let mut batch = Vec::with_capacity(64);
    batch.push(first);
    while batch.len() < BATCH {
        match records.try_recv() {
            Ok(record) => batch.push(record),
            Err(_) => break,
        }
    }
    let n = batch.len();
    for record in &mut batch {
        record.exchange = std::mem::take(&mut record.exchange).redacted();
    }
    for record in &batch {
        *since_pruned.entry(record.application_id).or_default() += 1;
    }
    let mut prune = Vec::new();
    since_pruned.retain(|&application_id, added| {
        let due = *added >= retention.prune_every;
        if due {
            prune.push(application_id);
        }
        !due
    });
    let written = db.write(move |tx| {
        store::request_logs::insert_batch(tx, &batch)?;
        for application_id in prune {
            store::request_logs::prune(tx, application_id, retention.keep)?;
            store::request_logs::prune_exchanges(tx, application_id, retention.keep_exchanges)?;
        }
        Ok(())
    });
    if let Err(e) = written.await {
        tracing::warn!(error = %e, records = n, "request log records could not be written");
    }
}

/// The layer: runs `run` on the request and logs the exchange when a key
/// made it; others pass through.
pub async fn observe<F, Fut>(state: &AppState, request: Request, run: F) -> Response
where
    F: FnOnce(Request) -> Fut,
    Fut: Future<Output = Response>,
{
    let Some(key) = principal::key_of(request.extensions())
        .filter(|_| request.extensions().get::<Unlogged>().is_none() && !unlogged_read(&request))
    else {
        return run(request).await;
    };
    let started = Instant::now();
    let requested_at = state.clock.app_now(key.application_id);
    let mut judged = Judged {
        operation_id: request.extensions().get::<Arc<Operation>>().map(|op| op.id.clone()),
        idempotency_key_hash: request
            .headers()
            .get(crate::http::headers::IDEMPOTENCY_KEY)
            .and_then(|v| v.to_str().ok())
            .map(idempotency::stored_key),
        request_id_sent: request.headers().contains_key(crate::http::headers::REQUEST_ID),
        real_at: clock::real_now().millis(),
        ..Judged::default()
    };
    let application_id = key.application_id;
    let api_key_id = key.key_public_id.clone();
    let method = request.method().clone();
    let path = redact::path(request.uri().path()).into_owned();
    let query = request.uri().query().filter(|q| !q.is_empty()).map(redact::query);
    // The one header kept: the caller's X-Request-ID (or the one generated).
    let correlation_id =
        request.extensions().get::<CorrelationId>().map(|c| redact::text(&c.0).into_owned()).unwrap_or_default();
    let request_headers =
        state.request_log.exchanges.take(clock::real_now().millis()).then(|| without_credentials(request.headers()));

    let (response, request_body) = if method == Method::GET || method == Method::HEAD {
        (run(request).await, None)
    } else {
        let (parts, body) = request.into_parts();
        match axum::body::to_bytes(body, BODY_LIMIT).await {
            Ok(bytes) => {
                let kept = redact::body(&bytes).map(|v| v.to_string());
                judged.body_hash = Some(idempotency::body_hash(&bytes));
                (run(Request::from_parts(parts, Body::from(bytes))).await, kept)
            }
            Err(_) => (
                ApiError::new(ErrorCode::PayloadTooLarge, "the request body is larger than the 1 MiB limit")
                    .into_response(),
                None,
            ),
        }
    };

    let (response, exchange) = match request_headers {
        Some(headers) => capture(response, headers).await,
        None => (response, Exchange::None),
    };
    let elapsed = started.elapsed();
    judged.retry_after = response
        .headers()
        .get(axum::http::header::RETRY_AFTER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok());
    state.request_log.record(Record {
        public_id: ids::uuid(),
        application_id,
        api_key_id,
        method: method.as_str().to_owned(),
        path,
        query,
        // A request cut without an answer got no status at all.
        status_code: if response.extensions().get::<Unanswered>().is_some() { 0 } else { response.status().as_u16() },
        duration_ms: i64::try_from(elapsed.as_millis()).unwrap_or(i64::MAX),
        correlation_id,
        error_code: response.extensions().get::<ApiError>().map(|e| e.code.as_str()),
        request_body,
        requested_at,
        responded_at: requested_at.plus_millis(i64::try_from(elapsed.as_millis()).unwrap_or(0)),
        fault: response.extensions().get::<AppliedFault>().cloned(),
        judged,
        exchange,
    });
    response
}

/// The request's headers without the credential ones, which no log keeps
/// in any form.
fn without_credentials(headers: &HeaderMap) -> HeaderMap {
    let mut kept = headers.clone();
    for name in redact::CREDENTIAL_HEADERS {
        kept.remove(*name);
    }
    kept
}

/// Takes a copy of the answer (headers, and a body of known size up to
/// [`MAX_KEPT_BODY`]) and hands the answer back unchanged.
async fn capture(response: Response, request_headers: HeaderMap) -> (Response, Exchange) {
    let (parts, body) = response.into_parts();
    let known = body.size_hint().exact().filter(|&n| n <= MAX_KEPT_BODY);
    let (body, response_body) = match known {
        Some(n) => match axum::body::to_bytes(body, usize::try_from(n).unwrap_or(usize::MAX)).await {
            Ok(bytes) => (Body::from(bytes.clone()), Some(bytes)),
            Err(_) => (Body::empty(), None),
        },
        None => (body, None),
    };
    let response_headers = without_credentials(&parts.headers);
    let exchange = Exchange::Captured(Box::new(Captured { request_headers, response_headers, response_body }));
    (Response::from_parts(parts, body), exchange)
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
            fault: None,
            judged: Judged::default(),
            exchange: Exchange::None,
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
    async fn each_application_keeps_its_newest_records() {
        let (db, _threads) = Db::open(&Storage::Memory).unwrap();
        db.write(|tx| crate::seed::seed(tx, "not-a-real-hash", Timestamp::from_millis(0))).await.unwrap();
        let apps: Vec<i64> = db
            .read(|c| {
                let mut stmt = c.prepare("SELECT id FROM applications ORDER BY id LIMIT 2")?;
                let rows = stmt.query_map([], |r| r.get(0))?.collect::<Result<_, _>>()?;
                Ok(rows)
            })
            .await
            .unwrap();
        let (busy, quiet) = (apps[0], apps[1]);
        let (sink, writer) = start_with(db.clone(), Retention { keep: 100, prune_every: 10, keep_exchanges: 10 });
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

    fn captured(n: usize) -> Exchange {
        let mut request_headers = HeaderMap::new();
        request_headers.insert("idempotency-key", format!("k{n}").parse().unwrap());
        request_headers.insert("x-client-secret", "hush".parse().unwrap());
        // What `observe` removes before a record is made; the writer must not rely on it.
        request_headers.insert("authorization", "Bearer t".parse().unwrap());
        let mut response_headers = HeaderMap::new();
        response_headers.insert("content-type", "application/json".parse().unwrap());
        let body = Bytes::from(format!(r#"{{"id":"c{n}","secret":"whsec_x","note":"sk_test_abc"}}"#));
        Exchange::Captured(Box::new(Captured { request_headers, response_headers, response_body: Some(body) }))
    }

    #[test]
    fn exchanges_are_kept_for_a_budget_of_requests_a_second() {
        let budget = ExchangeBudget::default();
        let at = 1_800_000_000_000;
        let kept = (0..EXCHANGES_PER_SECOND + 50).filter(|i| budget.take(at + i64::from(*i % 900))).count();
        assert_eq!(kept, EXCHANGES_PER_SECOND as usize);
        assert!(budget.take(at + 1_000), "a new second, a new budget");
    }

    #[tokio::test]
    async fn exchanges_are_stored_redacted_and_pruned_to_the_newest() {
        let (db, _threads) = Db::open(&Storage::Memory).unwrap();
        db.write(|tx| crate::seed::seed(tx, "not-a-real-hash", Timestamp::from_millis(0))).await.unwrap();
        let app: i64 =
            db.read(|c| Ok(c.query_row("SELECT id FROM applications LIMIT 1", [], |r| r.get(0))?)).await.unwrap();
        let (sink, writer) =
            start_with(db.clone(), Retention { keep: 1_000, prune_every: 1_000, keep_exchanges: 1_000 });
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

    #[tokio::test]
    async fn a_full_queue_drops_instead_of_blocking() {
        let (queue, _receiver) = mpsc::channel(2);
        let sink = Sink { queue, dropped: AtomicU64::new(0), exchanges: ExchangeBudget::default() };
        for n in 0..5 {
            sink.record(record(1, n));
        }
        assert_eq!(sink.dropped(), 3);
    }
}
