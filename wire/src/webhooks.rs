//! Webhook endpoints (spec 2.12, 4.10), their deliveries (spec 6), and the
//! sandbox's event trigger.

use crate::faults::{AppliedFault, FaultKind};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::events::EventType;
use crate::schema::{one_of, string_type};

one_of! {
    /// Whether an endpoint receives deliveries.
    WebhookStatus = [Enabled = "enabled", Disabled = "disabled"]
}

string_type! {
    /// Where deliveries are sent: an absolute `https` URL without
    /// credentials, at most 2048 characters. The sandbox also accepts
    /// `http` on a loopback host (127.0.0.0/8, `localhost`, `[::1]`).
    WebhookUrl => utoipa::openapi::schema::ObjectBuilder::new()
        .max_length(Some(2048))
        .pattern(Some(WEBHOOK_URL_PATTERN))
}

/// The rule of [`WebhookUrl`] as a regular expression: an https URL whose
/// host is a domain name (its last label starting with a letter, no label
/// with two hyphens in a row, which IDNA reserves) or an http URL on a
/// loopback host, with an optional port (up to 65535) and path or query.
pub const WEBHOOK_URL_PATTERN: &str = concat!(
    r"^(https://([A-Za-z0-9]+(-[A-Za-z0-9]+)*\.)*[A-Za-z][A-Za-z0-9]*(-[A-Za-z0-9]+)*",
    r"|http://(localhost|127(\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}|\[::1\]))",
    r"(:([0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?([/?][!-~]*)?$"
);

/// Body of `POST /v1/webhooks`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateWebhook {
    /// `https://…`, at most 2048 characters.
    #[schema(value_type = WebhookUrl)]
    pub url: String,
    /// Optional, at most 256 characters.
    #[serde(default)]
    #[schema(max_length = 256)]
    pub description: Option<String>,
    /// Non-empty, no duplicates, each one of the event types.
    #[schema(value_type = BTreeSet<EventType>, min_items = 1)]
    pub events: Vec<String>,
}

/// Body of `PATCH /v1/webhooks/:id`: any subset of the fields.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UpdateWebhook {
    #[serde(default)]
    #[schema(value_type = Option<WebhookUrl>)]
    pub url: Option<String>,
    /// An empty string removes the description.
    #[serde(default)]
    #[schema(max_length = 256)]
    pub description: Option<String>,
    #[serde(default)]
    #[schema(value_type = Option<BTreeSet<EventType>>, min_items = 1)]
    pub events: Option<Vec<String>>,
    /// `enabled` or `disabled`.
    #[serde(default)]
    #[schema(value_type = Option<WebhookStatus>)]
    pub status: Option<String>,
}

/// A webhook endpoint as lists and reads show it: never the plaintext secret.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct WebhookEndpoint {
    pub id: String,
    pub url: String,
    pub description: Option<String>,
    pub events: Vec<EventType>,
    pub status: WebhookStatus,
    /// `whsec_••••` and the secret's last four characters.
    pub masked_secret: String,
    #[schema(format = DateTime)]
    pub created_at: String,
    #[schema(format = DateTime)]
    pub updated_at: String,
}

/// Answer of create and of secret rotation: the only times `secret` is shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct WebhookWithSecret {
    #[serde(flatten)]
    pub endpoint: WebhookEndpoint,
    /// The signing secret, in plaintext, this once. Null on an idempotent
    /// replay of the creation or rotation (header `Secret-Withheld: true`):
    /// the answer is stored without it, so a replay cannot show it.
    pub secret: Option<String>,
}

/// One HTTP attempt of a delivery.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct DeliveryAttempt {
    /// 1 for the first attempt.
    pub number: u32,
    /// The `X-Request-ID` the attempt carried.
    pub request_id: String,
    /// Sandbox time the attempt started.
    #[schema(format = DateTime)]
    pub attempted_at: String,
    /// The receiver's HTTP status; null when no answer came.
    pub status_code: Option<u16>,
    pub latency_ms: u64,
    /// Why the attempt failed; null when it succeeded.
    pub error: Option<String>,
    /// The fault that shaped this attempt (see `/sandbox/faults`); null for
    /// an attempt sent as production would send it.
    #[serde(default)]
    pub fault_kind: Option<FaultKind>,
    /// How the receiver's answer is judged; null for an attempt that was
    /// never sent (a `drop` fault).
    #[serde(default)]
    pub verdict: Option<Verdict>,
}

/// Which delivery of an event a delivery is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DeliveryRole {
    /// The event's own delivery, retried until it succeeds or runs out.
    #[default]
    Genuine,
    /// A copy of it sent again by a `duplicate` fault: the same event id and
    /// body, correctly signed; attempted once.
    Duplicate,
    /// A copy a correct receiver refuses (`forged_signature`,
    /// `stale_timestamp`, `tampered_body`); attempted once, never the
    /// event's delivery.
    Probe,
}

impl DeliveryRole {
    pub const ALL: [DeliveryRole; 3] = [DeliveryRole::Genuine, DeliveryRole::Duplicate, DeliveryRole::Probe];

    pub fn as_str(self) -> &'static str {
        match self {
            DeliveryRole::Genuine => "genuine",
            DeliveryRole::Duplicate => "duplicate",
            DeliveryRole::Probe => "probe",
        }
    }

    pub fn parse(text: &str) -> Option<DeliveryRole> {
        DeliveryRole::ALL.into_iter().find(|r| r.as_str() == text)
    }
}

/// How a receiver's answer to an attempt is judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// What a correct receiver answers: 2xx within 5 s to a genuine delivery
    /// (duplicates, late and out-of-order ones included), a non-2xx to a probe.
    Ok,
    /// A forged or tampered delivery answered 2xx: the receiver does not
    /// verify signatures over the raw body.
    AcceptedForgery,
    /// A delivery signed 600 s ago answered 2xx: the receiver has no replay
    /// window.
    AcceptedStale,
    /// A genuine delivery answered with a non-2xx status.
    RefusedGenuine,
    /// A genuine delivery answered 2xx after more than 5 s.
    Slow,
    /// No answer came (refused connection, timeout).
    Unreachable,
}

impl Verdict {
    pub const ALL: [Verdict; 6] = [
        Verdict::Ok,
        Verdict::AcceptedForgery,
        Verdict::AcceptedStale,
        Verdict::RefusedGenuine,
        Verdict::Slow,
        Verdict::Unreachable,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Ok => "ok",
            Verdict::AcceptedForgery => "accepted_forgery",
            Verdict::AcceptedStale => "accepted_stale",
            Verdict::RefusedGenuine => "refused_genuine",
            Verdict::Slow => "slow",
            Verdict::Unreachable => "unreachable",
        }
    }

    pub fn parse(text: &str) -> Option<Verdict> {
        Verdict::ALL.into_iter().find(|v| v.as_str() == text)
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

crate::stored_as_text!(DeliveryRole, Verdict);

one_of! {
    /// Where a delivery stands: `pending` (attempts to come), `succeeded`
    /// (a 2xx came) or `failed` (its attempts ran out).
    DeliveryStatus = [Pending = "pending", Succeeded = "succeeded", Failed = "failed"]
}

/// The delivery of one event to one endpoint.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Delivery {
    pub id: String,
    pub webhook_id: String,
    /// The event's id (the payload's `id`).
    pub event_id: String,
    pub event: String,
    pub status: DeliveryStatus,
    pub attempt_count: u32,
    /// Sandbox time of the next attempt; null unless pending, and null for
    /// a duplicate or probe that waits for its genuine delivery's first
    /// attempt (it follows that attempt).
    #[schema(format = DateTime)]
    pub next_attempt_at: Option<String>,
    #[schema(format = DateTime)]
    pub created_at: String,
    #[schema(format = DateTime)]
    pub updated_at: String,
    /// Every attempt, oldest first.
    pub attempts: Vec<DeliveryAttempt>,
    /// `genuine`, or a `duplicate` or `probe` a fault added.
    #[serde(default)]
    pub role: DeliveryRole,
    /// The fault rule behind this delivery: for a genuine one, the rule
    /// that held or dropped it (null when none did); for a duplicate or a
    /// probe, the rule that added it.
    #[serde(default)]
    pub fault: Option<AppliedFault>,
}

/// How a probe the receiver refused, as a correct receiver must, reads in
/// the console and the CLI: its `failed` status is the right outcome.
pub const REFUSED_AS_EXPECTED: &str = "refused as expected";

impl Delivery {
    /// A probe (forged, stale or tampered) whose last answer was judged
    /// `ok`: the receiver refused it, as it should.
    pub fn refused_as_expected(&self) -> bool {
        self.role == DeliveryRole::Probe && self.attempts.last().and_then(|a| a.verdict) == Some(Verdict::Ok)
    }

    /// The status as a person reads it: [`REFUSED_AS_EXPECTED`] for such a
    /// probe, else the status itself.
    pub fn status_words(&self) -> &'static str {
        if self.refused_as_expected() { REFUSED_AS_EXPECTED } else { self.status.as_str() }
    }

    /// What a fault rule made of this delivery, in a few words:
    /// `forged_signature probe`, `duplicate`, `delay`, `drop`; `None` when
    /// no rule touched it (a genuine delivery whose event was probed or
    /// duplicated is itself untouched: its copies are deliveries of their
    /// own).
    pub fn fault_summary(&self) -> Option<String> {
        let kind = self.attempts.last().and_then(|a| a.fault_kind).or(self.fault.as_ref().map(|f| f.fault.kind))?;
        Some(match self.role {
            DeliveryRole::Probe => format!("{} probe", kind.as_str()),
            DeliveryRole::Duplicate => "duplicate".to_owned(),
            DeliveryRole::Genuine => kind.as_str().to_owned(),
        })
    }
}

/// Body of `POST /sandbox/events/trigger`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TriggerEvent {
    /// One of the event types of section 6.
    #[schema(value_type = EventType)]
    pub event: String,
    /// The id of the resource the event is about; generated when absent.
    #[serde(default)]
    #[schema(pattern = "^[A-Za-z0-9_-]{1,128}$")]
    pub resource_id: Option<String>,
    /// Whose endpoints receive the event: required with the control token;
    /// with a TEST key it may only name the key's own application.
    #[serde(default)]
    pub application_id: Option<String>,
}

/// Answer of the trigger: the recorded event and how many deliveries it queued.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct TriggeredEvent {
    pub id: String,
    pub event: String,
    pub resource_type: String,
    pub resource_id: String,
    #[schema(value_type = Object)]
    pub data: serde_json::Value,
    #[schema(format = DateTime)]
    pub created_at: String,
    pub deliveries: u32,
}
