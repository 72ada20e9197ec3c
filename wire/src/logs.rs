//! Request logs (spec 2.15, 4.11): one record per API-key request.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::schema::one_of;

one_of! {
    /// An HTTP method a request log can hold; the `method` filter takes it
    /// in any case.
    LogMethod = [Get = "GET", Post = "POST", Put = "PUT", Patch = "PATCH", Delete = "DELETE"]
}

/// What the sandbox stores in place of a value it will not keep.
pub const REDACTED: &str = "[REDACTED]";
/// What stands in place of an IBAN: `[REDACTED:IBAN:<country>]`. The
/// country is kept so a replay can put a valid IBAN of the same country there.
pub const REDACTED_IBAN_PREFIX: &str = "[REDACTED:IBAN:";

/// The marker for a redacted IBAN of `country` (ISO alpha-2).
pub fn redacted_iban(country: &str) -> String {
    format!("{REDACTED_IBAN_PREFIX}{country}]")
}

/// What a redaction marker stood for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Redacted {
    /// A secret, token or other value kept under [`REDACTED`].
    Secret,
    /// An IBAN of this country.
    Iban { country: String },
}

/// Every redaction marker inside `text`, with its byte range, in order.
pub fn redaction_markers(text: &str) -> Vec<(std::ops::Range<usize>, Redacted)> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(start) = text[from..].find("[REDACTED").map(|i| i + from) {
        let rest = &text[start..];
        let hit = if rest.starts_with(REDACTED) {
            Some((REDACTED.len(), Redacted::Secret))
        } else if let Some(tail) = rest.strip_prefix(REDACTED_IBAN_PREFIX) {
            let country = tail.get(..2).filter(|c| c.bytes().all(|b| b.is_ascii_uppercase()));
            match (country, tail.as_bytes().get(2)) {
                (Some(c), Some(b']')) => {
                    Some((REDACTED_IBAN_PREFIX.len() + 3, Redacted::Iban { country: c.to_owned() }))
                }
                _ => None,
            }
        } else {
            None
        };
        match hit {
            Some((len, kind)) => {
                found.push((start..start + len, kind));
                from = start + len;
            }
            None => from = start + 1,
        }
    }
    found
}

/// What `request_body` holds when the body was not JSON.
pub const REDACTED_NON_JSON: &str = "[REDACTED: non-JSON body]";

/// One request made with an API key, as `GET /v1/logs` lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct RequestLog {
    pub id: String,
    pub method: LogMethod,
    /// The path without the query string, e.g. `/v1/customers/0193…`.
    pub path: String,
    /// The query string with sensitive values redacted; null when none.
    pub query: Option<String>,
    pub status_code: u16,
    /// Time spent in the sandbox, whole milliseconds.
    pub duration_ms: u64,
    /// The request's `X-Request-ID` (or the one the sandbox generated).
    pub correlation_id: String,
    /// The SHA-256 (hex) of the request's `Idempotency-Key`, never the key
    /// itself; null when it carried none. A sandbox addition: two requests
    /// with the same hash carried the same key, which tells a retry that
    /// replays from one that runs again, and lets an export replay a
    /// session's retries as they were.
    #[serde(default)]
    pub idempotency_key_hash: Option<String>,
    /// The `api_key_id` of the key that made the request.
    pub api_key_id: String,
    /// The error envelope's `code` when the request failed, else null.
    pub error_code: Option<String>,
    /// The JSON body after redaction; null for GET and for empty bodies; the
    /// string `[REDACTED: non-JSON body]` for a body that is not JSON.
    #[schema(schema_with = request_body_schema)]
    pub request_body: Option<serde_json::Value>,
    /// Present when the log kept less than the whole body, and then
    /// `request_body` is null: a body larger than the sandbox keeps per
    /// request, or one given up to its partner's bound on stored bodies (a
    /// sandbox addition; see the sandbox README's "Shared capacity"). Such a
    /// request cannot be replayed as it was sent; null when the body was
    /// kept whole or there was none.
    #[serde(default)]
    pub request_body_truncated: Option<TruncatedBody>,
    /// When the request arrived, sandbox clock, ISO 8601 with milliseconds.
    #[schema(format = DateTime)]
    pub requested_at: String,
    /// When the answer was ready, sandbox clock.
    #[schema(format = DateTime)]
    pub responded_at: String,
    /// The fault the sandbox injected into this request (a fault rule or
    /// the request's `X-Sandbox-Fault` header); null when none. With a
    /// `timeout` or `reset` no answer was sent and `status_code` is 0; with
    /// `drop_response` it is the status of the answer the client never read.
    #[serde(default)]
    pub fault: Option<crate::faults::AppliedFault>,
}

/// What a request log keeps of a body it did not keep whole: enough to
/// tell two bodies apart and to say how large the body was, never enough
/// to send it again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct TruncatedBody {
    /// The length in bytes of the whole body as the log would have kept
    /// it (its redacted JSON text).
    pub size: u64,
    /// The SHA-256 (hex) of that text.
    pub sha256: String,
    /// The text's start, cut at a character boundary; empty once the
    /// body was given up to the partner's bound.
    pub prefix: String,
}

/// Any JSON value (the body as sent, after redaction), the non-JSON marker
/// string, or null.
fn request_body_schema() -> utoipa::openapi::schema::Schema {
    use utoipa::openapi::schema::{ObjectBuilder, SchemaType};
    ObjectBuilder::new()
        .schema_type(SchemaType::AnyValue)
        .description(Some(
            "The JSON body after redaction; null for GET and for empty bodies; the string \
             `[REDACTED: non-JSON body]` for a body that is not JSON.",
        ))
        .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_are_found_inside_text() {
        let text = format!("Pay {}. key={} [REDACTED:IBAN:g] [REDACTED", redacted_iban("GB"), REDACTED);
        let found = redaction_markers(&text);
        assert_eq!(found.len(), 2, "{found:?}");
        assert_eq!(found[0].1, Redacted::Iban { country: "GB".into() });
        assert_eq!(&text[found[0].0.clone()], "[REDACTED:IBAN:GB]");
        assert_eq!((&text[found[1].0.clone()], &found[1].1), (REDACTED, &Redacted::Secret));
    }
}
