//! A fault rule as the sandbox holds it ([`Spec`]: typed match, fault and
//! firing), parsed from `POST /sandbox/faults` ([`parse`]) and shown back
//! in the API's shape ([`Spec::view`]).

use axum::http::Method;
use payctl_domain::faults::{self, CERTAIN, Firing};
use payctl_wire::error::ErrorCode;
use payctl_wire::events::EventType;
use payctl_wire::faults::{CreateFaultRule, Fault, FaultKind, FaultMatch, FaultRequest};
use serde::{Deserialize, Serialize};

use crate::error::{ApiError, Checks};
use crate::operation::{Operation, Operations};

/// The statuses an `error` fault may answer.
pub const ERROR_STATUSES: [u16; 4] = [500, 502, 503, 504];
pub const DEFAULT_ERROR_STATUS: u16 = 503;
pub const DEFAULT_RETRY_AFTER: u64 = 2;
pub const MAX_RETRY_AFTER: u64 = 3600;
pub const DEFAULT_TIMEOUT_MS: u64 = 30_000;
pub const MAX_DELAY_MS: u64 = 60_000;
pub const MAX_DELAY_S: u64 = 86_400;
/// The longest `match.path`: as long as a URL most servers take, far beyond
/// any path of the API.
pub const MAX_PATH_CHARS: usize = 2_048;
/// The longest `match.operation_id` and `match.endpoint_id`: no id is as
/// long.
pub const MAX_ID_CHARS: usize = 128;

/// An HTTP method a rule can name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum MethodName {
    Get,
    Post,
    Put,
    Patch,
    Delete,
}

impl MethodName {
    const ALL: [MethodName; 5] =
        [MethodName::Get, MethodName::Post, MethodName::Put, MethodName::Patch, MethodName::Delete];

    pub fn method(self) -> Method {
        match self {
            MethodName::Get => Method::GET,
            MethodName::Post => Method::POST,
            MethodName::Put => Method::PUT,
            MethodName::Patch => Method::PATCH,
            MethodName::Delete => Method::DELETE,
        }
    }

    fn parse(text: &str) -> Option<MethodName> {
        MethodName::ALL.into_iter().find(|m| m.method().as_str().eq_ignore_ascii_case(text.trim()))
    }
}

/// What a rule applies to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "target", rename_all = "snake_case")]
pub enum Matcher {
    /// API requests: every field given must hold.
    Requests { operation_id: Option<String>, method: Option<MethodName>, path: Option<String> },
    /// Webhook deliveries of one event type (`None`: every type),
    /// optionally to one endpoint (its public id). `per_endpoint`: the
    /// rule's `skip`, `times` and draws count each endpoint's deliveries
    /// apart.
    Deliveries {
        event: Option<EventType>,
        endpoint_id: Option<String>,
        #[serde(default)]
        per_endpoint: bool,
    },
}

impl Matcher {
    /// Whether a request to `op` at the concrete `path` matches.
    pub fn matches_request(&self, op: &Operation, path: &str) -> bool {
        let Matcher::Requests { operation_id, method, path: wanted } = self else { return false };
        operation_id.as_deref().is_none_or(|id| id == op.id())
            && method.is_none_or(|m| m.method() == op.method)
            && wanted.as_deref().is_none_or(|wanted| path_matches(wanted, op, path))
    }

    /// Whether a delivery of `event` (`None`: a type this sandbox does not
    /// know) to the endpoint `endpoint` (public id) matches.
    pub fn matches_delivery(&self, event: Option<EventType>, endpoint: &str) -> bool {
        let Matcher::Deliveries { event: wanted, endpoint_id, .. } = self else { return false };
        wanted.is_none_or(|wanted| Some(wanted) == event) && endpoint_id.as_deref().is_none_or(|id| id == endpoint)
    }

    fn view(&self) -> FaultMatch {
        match self {
            Matcher::Requests { operation_id, method, path } => FaultMatch {
                operation_id: operation_id.clone(),
                method: method.map(|m| m.method().as_str().to_owned()),
                path: path.clone(),
                ..FaultMatch::default()
            },
            Matcher::Deliveries { event, endpoint_id, .. } => FaultMatch {
                event: Some(event.map_or("*", EventType::as_str).to_owned()),
                endpoint_id: endpoint_id.clone(),
                ..FaultMatch::default()
            },
        }
    }
}

/// A template (`/v1/customers/{id}`) matches every request of its
/// operation; a concrete path, only itself.
fn path_matches(wanted: &str, op: &Operation, path: &str) -> bool {
    if wanted.contains('{') { wanted == op.path } else { wanted == path }
}

/// A fault with its parameters, typed per kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Injected {
    Error {
        status: u16,
    },
    RateLimit {
        retry_after: u64,
    },
    Latency {
        delay_ms: u64,
    },
    /// `commit`: the handler runs (and commits) before the hold.
    Timeout {
        delay_ms: u64,
        #[serde(default)]
        commit: bool,
    },
    Reset,
    DropResponse,
    Duplicate {
        delay_s: u64,
    },
    Delay {
        delay_s: u64,
    },
    OutOfOrder,
    Drop,
    ForgedSignature,
    StaleTimestamp,
    TamperedBody,
}

impl Injected {
    pub fn kind(self) -> FaultKind {
        match self {
            Injected::Error { .. } => FaultKind::Error,
            Injected::RateLimit { .. } => FaultKind::RateLimit,
            Injected::Latency { .. } => FaultKind::Latency,
            Injected::Timeout { .. } => FaultKind::Timeout,
            Injected::Reset => FaultKind::Reset,
            Injected::DropResponse => FaultKind::DropResponse,
            Injected::Duplicate { .. } => FaultKind::Duplicate,
            Injected::Delay { .. } => FaultKind::Delay,
            Injected::OutOfOrder => FaultKind::OutOfOrder,
            Injected::Drop => FaultKind::Drop,
            Injected::ForgedSignature => FaultKind::ForgedSignature,
            Injected::StaleTimestamp => FaultKind::StaleTimestamp,
            Injected::TamperedBody => FaultKind::TamperedBody,
        }
    }

    /// The API's shape: the kind and its parameters.
    pub fn view(self) -> Fault {
        let mut fault =
            Fault { kind: self.kind(), status: None, retry_after: None, delay_ms: None, delay_s: None, commit: None };
        match self {
            Injected::Error { status } => fault.status = Some(status),
            Injected::RateLimit { retry_after } => fault.retry_after = Some(retry_after),
            Injected::Latency { delay_ms } => fault.delay_ms = Some(delay_ms),
            Injected::Timeout { delay_ms, commit } => {
                fault.delay_ms = Some(delay_ms);
                fault.commit = commit.then_some(true);
            }
            Injected::Duplicate { delay_s } | Injected::Delay { delay_s } => fault.delay_s = Some(delay_s),
            Injected::Reset
            | Injected::DropResponse
            | Injected::OutOfOrder
            | Injected::Drop
            | Injected::ForgedSignature
            | Injected::StaleTimestamp
            | Injected::TamperedBody => {}
        }
        fault
    }
}

/// A validated rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Spec {
    pub matcher: Matcher,
    pub fault: Injected,
    pub firing: Firing,
}

impl Spec {
    pub fn view_match(&self) -> FaultMatch {
        self.matcher.view()
    }

    /// Whether its firing counts each webhook endpoint's deliveries apart.
    pub fn per_endpoint(&self) -> bool {
        matches!(self.matcher, Matcher::Deliveries { per_endpoint: true, .. })
    }
}

/// Checks a fault's kind and parameters, pushing every problem; `field`
/// prefixes the names (`fault.` in a rule, the header's name for a request's
/// own fault).
pub fn fault(checks: &mut Checks, field: &str, body: &FaultRequest) -> Option<Injected> {
    let name = |param: &str| format!("{field}{param}");
    let Some(kind) = FaultKind::parse(&body.kind) else {
        let kinds: Vec<&str> = FaultKind::ALL.iter().map(|k| k.as_str()).collect();
        checks.push(name("kind"), "invalid", format!("must be one of {}", kinds.join(", ")));
        return None;
    };
    // A parameter the kind does not take is a mistake worth naming.
    let takes = |param: &str| match param {
        "status" => kind == FaultKind::Error,
        "retry_after" => kind == FaultKind::RateLimit,
        "delay_ms" => matches!(kind, FaultKind::Latency | FaultKind::Timeout),
        "commit" => kind == FaultKind::Timeout,
        _ => matches!(kind, FaultKind::Duplicate | FaultKind::Delay),
    };
    for (param, given) in [
        ("commit", body.commit.is_some()),
        ("status", body.status.is_some()),
        ("retry_after", body.retry_after.is_some()),
        ("delay_ms", body.delay_ms.is_some()),
        ("delay_s", body.delay_s.is_some()),
    ] {
        if given && !takes(param) {
            checks.push(name(param), "not_allowed", format!("does not apply to kind {kind}"));
        }
    }
    let mut ranged = |param: &str, value: u64, range: std::ops::RangeInclusive<u64>| -> Option<u64> {
        if range.contains(&value) {
            Some(value)
        } else {
            checks.push(name(param), "out_of_range", format!("must be {} to {}", range.start(), range.end()));
            None
        }
    };
    Some(match kind {
        FaultKind::Error => {
            let status = body.status.unwrap_or(DEFAULT_ERROR_STATUS);
            if !ERROR_STATUSES.contains(&status) {
                checks.push(name("status"), "invalid", "must be 500, 502, 503 or 504");
                return None;
            }
            Injected::Error { status }
        }
        FaultKind::RateLimit => Injected::RateLimit {
            retry_after: ranged("retry_after", body.retry_after.unwrap_or(DEFAULT_RETRY_AFTER), 1..=MAX_RETRY_AFTER)?,
        },
        FaultKind::Latency => match body.delay_ms {
            Some(ms) => Injected::Latency { delay_ms: ranged("delay_ms", ms, 1..=MAX_DELAY_MS)? },
            None => {
                checks.push(name("delay_ms"), "required", "kind latency needs delay_ms (1 to 60000)");
                return None;
            }
        },
        FaultKind::Timeout => Injected::Timeout {
            delay_ms: ranged("delay_ms", body.delay_ms.unwrap_or(DEFAULT_TIMEOUT_MS), 1..=MAX_DELAY_MS)?,
            commit: body.commit.unwrap_or(false),
        },
        FaultKind::Reset => Injected::Reset,
        FaultKind::DropResponse => Injected::DropResponse,
        FaultKind::Duplicate => {
            Injected::Duplicate { delay_s: ranged("delay_s", body.delay_s.unwrap_or(0), 0..=MAX_DELAY_S)? }
        }
        FaultKind::Delay => match body.delay_s {
            Some(s) => Injected::Delay { delay_s: ranged("delay_s", s, 1..=MAX_DELAY_S)? },
            None => {
                checks.push(name("delay_s"), "required", "kind delay needs delay_s (1 to 86400 sandbox seconds)");
                return None;
            }
        },
        FaultKind::OutOfOrder => Injected::OutOfOrder,
        FaultKind::Drop => Injected::Drop,
        FaultKind::ForgedSignature => Injected::ForgedSignature,
        FaultKind::StaleTimestamp => Injected::StaleTimestamp,
        FaultKind::TamperedBody => Injected::TamperedBody,
    })
}

/// A rule from its body: 400 listing every malformed field, then 422
/// (`INVALID_FAULT_RULE`) for a rule that is well formed but can never
/// apply (a kind for the other target, no such operation).
pub fn parse(body: &CreateFaultRule, operations: &Operations) -> Result<Spec, ApiError> {
    let mut checks = Checks::new();
    let injected = fault(&mut checks, "fault.", &body.fault);
    let m = &body.matcher;
    let method = m.method.as_deref().and_then(|text| {
        let parsed = MethodName::parse(text);
        if parsed.is_none() {
            checks.push("match.method", "invalid", "must be GET, POST, PUT, PATCH or DELETE");
        }
        parsed
    });
    let event = match m.event.as_deref() {
        None | Some("*") => None,
        Some(name) => match EventType::parse(name) {
            Some(event) => Some(event),
            None => {
                let names: Vec<&str> = EventType::ALL.iter().map(|e| e.as_str()).collect();
                checks.push("match.event", "invalid", format!("must be * or one of {}", names.join(", ")));
                None
            }
        },
    };
    if m.path.as_deref().is_some_and(|p| p.chars().count() > MAX_PATH_CHARS) {
        checks.push("match.path", "too_long", format!("must be at most {MAX_PATH_CHARS} characters"));
    } else if m.path.as_deref().is_some_and(|p| !p.starts_with('/')) {
        checks.push("match.path", "invalid", "must be a path starting with / (such as /v1/transactions)");
    }
    for (field, value) in [("match.operation_id", &m.operation_id), ("match.endpoint_id", &m.endpoint_id)] {
        if value.as_deref().is_some_and(|v| v.chars().count() > MAX_ID_CHARS) {
            checks.push(field, "too_long", format!("must be at most {MAX_ID_CHARS} characters"));
        }
    }
    let probability = match &body.probability {
        None => CERTAIN,
        Some(number) => match faults::parse_probability(&number.to_string()) {
            Ok(p) => p,
            Err(message) => {
                checks.push("probability", "invalid", message);
                CERTAIN
            }
        },
    };
    let injected = checks.conclude(injected)?;
    let firing = Firing { skip: body.skip.unwrap_or(0), times: body.times, probability, seed: body.seed.unwrap_or(0) };

    let unprocessable = |message: String| ApiError::new(ErrorCode::InvalidFaultRule, message);
    let names_request = m.operation_id.is_some() || m.method.is_some() || m.path.is_some();
    let matcher = if m.event.is_some() {
        if names_request {
            return Err(unprocessable(
                "a rule matches API requests (operation_id, method, path) or webhook deliveries (event, \
                 endpoint_id), not both"
                    .to_owned(),
            ));
        }
        if !injected.kind().is_delivery() {
            return Err(unprocessable(format!(
                "kind {} faults API requests; a delivery rule (match.event) takes {}",
                injected.kind(),
                kinds(true)
            )));
        }
        Matcher::Deliveries { event, endpoint_id: m.endpoint_id.clone(), per_endpoint: body.per_endpoint == Some(true) }
    } else {
        if m.endpoint_id.is_some() {
            return Err(unprocessable("match.endpoint_id goes with match.event (a delivery rule)".to_owned()));
        }
        if body.per_endpoint == Some(true) {
            return Err(unprocessable(
                "per_endpoint goes with match.event (a delivery rule): it counts each webhook endpoint's deliveries \
                 apart"
                    .to_owned(),
            ));
        }
        if injected.kind().is_delivery() {
            return Err(unprocessable(format!(
                "kind {} faults webhook deliveries: name the event type in match.event (or * for every one); \
                 API requests take {}",
                injected.kind(),
                kinds(false)
            )));
        }
        let matcher = Matcher::Requests { operation_id: m.operation_id.clone(), method, path: m.path.clone() };
        check_operations(&matcher, operations)?;
        matcher
    };
    Ok(Spec { matcher, fault: injected, firing })
}

fn kinds(delivery: bool) -> String {
    FaultKind::ALL.iter().filter(|k| k.is_delivery() == delivery).map(|k| k.as_str()).collect::<Vec<_>>().join(", ")
}

/// 422 unless some operation a rule may fault matches every field given,
/// naming the valid ones.
fn check_operations(matcher: &Matcher, operations: &Operations) -> Result<(), ApiError> {
    let Matcher::Requests { operation_id, method, path } = matcher else { return Ok(()) };
    let faultable: Vec<&Operation> =
        operations.all().iter().map(AsRef::as_ref).filter(|op| op.is_partner_api()).collect();
    let unprocessable = |message: String| Err(ApiError::new(ErrorCode::InvalidFaultRule, message));
    if let Some(id) = operation_id
        && !faultable.iter().any(|op| op.id() == *id)
    {
        let ids: Vec<&str> = faultable.iter().map(|op| op.id()).collect();
        return unprocessable(format!(
            "match.operation_id {id:?} is not an operation fault rules apply to; valid ones: {}",
            ids.join(", ")
        ));
    }
    if let Some(path) = path
        && !faultable.iter().any(|op| op.matches_path(path))
    {
        let mut templates: Vec<&str> = faultable.iter().map(|op| op.path.as_str()).collect();
        templates.dedup();
        return unprocessable(format!(
            "match.path {path:?} is no path of an operation fault rules apply to; valid ones: {}",
            templates.join(", ")
        ));
    }
    let any = faultable.iter().any(|op| {
        operation_id.as_deref().is_none_or(|id| id == op.id())
            && method.is_none_or(|m| m.method() == op.method)
            && path.as_deref().is_none_or(|p| op.matches_path(p) && (!p.contains('{') || *p == op.path))
    });
    if !any {
        return unprocessable(
            "no operation matches every field of this match (check that the method, path and operation_id agree)"
                .to_owned(),
        );
    }
    Ok(())
}
