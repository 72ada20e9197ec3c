//! A fault rule as the sandbox holds it ([`Spec`]: typed match, fault and
//! firing), parsed from `POST /sandbox/faults` ([`parse`]) and shown back
//! in the API's shape ([`Spec::view`]).

use axum::http::Method;
use payctl_domain::faults::{self, CERTAIN, Firing};
use payctl_wire::error::ErrorCode;
use payctl_wire::events::EventType;
use payctl_wire::faults::{
    CreateFaultRule, DEFAULT_ERROR_STATUS, DEFAULT_RETRY_AFTER, DEFAULT_TIMEOUT_MS, ERROR_STATUSES, Fault, FaultKind,
    FaultMatch, FaultParam, FaultRequest, MAX_PATH_CHARS,
};
use serde::{Deserialize, Serialize};

use crate::error::{ApiError, Checks};
use crate::operation::{Operation, Operations};

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

/// The requests a rule applies to: every field given must hold.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RequestMatch {
    pub operation_id: Option<String>,
    pub method: Option<MethodName>,
    pub path: Option<String>,
}

impl RequestMatch {
    /// Whether a request to `op` at the concrete `path` matches.
    fn matches(&self, op: &Operation, path: &str) -> bool {
        self.operation_id.as_deref().is_none_or(|id| id == op.id())
            && self.method.is_none_or(|m| m.method() == op.method)
            && self.path.as_deref().is_none_or(|wanted| path_matches(wanted, op, path))
    }
}

/// The webhook deliveries a rule applies to: of one event type (`None`:
/// every type), optionally to one endpoint (its public id).
/// `per_endpoint`: the rule's `skip`, `times` and draws count each
/// endpoint's deliveries apart.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeliveryMatch {
    pub event: Option<EventType>,
    pub endpoint_id: Option<String>,
    #[serde(default)]
    pub per_endpoint: bool,
}

impl DeliveryMatch {
    /// Whether a delivery of `event` (`None`: a type this sandbox does not
    /// know) to the endpoint `endpoint` (public id) matches.
    fn matches(&self, event: Option<EventType>, endpoint: &str) -> bool {
        self.event.is_none_or(|wanted| Some(wanted) == event)
            && self.endpoint_id.as_deref().is_none_or(|id| id == endpoint)
    }
}

/// What a rule applies to and the fault it injects there: a request fault
/// only ever meets a request, a delivery fault only a delivery.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Aim {
    Requests(RequestMatch, RequestFault),
    Deliveries(DeliveryMatch, DeliveryFault),
}

/// A template (`/v1/customers/{id}`) matches every request of its
/// operation; a concrete path, only itself.
fn path_matches(wanted: &str, op: &Operation, path: &str) -> bool {
    if wanted.contains('{') { wanted == op.path } else { wanted == path }
}

/// A fault on an API request, with its parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RequestFault {
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
}

/// A fault on a webhook delivery, with its parameters: the first four
/// shape the genuine delivery, the others add a delivery beside it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DeliveryFault {
    Delay { delay_s: u64 },
    OutOfOrder,
    Drop,
    Duplicate { delay_s: u64 },
    ForgedSignature,
    StaleTimestamp,
    TamperedBody,
}

/// A fault of either kind, as a rule's body or a stored rule names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Injected {
    Request(RequestFault),
    Delivery(DeliveryFault),
}

impl RequestFault {
    pub fn kind(self) -> FaultKind {
        match self {
            RequestFault::Error { .. } => FaultKind::Error,
            RequestFault::RateLimit { .. } => FaultKind::RateLimit,
            RequestFault::Latency { .. } => FaultKind::Latency,
            RequestFault::Timeout { .. } => FaultKind::Timeout,
            RequestFault::Reset => FaultKind::Reset,
            RequestFault::DropResponse => FaultKind::DropResponse,
        }
    }

    /// The API's shape: the kind and its parameters.
    pub fn view(self) -> Fault {
        let mut fault = bare(self.kind());
        match self {
            RequestFault::Error { status } => fault.status = Some(status),
            RequestFault::RateLimit { retry_after } => fault.retry_after = Some(retry_after),
            RequestFault::Latency { delay_ms } => fault.delay_ms = Some(delay_ms),
            RequestFault::Timeout { delay_ms, commit } => {
                fault.delay_ms = Some(delay_ms);
                fault.commit = commit.then_some(true);
            }
            RequestFault::Reset | RequestFault::DropResponse => {}
        }
        fault
    }
}

impl DeliveryFault {
    pub fn kind(self) -> FaultKind {
        match self {
            DeliveryFault::Delay { .. } => FaultKind::Delay,
            DeliveryFault::OutOfOrder => FaultKind::OutOfOrder,
            DeliveryFault::Drop => FaultKind::Drop,
            DeliveryFault::Duplicate { .. } => FaultKind::Duplicate,
            DeliveryFault::ForgedSignature => FaultKind::ForgedSignature,
            DeliveryFault::StaleTimestamp => FaultKind::StaleTimestamp,
            DeliveryFault::TamperedBody => FaultKind::TamperedBody,
        }
    }

    /// The API's shape: the kind and its parameters.
    pub fn view(self) -> Fault {
        let mut fault = bare(self.kind());
        if let DeliveryFault::Delay { delay_s } | DeliveryFault::Duplicate { delay_s } = self {
            fault.delay_s = Some(delay_s);
        }
        fault
    }
}

/// A fault of `kind` with no parameters yet.
fn bare(kind: FaultKind) -> Fault {
    Fault { kind, status: None, retry_after: None, delay_ms: None, delay_s: None, commit: None }
}

impl Injected {
    pub fn kind(self) -> FaultKind {
        match self {
            Injected::Request(fault) => fault.kind(),
            Injected::Delivery(fault) => fault.kind(),
        }
    }
}

/// A validated rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Stored", into = "Stored")]
pub struct Spec {
    pub aim: Aim,
    pub firing: Firing,
}

impl Spec {
    /// The fault this rule injects into a request to `op` at the concrete
    /// `path`, if it applies to that request.
    pub fn on_request(&self, op: &Operation, path: &str) -> Option<RequestFault> {
        match &self.aim {
            Aim::Requests(matcher, fault) if matcher.matches(op, path) => Some(*fault),
            _ => None,
        }
    }

    /// The fault this rule injects into a delivery of `event` to the
    /// endpoint `endpoint` (public id), if it applies to that delivery.
    pub fn on_delivery(&self, event: Option<EventType>, endpoint: &str) -> Option<DeliveryFault> {
        match &self.aim {
            Aim::Deliveries(matcher, fault) if matcher.matches(event, endpoint) => Some(*fault),
            _ => None,
        }
    }

    pub fn view_match(&self) -> FaultMatch {
        match &self.aim {
            Aim::Requests(RequestMatch { operation_id, method, path }, _) => FaultMatch {
                operation_id: operation_id.clone(),
                method: method.map(|m| m.method().as_str().to_owned()),
                path: path.clone(),
                ..FaultMatch::default()
            },
            Aim::Deliveries(DeliveryMatch { event, endpoint_id, .. }, _) => FaultMatch {
                event: Some(event.map_or("*", EventType::as_str).to_owned()),
                endpoint_id: endpoint_id.clone(),
                ..FaultMatch::default()
            },
        }
    }

    pub fn view_fault(&self) -> Fault {
        match self.aim {
            Aim::Requests(_, fault) => fault.view(),
            Aim::Deliveries(_, fault) => fault.view(),
        }
    }

    pub fn kind(&self) -> FaultKind {
        match self.aim {
            Aim::Requests(_, fault) => fault.kind(),
            Aim::Deliveries(_, fault) => fault.kind(),
        }
    }

    /// Whether its firing counts each webhook endpoint's deliveries apart.
    pub fn per_endpoint(&self) -> bool {
        matches!(self.aim, Aim::Deliveries(DeliveryMatch { per_endpoint: true, .. }, _))
    }
}

/// A rule as the database keeps it (`fault_rules.spec`): the match tagged
/// with its target, the fault with its kind.
#[derive(Serialize, Deserialize)]
struct Stored {
    matcher: StoredMatch,
    fault: Injected,
    firing: Firing,
}

#[derive(Serialize, Deserialize)]
#[serde(tag = "target", rename_all = "snake_case")]
enum StoredMatch {
    Requests(RequestMatch),
    Deliveries(DeliveryMatch),
}

impl TryFrom<Stored> for Spec {
    type Error = String;

    fn try_from(stored: Stored) -> Result<Spec, String> {
        let aim = match (stored.matcher, stored.fault) {
            (StoredMatch::Requests(matcher), Injected::Request(fault)) => Aim::Requests(matcher, fault),
            (StoredMatch::Deliveries(matcher), Injected::Delivery(fault)) => Aim::Deliveries(matcher, fault),
            (_, fault) => return Err(format!("a fault of kind {} does not go with its match", fault.kind())),
        };
        Ok(Spec { aim, firing: stored.firing })
    }
}

impl From<Spec> for Stored {
    fn from(spec: Spec) -> Stored {
        let (matcher, fault) = match spec.aim {
            Aim::Requests(matcher, fault) => (StoredMatch::Requests(matcher), Injected::Request(fault)),
            Aim::Deliveries(matcher, fault) => (StoredMatch::Deliveries(matcher), Injected::Delivery(fault)),
        };
        Stored { matcher, fault, firing: spec.firing }
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
    for param in FaultParam::ALL {
        if param.given(body) && !kind.takes(param) {
            checks.push(name(param.name()), "not_allowed", format!("does not apply to kind {kind}"));
        }
    }
    let mut ranged = |param: FaultParam, value: u64| -> Option<u64> {
        let range = kind.range(param);
        if range.contains(&value) {
            Some(value)
        } else {
            checks.push(name(param.name()), "out_of_range", format!("must be {} to {}", range.start(), range.end()));
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
            Injected::Request(RequestFault::Error { status })
        }
        FaultKind::RateLimit => Injected::Request(RequestFault::RateLimit {
            retry_after: ranged(FaultParam::RetryAfter, body.retry_after.unwrap_or(DEFAULT_RETRY_AFTER))?,
        }),
        FaultKind::Latency => match body.delay_ms {
            Some(ms) => Injected::Request(RequestFault::Latency { delay_ms: ranged(FaultParam::DelayMs, ms)? }),
            None => {
                checks.push(name("delay_ms"), "required", "kind latency needs delay_ms (1 to 60000)");
                return None;
            }
        },
        FaultKind::Timeout => Injected::Request(RequestFault::Timeout {
            delay_ms: ranged(FaultParam::DelayMs, body.delay_ms.unwrap_or(DEFAULT_TIMEOUT_MS))?,
            commit: body.commit.unwrap_or(false),
        }),
        FaultKind::Reset => Injected::Request(RequestFault::Reset),
        FaultKind::DropResponse => Injected::Request(RequestFault::DropResponse),
        FaultKind::Duplicate => Injected::Delivery(DeliveryFault::Duplicate {
            delay_s: ranged(FaultParam::DelayS, body.delay_s.unwrap_or(0))?,
        }),
        FaultKind::Delay => match body.delay_s {
            Some(s) => Injected::Delivery(DeliveryFault::Delay { delay_s: ranged(FaultParam::DelayS, s)? }),
            None => {
                checks.push(name("delay_s"), "required", "kind delay needs delay_s (1 to 86400 sandbox seconds)");
                return None;
            }
        },
        FaultKind::OutOfOrder => Injected::Delivery(DeliveryFault::OutOfOrder),
        FaultKind::Drop => Injected::Delivery(DeliveryFault::Drop),
        FaultKind::ForgedSignature => Injected::Delivery(DeliveryFault::ForgedSignature),
        FaultKind::StaleTimestamp => Injected::Delivery(DeliveryFault::StaleTimestamp),
        FaultKind::TamperedBody => Injected::Delivery(DeliveryFault::TamperedBody),
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
    let aim = if m.event.is_some() {
        if names_request {
            return Err(unprocessable(
                "a rule matches API requests (operation_id, method, path) or webhook deliveries (event, \
                 endpoint_id), not both"
                    .to_owned(),
            ));
        }
        let Injected::Delivery(fault) = injected else {
            return Err(unprocessable(format!(
                "kind {} faults API requests; a delivery rule (match.event) takes {}",
                injected.kind(),
                kinds(true)
            )));
        };
        let matcher =
            DeliveryMatch { event, endpoint_id: m.endpoint_id.clone(), per_endpoint: body.per_endpoint == Some(true) };
        Aim::Deliveries(matcher, fault)
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
        let Injected::Request(fault) = injected else {
            return Err(unprocessable(format!(
                "kind {} faults webhook deliveries: name the event type in match.event (or * for every one); \
                 API requests take {}",
                injected.kind(),
                kinds(false)
            )));
        };
        let matcher = RequestMatch { operation_id: m.operation_id.clone(), method, path: m.path.clone() };
        check_operations(&matcher, operations)?;
        Aim::Requests(matcher, fault)
    };
    Ok(Spec { aim, firing })
}

fn kinds(delivery: bool) -> String {
    FaultKind::ALL.iter().filter(|k| k.is_delivery() == delivery).map(|k| k.as_str()).collect::<Vec<_>>().join(", ")
}

/// 422 unless some operation a rule may fault matches every field given,
/// naming the valid ones.
fn check_operations(matcher: &RequestMatch, operations: &Operations) -> Result<(), ApiError> {
    let RequestMatch { operation_id, method, path } = matcher;
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Rules stored before the two fault types existed read back as they
    /// were written, and a stored fault that does not go with its match is
    /// refused rather than read as a rule that never applies.
    #[test]
    fn stored_rules_keep_their_shape_and_refuse_a_fault_of_the_other_target() {
        let request = r#"{"matcher":{"target":"requests","operation_id":"createTransaction","method":"POST","path":null},
            "fault":{"kind":"timeout","delay_ms":5000,"commit":true},
            "firing":{"skip":1,"times":2,"probability":1000000,"seed":7}}"#;
        let spec: Spec = serde_json::from_str(request).unwrap();
        let timeout = RequestFault::Timeout { delay_ms: 5000, commit: true };
        let matcher =
            RequestMatch { operation_id: Some("createTransaction".into()), method: Some(MethodName::Post), path: None };
        assert_eq!(spec.aim, Aim::Requests(matcher, timeout));
        let delivery = r#"{"matcher":{"target":"deliveries","event":null,"endpoint_id":"whk_1"},
            "fault":{"kind":"duplicate","delay_s":3},
            "firing":{"skip":0,"times":null,"probability":1000000,"seed":0}}"#;
        let spec: Spec = serde_json::from_str(delivery).unwrap();
        let every = DeliveryMatch { event: None, endpoint_id: Some("whk_1".into()), per_endpoint: false };
        assert_eq!(spec.aim, Aim::Deliveries(every, DeliveryFault::Duplicate { delay_s: 3 }));
        let written = serde_json::to_value(&spec).unwrap();
        assert_eq!(written["matcher"]["target"], "deliveries");
        assert_eq!(written["fault"]["kind"], "duplicate");
        assert_eq!(serde_json::from_value::<Spec>(written).unwrap(), spec);

        let mixed = delivery.replace(r#""kind":"duplicate","delay_s":3"#, r#""kind":"reset""#);
        let error = serde_json::from_str::<Spec>(&mixed).unwrap_err().to_string();
        assert!(error.contains("kind reset does not go with its match"), "{error}");
    }
}
