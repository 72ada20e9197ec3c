//! Fault rules (`/sandbox/faults`): failures the sandbox injects on purpose
//! into a TEST application's API requests and webhook deliveries, so a
//! partner can rehearse what production does to an integration.

use serde::{Deserialize, Serialize};
use utoipa::openapi::schema::{AdditionalProperties, AnyOfBuilder, ObjectBuilder, Type};
use utoipa::openapi::{Ref, RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};

use crate::events::EventType;

/// Request header that faults one request (TEST keys only), and response
/// header naming the fault that shaped an answer: `flt_…; kind=error` for
/// a rule, `request; kind=error` for the request's own header.
pub const SANDBOX_FAULT_HEADER: &str = "x-sandbox-fault";

/// What a fault does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum FaultKind {
    /// An API request answered 500, 502, 503 or 504 before it is handled.
    Error,
    /// An API request answered 429 before it is handled.
    RateLimit,
    /// An API request held `delay_ms`, then handled.
    Latency,
    /// An API request held `delay_ms` without an answer, then its
    /// connection closed; never handled.
    Timeout,
    /// An API request's connection reset at once; never handled.
    Reset,
    /// An API request handled and committed, then its connection closed
    /// without the answer.
    DropResponse,
    /// A delivery sent, and sent again `delay_s` sandbox seconds later.
    Duplicate,
    /// A delivery held `delay_s` sandbox seconds.
    Delay,
    /// A delivery held until the next event about the same resource was
    /// delivered (at most 300 sandbox seconds).
    OutOfOrder,
    /// A delivery's first attempt recorded as failed without sending it.
    Drop,
    /// An extra delivery signed with a wrong secret.
    ForgedSignature,
    /// An extra delivery correctly signed with a timestamp 600 s old.
    StaleTimestamp,
    /// An extra delivery whose body differs from what was signed.
    TamperedBody,
}

crate::stored_as_text!(FaultKind);

impl FaultKind {
    pub const ALL: &'static [FaultKind] = &[
        FaultKind::Error,
        FaultKind::RateLimit,
        FaultKind::Latency,
        FaultKind::Timeout,
        FaultKind::Reset,
        FaultKind::DropResponse,
        FaultKind::Duplicate,
        FaultKind::Delay,
        FaultKind::OutOfOrder,
        FaultKind::Drop,
        FaultKind::ForgedSignature,
        FaultKind::StaleTimestamp,
        FaultKind::TamperedBody,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            FaultKind::Error => "error",
            FaultKind::RateLimit => "rate_limit",
            FaultKind::Latency => "latency",
            FaultKind::Timeout => "timeout",
            FaultKind::Reset => "reset",
            FaultKind::DropResponse => "drop_response",
            FaultKind::Duplicate => "duplicate",
            FaultKind::Delay => "delay",
            FaultKind::OutOfOrder => "out_of_order",
            FaultKind::Drop => "drop",
            FaultKind::ForgedSignature => "forged_signature",
            FaultKind::StaleTimestamp => "stale_timestamp",
            FaultKind::TamperedBody => "tampered_body",
        }
    }

    /// The kind named `name` (`drop_response`; `drop-response` too).
    pub fn parse(name: &str) -> Option<FaultKind> {
        let name = name.trim().replace('-', "_");
        FaultKind::ALL.iter().copied().find(|k| k.as_str().eq_ignore_ascii_case(&name))
    }

    /// Whether it faults webhook deliveries rather than API requests.
    pub fn is_delivery(self) -> bool {
        !matches!(
            self,
            FaultKind::Error
                | FaultKind::RateLimit
                | FaultKind::Latency
                | FaultKind::Timeout
                | FaultKind::Reset
                | FaultKind::DropResponse
        )
    }

    /// A delivery fault that sends an extra delivery a correct receiver
    /// refuses.
    pub fn is_probe(self) -> bool {
        matches!(self, FaultKind::ForgedSignature | FaultKind::StaleTimestamp | FaultKind::TamperedBody)
    }

    /// A delivery fault that adds a delivery of its own beside the genuine
    /// one (the `duplicate`'s copy, a probe), so any number of them can go
    /// out for one event; the other delivery kinds shape the genuine
    /// delivery itself, and one at most does.
    pub fn adds_delivery(self) -> bool {
        self == FaultKind::Duplicate || self.is_probe()
    }
}

impl std::fmt::Display for FaultKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

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

/// A parameter of a fault. Which kinds take it, need it and in what range
/// is declared here once: the server checks a rule by it and the document
/// states it (one schema per kind).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FaultParam {
    Status,
    RetryAfter,
    DelayMs,
    DelayS,
    Commit,
}

impl FaultParam {
    pub const ALL: [FaultParam; 5] =
        [FaultParam::Status, FaultParam::RetryAfter, FaultParam::DelayMs, FaultParam::DelayS, FaultParam::Commit];

    pub fn name(self) -> &'static str {
        match self {
            FaultParam::Status => "status",
            FaultParam::RetryAfter => "retry_after",
            FaultParam::DelayMs => "delay_ms",
            FaultParam::DelayS => "delay_s",
            FaultParam::Commit => "commit",
        }
    }

    /// Whether `request` gives it.
    pub fn given(self, request: &FaultRequest) -> bool {
        match self {
            FaultParam::Status => request.status.is_some(),
            FaultParam::RetryAfter => request.retry_after.is_some(),
            FaultParam::DelayMs => request.delay_ms.is_some(),
            FaultParam::DelayS => request.delay_s.is_some(),
            FaultParam::Commit => request.commit.is_some(),
        }
    }
}

impl FaultKind {
    /// Whether the kind takes the parameter; any other one given is refused.
    pub fn takes(self, param: FaultParam) -> bool {
        match param {
            FaultParam::Status => self == FaultKind::Error,
            FaultParam::RetryAfter => self == FaultKind::RateLimit,
            FaultParam::DelayMs => matches!(self, FaultKind::Latency | FaultKind::Timeout),
            FaultParam::Commit => self == FaultKind::Timeout,
            FaultParam::DelayS => matches!(self, FaultKind::Duplicate | FaultKind::Delay),
        }
    }

    /// Whether the kind has no default for the parameter.
    pub fn requires(self, param: FaultParam) -> bool {
        matches!((self, param), (FaultKind::Latency, FaultParam::DelayMs) | (FaultKind::Delay, FaultParam::DelayS))
    }

    /// The values an integer parameter the kind takes may have (`status`
    /// is one of [`ERROR_STATUSES`] instead).
    pub fn range(self, param: FaultParam) -> std::ops::RangeInclusive<u64> {
        match (self, param) {
            (_, FaultParam::RetryAfter) => 1..=MAX_RETRY_AFTER,
            (_, FaultParam::DelayMs) => 1..=MAX_DELAY_MS,
            (FaultKind::Delay, FaultParam::DelayS) => 1..=MAX_DELAY_S,
            (_, FaultParam::DelayS) => 0..=MAX_DELAY_S,
            (_, FaultParam::Status | FaultParam::Commit) => 0..=u64::MAX,
        }
    }

    /// Its schema's name in the document: `RateLimitFault`.
    pub fn schema_name(self) -> String {
        let words = self.as_str().split('_').map(|word| {
            let mut chars = word.chars();
            chars.next().map(|c| c.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
        });
        words.collect::<String>() + "Fault"
    }
}

/// Which requests or deliveries a rule applies to. Every field given must
/// hold; an empty match applies to every API operation of the scope.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FaultMatch {
    /// An `operationId` of this document (API operations called with an
    /// API key, `/sandbox/...` routes excepted).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub operation_id: Option<String>,
    /// `GET`, `POST`, `PUT`, `PATCH` or `DELETE`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    /// A concrete path (`/v1/customers/0193…`), or a template of this
    /// document (`/v1/customers/{id}`) matching every path of it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// Makes the rule a delivery rule: an event type, or `*` for every one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
    /// With `event`: only deliveries to this webhook endpoint.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub endpoint_id: Option<String>,
}

impl FaultMatch {
    /// In a few words: `createTransaction POST`, `every operation`,
    /// `deliveries of * to wh_…`.
    pub fn describe(&self) -> String {
        if let Some(event) = &self.event {
            let to = self.endpoint_id.as_deref().map(|e| format!(" to {e}")).unwrap_or_default();
            return format!("deliveries of {event}{to}");
        }
        let parts: Vec<&str> = [self.operation_id.as_deref(), self.method.as_deref(), self.path.as_deref()]
            .into_iter()
            .flatten()
            .collect();
        if parts.is_empty() { "every operation".to_owned() } else { parts.join(" ") }
    }
}

/// What a rule does, as requested: `kind` and the parameters of that kind.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FaultRequest {
    /// One of the kinds (see `FaultKind`).
    pub kind: String,
    /// `error` only: 500, 502, 503 or 504 (default 503).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
    /// `rate_limit` only: the `Retry-After` seconds, 1 to 3600 (default 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<u64>,
    /// `latency` (required) and `timeout` (default 30,000): milliseconds,
    /// 1 to 60,000.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delay_ms: Option<u64>,
    /// `duplicate` (default 0) and `delay` (required): sandbox seconds,
    /// 0 to 86,400 (`delay`: 1 to 86,400).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delay_s: Option<u64>,
    /// `timeout` only: run the request and commit its work first, then
    /// hold the connection silent and close it (default false: nothing is
    /// done): the server that committed after the client timed out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commit: Option<bool>,
}

/// Body of `POST /sandbox/faults`, read leniently so that every problem is
/// listed in one 400; the document states it as [`FaultRuleSchema`].
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = FaultRuleFields)]
pub struct CreateFaultRule {
    #[serde(rename = "match", default)]
    pub matcher: FaultMatch,
    pub fault: FaultRequest,
    /// Matching requests (or deliveries) that pass untouched first (default 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skip: Option<u64>,
    /// How often the rule fires at most (default: no limit); then it stays
    /// listed as spent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub times: Option<u64>,
    /// The chance that a matching request fires, 0 to 1 to the nearest
    /// millionth (default 1), drawn from a generator seeded with `seed`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<f64>, minimum = 0, maximum = 1)]
    pub probability: Option<serde_json::Number>,
    /// Seed of the generator behind `probability` (default 0): the same
    /// rules and the same requests give the same faults in any sandbox.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Delivery rules only: `skip`, `times` and the draws count each
    /// webhook endpoint's deliveries apart, so `times: 1` fires once for
    /// every endpoint (default false: once in all).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_endpoint: Option<bool>,
    /// Control token only: the TEST application the rule is for. Without
    /// it the control token makes a global rule, applying to every TEST
    /// application. A TEST key's rule is always its own application's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub application_id: Option<String>,
}

/// `CreateFaultRule` as the document states it: a rule for API requests or
/// one for webhook deliveries (`match.event`), each with one schema per
/// fault kind, told apart by `kind`. Schema only. The two rules are an
/// `anyOf`: only their `match` and the kinds inside `fault` tell them
/// apart, which a `oneOf`'s linters cannot see.
pub struct FaultRuleSchema;

/// The two targets a rule aims at: the schemas of the rule, of its match
/// and of its fault, and whether its kinds fault deliveries.
const TARGETS: [(&str, &str, &str, bool); 2] = [
    ("RequestFaultRule", "RequestFaultMatch", "RequestFault", false),
    ("DeliveryFaultRule", "DeliveryFaultMatch", "DeliveryFault", true),
];

impl PartialSchema for FaultRuleSchema {
    fn schema() -> RefOr<Schema> {
        TARGETS
            .iter()
            .fold(AnyOfBuilder::new(), |union, (rule, ..)| union.item(Ref::from_schema_name(*rule)))
            .description(Some(
                "A fault rule: for API requests (`match` names operations; request kinds) or for webhook \
                 deliveries (`match.event`; delivery kinds). A request rule's `operation_id`, `method` and \
                 `path` must agree on at least one operation, a rule no schema can state.",
            ))
            .into()
    }
}

impl ToSchema for FaultRuleSchema {
    fn name() -> std::borrow::Cow<'static, str> {
        "CreateFaultRule".into()
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        let RefOr::T(Schema::Object(fields)) = CreateFaultRule::schema() else { return };
        let RefOr::T(Schema::Object(matcher)) = FaultMatch::schema() else { return };
        for (rule, match_name, fault_name, delivery) in TARGETS {
            let mut object = fields.clone();
            object.properties.insert("match".into(), Ref::from_schema_name(match_name).into());
            object.properties.insert("fault".into(), Ref::from_schema_name(fault_name).into());
            object.additional_properties = Some(Box::new(AdditionalProperties::FreeForm(false)));
            let mut shape = matcher.clone();
            shape.additional_properties = Some(Box::new(AdditionalProperties::FreeForm(false)));
            let (keep, drop): (&[&str], &[&str]) = if delivery {
                (&["event", "endpoint_id"], &["operation_id", "method", "path"])
            } else {
                object.properties.shift_remove("per_endpoint");
                (&["operation_id", "method", "path"], &["event", "endpoint_id"])
            };
            for name in drop {
                shape.properties.shift_remove(*name);
            }
            debug_assert!(keep.iter().all(|name| shape.properties.contains_key(*name)));
            if delivery {
                let mut events = vec!["*"];
                events.extend(EventType::ALL.iter().map(|e| e.as_str()));
                shape.properties.insert(
                    "event".into(),
                    ObjectBuilder::new()
                        .schema_type(Type::String)
                        .enum_values(Some(events))
                        .description(Some("An event type, or `*` for every one."))
                        .into(),
                );
                shape.required = vec!["event".into()];
                object.required.push("match".into());
                shape.description = Some("Which webhook deliveries the rule applies to.".into());
            } else {
                shape.properties.insert(
                    "method".into(),
                    ObjectBuilder::new()
                        .schema_type(Type::String)
                        .enum_values(Some(["GET", "POST", "PUT", "PATCH", "DELETE"]))
                        .into(),
                );
                if let Some(RefOr::T(Schema::Object(path))) = shape.properties.get_mut("path") {
                    path.pattern = Some("^/".into());
                    path.max_length = Some(MAX_PATH_CHARS);
                }
                shape.description =
                    Some("Which API requests the rule applies to; an empty match applies to every one.".into());
            }
            schemas.push((rule.to_owned(), Schema::Object(object).into()));
            schemas.push((match_name.to_owned(), Schema::Object(shape).into()));
            let kinds: Vec<FaultKind> =
                FaultKind::ALL.iter().copied().filter(|k| k.is_delivery() == delivery).collect();
            let variants: Vec<(&str, String)> = kinds.iter().map(|k| (k.as_str(), k.schema_name())).collect();
            let doc = if delivery { "A fault of webhook deliveries." } else { "A fault of API requests." };
            schemas.push((fault_name.to_owned(), crate::schema::discriminated("kind", &variants, &[doc])));
            for kind in kinds {
                schemas.push((kind.schema_name(), fault_shape(kind)));
            }
        }
    }
}

/// One kind's fault: its `kind` and the parameters it takes.
fn fault_shape(kind: FaultKind) -> RefOr<Schema> {
    let mut object = ObjectBuilder::new()
        .property("kind", ObjectBuilder::new().schema_type(Type::String).enum_values(Some([kind.as_str()])))
        .required("kind")
        .additional_properties(Some(AdditionalProperties::FreeForm(false)));
    for param in FaultParam::ALL.into_iter().filter(|p| kind.takes(*p)) {
        let range = kind.range(param);
        let schema = match param {
            FaultParam::Status => ObjectBuilder::new()
                .schema_type(Type::Integer)
                .enum_values(Some(ERROR_STATUSES))
                .description(Some(format!("Default {DEFAULT_ERROR_STATUS}."))),
            FaultParam::Commit => ObjectBuilder::new().schema_type(Type::Boolean).description(Some(
                "Run the request and commit its work first, then hold the connection silent and close it \
                 (default false: nothing is done).",
            )),
            FaultParam::RetryAfter | FaultParam::DelayMs | FaultParam::DelayS => {
                let default = match param {
                    FaultParam::RetryAfter => Some(DEFAULT_RETRY_AFTER),
                    FaultParam::DelayMs if kind == FaultKind::Timeout => Some(DEFAULT_TIMEOUT_MS),
                    FaultParam::DelayS if kind == FaultKind::Duplicate => Some(0),
                    _ => None,
                };
                let unit = match param {
                    FaultParam::RetryAfter => "The `Retry-After` seconds",
                    FaultParam::DelayMs => "Milliseconds",
                    _ => "Sandbox seconds",
                };
                let default = default.map(|d| format!(" (default {d})")).unwrap_or_else(|| " (required)".into());
                ObjectBuilder::new()
                    .schema_type(Type::Integer)
                    .minimum(Some(*range.start()))
                    .maximum(Some(*range.end()))
                    .description(Some(format!("{unit}{default}.")))
            }
        };
        object = object.property(param.name(), schema);
        if kind.requires(param) {
            object = object.required(param.name());
        }
    }
    object.into()
}

/// A fault with its parameters filled in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Fault {
    pub kind: FaultKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delay_ms: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delay_s: Option<u64>,
    /// `timeout` only: true when the request's work is done before the
    /// connection is held and closed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commit: Option<bool>,
}

impl Fault {
    /// The kind with its parameters: `error 503`, `latency 800 ms`,
    /// `rate_limit 2 s Retry-After`.
    pub fn describe(&self) -> String {
        let mut text = self.kind.as_str().to_owned();
        for (value, unit) in [
            (self.status.map(u64::from), ""),
            (self.retry_after, " s Retry-After"),
            (self.delay_ms, " ms"),
            (self.delay_s, " s"),
        ] {
            if let Some(value) = value {
                text.push_str(&format!(" {value}{unit}"));
            }
        }
        if self.commit == Some(true) {
            text.push_str(" after committing");
        }
        text
    }

    /// The request header value asking for this fault on one request
    /// (`error; status=502`, `timeout; delay_ms=800`); `None` for a
    /// delivery fault, which no request header can ask for.
    pub fn header_value(&self) -> Option<String> {
        if self.kind.is_delivery() {
            return None;
        }
        let mut text = self.kind.as_str().to_owned();
        for (name, value) in
            [("status", self.status.map(u64::from)), ("delay_ms", self.delay_ms), ("retry_after", self.retry_after)]
        {
            if let Some(value) = value {
                text.push_str(&format!("; {name}={value}"));
            }
        }
        if self.commit == Some(true) {
            text.push_str("; commit=1");
        }
        Some(text)
    }

    /// Whether the client got no answer at all: its connection was closed
    /// or reset (`timeout`, `reset`), or closed where the answer would have
    /// been (`drop_response`).
    pub fn cuts_the_connection(&self) -> bool {
        matches!(self.kind, FaultKind::Timeout | FaultKind::Reset | FaultKind::DropResponse)
    }
}

/// A fault rule.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct FaultRule {
    /// `flt_` and 32 hexadecimal digits.
    pub id: String,
    /// The application the rule is for; null for a global rule (every TEST
    /// application).
    pub application_id: Option<String>,
    #[serde(rename = "match")]
    pub matcher: FaultMatch,
    pub fault: Fault,
    pub skip: u64,
    /// Null: no limit.
    pub times: Option<u64>,
    pub probability: f64,
    pub seed: u64,
    /// A delivery rule whose `skip`, `times` and draws count each
    /// endpoint's deliveries apart; absent when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub per_endpoint: bool,
    /// Matching requests (or deliveries) seen so far, skipped ones included
    /// (for a per-endpoint rule, at every endpoint together).
    pub matched: u64,
    /// How often it fired (for a per-endpoint rule, at every endpoint
    /// together).
    pub hits: u64,
    /// It fired `times` times and fires no more (a per-endpoint rule is
    /// never spent: an endpoint it has not met yet would make it fire).
    pub spent: bool,
    #[schema(format = DateTime)]
    pub created_at: String,
}

/// Answer of `GET /sandbox/faults`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct FaultRules {
    pub data: Vec<FaultRule>,
}

/// The fault that shaped a request, as its request log entry records it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct AppliedFault {
    /// The rule that fired; null when the request's own `X-Sandbox-Fault`
    /// header asked for it.
    pub rule_id: Option<String>,
    #[serde(flatten)]
    pub fault: Fault,
    /// The client went away before the answer (it gave up waiting during a
    /// `latency` or `timeout` hold): the work was done all the same, and
    /// the entry's status is what it would have been answered.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub client_gone: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_round_trip_by_name_in_either_spelling() {
        for kind in FaultKind::ALL {
            assert_eq!(FaultKind::parse(kind.as_str()), Some(*kind));
            assert_eq!(FaultKind::parse(&kind.as_str().replace('_', "-")), Some(*kind));
            assert_eq!(serde_json::to_value(kind).unwrap(), kind.as_str());
        }
        assert_eq!(FaultKind::parse("explode"), None);
        assert!(FaultKind::ForgedSignature.is_delivery() && FaultKind::ForgedSignature.is_probe());
        assert!(!FaultKind::DropResponse.is_delivery());
        let adding: Vec<FaultKind> = FaultKind::ALL.iter().copied().filter(|k| k.adds_delivery()).collect();
        assert_eq!(
            adding,
            [FaultKind::Duplicate, FaultKind::ForgedSignature, FaultKind::StaleTimestamp, FaultKind::TamperedBody]
        );
    }

    #[test]
    fn faults_and_matches_read_in_a_few_words() {
        let fault =
            |kind, status, delay_ms| Fault { kind, status, retry_after: None, delay_ms, delay_s: None, commit: None };
        assert_eq!(fault(FaultKind::Error, Some(502), None).describe(), "error 502");
        assert_eq!(fault(FaultKind::Latency, None, Some(800)).describe(), "latency 800 ms");
        assert_eq!(fault(FaultKind::Reset, None, None).describe(), "reset");
        assert_eq!(FaultMatch::default().describe(), "every operation");
        let m = FaultMatch {
            operation_id: Some("createTransaction".into()),
            method: Some("POST".into()),
            ..Default::default()
        };
        assert_eq!(m.describe(), "createTransaction POST");
        let d = FaultMatch { event: Some("*".into()), endpoint_id: Some("wh_1".into()), ..Default::default() };
        assert_eq!(d.describe(), "deliveries of * to wh_1");
        assert_eq!(fault(FaultKind::Error, Some(502), None).header_value().as_deref(), Some("error; status=502"));
        assert_eq!(fault(FaultKind::Timeout, None, Some(800)).header_value().as_deref(), Some("timeout; delay_ms=800"));
        assert_eq!(fault(FaultKind::Duplicate, None, None).header_value(), None);
        assert!(fault(FaultKind::DropResponse, None, None).cuts_the_connection());
        assert!(!fault(FaultKind::Latency, None, Some(1)).cuts_the_connection());
    }
}
