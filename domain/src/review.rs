//! The go-live review's rules: each check judged from the requests and
//! delivery attempts of a window, as plain data (see `api::review` for
//! where they come from). Every rule is stated in `sandbox/README.md`
//! ("Go-live review") exactly as written here.

use std::collections::HashMap;

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
    pub method: String,
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
        self.method == "POST"
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
/// Slack for clocks and schedulers when a client waits `Retry-After`.
const RETRY_AFTER_SLACK_MS: i64 = 100;

/// What a check found: failures, passes, or nothing judged.
struct Finding {
    failures: Vec<Evidence>,
    passes: Vec<Evidence>,
    /// What the window lacked, said when there is nothing to judge.
    gap: Option<String>,
}

impl Finding {
    fn new() -> Finding {
        Finding { failures: Vec::new(), passes: Vec::new(), gap: None }
    }

    /// Says what was missing if the check ends with nothing to judge.
    fn lacking(mut self, gap: String) -> Finding {
        self.gap = Some(gap);
        self
    }

    fn check(self, id: CheckId, severity: Severity, title: &str, advice: &str, passed: &str) -> Check {
        let (status, evidence, advice) = if !self.failures.is_empty() {
            (CheckStatus::Fail, self.failures, advice.to_owned())
        } else if !self.passes.is_empty() {
            (CheckStatus::Pass, self.passes, passed.to_owned())
        } else {
            let gap = self.gap.map(|g| format!(" {g}")).unwrap_or_default();
            (CheckStatus::NotExercised, Vec::new(), format!("Nothing in the window to judge.{gap} {advice}"))
        };
        Check { id, title: title.to_owned(), severity, status, advice, evidence: capped(evidence) }
    }
}

fn capped(mut evidence: Vec<Evidence>) -> Vec<Evidence> {
    if evidence.len() > MAX_EVIDENCE {
        let more = evidence.len() - (MAX_EVIDENCE - 1);
        evidence.truncate(MAX_EVIDENCE - 1);
        evidence.push(Evidence { note: format!("and {more} more"), ..Evidence::default() });
    }
    evidence
}

/// Every check, in the documented order.
pub fn judge(seen: &Seen) -> Vec<Check> {
    let api: Vec<&Request> = seen.requests.iter().filter(|r| r.partner_api).collect();
    vec![
        idempotency_key_sent(&api),
        idempotent_retry(&api),
        retry_after_honoured(&seen.requests),
        backoff_on_5xx(&api),
        no_blind_retry_4xx(&seen.requests),
        new_quote_after_expiry(&api),
        webhook_probes(seen, CheckId::WebhookSignatureVerified),
        webhook_probes(seen, CheckId::WebhookReplayWindow),
        webhook_accepts_genuine(seen),
        webhook_fast_answer(&seen.attempts),
        no_polling_storm(&api, &seen.subscribed),
        request_id_sent(&api),
    ]
}

/// `fail` when a required check failed or judged nothing.
pub fn verdict(checks: &[Check]) -> ReviewVerdict {
    let failed = checks
        .iter()
        .any(|c| c.severity == Severity::Required && matches!(c.status, CheckStatus::Fail | CheckStatus::NotExercised));
    if failed { ReviewVerdict::Fail } else { ReviewVerdict::Pass }
}

/// Every POST to an operation that creates a record or moves money carried
/// an `Idempotency-Key`.
fn idempotency_key_sent(api: &[&Request]) -> Check {
    let mut f = Finding::new();
    for r in api.iter().filter(|r| r.is_post() && matches!(r.kind, Kind::Create | Kind::MoveMoney)) {
        if r.key_hash.is_some() {
            f.passes.push(r.evidence(format!("{} carried an Idempotency-Key", r.label())));
        } else {
            f.failures.push(r.evidence(format!("{} carried no Idempotency-Key", r.label())));
        }
    }
    f.check(
        CheckId::IdempotencyKeySent,
        Severity::Required,
        "Every create sends an Idempotency-Key",
        "Send an Idempotency-Key (a fresh UUID per operation) on every POST that creates something or moves \
         money, and keep it for the retries of that operation.",
        "Every create carried an Idempotency-Key.",
    )
}

/// After a POST got no answer (the connection closed, reset or timed out)
/// or a 5xx, the client's next attempt at it (the next POST to the same
/// operation and path with the same body or the same key) carried the same
/// key and the same body. A failed POST never attempted again is not judged.
fn idempotent_retry(api: &[&Request]) -> Check {
    let mut f = Finding::new();
    for (i, failed) in api.iter().enumerate() {
        if !failed.is_post() || !(failed.unanswered() || failed.status >= 500) {
            continue;
        }
        let retry = api[i + 1..].iter().find(|r| {
            r.is_post()
                && r.operation_id == failed.operation_id
                && r.path == failed.path
                && (r.body_hash == failed.body_hash || (failed.key_hash.is_some() && r.key_hash == failed.key_hash))
        });
        let Some(retry) = retry else { continue };
        let what = if failed.unanswered() { "got no answer".to_owned() } else { format!("got {}", failed.status) };
        match (&failed.key_hash, &retry.key_hash) {
            (Some(a), Some(b)) if a == b && retry.body_hash == failed.body_hash => {
                f.passes.push(retry.evidence(format!("{} {what}; retried with the same key and body", failed.label())))
            }
            (Some(a), Some(b)) if a == b => f
                .failures
                .push(retry.evidence(format!("{} {what}; retried with the same key but another body", failed.label()))),
            (None, _) => f.failures.push(failed.evidence(format!(
                "{} {what} and carried no Idempotency-Key, so its retry could run it twice",
                failed.label()
            ))),
            (Some(_), None) => f
                .failures
                .push(retry.evidence(format!("{} {what}; retried without an Idempotency-Key", failed.label()))),
            (Some(_), Some(_)) => f
                .failures
                .push(retry.evidence(format!("{} {what}; retried with a new Idempotency-Key", failed.label()))),
        }
    }
    f.check(
        CheckId::IdempotentRetry,
        Severity::Required,
        "Retries after a lost answer or a 5xx reuse the key and body",
        "When a POST gets no answer (timeout, reset, closed connection) or a 5xx, retry it with the same \
         Idempotency-Key and the same body: the API then answers the stored original instead of doing the work \
         twice.",
        "Every retried POST reused its Idempotency-Key and body.",
    )
}

/// After a 429, the same API key's next request came no earlier than the
/// `Retry-After` seconds (100 ms of slack). A 429 never followed by another
/// request is not judged.
fn retry_after_honoured(all: &[Request]) -> Check {
    let mut f = Finding::new();
    for (i, limited) in all.iter().enumerate() {
        let (429, Some(wait)) = (limited.status, limited.retry_after) else { continue };
        let Some(next) = all[i + 1..].iter().find(|r| r.api_key == limited.api_key) else { continue };
        let gap = next.real_at - limited.real_at;
        let wanted = i64::try_from(wait).unwrap_or(i64::MAX).saturating_mul(1000);
        if gap + RETRY_AFTER_SLACK_MS >= wanted {
            f.passes.push(next.evidence(format!("waited {gap} ms after a 429 with Retry-After: {wait}")));
        } else {
            f.failures.push(next.evidence(format!("came {gap} ms after a 429 that said Retry-After: {wait}")));
        }
    }
    f.check(
        CheckId::RetryAfterHonoured,
        Severity::Required,
        "429 answers are waited out for Retry-After",
        "After a 429, wait at least the Retry-After seconds before the next request with that key.",
        "Every 429 was waited out.",
    )
}

/// The attempts at one request: same operation, path, body and key.
fn same_request(a: &Request, b: &Request) -> bool {
    a.operation_id == b.operation_id
        && a.method == b.method
        && a.path == b.path
        && a.query == b.query
        && a.body_hash == b.body_hash
        && a.key_hash == b.key_hash
}

/// After a 5xx, the attempts at the same request that follow (up to the
/// first that is not a 5xx) are never more than 3 within one second, and
/// from the third retry on, each waits at least as long as the one before
/// (50 ms of slack). A 5xx never retried is not judged.
fn backoff_on_5xx(api: &[&Request]) -> Check {
    let mut f = Finding::new();
    let mut judged = vec![false; api.len()];
    for (i, first) in api.iter().enumerate() {
        if first.status < 500 || judged[i] {
            continue;
        }
        // The chain: this 5xx and the later attempts at the same request.
        let mut chain = vec![i];
        for (j, r) in api.iter().enumerate().skip(i + 1) {
            if same_request(first, r) {
                chain.push(j);
                judged[j] = true;
                if r.status < 500 {
                    break;
                }
            }
        }
        if chain.len() < 2 {
            continue;
        }
        let times: Vec<i64> = chain.iter().map(|&k| api[k].real_at).collect();
        let crowded = times.windows(MAX_RETRIES_PER_SECOND + 1).any(|w| w[w.len() - 1] - w[0] < 1000);
        let gaps: Vec<i64> = times.windows(2).map(|w| w[1] - w[0]).collect();
        let shrinking = gaps.len() >= 3 && gaps.windows(2).skip(1).any(|g| g[1] + 50 < g[0]);
        let hasty = gaps.iter().any(|g| *g < MIN_BACKOFF_MS);
        let last = api[*chain.last().unwrap_or(&i)];
        let mut note = match gaps.as_slice() {
            [gap] => format!("{} was retried once, {gap} ms after a {}", first.label(), first.status),
            _ => format!(
                "{} was retried {} times after a {}, waiting {} ms",
                first.label(),
                gaps.len(),
                first.status,
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
        if hasty || crowded || shrinking {
            f.failures.push(last.evidence(note));
        } else {
            f.passes.push(last.evidence(note));
        }
    }
    f.check(
        CheckId::BackoffOn5xx,
        Severity::Recommended,
        "Retries after a 5xx back off",
        "Retry a 5xx with exponential backoff and jitter (for example 1 s, 2 s, 4 s): wait at least 100 ms before the \
         first retry, and never make more than 3 attempts in a second.",
        "Retries after 5xx answers backed off.",
    )
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// After a 400, 404, 409 or 422, the same API key's next request is not the
/// same request unchanged (method, path, query and body).
fn no_blind_retry_4xx(all: &[Request]) -> Check {
    let mut f = Finding::new();
    for (i, refused) in all.iter().enumerate() {
        if !matches!(refused.status, 400 | 404 | 409 | 422) {
            continue;
        }
        let Some(next) = all[i + 1..].iter().find(|r| r.api_key == refused.api_key) else { continue };
        let unchanged = next.method == refused.method
            && next.path == refused.path
            && next.query == refused.query
            && next.body_hash == refused.body_hash;
        if unchanged {
            f.failures.push(next.evidence(format!(
                "{} was sent again unchanged after {} {}",
                next.label(),
                refused.status,
                refused.error_code.as_deref().unwrap_or("")
            )));
        } else {
            f.passes.push(refused.evidence(format!(
                "{} got {}; the next request changed",
                refused.label(),
                refused.status
            )));
        }
    }
    f.check(
        CheckId::NoBlindRetry4xx,
        Severity::Recommended,
        "4xx answers are not retried unchanged",
        "A 400, 404, 409 or 422 will be the same answer next time: fix the request (or give up) instead of sending \
         it again.",
        "No refused request was sent again unchanged.",
    )
}

const ACCEPTS: [&str; 2] = ["acceptTransactionQuote", "acceptLegacyQuote"];
const QUOTES: [&str; 3] = ["createTransactionQuote", "createLegacyQuote", "createCorridorQuote"];

/// After `QTE_0001` (the quote expired), the client's next quote request
/// (an accept or a new quote) is a new quote, not the expired one accepted
/// again.
fn new_quote_after_expiry(api: &[&Request]) -> Check {
    let mut f = Finding::new();
    for (i, expired) in api.iter().enumerate() {
        if expired.error_code.as_deref() != Some("QTE_0001") {
            continue;
        }
        let next = api[i + 1..].iter().find(|r| {
            r.api_key == expired.api_key
                && (ACCEPTS.contains(&r.operation_id.as_str()) || QUOTES.contains(&r.operation_id.as_str()))
        });
        match next {
            Some(r) if r.path == expired.path => {
                f.failures.push(r.evidence(format!("{} was accepted again after it expired", r.path)))
            }
            Some(r) if QUOTES.contains(&r.operation_id.as_str()) => {
                f.passes.push(r.evidence("a new quote was asked for after QTE_0001"))
            }
            _ => {}
        }
    }
    f.check(
        CheckId::NewQuoteAfterExpiry,
        Severity::Recommended,
        "An expired quote is replaced, not accepted again",
        "QTE_0001 means the 3-minute lock is over: ask for a new quote (and show the new price) instead of accepting \
         the old one again.",
        "Expired quotes were replaced by new ones.",
    )
}

/// Every forged (or tampered, for the signature check) and every stale
/// probe was answered with a non-2xx. A probe that got no answer is not
/// judged.
fn webhook_probes(seen: &Seen, id: CheckId) -> Check {
    let kinds: &[FaultKind] = if id == CheckId::WebhookReplayWindow {
        &[FaultKind::StaleTimestamp]
    } else {
        &[FaultKind::ForgedSignature, FaultKind::TamperedBody]
    };
    let mut f = Finding::new().lacking(webhook_gap(seen, kinds));
    for a in seen
        .attempts
        .iter()
        .filter(|a| a.role == DeliveryRole::Probe && a.fault_kind.is_some_and(|k| kinds.contains(&k)))
    {
        let kind = a.fault_kind.map_or("probe", FaultKind::as_str);
        match a.verdict {
            Some(Verdict::Ok) => f.passes.push(a.evidence(format!("the {kind} delivery of {} was refused", a.event))),
            Some(Verdict::AcceptedForgery | Verdict::AcceptedStale) => {
                f.failures.push(a.evidence(format!("the {kind} delivery of {} was answered 2xx", a.event)))
            }
            _ => {}
        }
    }
    if id == CheckId::WebhookReplayWindow {
        f.check(
            id,
            Severity::Required,
            "Webhooks signed long ago are refused",
            "Refuse a delivery whose X-Service-Signature timestamp is more than 300 s from your clock (spec 6): an \
             old, correctly signed delivery is a replay.",
            "Every stale delivery was refused.",
        )
    } else {
        f.check(
            id,
            Severity::Required,
            "Webhook signatures are verified",
            "Verify X-Service-Signature (HMAC-SHA256 of \"t.\" and the raw body, constant-time compare) before \
             trusting a delivery, and answer 4xx when it does not match.",
            "Every forged and tampered delivery was refused.",
        )
    }
}

/// What a webhook check with nothing to judge lacked, the first missing
/// thing first: an endpoint, an event delivered in the window, a probe of
/// `kinds` among its deliveries (none asked: genuine deliveries are judged).
fn webhook_gap(seen: &Seen, kinds: &[FaultKind]) -> String {
    if seen.subscribed.is_empty() {
        return "No webhook endpoint of the application is enabled: register one (`payctl webhooks create`, or run \
                `payctl listen`) so there are deliveries to judge."
            .to_owned();
    }
    if !seen.attempts.iter().any(|a| a.role == DeliveryRole::Genuine) {
        return "No event was delivered to its endpoints in the window: cause one (the flow that fires it, or \
                `payctl trigger EVENT`)."
            .to_owned();
    }
    let probed =
        seen.attempts.iter().any(|a| a.role == DeliveryRole::Probe && a.fault_kind.is_some_and(|k| kinds.contains(&k)));
    if !kinds.is_empty() && !probed {
        let names: Vec<&str> = kinds.iter().map(|k| k.as_str()).collect();
        return format!(
            "Events were delivered, but none was probed ({}): run under a drill (`payctl sandbox drill start`), or \
             add such a delivery fault rule.",
            names.join(" or ")
        );
    }
    "The deliveries to judge have not been answered yet.".to_owned()
}

/// Genuine deliveries (duplicates, late and out-of-order ones included)
/// were answered 2xx: no attempt was refused, and none ran out of attempts
/// unanswered.
fn webhook_accepts_genuine(seen: &Seen) -> Check {
    let mut f = Finding::new().lacking(webhook_gap(seen, &[]));
    for a in seen.attempts.iter().filter(|a| a.role != DeliveryRole::Probe) {
        let shaped = a.fault_kind.map(|k| format!(" ({k})")).unwrap_or_default();
        match a.verdict {
            Some(Verdict::Ok | Verdict::Slow) => f.passes.push(a.evidence(format!("{}{shaped} was accepted", a.event))),
            Some(Verdict::RefusedGenuine) => {
                f.failures.push(a.evidence(format!("a genuine {}{shaped} was refused", a.event)))
            }
            Some(Verdict::Unreachable) if a.delivery_failed => {
                f.failures.push(a.evidence(format!("{} was never answered", a.event)))
            }
            _ => {}
        }
    }
    f.check(
        CheckId::WebhookAcceptsGenuine,
        Severity::Required,
        "Genuine webhooks are accepted, duplicates and out-of-order ones too",
        "Answer 2xx to every correctly signed delivery, also one you have seen (deduplicate by the event's id) and \
         one that arrives after a later event about the same resource.",
        "Every genuine delivery was accepted.",
    )
}

/// Genuine deliveries answered 2xx were answered within 5 s.
fn webhook_fast_answer(attempts: &[Attempt]) -> Check {
    let mut f = Finding::new();
    for a in attempts.iter().filter(|a| a.role != DeliveryRole::Probe) {
        match a.verdict {
            Some(Verdict::Ok) => f.passes.push(a.evidence(format!("{} was answered within 5 s", a.event))),
            Some(Verdict::Slow) => f.failures.push(a.evidence(format!("{} took more than 5 s", a.event))),
            _ => {}
        }
    }
    f.check(
        CheckId::WebhookFastAnswer,
        Severity::Recommended,
        "Webhooks are answered quickly",
        "Answer a delivery with 2xx as soon as it is verified and stored, and do the work afterwards (spec 6).",
        "Every delivery was answered within 5 s.",
    )
}

/// No resource a webhook announces was read more than 30 times in any 30 s
/// (more than once a second for longer than 30 s) while an endpoint of the
/// application subscribed to its events.
fn no_polling_storm(api: &[&Request], subscribed: &[Family]) -> Check {
    let mut f = Finding::new();
    let mut reads: HashMap<&str, Vec<&Request>> = HashMap::new();
    for r in api.iter().copied() {
        if let Kind::ReadOne(family) = r.kind
            && subscribed.contains(&family)
        {
            reads.entry(r.path.as_str()).or_default().push(r);
        }
    }
    let mut paths: Vec<_> = reads.into_iter().collect();
    paths.sort_by(|a, b| a.0.cmp(b.0));
    let limit = usize::try_from(STORM_SECONDS).unwrap_or(30);
    for (path, reads) in paths {
        let storm = reads.windows(limit + 1).find(|w| w[limit].real_at - w[0].real_at <= STORM_SECONDS * 1000);
        match storm {
            Some(w) => f.failures.push(w[limit].evidence(format!(
                "{path} was read {} times in {} ms while a webhook announces its changes",
                limit + 1,
                w[limit].real_at - w[0].real_at
            ))),
            None => f.passes.push(reads[0].evidence(format!("{path} was read {} times, no storm", reads.len()))),
        }
    }
    f.check(
        CheckId::NoPollingStorm,
        Severity::Recommended,
        "Webhooks are followed, not polled for",
        "Wait for the webhook (settlement.completed, customer.kyb_approved, ...) instead of reading the resource \
         every second; if you must poll, back off.",
        "No resource was polled in a storm.",
    )
}

/// Requests carried an `X-Request-ID` of the client's.
fn request_id_sent(api: &[&Request]) -> Check {
    let mut f = Finding::new();
    for r in api {
        if r.request_id_sent {
            f.passes.push(r.evidence(format!("{} carried X-Request-ID", r.label())));
        } else {
            f.failures.push(r.evidence(format!("{} carried no X-Request-ID", r.label())));
        }
    }
    f.check(
        CheckId::RequestIdSent,
        Severity::Recommended,
        "Requests carry an X-Request-ID",
        "Send an X-Request-ID of your own on every request and log it: it is echoed as correlation_id, which \
         support asks for.",
        "Every request carried an X-Request-ID.",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(n: i64, method: &str, op: &str, status: u16) -> Request {
        Request {
            log_id: format!("log{n}"),
            request_id: format!("req{n}"),
            api_key: "key".into(),
            method: method.into(),
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
    fn a_webhook_check_with_nothing_to_judge_says_what_was_missing() {
        let advice = |seen: &Seen, id: CheckId| judge(seen).into_iter().find(|c| c.id == id).unwrap().advice;
        let mut seen = Seen::default();
        assert!(advice(&seen, CheckId::WebhookSignatureVerified).contains("No webhook endpoint of the application"));
        seen.subscribed = vec![Family::Customer];
        assert!(advice(&seen, CheckId::WebhookAcceptsGenuine).contains("No event was delivered"));
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
        assert!(
            probes.starts_with("Nothing in the window to judge. Events were delivered, but none was probed"),
            "{probes}"
        );
        assert!(probes.contains("stale_timestamp") && probes.contains("payctl sandbox drill start"), "{probes}");
        assert_eq!(status(&judge(&seen), CheckId::WebhookAcceptsGenuine), CheckStatus::Pass);
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
