//! The go-live review's rules: each check judged from the requests and
//! delivery attempts of a window, as plain data (see `api::review` for
//! where they come from). Every rule is stated in `sandbox/README.md`
//! ("Go-live review") exactly as written here.

use std::collections::HashMap;

use http::Method;

use payctl_wire::faults::FaultKind;
use payctl_wire::review::{Check, CheckId, CheckStatus, Evidence, ReviewVerdict, Severity};
use payctl_wire::webhooks::{DeliveryRole, Verdict};

/// What a request did, as the route table says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Creates a record that moves no money.
    Create,
    /// Creates a record that moves money.
    MoveMoney,
    /// Reads one resource whose changes webhooks announce.
    ReadOne(Family),
    Other,
}

/// The resources webhooks announce changes of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Family {
    /// Transactions, payments, transfers and swaps: `settlement.*`,
    /// `on_ramp.completed`, `off_ramp.completed`.
    Money,
    /// Customers: `customer.kyb_*`.
    Customer,
}

/// A request of the window.
#[derive(Debug, Clone)]
pub struct Request {
    pub log_id: String,
    /// Its `X-Request-ID` (or the one the sandbox made up).
    pub request_id: String,
    /// The API key that made it.
    pub api_key: String,
    pub method: Method,
    pub path: String,
    pub query: Option<String>,
    pub operation_id: String,
    pub kind: Kind,
    /// A partner API operation (not a `/sandbox/...` one).
    pub partner_api: bool,
    /// 0 when no answer was sent.
    pub status: u16,
    pub error_code: Option<String>,
    pub fault: Option<FaultKind>,
    /// The client went away before its answer (a `latency` or `timeout`
    /// hold it did not wait out); `status` is what it would have had.
    pub client_gone: bool,
    pub key_hash: Option<String>,
    pub body_hash: Option<String>,
    pub request_id_sent: bool,
    pub retry_after: Option<u64>,
    /// Real time it arrived, Unix milliseconds.
    pub real_at: i64,
}

impl Request {
    /// Whether the client got no answer: none was sent, it was dropped, or
    /// the client had gone before it came.
    fn unanswered(&self) -> bool {
        self.status == 0 || self.fault == Some(FaultKind::DropResponse) || self.client_gone
    }

    fn is_post(&self) -> bool {
        self.method == Method::POST
    }

    fn evidence(&self, note: impl Into<String>) -> Evidence {
        Evidence {
            request_id: Some(self.request_id.clone()),
            log_id: Some(self.log_id.clone()),
            delivery_id: None,
            note: note.into(),
        }
    }

    fn label(&self) -> String {
        format!("{} {}", self.method, self.path)
    }
}

/// A delivery attempt of the window.
#[derive(Debug, Clone)]
pub struct Attempt {
    pub delivery_id: String,
    pub request_id: String,
    pub event: String,
    pub role: DeliveryRole,
    pub fault_kind: Option<FaultKind>,
    pub verdict: Option<Verdict>,
    /// The delivery ran out of attempts.
    pub delivery_failed: bool,
}

impl Attempt {
    fn evidence(&self, note: impl Into<String>) -> Evidence {
        Evidence {
            request_id: Some(self.request_id.clone()),
            log_id: None,
            delivery_id: Some(self.delivery_id.clone()),
            note: note.into(),
        }
    }
}

/// Everything the review judges.
#[derive(Debug, Clone, Default)]
pub struct Seen {
    /// Oldest first (by real arrival time).
    pub requests: Vec<Request>,
    pub attempts: Vec<Attempt>,
    /// The families an enabled endpoint of the application subscribes to.
    pub subscribed: Vec<Family>,
    /// A drill of the application ran at some time in the window.
    pub drilled: bool,
}

/// Evidence kept per check at most.
pub const MAX_EVIDENCE: usize = 20;
/// After a 5xx, more attempts at the same request than this within one
/// second is hammering.
pub const MAX_RETRIES_PER_SECOND: usize = 3;
/// `BACKOFF_ON_5XX`: the shortest wait before a retry of a 5xx that counts
/// as backing off (a retry a few milliseconds later hits the same trouble).
pub const MIN_BACKOFF_MS: i64 = 100;
/// A resource read more often than once a second for longer than this,
/// while a webhook would have said when it changed, is a polling storm.
pub const STORM_SECONDS: i64 = 30;
/// What a check that needs the drill's faults says when none ran.
const START_A_DRILL: &str =
    "start one (`payctl sandbox drill start`) before the integration's tests, and review what they did under it.";
/// Slack for clocks and schedulers when a client waits `Retry-After`.
const RETRY_AFTER_SLACK_MS: i64 = 100;

/// Evidence of one kind (failures, or passes) as a check keeps it while
/// the window streams by: the [`MAX_EVIDENCE`] earliest (by the position of
/// what they cite in the window) and how many there were in all. So a
/// check holds a few entries whatever the window's size, and shows exactly
/// what it would have shown holding them all.
#[derive(Default)]
struct Kept {
    first: std::collections::BTreeMap<usize, Evidence>,
    count: usize,
}

impl Kept {
    /// Counts one entry at position `at`; builds it only when it is kept.
    fn push(&mut self, at: usize, evidence: impl FnOnce() -> Evidence) {
        self.count += 1;
        if self.first.len() < MAX_EVIDENCE {
            self.first.insert(at, evidence());
        } else if self.first.last_key_value().is_some_and(|(last, _)| at < *last) {
            self.first.pop_last();
            self.first.insert(at, evidence());
        }
    }

    fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// At most [`MAX_EVIDENCE`], the last saying how many more there were.
    fn shown(self) -> Vec<Evidence> {
        let mut evidence: Vec<Evidence> = self.first.into_values().collect();
        if self.count > MAX_EVIDENCE {
            evidence.truncate(MAX_EVIDENCE - 1);
            let more = self.count - (MAX_EVIDENCE - 1);
            evidence.push(Evidence { note: format!("and {more} more"), ..Evidence::default() });
        }
        evidence
    }
}

/// What a check found: failures, passes, or nothing judged.
#[derive(Default)]
struct Finding {
    failures: Kept,
    passes: Kept,
    /// What the window lacked, said when there is nothing to judge.
    gap: Option<String>,
}

impl Finding {
    fn check(self, id: CheckId, severity: Severity, title: &str, advice: &str, passed: &str) -> Check {
        let (status, evidence, advice) = if !self.failures.is_empty() {
            (CheckStatus::Fail, self.failures.shown(), advice.to_owned())
        } else if !self.passes.is_empty() {
            (CheckStatus::Pass, self.passes.shown(), passed.to_owned())
        } else {
            let gap = self.gap.map(|g| format!(" {g}")).unwrap_or_default();
            (CheckStatus::NotExercised, Vec::new(), format!("Nothing in the window to judge.{gap} {advice}"))
        };
        Check { id, title: title.to_owned(), severity, status, advice, evidence }
    }
}

/// Every check, in the documented order, of a window held whole (see
/// [`Judge`] for one that streams by).
pub fn judge(seen: &Seen) -> Vec<Check> {
    let mut judge = Judge::new(seen.subscribed.clone(), seen.drilled);
    for r in &seen.requests {
        judge.request(r.clone());
    }
    for a in &seen.attempts {
        judge.attempt(a);
    }
    judge.finish()
}

/// `fail` when a required check failed or judged nothing.
pub fn verdict(checks: &[Check]) -> ReviewVerdict {
    let failed = checks
        .iter()
        .any(|c| c.severity == Severity::Required && matches!(c.status, CheckStatus::Fail | CheckStatus::NotExercised));
    if failed { ReviewVerdict::Fail } else { ReviewVerdict::Pass }
}

/// The review of a window that streams by: requests oldest first
/// ([`Judge::request`]), then the delivery attempts ([`Judge::attempt`]),
/// then [`Judge::finish`]. Each check keeps only what a later request can
/// still change (a failed POST not yet retried, each key's last 429 or
/// refused request, each open chain of 5xx retries, each resource's last 31
/// reads) and a few entries of evidence, never the window itself.
pub struct Judge {
    subscribed: Vec<Family>,
    /// A drill ran in the window.
    drilled: bool,
    /// The first POST that got no answer or a 5xx, for what the retry
    /// check lacked when it judged nothing.
    first_failed_post: Option<String>,
    /// A request was answered 429.
    limited_any: bool,
    /// Requests seen, of every kind, and of the partner API.
    seen: usize,
    key_sent: Finding,
    retry: Finding,
    /// Failed POSTs not yet attempted again, by what finds their retry.
    unretried: Unretried,
    retry_after: Finding,
    /// Each API key's last request when it was a 429 with `Retry-After`.
    limited: HashMap<String, Limited>,
    backoff: Finding,
    /// Each request's open chain of attempts after a 5xx.
    chains: HashMap<SameRequest, Chain>,
    blind: Finding,
    /// Each API key's last request when it was a 400, 404, 409 or 422.
    refused: HashMap<String, (usize, Request)>,
    quotes: Finding,
    /// Each API key's `QTE_0001` answers not yet followed by a quote request.
    expired: HashMap<String, Vec<(usize, String)>>,
    reads: HashMap<String, Reads>,
    storm: Finding,
    request_ids: Finding,
    signature: Finding,
    replay: Finding,
    genuine: Finding,
    fast: Finding,
    /// A genuine delivery was attempted in the window.
    delivered: bool,
    /// A forged or tampered probe, and a stale one, was attempted.
    probed_signature: bool,
    probed_replay: bool,
}

/// What makes two requests attempts at the same one (for backoff): the
/// same operation, method, path, query, body and key.
type SameRequest = (String, Method, String, Option<String>, Option<String>, Option<String>);

struct Limited {
    at: usize,
    real_at: i64,
    wait: u64,
}

/// An open chain: the 5xx that began it and when each attempt came.
struct Chain {
    at: usize,
    label: String,
    status: u16,
    times: Vec<i64>,
    last: Request,
}

/// One resource's reads while a webhook announces its changes.
struct Reads {
    first: Request,
    count: usize,
    /// The last [`STORM_SECONDS`] + 1 reads' times, until a storm is found.
    window: std::collections::VecDeque<i64>,
    storm: Option<Evidence>,
}

/// Failed POSTs waiting for their next attempt. A later POST to the same
/// operation and path is that attempt when it has the same body, or the
/// same key when the failed one had a key: indexed both ways, so finding
/// it costs a lookup, not a scan of every failure.
#[derive(Default)]
struct Unretried {
    failed: HashMap<usize, Request>,
    by_body: HashMap<(String, String, Option<String>), Vec<usize>>,
    by_key: HashMap<(String, String, String), Vec<usize>>,
}

impl Unretried {
    fn add(&mut self, at: usize, r: Request) {
        self.by_body.entry((r.operation_id.clone(), r.path.clone(), r.body_hash.clone())).or_default().push(at);
        if let Some(key) = &r.key_hash {
            self.by_key.entry((r.operation_id.clone(), r.path.clone(), key.clone())).or_default().push(at);
        }
        self.failed.insert(at, r);
    }

    /// The failed POSTs `r` is the next attempt at, oldest first; they stop
    /// waiting.
    fn retried_by(&mut self, r: &Request) -> Vec<(usize, Request)> {
        let mut found =
            self.by_body.remove(&(r.operation_id.clone(), r.path.clone(), r.body_hash.clone())).unwrap_or_default();
        if let Some(key) = &r.key_hash {
            found
                .extend(self.by_key.remove(&(r.operation_id.clone(), r.path.clone(), key.clone())).unwrap_or_default());
        }
        found.sort_unstable();
        found.dedup();
        found.into_iter().filter_map(|at| self.failed.remove(&at).map(|f| (at, f))).collect()
    }
}

impl Judge {
    /// A judge for an application whose enabled endpoints subscribe to
    /// `subscribed`, and which a drill did or did not run for in the window.
    pub fn new(subscribed: Vec<Family>, drilled: bool) -> Judge {
        Judge {
            subscribed,
            drilled,
            first_failed_post: None,
            limited_any: false,
            seen: 0,
            key_sent: Finding::default(),
            retry: Finding::default(),
            unretried: Unretried::default(),
            retry_after: Finding::default(),
            limited: HashMap::new(),
            backoff: Finding::default(),
            chains: HashMap::new(),
            blind: Finding::default(),
            refused: HashMap::new(),
            quotes: Finding::default(),
            expired: HashMap::new(),
            reads: HashMap::new(),
            storm: Finding::default(),
            request_ids: Finding::default(),
            signature: Finding::default(),
            replay: Finding::default(),
            genuine: Finding::default(),
            fast: Finding::default(),
            delivered: false,
            probed_signature: false,
            probed_replay: false,
        }
    }

    /// The window's next request (they come oldest first).
    pub fn request(&mut self, r: Request) {
        let at = self.seen;
        self.seen += 1;
        self.retry_after_honoured(at, &r);
        self.no_blind_retry_4xx(at, &r);
        if r.partner_api {
            self.idempotency_key_sent(at, &r);
            self.idempotent_retry(at, &r);
            self.backoff_on_5xx(at, &r);
            self.new_quote_after_expiry(at, &r);
            self.no_polling_storm(&r);
            self.request_id_sent(at, &r);
        }
    }

    /// One of the window's delivery attempts.
    pub fn attempt(&mut self, a: &Attempt) {
        self.webhook_probes(a);
        self.webhook_genuine(a);
    }

    /// Every check, in the documented order.
    pub fn finish(mut self) -> Vec<Check> {
        let had = Had { subscribed: !self.subscribed.is_empty(), delivered: self.delivered, drilled: self.drilled };
        let (signature, replay) = ([FaultKind::ForgedSignature, FaultKind::TamperedBody], [FaultKind::StaleTimestamp]);
        self.signature.gap = Some(webhook_gap(had, self.probed_signature, &signature));
        self.replay.gap = Some(webhook_gap(had, self.probed_replay, &replay));
        self.genuine.gap = Some(webhook_gap(had, false, &[]));
        self.key_sent.gap = Some("No POST in the window created a record or moved money.".to_owned());
        self.retry.gap = Some(match &self.first_failed_post {
            _ if !self.drilled => format!("No drill ran in the window, so no POST lost its answer: {START_A_DRILL}"),
            Some(label) => format!("{label} got no answer or a 5xx, but was never sent again."),
            None => "No POST lost its answer or got a 5xx in the window: the drill loses the first answer of each \
                     money-moving create and times out the second POST, so make those calls while it runs."
                .to_owned(),
        });
        self.retry_after.gap = Some(if !self.drilled {
            format!("No drill ran in the window, so no request was rate limited: {START_A_DRILL}")
        } else if self.limited_any {
            "A request was answered 429, but its key sent nothing after it.".to_owned()
        } else {
            "No request was answered 429 in the window: the drill rate limits the second request that reaches it, \
             so make a few calls while it runs."
                .to_owned()
        });
        let open: Vec<Chain> = std::mem::take(&mut self.chains).into_values().collect();
        for chain in open {
            self.close(chain);
        }
        let mut reads: Vec<(String, Reads)> = std::mem::take(&mut self.reads).into_iter().collect();
        reads.sort_by(|a, b| a.0.cmp(&b.0));
        for (n, (path, reads)) in reads.into_iter().enumerate() {
            match reads.storm {
                Some(evidence) => self.storm.failures.push(n, || evidence),
                None => {
                    let note = format!("{path} was read {} times, no storm", reads.count);
                    self.storm.passes.push(n, || reads.first.evidence(note));
                }
            }
        }
        vec![
            self.key_sent.check(
                CheckId::IdempotencyKeySent,
                Severity::Required,
                "Every create sends an Idempotency-Key",
                "Send an Idempotency-Key (a fresh UUID per operation) on every POST that creates something or moves \
                 money, and keep it for the retries of that operation.",
                "Every create carried an Idempotency-Key.",
            ),
            self.retry.check(
                CheckId::IdempotentRetry,
                Severity::Required,
                "Retries after a lost answer or a 5xx reuse the key and body",
                "When a POST gets no answer (timeout, reset, closed connection) or a 5xx, retry it with the same \
                 Idempotency-Key and the same body: the API then answers the stored original instead of doing the \
                 work twice.",
                "Every retried POST reused its Idempotency-Key and body.",
            ),
            self.retry_after.check(
                CheckId::RetryAfterHonoured,
                Severity::Required,
                "429 answers are waited out for Retry-After",
                "After a 429, wait at least the Retry-After seconds before the next request with that key.",
                "Every 429 was waited out.",
            ),
            self.backoff.check(
                CheckId::BackoffOn5xx,
                Severity::Recommended,
                "Retries after a 5xx back off",
                "Retry a 5xx with exponential backoff and jitter (for example 1 s, 2 s, 4 s): wait at least 100 ms \
                 before the first retry, and never make more than 3 attempts in a second.",
                "Retries after 5xx answers backed off.",
            ),
            self.blind.check(
                CheckId::NoBlindRetry4xx,
                Severity::Recommended,
                "4xx answers are not retried unchanged",
                "A 400, 404, 409 or 422 will be the same answer next time: fix the request (or give up) instead of \
                 sending it again.",
                "No refused request was sent again unchanged.",
            ),
            self.quotes.check(
                CheckId::NewQuoteAfterExpiry,
                Severity::Recommended,
                "An expired quote is replaced, not accepted again",
                "QTE_0001 means the 3-minute lock is over: ask for a new quote (and show the new price) instead of \
                 accepting the old one again.",
                "Expired quotes were replaced by new ones.",
            ),
            self.signature.check(
                CheckId::WebhookSignatureVerified,
                Severity::Required,
                "Webhook signatures are verified",
                "Verify X-Service-Signature (HMAC-SHA256 of \"t.\" and the raw body, constant-time compare) before \
                 trusting a delivery, and answer 4xx when it does not match.",
                "Every forged and tampered delivery was refused.",
            ),
            self.replay.check(
                CheckId::WebhookReplayWindow,
                Severity::Required,
                "Webhooks signed long ago are refused",
                "Refuse a delivery whose X-Service-Signature timestamp is more than 300 s from your clock (spec 6): \
                 an old, correctly signed delivery is a replay.",
                "Every stale delivery was refused.",
            ),
            self.genuine.check(
                CheckId::WebhookAcceptsGenuine,
                Severity::Required,
                "Genuine webhooks are accepted, duplicates and out-of-order ones too",
                "Answer 2xx to every correctly signed delivery, also one you have seen (deduplicate by the event's \
                 id) and one that arrives after a later event about the same resource.",
                "Every genuine delivery was accepted.",
            ),
            self.fast.check(
                CheckId::WebhookFastAnswer,
                Severity::Recommended,
                "Webhooks are answered quickly",
                "Answer a delivery with 2xx as soon as it is verified and stored, and do the work afterwards (spec 6).",
                "Every delivery was answered within 5 s.",
            ),
            self.storm.check(
                CheckId::NoPollingStorm,
                Severity::Recommended,
                "Webhooks are followed, not polled for",
                "Wait for the webhook (settlement.completed, customer.kyb_approved, ...) instead of reading the \
                 resource every second; if you must poll, back off.",
                "No resource was polled in a storm.",
            ),
            self.request_ids.check(
                CheckId::RequestIdSent,
                Severity::Recommended,
                "Requests carry an X-Request-ID",
                "Send an X-Request-ID of your own on every request and log it: it is echoed as correlation_id, which \
                 support asks for.",
                "Every request carried an X-Request-ID.",
            ),
        ]
    }

    /// Every POST to an operation that creates a record or moves money
    /// carried an `Idempotency-Key`.
    fn idempotency_key_sent(&mut self, at: usize, r: &Request) {
        if !(r.is_post() && matches!(r.kind, Kind::Create | Kind::MoveMoney)) {
            return;
        }
        if r.key_hash.is_some() {
            self.key_sent.passes.push(at, || r.evidence(format!("{} carried an Idempotency-Key", r.label())));
        } else {
            self.key_sent.failures.push(at, || r.evidence(format!("{} carried no Idempotency-Key", r.label())));
        }
    }

    /// After a POST got no answer (the connection closed, reset or timed
    /// out) or a 5xx, the client's next attempt at it (the next POST to the
    /// same operation and path with the same body or the same key) carried
    /// the same key and the same body. A failed POST never attempted again
    /// is not judged.
    fn idempotent_retry(&mut self, at: usize, r: &Request) {
        if !r.is_post() {
            return;
        }
        for (failed_at, failed) in self.unretried.retried_by(r) {
            let what = if failed.unanswered() { "got no answer".to_owned() } else { format!("got {}", failed.status) };
            let label = failed.label();
            let f = &mut self.retry;
            match (&failed.key_hash, &r.key_hash) {
                (Some(a), Some(b)) if a == b && r.body_hash == failed.body_hash => f
                    .passes
                    .push(failed_at, || r.evidence(format!("{label} {what}; retried with the same key and body"))),
                (Some(a), Some(b)) if a == b => f.failures.push(failed_at, || {
                    r.evidence(format!("{label} {what}; retried with the same key but another body"))
                }),
                (None, _) => f.failures.push(failed_at, || {
                    failed.evidence(format!(
                        "{label} {what} and carried no Idempotency-Key, so its retry could run it twice"
                    ))
                }),
                (Some(_), None) => f
                    .failures
                    .push(failed_at, || r.evidence(format!("{label} {what}; retried without an Idempotency-Key"))),
                (Some(_), Some(_)) => f
                    .failures
                    .push(failed_at, || r.evidence(format!("{label} {what}; retried with a new Idempotency-Key"))),
            }
        }
        if r.unanswered() || r.status >= 500 {
            self.first_failed_post.get_or_insert_with(|| r.label());
            self.unretried.add(at, r.clone());
        }
    }

    /// After a 429, the same API key's next request came no earlier than the
    /// `Retry-After` seconds (100 ms of slack). A 429 never followed by
    /// another request is not judged.
    fn retry_after_honoured(&mut self, at: usize, r: &Request) {
        if let Some(limited) = self.limited.remove(&r.api_key) {
            let gap = r.real_at - limited.real_at;
            let wait = limited.wait;
            let wanted = i64::try_from(wait).unwrap_or(i64::MAX).saturating_mul(1000);
            if gap + RETRY_AFTER_SLACK_MS >= wanted {
                self.retry_after
                    .passes
                    .push(limited.at, || r.evidence(format!("waited {gap} ms after a 429 with Retry-After: {wait}")));
            } else {
                self.retry_after.failures.push(limited.at, || {
                    r.evidence(format!("came {gap} ms after a 429 that said Retry-After: {wait}"))
                });
            }
        }
        self.limited_any |= r.status == 429;
        if let (429, Some(wait)) = (r.status, r.retry_after) {
            self.limited.insert(r.api_key.clone(), Limited { at, real_at: r.real_at, wait });
        }
    }

    /// After a 5xx, the attempts at the same request that follow (up to the
    /// first that is not a 5xx) are never more than 3 within one second,
    /// and from the third retry on, each waits at least as long as the one
    /// before (50 ms of slack). A 5xx never retried is not judged.
    fn backoff_on_5xx(&mut self, at: usize, r: &Request) {
        let key: SameRequest = (
            r.operation_id.clone(),
            r.method.clone(),
            r.path.clone(),
            r.query.clone(),
            r.body_hash.clone(),
            r.key_hash.clone(),
        );
        if let Some(chain) = self.chains.get_mut(&key) {
            chain.times.push(r.real_at);
            chain.last = r.clone();
            if r.status < 500
                && let Some(chain) = self.chains.remove(&key)
            {
                self.close(chain);
            }
        } else if r.status >= 500 {
            let chain = Chain { at, label: r.label(), status: r.status, times: vec![r.real_at], last: r.clone() };
            self.chains.insert(key, chain);
        }
    }

    fn close(&mut self, chain: Chain) {
        if chain.times.len() < 2 {
            return;
        }
        let times = &chain.times;
        let crowded = times.windows(MAX_RETRIES_PER_SECOND + 1).any(|w| w[w.len() - 1] - w[0] < 1000);
        let gaps: Vec<i64> = times.windows(2).map(|w| w[1] - w[0]).collect();
        let shrinking = gaps.len() >= 3 && gaps.windows(2).skip(1).any(|g| g[1] + 50 < g[0]);
        let hasty = gaps.iter().any(|g| *g < MIN_BACKOFF_MS);
        let mut note = match gaps.as_slice() {
            [gap] => format!("{} was retried once, {gap} ms after a {}", chain.label, chain.status),
            _ => format!(
                "{} was retried {} times after a {}, waiting {} ms",
                chain.label,
                gaps.len(),
                chain.status,
                and_list(&gaps.iter().map(ToString::to_string).collect::<Vec<_>>())
            ),
        };
        if hasty {
            note.push_str(&format!("; a retry must wait at least {MIN_BACKOFF_MS} ms"));
        } else if crowded {
            note.push_str(&format!("; more than {MAX_RETRIES_PER_SECOND} attempts in one second"));
        } else if shrinking {
            note.push_str("; the waits grew shorter");
        }
        let last = &chain.last;
        if hasty || crowded || shrinking {
            self.backoff.failures.push(chain.at, || last.evidence(note));
        } else {
            self.backoff.passes.push(chain.at, || last.evidence(note));
        }
    }

    /// After a 400, 404, 409 or 422, the same API key's next request is not
    /// the same request unchanged (method, path, query and body).
    fn no_blind_retry_4xx(&mut self, at: usize, next: &Request) {
        if let Some((refused_at, refused)) = self.refused.remove(&next.api_key) {
            let unchanged = next.method == refused.method
                && next.path == refused.path
                && next.query == refused.query
                && next.body_hash == refused.body_hash;
            if unchanged {
                self.blind.failures.push(refused_at, || {
                    next.evidence(format!(
                        "{} was sent again unchanged after {} {}",
                        next.label(),
                        refused.status,
                        refused.error_code.as_deref().unwrap_or("")
                    ))
                });
            } else {
                self.blind.passes.push(refused_at, || {
                    refused.evidence(format!("{} got {}; the next request changed", refused.label(), refused.status))
                });
            }
        }
        if matches!(next.status, 400 | 404 | 409 | 422) {
            self.refused.insert(next.api_key.clone(), (at, next.clone()));
        }
    }

    /// After `QTE_0001` (the quote expired), the client's next quote request
    /// (an accept or a new quote) is a new quote, not the expired one
    /// accepted again.
    fn new_quote_after_expiry(&mut self, at: usize, r: &Request) {
        let quoting = ACCEPTS.contains(&r.operation_id.as_str()) || QUOTES.contains(&r.operation_id.as_str());
        if quoting && let Some(expired) = self.expired.remove(&r.api_key) {
            for (expired_at, path) in expired {
                if r.path == path {
                    self.quotes
                        .failures
                        .push(expired_at, || r.evidence(format!("{} was accepted again after it expired", r.path)));
                } else if QUOTES.contains(&r.operation_id.as_str()) {
                    self.quotes.passes.push(expired_at, || r.evidence("a new quote was asked for after QTE_0001"));
                }
            }
        }
        if r.error_code.as_deref() == Some("QTE_0001") {
            self.expired.entry(r.api_key.clone()).or_default().push((at, r.path.clone()));
        }
    }

    /// No resource a webhook announces was read more than 30 times in any
    /// 30 s (more than once a second for longer than 30 s) while an
    /// endpoint of the application subscribed to its events.
    fn no_polling_storm(&mut self, r: &Request) {
        let Kind::ReadOne(family) = r.kind else { return };
        if !self.subscribed.contains(&family) {
            return;
        }
        let limit = usize::try_from(STORM_SECONDS).unwrap_or(30);
        let reads = self.reads.entry(r.path.clone()).or_insert_with(|| Reads {
            first: r.clone(),
            count: 0,
            window: std::collections::VecDeque::with_capacity(limit + 1),
            storm: None,
        });
        reads.count += 1;
        if reads.storm.is_some() {
            return;
        }
        reads.window.push_back(r.real_at);
        if reads.window.len() > limit + 1 {
            reads.window.pop_front();
        }
        if reads.window.len() == limit + 1 {
            let span = r.real_at - reads.window[0];
            if span <= STORM_SECONDS * 1000 {
                let note = format!(
                    "{} was read {} times in {span} ms while a webhook announces its changes",
                    r.path,
                    limit + 1
                );
                reads.storm = Some(r.evidence(note));
                reads.window.clear();
            }
        }
    }

    /// Requests carried an `X-Request-ID` of the client's.
    fn request_id_sent(&mut self, at: usize, r: &Request) {
        if r.request_id_sent {
            self.request_ids.passes.push(at, || r.evidence(format!("{} carried X-Request-ID", r.label())));
        } else {
            self.request_ids.failures.push(at, || r.evidence(format!("{} carried no X-Request-ID", r.label())));
        }
    }

    /// Every forged (or tampered, for the signature check) and every stale
    /// probe was answered with a non-2xx. A probe that got no answer is not
    /// judged.
    fn webhook_probes(&mut self, a: &Attempt) {
        if a.role != DeliveryRole::Probe {
            return;
        }
        let at = self.seen;
        self.seen += 1;
        let f = match a.fault_kind {
            Some(FaultKind::StaleTimestamp) => {
                self.probed_replay = true;
                &mut self.replay
            }
            Some(FaultKind::ForgedSignature | FaultKind::TamperedBody) => {
                self.probed_signature = true;
                &mut self.signature
            }
            _ => return,
        };
        let kind = a.fault_kind.map_or("probe", FaultKind::as_str);
        match a.verdict {
            Some(Verdict::Ok) => {
                f.passes.push(at, || a.evidence(format!("the {kind} delivery of {} was refused", a.event)))
            }
            Some(Verdict::AcceptedForgery | Verdict::AcceptedStale) => {
                f.failures.push(at, || a.evidence(format!("the {kind} delivery of {} was answered 2xx", a.event)))
            }
            _ => {}
        }
    }

    /// Genuine deliveries (duplicates, late and out-of-order ones included)
    /// were answered 2xx, within 5 s: no attempt was refused, and none ran
    /// out of attempts unanswered.
    fn webhook_genuine(&mut self, a: &Attempt) {
        if a.role == DeliveryRole::Probe {
            return;
        }
        self.delivered |= a.role == DeliveryRole::Genuine;
        let at = self.seen;
        self.seen += 1;
        let shaped = a.fault_kind.map(|k| format!(" ({k})")).unwrap_or_default();
        match a.verdict {
            Some(Verdict::Ok | Verdict::Slow) => {
                self.genuine.passes.push(at, || a.evidence(format!("{}{shaped} was accepted", a.event)))
            }
            Some(Verdict::RefusedGenuine) => {
                self.genuine.failures.push(at, || a.evidence(format!("a genuine {}{shaped} was refused", a.event)))
            }
            Some(Verdict::Unreachable) if a.delivery_failed => {
                self.genuine.failures.push(at, || a.evidence(format!("{} was never answered", a.event)))
            }
            _ => {}
        }
        match a.verdict {
            Some(Verdict::Ok) => {
                self.fast.passes.push(at, || a.evidence(format!("{} was answered within 5 s", a.event)))
            }
            Some(Verdict::Slow) => {
                self.fast.failures.push(at, || a.evidence(format!("{} took more than 5 s", a.event)))
            }
            _ => {}
        }
    }
}

const ACCEPTS: [&str; 2] = ["acceptTransactionQuote", "acceptLegacyQuote"];
const QUOTES: [&str; 3] = ["createTransactionQuote", "createLegacyQuote", "createCorridorQuote"];

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// What the window had that a webhook check with nothing to judge names
/// the lack of.
#[derive(Clone, Copy)]
struct Had {
    subscribed: bool,
    delivered: bool,
    drilled: bool,
}

/// What a webhook check with nothing to judge lacked, each missing thing
/// said: an enabled endpoint, an event delivered in the window, and for the
/// probe checks a drill (or a rule) that probed a delivery with one of
/// `kinds` (none asked: genuine deliveries are judged).
fn webhook_gap(had: Had, probed: bool, kinds: &[FaultKind]) -> String {
    let mut missing = Vec::new();
    if !had.subscribed {
        missing.push(
            "No webhook endpoint of the application is enabled: register one (`payctl webhooks create`, or run \
             `payctl listen`) so there are deliveries to judge."
                .to_owned(),
        );
    }
    if !had.delivered {
        missing.push(
            "No event was delivered to its endpoints in the window: cause one (the flow that fires it, or `payctl \
             trigger EVENT`)."
                .to_owned(),
        );
    }
    if !kinds.is_empty() && !probed {
        let names = kinds.iter().map(|k| k.as_str()).collect::<Vec<_>>().join(" or ");
        if !had.drilled {
            missing.push(format!(
                "No drill ran in the window, so no delivery was probed ({names}): start one (`payctl sandbox drill \
                 start`) before the event, whose first delivery to each endpoint then brings every probe, or add \
                 such a delivery fault rule."
            ));
        } else if missing.is_empty() {
            missing.push(format!(
                "A drill ran and events were delivered, but no {names} probe has been answered: each endpoint's \
                 first delivery under the drill brings them; a probe your receiver did not answer is not judged."
            ));
        }
    }
    if missing.is_empty() {
        return "The deliveries to judge have not been answered yet.".to_owned();
    }
    missing.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(n: i64, method: &str, op: &str, status: u16) -> Request {
        Request {
            log_id: format!("log{n}"),
            request_id: format!("req{n}"),
            api_key: "key".into(),
            method: method.parse().unwrap(),
            path: "/v1/transactions".into(),
            query: None,
            operation_id: op.into(),
            kind: if op == "createTransaction" { Kind::MoveMoney } else { Kind::Other },
            partner_api: true,
            status,
            error_code: None,
            fault: None,
            client_gone: false,
            key_hash: Some("k".into()),
            body_hash: Some("b".into()),
            request_id_sent: true,
            retry_after: None,
            real_at: n * 1000,
        }
    }

    fn status(checks: &[Check], id: CheckId) -> CheckStatus {
        checks.iter().find(|c| c.id == id).unwrap().status
    }

    #[test]
    fn a_lost_answer_retried_with_the_same_key_passes_and_with_a_new_one_fails() {
        let mut lost = request(1, "POST", "createTransaction", 201);
        lost.fault = Some(FaultKind::DropResponse);
        let retry = request(2, "POST", "createTransaction", 201);
        let seen = Seen { requests: vec![lost.clone(), retry.clone()], ..Seen::default() };
        assert_eq!(status(&judge(&seen), CheckId::IdempotentRetry), CheckStatus::Pass);
        let mut careless = retry;
        careless.key_hash = Some("other".into());
        let seen = Seen { requests: vec![lost, careless], ..Seen::default() };
        let checks = judge(&seen);
        let check = checks.iter().find(|c| c.id == CheckId::IdempotentRetry).unwrap();
        assert_eq!(check.status, CheckStatus::Fail);
        assert_eq!(check.evidence[0].log_id.as_deref(), Some("log2"));
    }

    #[test]
    fn a_check_with_nothing_to_judge_says_what_was_missing() {
        let advice = |seen: &Seen, id: CheckId| judge(seen).into_iter().find(|c| c.id == id).unwrap().advice;
        let mut seen = Seen::default();
        let nothing = advice(&seen, CheckId::WebhookSignatureVerified);
        for said in ["No webhook endpoint of the application", "No event was delivered", "No drill ran in the window"] {
            assert!(nothing.contains(said), "{said}: {nothing}");
        }
        assert!(!advice(&seen, CheckId::WebhookAcceptsGenuine).contains("drill"), "genuine deliveries need none");
        assert!(advice(&seen, CheckId::IdempotentRetry).contains("No drill ran in the window, so no POST lost"));
        assert!(advice(&seen, CheckId::RetryAfterHonoured).contains("No drill ran in the window, so no request was"));
        seen.subscribed = vec![Family::Customer];
        let accepts = advice(&seen, CheckId::WebhookAcceptsGenuine);
        assert!(accepts.starts_with("Nothing in the window to judge. No event was delivered"), "{accepts}");
        seen.attempts = vec![Attempt {
            delivery_id: "d".into(),
            request_id: "r".into(),
            event: "customer.kyb_approved".into(),
            role: DeliveryRole::Genuine,
            fault_kind: None,
            verdict: Some(Verdict::Ok),
            delivery_failed: false,
        }];
        let probes = advice(&seen, CheckId::WebhookReplayWindow);
        assert!(probes.starts_with("Nothing in the window to judge. No drill ran in the window"), "{probes}");
        assert!(probes.contains("stale_timestamp") && probes.contains("payctl sandbox drill start"), "{probes}");
        assert_eq!(status(&judge(&seen), CheckId::WebhookAcceptsGenuine), CheckStatus::Pass);
        seen.drilled = true;
        let probes = advice(&seen, CheckId::WebhookSignatureVerified);
        assert!(probes.contains("A drill ran and events were delivered, but no forged_signature or"), "{probes}");
        let retry = advice(&seen, CheckId::IdempotentRetry);
        assert!(retry.contains("No POST lost its answer or got a 5xx in the window"), "{retry}");
        seen.requests = vec![request(1, "POST", "createTransaction", 0)];
        let retry = advice(&seen, CheckId::IdempotentRetry);
        assert!(retry.contains("got no answer or a 5xx, but was never sent again"), "{retry}");
    }

    #[test]
    fn a_429_must_be_waited_out() {
        let mut limited = request(1, "GET", "listTransactions", 429);
        limited.retry_after = Some(2);
        let mut soon = request(2, "GET", "listTransactions", 200);
        soon.real_at = limited.real_at + 500;
        let seen = Seen { requests: vec![limited.clone(), soon.clone()], ..Seen::default() };
        assert_eq!(status(&judge(&seen), CheckId::RetryAfterHonoured), CheckStatus::Fail);
        soon.real_at = limited.real_at + 2_000;
        let seen = Seen { requests: vec![limited, soon], ..Seen::default() };
        assert_eq!(status(&judge(&seen), CheckId::RetryAfterHonoured), CheckStatus::Pass);
    }

    #[test]
    fn hammering_after_a_5xx_fails_backoff_and_nothing_judged_is_not_exercised() {
        let mut chain: Vec<Request> = (0..5).map(|n| request(n, "GET", "listTransactions", 503)).collect();
        for (n, r) in chain.iter_mut().enumerate() {
            r.real_at = i64::try_from(n).unwrap() * 100;
        }
        let seen = Seen { requests: chain, ..Seen::default() };
        let checks = judge(&seen);
        assert_eq!(status(&checks, CheckId::BackoffOn5xx), CheckStatus::Fail);
        assert_eq!(status(&checks, CheckId::WebhookSignatureVerified), CheckStatus::NotExercised);
        // One retry a few milliseconds after a 503 fails too, and says so in a sentence.
        let failed = request(1, "GET", "listTransactions", 503);
        let mut hasty = request(2, "GET", "listTransactions", 200);
        hasty.real_at = failed.real_at + 7;
        let checks = judge(&Seen { requests: vec![failed.clone(), hasty.clone()], ..Seen::default() });
        let check = checks.iter().find(|c| c.id == CheckId::BackoffOn5xx).unwrap();
        assert_eq!(check.status, CheckStatus::Fail);
        let note = &check.evidence[0].note;
        assert!(note.ends_with("was retried once, 7 ms after a 503; a retry must wait at least 100 ms"), "{note}");
        hasty.real_at = failed.real_at + MIN_BACKOFF_MS;
        let checks = judge(&Seen { requests: vec![failed, hasty], ..Seen::default() });
        assert_eq!(status(&checks, CheckId::BackoffOn5xx), CheckStatus::Pass);
        assert_eq!(verdict(&checks), ReviewVerdict::Fail, "required checks with nothing to judge fail the review");
    }
}
