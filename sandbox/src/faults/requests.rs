//! Faults on API requests: the layer the route table puts on every
//! operation a partner's integration calls with an API key.
//!
//! It sits inside the request log and outside idempotency, so every faulted
//! request is logged with its fault (a client that gives up during a hold
//! is logged too, `client_gone`: see [`Pending`]), and a fault that answers
//! before the handler (`error`, `rate_limit`) or never answers (`timeout`
//! without `commit`, `reset`) stores nothing, not even the `Idempotency-Key`'s claim: a retry with the
//! same key runs normally, as after a real outage. `drop_response` runs the
//! handler and its commit first, so the key holds the real answer that the
//! client never read.
//!
//! What the client sees at the socket: `error` and `rate_limit` are HTTP
//! answers with the `X-Sandbox-Fault` header; `latency` is the normal
//! answer, late (the work done first, the answer held); `timeout` holds the
//! connection silent, then closes it (with `commit`, after doing the work);
//! `reset` resets it at once; `drop_response` closes it where the answer
//! would have been (see [`crate::http::connection`]).
//!
//! One partner holds at most [`HELD_PER_PARTNER`] requests at once with
//! `latency` and `timeout`: past that, a request asking to be held is
//! answered 429 `RATE_LIMITED` at once (`Retry-After: 1`,
//! `Connection: close`) and not handled.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use payctl_domain::faults::Counters;
use payctl_wire::error::ErrorCode;
use payctl_wire::faults::{AppliedFault, FaultRequest};

use super::{HELD_PER_PARTNER, RequestFault};
use crate::auth::principal::KeyCaller;
use crate::error::{ApiError, Checks};
use crate::http::connection::{Connection, Cut};
use crate::operation::Operation;
use crate::rate_limit;
use crate::state::AppState;

/// Marks a logged request that got no answer at all (`timeout`, `reset`):
/// its log entry's status is 0.
#[derive(Debug, Clone, Copy)]
pub struct Unanswered;

/// What the faults layer tells the request log about a request (the log
/// layer puts one in every logged request's extensions while a rule or the
/// request's own fault header may apply): the counters of every rule the
/// request counted, stored in the write of its log record, which the
/// request waits for before its answer goes out;
/// and the answer a fault held back, once its handler ran, which the log
/// writes, marked `client_gone`, if the client goes away during the hold.
#[derive(Debug, Clone, Default)]
pub struct Pending(Arc<std::sync::Mutex<Told>>);

#[derive(Debug, Default)]
struct Told {
    counted: Vec<(i64, Counters)>,
    held: Option<Held>,
}

/// A held answer: its status, error code and the fault holding it.
#[derive(Debug, Clone)]
pub struct Held {
    pub status: u16,
    pub error_code: Option<&'static str>,
    pub fault: AppliedFault,
}

impl Pending {
    fn told(&self) -> std::sync::MutexGuard<'_, Told> {
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn count(&self, counted: Vec<(i64, Counters)>) {
        self.told().counted = counted;
    }

    fn hold(&self, response: &Response, fault: &AppliedFault) {
        self.told().held = Some(Held {
            status: response.status().as_u16(),
            error_code: response.extensions().get::<ApiError>().map(|e| e.code.as_str()),
            fault: fault.clone(),
        });
    }

    /// The answer held back, if the handler ran.
    pub fn held(&self) -> Option<Held> {
        self.told().held.clone()
    }

    /// The counters of the rules the request counted (taken: they are
    /// written once).
    pub fn counted(&self) -> Vec<(i64, Counters)> {
        std::mem::take(&mut self.told().counted)
    }
}

/// Who asked for a request's fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// The request's own `X-Sandbox-Fault` header.
    Header,
    /// A fault rule (its public id).
    Rule(String),
}

impl Source {
    /// How the answer's `X-Sandbox-Fault` header and the log name it.
    fn tag(&self) -> &str {
        match self {
            Source::Header => "request",
            Source::Rule(id) => id,
        }
    }

    fn rule_id(&self) -> Option<String> {
        match self {
            Source::Header => None,
            Source::Rule(id) => Some(id.clone()),
        }
    }
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Source::Header => f.write_str("the request's X-Sandbox-Fault header"),
            Source::Rule(id) => write!(f, "fault rule {id}"),
        }
    }
}

/// The layer, for a TEST key's request that the partner's integration
/// makes (the layer stack judges that): `next` runs the rest of the
/// request unless the fault answers in its place. The console's calls,
/// and a tool's reads on its own behalf, neither meet a fault nor use up a
/// rule's firing; LIVE behaves like production.
pub async fn layer<F, Fut>(state: &AppState, key: &KeyCaller, request: Request, next: F) -> Response
where
    F: FnOnce(Request) -> Fut,
    Fut: Future<Output = Response>,
{
    let (source, injected) = match request.headers().get(crate::http::headers::SANDBOX_FAULT) {
        Some(value) => match from_header(value) {
            Ok(injected) => (Source::Header, injected),
            Err(e) => return e.into_response(),
        },
        None => {
            let Some(op) = request.extensions().get::<Arc<Operation>>() else { return next(request).await };
            // The log layer's slot for what this request did to the rules:
            // a rule put in force after the request arrived finds none, and
            // does not see the request.
            let Some(pending) = request.extensions().get::<Pending>() else { return next(request).await };
            let path = request.uri().path();
            let aim = |spec: &super::Spec| spec.on_request(op, path);
            let matched = if state.storage.is_shared() {
                let shared = async {
                    super::follow(state).await?;
                    super::fire_shared(state, key.application_id, aim).await
                };
                match shared.await {
                    Ok(matched) => matched,
                    Err(e) => return e.into_response(),
                }
            } else {
                state.faults.fire(key.application_id, aim)
            };
            pending.count(matched.counted);
            let Some((fired, fault)) = matched.fired else { return next(request).await };
            (Source::Rule(fired.rule.public_id.clone()), fault)
        }
    };
    // A held request keeps its connection (a descriptor every partner
    // shares) for up to a minute: one partner holds a bounded number.
    let holding = match injected {
        RequestFault::Latency { .. } | RequestFault::Timeout { .. } => match state.faults.hold_for(key.partner_id) {
            Some(holding) => Some(holding),
            None => return too_many_held(&source),
        },
        _ => None,
    };
    tracing::info!(
        fault = %injected.kind(),
        source = %source.tag(),
        application = %key.application_public_id,
        method = %request.method(),
        path = %request.uri().path(),
        "fault injected"
    );
    let connection = request.extensions().get::<Connection>().cloned();
    let applied = AppliedFault { rule_id: source.rule_id(), fault: injected.view(), client_gone: false };
    let mut response = apply(state, injected, (&source, &applied), connection, request, next, holding).await;
    if let Ok(value) = HeaderValue::from_str(&format!("{}; kind={}", source.tag(), injected.kind())) {
        response.headers_mut().insert(crate::http::headers::SANDBOX_FAULT, value);
    }
    response.extensions_mut().insert(applied);
    response
}

/// What a request asking to be held gets while its partner already holds
/// [`HELD_PER_PARTNER`] requests: 429 at once, and the connection closed
/// after it, so the refusal holds no descriptor either.
fn too_many_held(source: &Source) -> Response {
    let mut response = rate_limit::refusal(
        format!(
            "{source} asked to hold this request, but this partner already holds {HELD_PER_PARTNER} requests open with \
             latency and timeout faults, the most one partner may at once; retry in 1 s, or hold fewer at a time"
        ),
        1,
    )
    .into_response();
    response.headers_mut().insert(axum::http::header::CONNECTION, HeaderValue::from_static("close"));
    response
}

async fn apply<F, Fut>(
    state: &AppState,
    injected: RequestFault,
    (by, applied): (&Source, &AppliedFault),
    connection: Option<Connection>,
    request: Request,
    next: F,
    holding: Option<super::Holding>,
) -> Response
where
    F: FnOnce(Request) -> Fut,
    Fut: Future<Output = Response>,
{
    // A cut needs the socket; a request that arrived without one (no
    // server in between) gets an answer saying so rather than none.
    let cut = |how: Cut| match &connection {
        Some(connection) => {
            connection.cut(how);
            let mut response = StatusCode::SERVICE_UNAVAILABLE.into_response();
            response.extensions_mut().insert(Unanswered);
            response
        }
        None => ApiError::unavailable(format!("{by} asked to cut this connection, which the sandbox cannot reach"))
            .into_response(),
    };
    match injected {
        RequestFault::Error { status } => {
            let code = match status {
                500 => ErrorCode::Internal,
                502 => ErrorCode::BadGateway,
                504 => ErrorCode::GatewayTimeout,
                _ => ErrorCode::Unavailable,
            };
            ApiError::new(
                code,
                format!("injected by {by}: answered {status} before the request was handled; nothing was stored"),
            )
            .into_response()
        }
        RequestFault::RateLimit { retry_after } => rate_limit::refusal(
            format!("injected by {by}: rate limited before the request was handled; retry in {retry_after} s"),
            retry_after,
        )
        .into_response(),
        // The work is done first and the answer held back, as a slow
        // network does: a client that gives up during the hold has had its
        // request carried out all the same (and logged, `client_gone`).
        RequestFault::Latency { delay_ms } | RequestFault::Timeout { delay_ms, commit: true } => {
            let pending = request.extensions().get::<Pending>().cloned();
            let response = next(request).await;
            if let Some(pending) = pending {
                pending.hold(&response, applied);
            }
            hold(state, delay_ms).await;
            drop(holding);
            // A committed timeout did the work and then never answers.
            if matches!(injected, RequestFault::Timeout { .. }) { cut(Cut::Close) } else { response }
        }
        RequestFault::Timeout { delay_ms, commit: false } => {
            hold(state, delay_ms).await;
            drop(holding);
            cut(Cut::Close)
        }
        RequestFault::Reset => cut(Cut::Reset),
        RequestFault::DropResponse => {
            let response = next(request).await;
            let _ = cut(Cut::Close);
            response
        }
    }
}

/// Waits `delay_ms` of real time, or until the sandbox shuts down.
async fn hold(state: &AppState, delay_ms: u64) {
    tokio::select! {
        () = tokio::time::sleep(Duration::from_millis(delay_ms)) => {}
        () = state.faults.stopping() => {}
    }
}

/// The fault a request's own `X-Sandbox-Fault` header asks for:
/// `<kind>[; status=503][; delay_ms=800][; retry_after=2][; commit=1]`.
pub fn from_header(value: &HeaderValue) -> Result<RequestFault, ApiError> {
    const FIELD: &str = "X-Sandbox-Fault";
    let malformed = |why: &str| {
        ApiError::invalid_field(
            FIELD,
            "invalid",
            format!("{why}; expected <kind>[; status=503][; delay_ms=800][; retry_after=2][; commit=1]"),
        )
    };
    let text = value.to_str().map_err(|_| malformed("not ASCII text"))?;
    let mut parts = text.split(';').map(str::trim);
    let mut body = FaultRequest { kind: parts.next().unwrap_or_default().to_owned(), ..FaultRequest::default() };
    for part in parts.filter(|p| !p.is_empty()) {
        let (name, number) = part.split_once('=').ok_or_else(|| malformed(&format!("{part:?} is not name=value")))?;
        let number = number.trim();
        let value: u64 = number.parse().map_err(|_| malformed(&format!("{number:?} is not a whole number")))?;
        match name.trim() {
            "status" => body.status = Some(u16::try_from(value).unwrap_or(u16::MAX)),
            "delay_ms" => body.delay_ms = Some(value),
            "retry_after" => body.retry_after = Some(value),
            "commit" => body.commit = Some(value != 0),
            other => return Err(malformed(&format!("{other:?} is not a parameter"))),
        }
    }
    let mut checks = Checks::new();
    let injected = super::rules::fault(&mut checks, &format!("{FIELD}: "), &body);
    match checks.conclude(injected)? {
        super::rules::Injected::Request(fault) => Ok(fault),
        super::rules::Injected::Delivery(fault) => {
            Err(malformed(&format!("{} faults webhook deliveries, not this request", fault.kind())))
        }
    }
}
