//! The go-live review (`/sandbox/review`) and the drill that exercises it
//! (`/sandbox/drill`): the sandbox grades a partner's integration from the
//! requests and deliveries it saw.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::faults::FaultRule;

/// The checks, by id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum CheckId {
    IdempotencyKeySent,
    IdempotentRetry,
    RetryAfterHonoured,
    #[serde(rename = "BACKOFF_ON_5XX")]
    BackoffOn5xx,
    #[serde(rename = "NO_BLIND_RETRY_4XX")]
    NoBlindRetry4xx,
    NewQuoteAfterExpiry,
    WebhookSignatureVerified,
    WebhookReplayWindow,
    WebhookAcceptsGenuine,
    WebhookFastAnswer,
    NoPollingStorm,
    RequestIdSent,
}

impl CheckId {
    pub const ALL: [CheckId; 12] = [
        CheckId::IdempotencyKeySent,
        CheckId::IdempotentRetry,
        CheckId::RetryAfterHonoured,
        CheckId::BackoffOn5xx,
        CheckId::NoBlindRetry4xx,
        CheckId::NewQuoteAfterExpiry,
        CheckId::WebhookSignatureVerified,
        CheckId::WebhookReplayWindow,
        CheckId::WebhookAcceptsGenuine,
        CheckId::WebhookFastAnswer,
        CheckId::NoPollingStorm,
        CheckId::RequestIdSent,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            CheckId::IdempotencyKeySent => "IDEMPOTENCY_KEY_SENT",
            CheckId::IdempotentRetry => "IDEMPOTENT_RETRY",
            CheckId::RetryAfterHonoured => "RETRY_AFTER_HONOURED",
            CheckId::BackoffOn5xx => "BACKOFF_ON_5XX",
            CheckId::NoBlindRetry4xx => "NO_BLIND_RETRY_4XX",
            CheckId::NewQuoteAfterExpiry => "NEW_QUOTE_AFTER_EXPIRY",
            CheckId::WebhookSignatureVerified => "WEBHOOK_SIGNATURE_VERIFIED",
            CheckId::WebhookReplayWindow => "WEBHOOK_REPLAY_WINDOW",
            CheckId::WebhookAcceptsGenuine => "WEBHOOK_ACCEPTS_GENUINE",
            CheckId::WebhookFastAnswer => "WEBHOOK_FAST_ANSWER",
            CheckId::NoPollingStorm => "NO_POLLING_STORM",
            CheckId::RequestIdSent => "REQUEST_ID_SENT",
        }
    }
}

impl std::fmt::Display for CheckId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// A failure, or nothing to judge, fails the review.
    Required,
    Recommended,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CheckStatus {
    Pass,
    Fail,
    /// The window held nothing this check could judge.
    NotExercised,
}

impl CheckStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            CheckStatus::Pass => "pass",
            CheckStatus::Fail => "fail",
            CheckStatus::NotExercised => "not_exercised",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReviewVerdict {
    Pass,
    /// A required check failed or was not exercised.
    Fail,
}

/// What a finding was judged from: a request-log entry or a delivery attempt.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Evidence {
    /// The request's `X-Request-ID` (its log entry's `correlation_id`), or
    /// the delivery attempt's.
    pub request_id: Option<String>,
    /// The request log entry (`GET /v1/logs`, `payctl logs get`).
    pub log_id: Option<String>,
    /// The webhook delivery (`GET /v1/webhooks/{id}/deliveries`).
    pub delivery_id: Option<String>,
    pub note: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Check {
    pub id: CheckId,
    pub title: String,
    pub severity: Severity,
    pub status: CheckStatus,
    /// What to do to pass (or why it passed).
    pub advice: String,
    /// The requests and deliveries judged: the failing ones of a failed
    /// check, else some of those that passed (at most 20, the last one
    /// saying how many more there were).
    pub evidence: Vec<Evidence>,
}

/// Answer of `GET /sandbox/review`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Review {
    pub application_id: String,
    /// The window judged, on the application's sandbox clock.
    #[schema(format = DateTime)]
    pub from: String,
    #[schema(format = DateTime)]
    pub to: String,
    pub verdict: ReviewVerdict,
    pub checks: Vec<Check>,
}

/// Query of `GET /sandbox/review`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReviewQuery {
    /// Judge from this time on (ISO 8601, the application's sandbox clock);
    /// default: the start of the latest drill, else the application's first
    /// request.
    pub since: Option<String>,
    /// Control token only, and then required: the TEST application to review.
    pub application_id: Option<String>,
}

/// Body of `POST /sandbox/drill` (may be empty).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StartDrill {
    /// Control token only, and then required: the TEST application to drill.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub application_id: Option<String>,
}

/// A drill: the fault rules installed for an application.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Drill {
    pub application_id: String,
    /// When it started, on the application's sandbox clock: the review's
    /// default `since`.
    #[schema(format = DateTime)]
    pub started_at: String,
    pub rules: Vec<FaultRule>,
}

/// Which match a rule fires on, from its `skip` and `times`, in words:
/// `once: on the 2nd match`, `3 times, from the 1st match`, `every match
/// from the 4th`, and `at each endpoint` after it for a per-endpoint rule
/// (how the CLI and the console list a drill's rules).
pub fn firing(skip: u64, times: Option<u64>, per_endpoint: bool) -> String {
    let said = fires_on(skip, times);
    if per_endpoint { format!("{said}, at each endpoint") } else { said }
}

fn fires_on(skip: u64, times: Option<u64>) -> String {
    let n = skip.saturating_add(1);
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    match times {
        Some(1) => format!("once: on the {n}{suffix} match"),
        Some(times) => format!("{times} times, from the {n}{suffix} match"),
        None => format!("every match from the {n}{suffix}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rule_says_which_match_it_fires_on() {
        let said: Vec<String> = [(0, Some(1)), (1, Some(1)), (2, Some(2)), (3, None), (10, Some(1)), (20, Some(1))]
            .into_iter()
            .map(|(skip, times)| firing(skip, times, false))
            .collect();
        assert_eq!(
            said,
            [
                "once: on the 1st match",
                "once: on the 2nd match",
                "2 times, from the 3rd match",
                "every match from the 4th",
                "once: on the 11th match",
                "once: on the 21st match"
            ]
        );
        assert_eq!(firing(1, Some(1), true), "once: on the 2nd match, at each endpoint");
    }

    #[test]
    fn check_ids_serialise_as_they_are_documented() {
        for id in CheckId::ALL {
            assert_eq!(serde_json::to_value(id).unwrap(), id.as_str());
        }
    }
}
