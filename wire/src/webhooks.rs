//! Webhook endpoints (spec 2.12, 4.10), their deliveries (spec 6), and the
//! sandbox's event trigger.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Body of `POST /v1/webhooks`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateWebhook {
    /// `https://…`, at most 2048 characters. The sandbox also accepts
    /// `http://` on a loopback host (127.0.0.0/8, `localhost`, `[::1]`).
    pub url: String,
    /// Optional, at most 256 characters.
    #[serde(default)]
    pub description: Option<String>,
    /// Non-empty, no duplicates, each one of the event types of section 6.
    pub events: Vec<String>,
}

/// Body of `PATCH /v1/webhooks/:id`: any subset of the fields.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UpdateWebhook {
    #[serde(default)]
    pub url: Option<String>,
    /// An empty string removes the description.
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub events: Option<Vec<String>>,
    /// `enabled` or `disabled`.
    #[serde(default)]
    pub status: Option<String>,
}

/// A webhook endpoint as lists and reads show it: never the plaintext secret.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct WebhookEndpoint {
    pub id: String,
    pub url: String,
    pub description: Option<String>,
    pub events: Vec<String>,
    /// `enabled` or `disabled`.
    pub status: String,
    /// `whsec_••••` and the secret's last four characters.
    pub masked_secret: String,
    pub created_at: String,
    pub updated_at: String,
}

/// Answer of create and of secret rotation: the only times `secret` is shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct WebhookWithSecret {
    #[serde(flatten)]
    pub endpoint: WebhookEndpoint,
    /// The signing secret, in plaintext, this once.
    pub secret: String,
}

/// One HTTP attempt of a delivery.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct DeliveryAttempt {
    /// 1 for the first attempt.
    pub number: u32,
    /// The `X-Request-ID` the attempt carried.
    pub request_id: String,
    /// Sandbox time the attempt started.
    pub attempted_at: String,
    /// The receiver's HTTP status; null when no answer came.
    pub status_code: Option<u16>,
    pub latency_ms: u64,
    /// Why the attempt failed; null when it succeeded.
    pub error: Option<String>,
}

/// The delivery of one event to one endpoint.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Delivery {
    pub id: String,
    pub webhook_id: String,
    /// The event's id (the payload's `id`).
    pub event_id: String,
    pub event: String,
    /// `pending`, `succeeded` or `failed`.
    pub status: String,
    pub attempt_count: u32,
    /// Sandbox time of the next attempt; null unless pending.
    pub next_attempt_at: Option<String>,
    pub created_at: String,
    pub updated_at: String,
    /// Every attempt, oldest first.
    pub attempts: Vec<DeliveryAttempt>,
}

/// Body of `POST /sandbox/events/trigger`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TriggerEvent {
    /// One of the event types of section 6.
    pub event: String,
    /// The id of the resource the event is about; generated when absent.
    #[serde(default)]
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
    pub created_at: String,
    pub deliveries: u32,
}
