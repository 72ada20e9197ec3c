//! Request logs (spec 2.15): a record of every request made with an API
//! key, written off the request path.
//!
//! The layer runs inside authentication (so the key and application are
//! known) and after the rate limiter, whose refusals the layer stack logs
//! through it too. It covers every key-authenticated route, `/v1/...` and
//! the `/sandbox/...` simulation routes when called with a TEST key;
//! requests with a bearer or the control token are not logged, nor reads
//! a tool makes on its own behalf ([`crate::auth::principal::speaker`]:
//! the console's, and `payctl`'s signed `X-Sandbox-Tool` reads). The body
//! is the one the layer stack read ([`crate::http::body`]). The path,
//! query, body and the
//! `X-Request-ID` (as `correlation_id`) are kept only after [`redact`]ion.
//! What a record keeps is bounded: paths and queries ([`bounded`]), the
//! body per record ([`KeptBody`]) and the bodies of a partner's records in
//! all ([`Retention::body_bytes`]), so one partner's large bodies cost
//! the database a known amount however many applications it has.
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
//! record is dropped and counted) and one background task ([`writer`])
//! inserts records in batches of up to [`BATCH`] per transaction. Reads of
//! the log wait for it instead ([`Sink::caught_up`]): a request is in the
//! log for every read its caller makes after the answer. On shutdown the
//! task drains the channel and stops before the database threads are
//! joined.
//!
//! # Layout
//! - this module: the layer ([`observe`]), records, the sending side.
//! - [`writer`]: the background task, its batches and retention.
//! - [`reviews`]: the go-live review's last answer and turn per
//!   application (it judges this log).

pub mod reviews;
mod writer;

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, AtomicU32, AtomicU64, Ordering};
use std::time::Instant;

use axum::body::{Body, HttpBody};
use axum::extract::Request;
use axum::http::HeaderMap;
use axum::response::Response;
use payctl_domain::redact;
use payctl_domain::time::Timestamp;
use payctl_wire::faults::AppliedFault;
use tokio::sync::mpsc;

use crate::auth::principal::KeyCaller;
use crate::clock;
use crate::error::ApiError;
use crate::faults::requests::{Pending, Unanswered};
use crate::http::body::Received;
use crate::http::request_id::CorrelationId;
use crate::ids;
use crate::operation::Operation;
use crate::state::AppState;
pub use crate::store::request_logs::{Captured, Exchange, Judged, Kept, KeptBody, Record};

use writer::Progress;
pub use writer::{Writer, start};

/// Records waiting to be written, at most.
pub const CAPACITY: usize = 10_000;
/// Records per write transaction, at most.
pub const BATCH: usize = 500;
/// Requests a second, at most, whose exchange is kept.
pub const EXCHANGES_PER_SECOND: u32 = 200;
/// Response bodies larger than this are not kept.
pub const MAX_KEPT_BODY: u64 = 64 * 1024;
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

/// The sending side, kept in the shared state.
#[derive(Debug)]
pub struct Sink {
    queue: mpsc::Sender<Record>,
    dropped: AtomicU64,
    exchanges: ExchangeBudget,
    progress: Arc<Progress>,
    changes: Arc<Changes>,
}

/// The operations a partner looks at the integration with rather than ones
/// it is made of: reading the review, starting and ending drills. The
/// review leaves their records out of what it judges, so a review never
/// judges the one read before it (a 429 followed by `GET /sandbox/review`
/// is no retry, waited or not), and writing them counts no change to it
/// (a drill's start and end count one of their own).
pub const REVIEWING: [&str; 3] = [REVIEW, "startDrill", "stopDrill"];

/// The route table's id of `GET /sandbox/review`, whose answer the log
/// never keeps in an exchange (see [`observe`]).
pub const REVIEW: &str = "getReview";

/// A count per application of the changes to what the go-live review
/// reads of it: bumped after every commit that wrote its log records (by
/// the writer), a delivery attempt at its endpoints, or its drills; and for
/// every application at a reset. A review read after a count is taken sees
/// every change counted before it, so an answer computed then stays right
/// while the count stays the same.
#[derive(Debug, Default)]
pub struct Changes {
    counts: std::sync::Mutex<std::collections::HashMap<i64, u64>>,
    /// Bumped at a reset: every application's count changes with it.
    epoch: AtomicU64,
}

impl Changes {
    /// Counts a change to `application_id`'s review, once it is committed.
    pub fn changed(&self, application_id: i64) {
        let mut counts = self.counts.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        *counts.entry(application_id).or_default() += 1;
    }

    /// Counts a change to every application's review (a reset).
    pub fn changed_all(&self) {
        self.epoch.fetch_add(1, Ordering::AcqRel);
    }

    /// The application's count now.
    pub fn count(&self, application_id: i64) -> (u64, u64) {
        let epoch = self.epoch.load(Ordering::Acquire);
        let counts = self.counts.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        (epoch, counts.get(&application_id).copied().unwrap_or(0))
    }
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
    fn new(queue: mpsc::Sender<Record>, progress: Arc<Progress>, changes: Arc<Changes>) -> Sink {
        Sink { queue, dropped: AtomicU64::new(0), exchanges: ExchangeBudget::default(), progress, changes }
    }

    /// The count of changes to what the review reads (see [`Changes`]).
    pub fn changes(&self) -> &Changes {
        &self.changes
    }

    /// Queues a record without waiting; a full queue drops it.
    pub fn record(&self, record: Record) {
        if self.progress.queue(|| self.queue.try_send(record).is_ok()) {
            return;
        }
        let n = self.dropped.fetch_add(1, Ordering::Relaxed) + 1;
        if n.is_power_of_two() {
            tracing::warn!(dropped = n, "request log queue full; records dropped");
        }
    }

    /// Queues a record that stores fault rules' counters, waiting for room
    /// if need be, and waits until it is written (at most
    /// [`writer::CATCH_UP_LIMIT`]): the request is answered only once what
    /// it did to the rules is on disk, so a restart, even after a kill,
    /// goes on from every match that was answered.
    pub async fn record_counted(&self, record: Record) {
        match self.queue.reserve().await {
            Ok(room) => {
                self.progress.queue(|| {
                    room.send(record);
                    true
                });
                self.caught_up().await;
            }
            Err(_) => tracing::warn!("request log closed; a fault rule's counters were not stored"),
        }
    }

    /// Records dropped so far because the queue was full.
    #[cfg(test)]
    pub fn dropped(&self) -> u64 {
        self.dropped.load(Ordering::Relaxed)
    }

    /// Waits until every record queued before the call is in the database
    /// (at most [`writer::CATCH_UP_LIMIT`]): every read of the log starts
    /// here, so a caller finds its earlier requests there, and a reset
    /// that follows does not race records from before it.
    pub async fn caught_up(&self) {
        self.progress.caught_up(writer::CATCH_UP_LIMIT).await;
    }
}

/// Runs `work` on the database once every record queued before the call
/// is written: how every read of the log (the list, the console's pages,
/// the review) reads it. On a database thread ([`crate::db::Db::scan`]):
/// the review reads every record since a point, and a filtered page may
/// walk every record an application keeps before it is full.
pub async fn read<T, F>(state: &AppState, work: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce(&crate::db::sql::Conn<'_>) -> Result<T, ApiError> + Send + 'static,
{
    state.request_log.caught_up().await;
    state.db.scan(work).await
}

/// A request of application traffic (the layer stack judges that,
/// [`crate::auth::principal::speaker`]) as it arrived, before its body
/// was read: the log's order (and the review's) is the order requests came
/// in, whenever each was read and answered, and a record's duration counts
/// the body's upload.
#[derive(Debug)]
pub struct Arrival {
    key: KeyCaller,
    started: Instant,
    public_id: String,
    requested_at: Timestamp,
    real_at: i64,
}

impl Arrival {
    pub fn new(state: &AppState, key: KeyCaller) -> Arrival {
        let requested_at = state.clock.app_now(key.application_id);
        Arrival {
            started: Instant::now(),
            public_id: ids::uuid(),
            requested_at,
            real_at: clock::real_now().millis(),
            key,
        }
    }

    /// The key the request was made with.
    pub fn key(&self) -> &KeyCaller {
        &self.key
    }
}

/// The layer: runs `run` on the request that `arrival` took and logs the
/// exchange.
pub async fn observe<F, Fut>(state: &AppState, arrival: Arrival, request: Request, run: F) -> Response
where
    F: FnOnce(Request) -> Fut,
    Fut: Future<Output = Response>,
{
    let Arrival { key, started, public_id, requested_at, real_at } = arrival;
    // Read by the layer stack ([`crate::http::body`]); absent when the
    // request was refused before its body was read.
    let received = request.extensions().get::<Received>();
    let judged = Judged {
        operation_id: request.extensions().get::<Arc<Operation>>().map(|op| op.id().to_owned()),
        idempotency_key_hash: received.and_then(|r| r.key_hash.clone()),
        body_hash: received.and_then(Received::body_hash_hex),
        request_id_sent: request.headers().contains_key(crate::http::headers::REQUEST_ID),
        real_at,
        ..Judged::default()
    };
    let application_id = key.application_id;
    let api_key_id = key.key_public_id.clone();
    let method = request.method().clone();
    let path = bounded(redact::path(request.uri().path()).into_owned());
    let query = request.uri().query().filter(|q| !q.is_empty()).map(|q| bounded(redact::query(q)));
    // The one header kept: the caller's X-Request-ID (or the one generated).
    let correlation_id =
        request.extensions().get::<CorrelationId>().map(|c| redact::text(&c.0).into_owned()).unwrap_or_default();
    // A review's answer is the log read back, and large (a check's evidence
    // for every failing request): keeping it would give the log writer, on
    // the one database connection every partner's writes wait for, a
    // redaction and an insert of kilobytes per review, so a partner looping
    // on reviews slowed everyone's writes (BENCHMARKS.md). Its record stays.
    let keeps_exchange = judged.operation_id.as_deref().is_none_or(|id| id != REVIEW);
    let request_headers = (keeps_exchange && state.request_log.exchanges.take(clock::real_now().millis()))
        .then(|| without_credentials(request.headers()));

    let redaction = Redaction::start(received.and_then(|r| r.bytes.clone()));
    // Only a fault counts or holds: without a rule or a request's own fault
    // header, the request path allocates nothing more for it. On a database
    // other processes share, their rules are not known yet (see
    // `faults::follow`), so every request may meet one.
    let holdable = request.headers().contains_key(crate::http::headers::SANDBOX_FAULT)
        || state.faults.any()
        || state.storage.is_shared();
    let pending = holdable.then(Pending::default);
    // Written if this future is dropped before the answer: the client went
    // away (a `latency` or `timeout` hold it did not wait out).
    let mut gone = Gone {
        state,
        pending: pending.clone(),
        started,
        redaction,
        record: Some(Record {
            public_id,
            application_id,
            api_key_id,
            method: method.clone(),
            path,
            query,
            status_code: 0,
            duration_ms: 0,
            correlation_id,
            error_code: None,
            request_body: None,
            requested_at,
            responded_at: requested_at,
            fault: None,
            judged,
            counted: Vec::new(),
            exchange: Exchange::None,
        }),
    };
    let mut request = request;
    if let Some(pending) = pending {
        request.extensions_mut().insert(pending);
    }
    let response = run(request).await;
    // Still the guard's while it runs: a client gone meanwhile has its
    // record written once the redaction ends.
    let request_body = gone.redaction.finish().await;
    // Answered: the record is this function's again, not the guard's.
    let Some(mut record) = gone.record.take() else { return response };
    record.request_body = request_body;

    let (response, exchange) = match request_headers {
        Some(headers) => capture(response, headers).await,
        None => (response, Exchange::None),
    };
    let elapsed = started.elapsed();
    record.judged.retry_after = response
        .headers()
        .get(axum::http::header::RETRY_AFTER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok());
    // A request cut without an answer got no status at all.
    record.status_code =
        if response.extensions().get::<Unanswered>().is_some() { 0 } else { response.status().as_u16() };
    record.duration_ms = i64::try_from(elapsed.as_millis()).unwrap_or(i64::MAX);
    record.error_code = response.extensions().get::<ApiError>().map(|e| e.code.as_str());
    record.responded_at = requested_at.plus_millis(i64::try_from(elapsed.as_millis()).unwrap_or(0));
    record.fault = response.extensions().get::<AppliedFault>().cloned();
    record.counted = gone.pending.as_ref().map(Pending::counted).unwrap_or_default();
    record.exchange = exchange;
    if record.counted.is_empty() {
        state.request_log.record(record);
    } else {
        state.request_log.record_counted(record).await;
    }
    response
}

/// The most of a request's body a record keeps, in bytes of its redacted
/// JSON text: enough for any request the API defines, while one of 1 MiB
/// (the body limit) costs the log no more than this.
pub const MAX_KEPT_REQUEST_BODY: usize = 16 * 1024;

impl KeptBody {
    pub fn of(mut text: String) -> KeptBody {
        let size = text.len();
        let sha256 = crate::secrets::sha256(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
        if size > MAX_KEPT_REQUEST_BODY {
            let mut end = MAX_KEPT_REQUEST_BODY;
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            text.truncate(end);
        }
        KeptBody { text, size, sha256 }
    }
}

/// Request bodies larger than this are redacted beside their handling
/// rather than before it (see [`Redaction`]): the default body limit's
/// largest requests, and every snapshot load.
pub const REDACTED_BESIDE: usize = 64 * 1024;

/// A request body's redaction into what its record keeps. Redacting is the
/// log's work on the request path: a JSON body is parsed, every string in it
/// scanned (and parsed again when it holds JSON) and written back, a third
/// of a 2 MB snapshot's load. So a body above [`REDACTED_BESIDE`] is
/// redacted on a blocking thread while the request is handled, and its
/// answer waits only for the slower of the two; a smaller one, at once (a
/// thread handoff would cost it more than it saves). Either way the record
/// is queued with its body, so the log's order and [`Sink::caught_up`] are
/// as before. The redactions running at once are at most the requests in
/// flight, which a partner's connection bound limits, each holding only the
/// bytes its request already holds.
enum Redaction {
    Done(Option<KeptBody>),
    Running(tokio::task::JoinHandle<Option<KeptBody>>),
}

impl Redaction {
    fn start(bytes: Option<axum::body::Bytes>) -> Redaction {
        match bytes {
            Some(bytes) if bytes.len() > REDACTED_BESIDE => {
                Redaction::Running(tokio::task::spawn_blocking(move || kept_body(&bytes)))
            }
            bytes => Redaction::Done(bytes.as_deref().and_then(kept_body)),
        }
    }

    /// The kept body; `None` too if the redaction's thread panicked.
    async fn finish(&mut self) -> Option<KeptBody> {
        match self {
            Redaction::Done(kept) => kept.take(),
            Redaction::Running(task) => {
                let kept = task.await.ok().flatten();
                *self = Redaction::Done(None);
                kept
            }
        }
    }
}

fn kept_body(bytes: &[u8]) -> Option<KeptBody> {
    redact::body(bytes).map(|v| KeptBody::of(v.to_string()))
}

/// The most of a path, or of a query string, a record keeps (in bytes).
pub const MAX_KEPT_URL_PART: usize = 1_024;

/// `text` when it is at most [`MAX_KEPT_URL_PART`] bytes; else its start
/// and the SHA-256 of the whole (`/v1/customers/aaaa…[sha256:9f86d081884c7d65]`),
/// so two records of the same long path still compare equal and two of
/// different ones do not, while a record's size stays bounded.
pub fn bounded(text: String) -> String {
    if text.len() <= MAX_KEPT_URL_PART {
        return text;
    }
    let digest: String = crate::secrets::sha256(text.as_bytes())[..8].iter().map(|b| format!("{b:02x}")).collect();
    let marker = format!("…[sha256:{digest}]");
    let mut end = MAX_KEPT_URL_PART - marker.len();
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}{marker}", &text[..end])
}

/// The record of a request whose client went away before its answer:
/// written when the log layer's future is dropped mid-request, with the
/// status the held answer would have had (0 if the handler had not run)
/// and its fault marked `client_gone`.
struct Gone<'a> {
    state: &'a AppState,
    pending: Option<Pending>,
    started: Instant,
    redaction: Redaction,
    record: Option<Record>,
}

impl Drop for Gone<'_> {
    fn drop(&mut self) {
        let Some(mut record) = self.record.take() else { return };
        let elapsed = self.started.elapsed();
        record.duration_ms = i64::try_from(elapsed.as_millis()).unwrap_or(i64::MAX);
        record.responded_at = record.requested_at.plus_millis(record.duration_ms);
        if let Some(pending) = &self.pending {
            record.counted = pending.counted();
        }
        if let Some(held) = self.pending.as_ref().and_then(Pending::held) {
            record.status_code = held.status;
            record.error_code = held.error_code;
            record.fault = Some(AppliedFault { client_gone: true, ..held.fault });
        }
        match std::mem::replace(&mut self.redaction, Redaction::Done(None)) {
            Redaction::Done(kept) => {
                record.request_body = kept;
                self.state.request_log.record(record);
            }
            Redaction::Running(task) => match tokio::runtime::Handle::try_current() {
                Ok(runtime) => {
                    let state = self.state.clone();
                    runtime.spawn(async move {
                        record.request_body = task.await.ok().flatten();
                        state.request_log.record(record);
                    });
                }
                // The runtime is going away: the record, without its body.
                Err(_) => self.state.request_log.record(record),
            },
        }
    }
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
    use axum::body::Bytes;
    use payctl_domain::time::Timestamp;

    pub(super) fn record(application_id: i64, n: usize) -> Record {
        let at = Timestamp::from_millis(1_800_000_000_000);
        Record {
            public_id: ids::uuid(),
            application_id,
            api_key_id: "key".into(),
            method: axum::http::Method::GET,
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
            counted: Vec::new(),
            exchange: Exchange::None,
        }
    }

    pub(super) fn captured(n: usize) -> Exchange {
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
    fn long_paths_and_queries_keep_their_start_and_a_digest() {
        let short = "/v1/customers/abc".to_owned();
        assert_eq!(bounded(short.clone()), short);
        let long_a = format!("/v1/customers/{}", "a".repeat(60_000));
        let long_b = format!("/v1/customers/{}b", "a".repeat(59_999));
        let (a, b) = (bounded(long_a.clone()), bounded(long_b));
        assert!(a.len() <= MAX_KEPT_URL_PART && b.len() <= MAX_KEPT_URL_PART, "{} {}", a.len(), b.len());
        assert!(a.starts_with("/v1/customers/aaaa") && a.contains("…[sha256:"));
        assert_ne!(a, b, "different paths stay different");
        assert_eq!(bounded(long_a), a, "the same path is kept the same way");
        let wide = "é".repeat(2_000);
        assert!(bounded(wide).len() <= MAX_KEPT_URL_PART, "cut at a character boundary");
    }

    #[test]
    fn large_bodies_keep_their_start_their_size_and_their_digest() {
        let small = KeptBody::of(r#"{"a":1}"#.to_owned());
        assert_eq!((small.text.as_str(), small.size), (r#"{"a":1}"#, 7));
        let text = format!(r#"{{"note":"{}"}}"#, "é".repeat(MAX_KEPT_REQUEST_BODY));
        let large = KeptBody::of(text.clone());
        assert_eq!(large.size, text.len());
        assert!(large.text.len() <= MAX_KEPT_REQUEST_BODY && large.text.len() > MAX_KEPT_REQUEST_BODY - 4);
        assert!(text.starts_with(&large.text), "cut at a character boundary");
        let digest: String = crate::secrets::sha256(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(large.sha256, digest, "the digest is of the whole text");
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
    async fn a_full_queue_drops_instead_of_blocking() {
        let (queue, _receiver) = mpsc::channel(2);
        let sink = Sink::new(queue, Arc::new(Progress::new()), Arc::default());
        for n in 0..5 {
            sink.record(record(1, n));
        }
        assert_eq!(sink.dropped(), 3);
    }
}
