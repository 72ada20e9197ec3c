//! What the proxy tells: each violation as one line on stderr and in the
//! answer's `X-Payctl-Violations`/`X-Payctl-Violation` headers, one JSON
//! object per exchange on stdout with `-o json`, its own answers in the
//! API's error envelope, the recording's writer, and the summary on exit.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::Response;
use serde_json::{Value, json};

use crate::contract::check::{Direction, Violation};
use crate::fixtures::record::{self, Recorder};

/// How many violations are spelled out in `X-Payctl-Violation` headers.
pub const SHOWN_IN_HEADERS: usize = 3;
pub const COUNT_HEADER: &str = "x-payctl-violations";
pub const VIOLATION_HEADER: &str = "x-payctl-violation";
/// The code of the proxy's answer when the upstream gave none.
pub const UPSTREAM_CODE: &str = "PROXY_UPSTREAM_ERROR";

/// A URL as shown: no user, password, query or fragment.
pub fn shown_url(url: &reqwest::Url) -> String {
    let mut shown = url.clone();
    let _ = shown.set_username("");
    let _ = shown.set_password(None);
    shown.set_query(None);
    shown.set_fragment(None);
    shown.as_str().trim_end_matches('/').to_owned()
}

/// One exchange as reported.
pub struct Exchange {
    pub seq: u64,
    pub method: String,
    /// The path, redacted (an IBAN or a key in a path is not printed).
    pub path: String,
    pub operation: Option<String>,
    pub violations: Vec<Violation>,
    /// The upstream's status, when it answered.
    pub status: Option<u16>,
    /// The status the client got.
    pub answered: Option<u16>,
    pub duration: Duration,
}

impl Exchange {
    pub fn new(seq: u64, method: &Method, uri: &Uri) -> Exchange {
        Exchange {
            seq,
            method: method.to_string(),
            path: payctl_domain::redact::path(uri.path()).into_owned(),
            operation: None,
            violations: Vec::new(),
            status: None,
            answered: None,
            duration: Duration::ZERO,
        }
    }

    /// The operation's id, else what was called.
    pub fn label(&self) -> String {
        match &self.operation {
            Some(id) => format!("{id} ({} {})", self.method, self.path),
            None => format!("{} {}", self.method, self.path),
        }
    }
}

/// What became of an exchange.
pub enum Outcome {
    /// Sent upstream and its answer returned.
    Forwarded,
    /// `--strict`: refused before it was sent.
    Refused,
    /// `--strict`: sent, its answer replaced with a 502.
    Withheld,
    /// No answer from the upstream (or the request could not be read).
    Failed(String),
}

impl Outcome {
    fn name(&self) -> &'static str {
        match self {
            Outcome::Forwarded => "forwarded",
            Outcome::Refused => "refused",
            Outcome::Withheld => "withheld",
            Outcome::Failed(_) => "failed",
        }
    }
}

/// An error answer of the proxy's own, in the API's envelope, with one
/// `details` entry per violation.
pub fn error(status: StatusCode, code: &str, message: &str, correlation: &str, violations: &[Violation]) -> Response {
    let details: Vec<Value> = violations
        .iter()
        .map(|v| json!({"field": v.field(), "code": v.code.as_str(), "message": v.to_string()}))
        .collect();
    let body = json!({"error": {"code": code, "message": message, "correlation_id": correlation, "details": details}});
    let mut response = Response::new(Body::from(Bytes::from(body.to_string())));
    *response.status_mut() = status;
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    if let Ok(value) = HeaderValue::from_str(correlation) {
        response.headers_mut().insert("x-request-id", value);
    }
    response
}

/// Printable ASCII for a header value: anything else as `\u{…}`.
fn header_text(text: &str) -> String {
    text.chars()
        .map(|c| if (' '..='~').contains(&c) { c.to_string() } else { c.escape_unicode().to_string() })
        .collect()
}

pub fn add_headers(headers: &mut HeaderMap, exchange: &Exchange) {
    headers.insert(COUNT_HEADER, HeaderValue::from(exchange.violations.len()));
    for v in exchange.violations.iter().take(SHOWN_IN_HEADERS) {
        if let Ok(value) = HeaderValue::from_str(&header_text(&v.to_string())) {
            headers.append(VIOLATION_HEADER, value);
        }
    }
}

/// Reports one exchange: its violations on stderr, one line each, and with
/// `-o json` the whole exchange as one line on stdout.
pub fn exchange(exchange: &Exchange, outcome: &Outcome, json: bool) {
    let label = exchange.label();
    for v in &exchange.violations {
        crate::say!("{label} {v}");
    }
    match outcome {
        Outcome::Failed(why) => crate::say!("{label}: {why}"),
        Outcome::Refused => crate::say!("{label}: refused (--strict), not sent upstream"),
        Outcome::Withheld => crate::say!("{label}: the answer was withheld (--strict) and replaced with a 502"),
        Outcome::Forwarded => {}
    }
    if json {
        let line = json!({
            "seq": exchange.seq,
            "operation": exchange.operation,
            "method": exchange.method,
            "path": exchange.path,
            "outcome": outcome.name(),
            "upstream_status": exchange.status,
            "status": exchange.answered,
            "duration_ms": exchange.duration.as_secs_f64() * 1000.0,
            "violations": exchange.violations,
            "error": match outcome { Outcome::Failed(why) => Some(why.as_str()), _ => None },
        });
        // A closed stdout ends only the JSON lines, never the proxy.
        let _ = crate::output::json_line(&line);
    }
}

/// Counts for the summary.
#[derive(Debug, Clone, Default)]
pub struct Stats {
    pub exchanges: u64,
    pub refused: u64,
    pub withheld: u64,
    pub failed: u64,
    /// Operation label → (request violations, response violations).
    pub by_operation: BTreeMap<String, (u64, u64)>,
}

impl Stats {
    pub fn add(&mut self, exchange: &Exchange, outcome: &Outcome) {
        self.exchanges += 1;
        match outcome {
            Outcome::Refused => self.refused += 1,
            Outcome::Withheld => self.withheld += 1,
            Outcome::Failed(_) => self.failed += 1,
            Outcome::Forwarded => {}
        }
        if exchange.violations.is_empty() {
            return;
        }
        let label = exchange.operation.clone().unwrap_or_else(|| "(unknown operation)".to_owned());
        let entry = self.by_operation.entry(label).or_default();
        for v in &exchange.violations {
            match v.direction {
                Direction::Request => entry.0 += 1,
                Direction::Response => entry.1 += 1,
            }
        }
    }
}

/// An exchange for the recording, owned so it can cross to the writer.
pub struct Owned {
    pub seq: u64,
    pub method: String,
    pub path: String,
    pub query: Option<String>,
    pub request_headers: HeaderMap,
    pub request_body: Option<Bytes>,
    pub status: u16,
    pub response_headers: HeaderMap,
    pub answer: Option<Bytes>,
    pub requested_at: String,
    pub responded_at: String,
    pub elapsed_ms: i64,
}

/// What the recording's writer is sent: an exchange, or the webhook event
/// a relayed delivery carried (`id` the payload's event id, when it had one).
pub enum Message {
    Exchange(Box<Owned>),
    Event { id: Option<String>, event_type: String },
}

/// The recording's writer: a thread of its own, so writing the file never
/// holds up an answer; it drains what was sent before it ends.
pub struct Writer {
    thread: Option<std::thread::JoinHandle<Written>>,
}

/// What the recording came to.
#[derive(Debug, Default)]
pub struct Written {
    pub path: Option<PathBuf>,
    pub steps: usize,
    /// Webhook events recorded (`--receiver`).
    pub events: usize,
    /// Ids the recording uses that none of its calls created.
    pub literal: Vec<String>,
    pub failure: Option<String>,
}

pub struct Recording;

impl Recording {
    pub fn start(recorder: Option<Recorder>) -> (Option<std::sync::mpsc::Sender<Message>>, Writer) {
        let Some(mut recorder) = recorder else { return (None, Writer { thread: None }) };
        let (sender, receiver) = std::sync::mpsc::channel::<Message>();
        let thread = std::thread::spawn(move || {
            let mut failure = None;
            for message in receiver {
                let owned = match message {
                    Message::Exchange(owned) => owned,
                    Message::Event { id, event_type } => {
                        if let Err(e) = recorder.record_event(id.as_deref(), &event_type) {
                            if failure.is_none() {
                                crate::say!("warning: {e:#}; the proxy goes on without recording");
                            }
                            failure = Some(format!("{e:#}"));
                        }
                        continue;
                    }
                };
                let answer = owned.answer.as_deref().and_then(|b| serde_json::from_slice::<Value>(b).ok());
                let exchange = record::Exchange {
                    seq: owned.seq,
                    method: &owned.method,
                    path: &owned.path,
                    query: owned.query.as_deref(),
                    request_headers: &owned.request_headers,
                    request_body: owned.request_body.as_deref(),
                    status: owned.status,
                    response_headers: &owned.response_headers,
                    answer: answer.as_ref(),
                    requested_at: owned.requested_at.clone(),
                    responded_at: owned.responded_at.clone(),
                    elapsed_ms: owned.elapsed_ms,
                };
                if let Err(e) = recorder.record(&exchange) {
                    if failure.is_none() {
                        crate::say!("warning: {e:#}; the proxy goes on without recording");
                    }
                    failure = Some(format!("{e:#}"));
                }
            }
            Written {
                path: Some(recorder.path().to_owned()),
                steps: recorder.len(),
                events: recorder.events(),
                literal: recorder.literal_ids(),
                failure,
            }
        });
        (Some(sender), Writer { thread: Some(thread) })
    }
}

impl Writer {
    /// Waits for everything sent to be written (the senders must be gone).
    pub fn finish(self) -> Written {
        match self.thread {
            Some(thread) => thread.join().unwrap_or_else(|_| Written {
                failure: Some("the recording's writer stopped unexpectedly".to_owned()),
                ..Written::default()
            }),
            None => Written::default(),
        }
    }
}

/// The summary printed on exit.
pub fn summary(stats: &Stats, written: &Written) {
    let total: u64 = stats.by_operation.values().map(|(q, r)| q + r).sum();
    let mut line = format!("Proxied {} exchange(s); {total} violation(s)", stats.exchanges);
    for (count, what) in [(stats.refused, "refused"), (stats.withheld, "withheld"), (stats.failed, "without an answer")]
    {
        if count > 0 {
            line.push_str(&format!("; {count} {what}"));
        }
    }
    crate::say!("{line}.");
    let mut rows: Vec<(&String, &(u64, u64))> = stats.by_operation.iter().collect();
    rows.sort_by_key(|(name, (q, r))| (std::cmp::Reverse(q + r), (*name).clone()));
    for (name, (requests, responses)) in rows {
        crate::say!("  {name}: {} ({requests} in requests, {responses} in answers)", requests + responses);
    }
    match &written.path {
        Some(path) if written.steps > 0 => crate::say!(
            "Recording: {} ({} call(s){}; replay with `payctl fixtures run {}`).",
            path.display(),
            written.steps,
            if written.events > 0 { format!(", {} webhook event(s)", written.events) } else { String::new() },
            path.display()
        ),
        Some(path) => crate::say!("Recording: nothing was recorded, so {} was not written.", path.display()),
        None => {}
    }
    if !written.literal.is_empty() && written.steps > 0 {
        crate::say!(
            "warning: {} id(s) no recorded call created stay literal (made before the recording began, or seeded): \
             {}; the steps using them replay only where they exist (the recording's description names them)",
            written.literal.len(),
            written.literal.join(", ")
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_are_shown_without_credentials_and_header_text_is_ascii() {
        let url = reqwest::Url::parse("https://user:pw@staging.example/api/?token=x#f").unwrap();
        assert_eq!(shown_url(&url), "https://staging.example/api");
        assert_eq!(header_text("saw \"Zoë\""), "saw \"Zo\\u{eb}\"");
    }
}
