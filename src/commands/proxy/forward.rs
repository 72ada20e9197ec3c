//! One exchange through the proxy: the request is read (up to the API's
//! 1 MiB limit, beyond which it is streamed through unchecked) and checked;
//! with `--strict` a violating request is answered 400 here. Otherwise it is
//! sent upstream as it came (method, path, query, headers but the
//! connection's own, body), the answer is read (a JSON answer up to 1 MiB;
//! anything else streams through unchecked) and checked, and returned as it
//! came plus the `X-Payctl-Violations` headers. Nothing is retried or
//! reordered: each request is forwarded once, when it arrives.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderName, StatusCode, Uri, header};
use axum::response::Response;
use futures_util::StreamExt;
use http_body_util::BodyExt;
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;

use super::report::{self, Message, Outcome, Owned, Stats};
use crate::contract::{Contract, check};

/// The most of a body read to check it: the API's own request limit.
pub const BODY_LIMIT: usize = 1024 * 1024;

type Upstream = Client<hyper_rustls::HttpsConnector<HttpConnector>, Body>;

pub struct Proxy {
    contract: Contract,
    upstream: reqwest::Url,
    /// The upstream as shown in messages: no user, password or query.
    shown: String,
    client: Upstream,
    strict: bool,
    json: bool,
    timeout: Duration,
    seq: AtomicU64,
    started: Instant,
    stats: Mutex<Stats>,
    recording: Mutex<Option<std::sync::mpsc::Sender<Message>>>,
}

/// The axum handler for every path.
pub async fn handle(State(proxy): State<std::sync::Arc<Proxy>>, request: Request) -> Response {
    proxy.exchange(request).await
}

/// A body as read: whole, or too large to hold and streamed on.
enum Read {
    Whole(Bytes),
    Streamed(Body),
}

impl Read {
    fn checked(&self) -> check::Body<'_> {
        match self {
            Read::Whole(bytes) => check::Body::Bytes(bytes),
            Read::Streamed(_) => check::Body::Skipped,
        }
    }

    fn into_body(self) -> Body {
        match self {
            Read::Whole(bytes) => Body::from(bytes),
            Read::Streamed(body) => body,
        }
    }
}

/// Reads a body up to `limit` bytes; past that, what was read and the rest
/// stream on together.
async fn read(headers: &HeaderMap, mut body: Body, limit: usize) -> Result<Read, axum::Error> {
    let declared = headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<usize>().ok());
    if declared.is_some_and(|n| n > limit) {
        return Ok(Read::Streamed(body));
    }
    let mut kept: Vec<u8> = Vec::with_capacity(declared.unwrap_or(0));
    while let Some(frame) = body.frame().await {
        let Ok(data) = frame?.into_data() else { continue };
        kept.extend_from_slice(&data);
        if kept.len() > limit {
            let first = futures_util::stream::once(async move { Ok::<Bytes, axum::Error>(Bytes::from(kept)) });
            return Ok(Read::Streamed(Body::from_stream(first.chain(body.into_data_stream()))));
        }
    }
    Ok(Read::Whole(Bytes::from(kept)))
}

/// Headers that belong to one connection, not to the exchange (RFC 9110
/// 7.6.1), and `Host`, which names the upstream once forwarded.
fn hop_by_hop(name: &HeaderName, headers: &HeaderMap) -> bool {
    const NAMES: &[&str] =
        &["connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer", "upgrade"];
    NAMES.contains(&name.as_str())
        || headers
            .get_all(header::CONNECTION)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .any(|listed| listed.trim().eq_ignore_ascii_case(name.as_str()))
}

fn forwarded_headers(headers: &HeaderMap, drop_host: bool) -> HeaderMap {
    let mut out = HeaderMap::with_capacity(headers.len());
    for (name, value) in headers {
        if hop_by_hop(name, headers) || (drop_host && *name == header::HOST) {
            continue;
        }
        out.append(name.clone(), value.clone());
    }
    out
}

/// Whether an answer is read to be checked: JSON (or untyped), not encoded.
fn readable_answer(headers: &HeaderMap) -> bool {
    let encoded = headers
        .get(header::CONTENT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| !v.trim().eq_ignore_ascii_case("identity"));
    let json = match headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()) {
        None => true,
        Some(t) => {
            let t = t.split(';').next().unwrap_or("").trim().to_ascii_lowercase();
            t == "application/json" || t.ends_with("+json")
        }
    };
    json && !encoded
}

impl Proxy {
    pub fn new(
        contract: Contract,
        upstream: reqwest::Url,
        strict: bool,
        json: bool,
        timeout: Duration,
        recording: Option<std::sync::mpsc::Sender<Message>>,
    ) -> anyhow::Result<Proxy> {
        let tls = hyper_rustls::HttpsConnectorBuilder::new()
            .with_provider_and_webpki_roots(rustls::crypto::ring::default_provider())?
            .https_or_http()
            .enable_all_versions()
            .build();
        // Idle connections go before servers drop them (the sandbox after 10 s), so a
        // request is not sent on a connection that is closing.
        let client = Client::builder(hyper_util::rt::TokioExecutor::new())
            .pool_idle_timeout(Duration::from_secs(5))
            .pool_timer(hyper_util::rt::TokioTimer::new())
            .build(tls);
        Ok(Proxy {
            contract,
            shown: report::shown_url(&upstream),
            upstream,
            client,
            strict,
            json,
            timeout,
            seq: AtomicU64::new(0),
            started: Instant::now(),
            stats: Mutex::new(Stats::default()),
            recording: Mutex::new(recording),
        })
    }

    pub fn announce(&self, address: std::net::SocketAddr) {
        crate::say!(
            "Proxy listening on http://{address}, forwarding to {}; checking against {} ({} operations){}{}. \
             Ctrl-C stops it.",
            self.shown,
            self.contract.source,
            self.contract.operations().len(),
            if self.strict { ", strict" } else { "" },
            match self.recording.lock().map(|r| r.is_some()) {
                Ok(true) => "; recording",
                _ => "",
            },
        );
    }

    /// Stops recording and hands back what the session saw.
    pub fn finish(&self) -> Stats {
        if let Ok(mut recording) = self.recording.lock() {
            recording.take();
        }
        self.stats.lock().map(|s| s.clone()).unwrap_or_default()
    }

    /// The upstream address of a request: the base URL's path, then the
    /// request's path and query exactly as sent.
    fn target(&self, uri: &Uri) -> Result<Uri, String> {
        let base = self.upstream.as_str().split(['?', '#']).next().unwrap_or("").trim_end_matches('/');
        let rest = uri.path_and_query().map_or("/", |p| p.as_str());
        format!("{base}{rest}").parse::<Uri>().map_err(|e| format!("cannot form the upstream address: {e}"))
    }

    async fn exchange(&self, request: Request) -> Response {
        let seq = self.seq.fetch_add(1, Ordering::Relaxed);
        let clock = Instant::now();
        let requested_at = crate::fixtures::template::now_iso();
        let (parts, body) = request.into_parts();
        let correlation = parts
            .headers
            .get("x-request-id")
            .and_then(|v| v.to_str().ok())
            .map_or_else(|| uuid::Uuid::new_v4().to_string(), str::to_owned);
        let mut exchange = report::Exchange::new(seq, &parts.method, &parts.uri);
        let body = match read(&parts.headers, body, BODY_LIMIT).await {
            Ok(body) => body,
            Err(e) => {
                let message = format!("the request's body could not be read: {e}");
                let response =
                    report::error(StatusCode::BAD_REQUEST, "PROXY_REQUEST_INVALID", &message, &correlation, &[]);
                return self.done(exchange, Outcome::Failed(message), response, clock);
            }
        };
        let query = parts.uri.query();
        let (op, found) = self.contract.check_request(&check::Request {
            method: &parts.method,
            path: parts.uri.path(),
            query,
            headers: &parts.headers,
            body: body.checked(),
        });
        exchange.operation = op.map(|op| op.id.clone());
        exchange.violations = found;
        if self.strict && !exchange.violations.is_empty() {
            let message = format!(
                "payctl proxy refused this request: it breaks the API's contract in {} place(s); it was not sent to \
                 {}",
                exchange.violations.len(),
                self.shown
            );
            let response = report::error(
                StatusCode::BAD_REQUEST,
                "PROXY_REQUEST_INVALID",
                &message,
                &correlation,
                &exchange.violations,
            );
            return self.done(exchange, Outcome::Refused, response, clock);
        }
        let target = match self.target(&parts.uri) {
            Ok(t) => t,
            Err(message) => {
                let response =
                    report::error(StatusCode::BAD_GATEWAY, report::UPSTREAM_CODE, &message, &correlation, &[]);
                return self.done(exchange, Outcome::Failed(message), response, clock);
            }
        };
        let request_bytes = match &body {
            Read::Whole(bytes) => Some(bytes.clone()),
            Read::Streamed(_) => None,
        };
        let mut upstream = axum::http::Request::new(body.into_body());
        *upstream.method_mut() = parts.method.clone();
        *upstream.uri_mut() = target;
        *upstream.headers_mut() = forwarded_headers(&parts.headers, true);
        let (mut answer_parts, answer_body) = match self.ask(upstream).await {
            Ok(answer) => answer,
            Err(why) => return self.unreachable(exchange, &correlation, why, clock),
        };
        let status = answer_parts.status.as_u16();
        let response_violations =
            self.contract.check_response(op, status, &answer_parts.headers, answer_body.checked());
        exchange.status = Some(status);
        let answer_bytes = match &answer_body {
            Read::Whole(bytes) => Some(bytes.clone()),
            Read::Streamed(_) => None,
        };
        self.record(Owned {
            seq,
            method: parts.method.to_string(),
            path: parts.uri.path().to_owned(),
            query: query.map(str::to_owned),
            request_headers: parts.headers.clone(),
            request_body: request_bytes,
            status,
            response_headers: answer_parts.headers.clone(),
            answer: answer_bytes,
            requested_at,
            responded_at: crate::fixtures::template::now_iso(),
            elapsed_ms: i64::try_from(self.started.elapsed().as_millis()).unwrap_or(i64::MAX),
        });
        let response_broken = !response_violations.is_empty();
        exchange.violations.extend(response_violations);
        if self.strict && response_broken {
            let message = format!(
                "payctl proxy withheld the answer of {}: it breaks the API's contract (status {status}); the request \
                 was carried out upstream",
                self.shown
            );
            let shown: Vec<check::Violation> =
                exchange.violations.iter().filter(|v| v.direction == check::Direction::Response).cloned().collect();
            let response =
                report::error(StatusCode::BAD_GATEWAY, "PROXY_RESPONSE_INVALID", &message, &correlation, &shown);
            return self.done(exchange, Outcome::Withheld, response, clock);
        }
        answer_parts.headers = forwarded_headers(&answer_parts.headers, false);
        let response = Response::from_parts(answer_parts, answer_body.into_body());
        self.done(exchange, Outcome::Forwarded, response, clock)
    }

    /// Sends a request upstream and reads its answer (when it is checked);
    /// `Err` says why no answer came.
    async fn ask(&self, request: axum::http::Request<Body>) -> Result<(axum::http::response::Parts, Read), String> {
        let seconds = self.timeout.as_secs();
        let answer = match tokio::time::timeout(self.timeout, self.client.request(request)).await {
            Ok(Ok(answer)) => answer,
            Ok(Err(e)) => return Err(crate::client::root_cause(&e)),
            Err(_) => return Err(format!("no answer within {seconds} s")),
        };
        let (parts, incoming) = answer.into_parts();
        if !readable_answer(&parts.headers) {
            return Ok((parts, Read::Streamed(Body::new(incoming))));
        }
        match tokio::time::timeout(self.timeout, read(&parts.headers, Body::new(incoming), BODY_LIMIT)).await {
            Ok(Ok(read)) => Ok((parts, read)),
            Ok(Err(e)) => Err(format!("the answer broke off: {e}")),
            Err(_) => Err(format!("the answer did not finish within {seconds} s")),
        }
    }

    fn unreachable(&self, exchange: report::Exchange, correlation: &str, why: String, clock: Instant) -> Response {
        let message = format!("payctl proxy could not get an answer from the upstream {}: {why}", self.shown);
        let response = report::error(StatusCode::BAD_GATEWAY, report::UPSTREAM_CODE, &message, correlation, &[]);
        self.done(exchange, Outcome::Failed(message), response, clock)
    }

    fn record(&self, owned: Owned) {
        self.send(Message::Exchange(Box::new(owned)));
    }

    /// Hands a message to the recording's writer, while recording.
    pub fn send(&self, message: Message) {
        if let Ok(recording) = self.recording.lock()
            && let Some(sender) = recording.as_ref()
        {
            // The writer ends only after the session; a send cannot fail before.
            let _ = sender.send(message);
        }
    }

    /// Adds the violation headers, reports the exchange, and answers.
    fn done(
        &self,
        mut exchange: report::Exchange,
        outcome: Outcome,
        mut response: Response,
        clock: Instant,
    ) -> Response {
        exchange.answered = Some(response.status().as_u16());
        exchange.duration = clock.elapsed();
        report::add_headers(response.headers_mut(), &exchange);
        report::exchange(&exchange, &outcome, self.json);
        if let Ok(mut stats) = self.stats.lock() {
            stats.add(&exchange, &outcome);
        }
        response
    }
}
