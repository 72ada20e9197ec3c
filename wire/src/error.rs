//! The error envelope every failing call answers with, and the error codes.
//!
//! The specification names two families of codes: numbered ones such as
//! `VAL_0001` and flat ones such as `VALIDATION_ERROR` (used by the accounts
//! and partner routes). Both travel in the same envelope:
//! `{"error": {"code", "message", "correlation_id", "details"}}`.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The body of every error response.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ErrorEnvelope {
    pub error: ErrorBody,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ErrorBody {
    /// Machine-readable code, e.g. `VAL_0001` or `PARTNER_NOT_FOUND`.
    pub code: String,
    /// Human-readable explanation; wording may change, codes do not.
    pub message: String,
    /// The request's `X-Request-ID`, or the one the server generated.
    pub correlation_id: String,
    /// One entry per offending field; empty when the error is not about fields.
    #[serde(default)]
    pub details: Vec<FieldIssue>,
}

/// One problem with one field of a request.
///
/// `field` is a dotted path into the JSON body (`account.iban`,
/// `events[2]`), a query parameter name, or a header name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct FieldIssue {
    pub field: String,
    /// Short machine-readable reason: `required`, `too_long`, `invalid`,
    /// `not_allowed`, `out_of_range`, `duplicate`, `unknown_field`, `malformed`.
    pub code: String,
    pub message: String,
}

impl FieldIssue {
    pub fn new(field: impl Into<String>, code: &str, message: impl Into<String>) -> Self {
        FieldIssue { field: field.into(), code: code.to_owned(), message: message.into() }
    }
}

macro_rules! error_codes {
    ($($variant:ident = $code:literal, $status:literal {
        spec: $spec:literal, docs: $docs:literal, meaning: $meaning:literal, advice: $advice:literal $(,)?
    })*) => {
        /// Every error code the API answers with: its HTTP status, what it
        /// means, where it is specified and what a client does about it. The
        /// one table of codes: the sandbox's documentation renders it (a test
        /// holds `sandbox/README.md` to it) and `payctl mcp`'s
        /// `explain_error` answers from it.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum ErrorCode { $($variant),* }

        impl ErrorCode {
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$variant),*];

            pub fn as_str(self) -> &'static str {
                match self { $(ErrorCode::$variant => $code),* }
            }

            pub fn status(self) -> u16 {
                match self { $(ErrorCode::$variant => $status),* }
            }

            pub fn parse(code: &str) -> Option<ErrorCode> {
                match code { $($code => Some(ErrorCode::$variant),)* _ => None }
            }

            /// The interface specification's section that defines it; `None`
            /// for the codes the specification leaves open.
            pub fn spec_section(self) -> Option<&'static str> {
                match self { $(ErrorCode::$variant => Some($spec).filter(|s: &&str| !s.is_empty())),* }
            }

            /// The `## ` section of `sandbox/README.md` that says when the
            /// sandbox answers it.
            pub fn docs_section(self) -> &'static str {
                match self { $(ErrorCode::$variant => $docs),* }
            }

            /// What it means, in one sentence.
            pub fn meaning(self) -> &'static str {
                match self { $(ErrorCode::$variant => $meaning),* }
            }

            /// What the client does about it.
            pub fn advice(self) -> &'static str {
                match self { $(ErrorCode::$variant => $advice),* }
            }
        }
    };
}

error_codes! {
    // Numbered codes of the specification (section 7).
    Validation = "VAL_0001", 400 {
        spec: "7", docs: "Conventions",
        meaning: "The request is malformed: a field, query parameter or header is missing, of the wrong type, too long or out of range; `details` names each one.",
        advice: "Fix every field `details` names, then send the request again. The same request fails the same way, so never retry it unchanged.",
    }
    QuoteExpired = "QTE_0001", 400 {
        spec: "3.1", docs: "Quotes",
        meaning: "The quote's 3-minute lock ended before it was accepted.",
        advice: "Make a new quote and accept it within 3 minutes; an expired quote never becomes acceptable again.",
    }
    QuoteAlreadyAccepted = "QTE_0002", 409 {
        spec: "3.1", docs: "Quotes",
        meaning: "The quote was already accepted, or already used by a transaction.",
        advice: "Use an accepted quote for one transaction only, and make a new quote for the next one. To retry an accept that got no answer, send it again with the same Idempotency-Key: the first answer is replayed.",
    }
    IdempotencyConflict = "IDM_0001", 409 {
        spec: "4.13", docs: "Idempotency",
        meaning: "This Idempotency-Key was sent within the last 24 hours with another request body.",
        advice: "Send a fresh key (a new UUID) for each new operation; reuse a key only to retry the same operation with the same body.",
    }
    IdempotencyRequired = "IDM_0002", 400 {
        spec: "4.13", docs: "Idempotency",
        meaning: "The Idempotency-Key header is missing where it is required (POST /v1/transactions, POST /v1/payments), or the transaction's quote is not accepted, already used or past its lock.",
        advice: "Send an Idempotency-Key (a fresh UUID per operation, kept for its retries), and create the transaction from a quote accepted within its 3 minutes.",
    }
    ComplianceGate = "CMP_0001", 403 {
        spec: "4.4", docs: "Compliance",
        meaning: "The customer is not verified: money moves only for a customer whose `kyb_status` is `approved`.",
        advice: "Finish the customer's verification first (in the sandbox, approve the customer), then send the request again.",
    }
    TransactionNotFound = "TXN_0001", 404 {
        spec: "7", docs: "Transactions",
        meaning: "No transaction with this id belongs to the caller's application.",
        advice: "Check the id against the transaction list; a key sees only its own application's records.",
    }
    BeneficiaryNotFound = "BEN_0001", 404 {
        spec: "7", docs: "Beneficiaries",
        meaning: "No beneficiary with this id belongs to the caller's application.",
        advice: "Check the id against the customer's beneficiary list; a key sees only its own application's records.",
    }
    CustomerNotFound = "CNT_0001", 404 {
        spec: "7", docs: "Customers (participants, counterparties)",
        meaning: "No customer with this id belongs to the caller's application.",
        advice: "Check the id against the customer list; a key sees only its own application's records.",
    }
    InvalidCredential = "ATH_0001", 401 {
        spec: "5", docs: "API keys",
        meaning: "The X-API-Key header is missing, or the key is unknown, expired or revoked.",
        advice: "Send a valid key of the application; after a rotation or revocation, use the new key.",
    }
    Forbidden = "ATH_0002", 403 {
        spec: "5", docs: "API keys",
        meaning: "The credential may not do this: the key's application is deactivated, or a LIVE key called a TEST-only operation (legacy quotes, payments, `/sandbox/...`).",
        advice: "Use a key of an active application, and a TEST key for TEST-only operations.",
    }
    // Flat codes of the accounts and partner routes.
    ValidationError = "VALIDATION_ERROR", 400 {
        spec: "7", docs: "Accounts and the ledger",
        meaning: "The accounts and partner routes' form of VAL_0001: the request is malformed, and `details` names each bad field.",
        advice: "Fix every field `details` names, then send the request again; never retry it unchanged.",
    }
    Unauthorized = "UNAUTHORIZED", 401 {
        spec: "7", docs: "Accounts and the ledger",
        meaning: "The accounts and partner routes' form of ATH_0001: the API key is missing, unknown, expired or revoked.",
        advice: "Send a valid key of the application.",
    }
    ForbiddenFlat = "FORBIDDEN", 403 {
        spec: "7", docs: "Partners and sub-partners",
        meaning: "The accounts and partner routes' form of ATH_0002: the key may not do this (another partner's record, a deactivated application).",
        advice: "Act only on the caller's own partner and its sub-partners, with a key of an active application.",
    }
    PartnerNotFound = "PARTNER_NOT_FOUND", 404 {
        spec: "7", docs: "Partners and sub-partners",
        meaning: "No partner with this id is the caller's own or one of its sub-partners.",
        advice: "Check the partner id.",
    }
    DuplicateEmail = "DUPLICATE_EMAIL", 409 {
        spec: "7", docs: "Partners and sub-partners",
        meaning: "Another partner already uses this email address.",
        advice: "Use another email address for this partner.",
    }
    DuplicateAccount = "DUPLICATE_ACCOUNT", 409 {
        spec: "7", docs: "Accounts and the ledger",
        meaning: "The application already has an account of this configuration (one fiat account per currency, one wallet per coin and network).",
        advice: "List the accounts and use the existing one.",
    }
    UnsupportedCombination = "UNSUPPORTED_COMBINATION", 422 {
        spec: "7", docs: "Pricing",
        meaning: "The currencies, coin and network, or corridor asked for are not a combination the API supports or has a rate for.",
        advice: "Pick a pair the corridor list carries (listPricingCorridors), or a coin on a network that issues it.",
    }
    // Codes the specification leaves open, chosen by the sandbox.
    NotFound = "NOT_FOUND", 404 {
        spec: "", docs: "Conventions",
        meaning: "No such route, or no record with this id among the caller's own (for records without a numbered code).",
        advice: "Check the path and the id; a key sees only its own application's records.",
    }
    MethodNotAllowed = "METHOD_NOT_ALLOWED", 405 {
        spec: "", docs: "Conventions",
        meaning: "The path exists but not with this HTTP method.",
        advice: "Use the method the OpenAPI document states for the path.",
    }
    Conflict = "CONFLICT", 409 {
        spec: "", docs: "Conventions",
        meaning: "The record's state does not allow this (registering twice, a username taken, a transaction already final).",
        advice: "Read the record's current state and act from there; the same request will conflict again.",
    }
    KeyRevoked = "KEY_REVOKED", 409 {
        spec: "5", docs: "API keys",
        meaning: "The key was already revoked.",
        advice: "Nothing to do: the key no longer works.",
    }
    PayloadTooLarge = "PAYLOAD_TOO_LARGE", 413 {
        spec: "", docs: "Conventions",
        meaning: "The request body is larger than 1 MiB.",
        advice: "Send a smaller body.",
    }
    UnsupportedMediaType = "UNSUPPORTED_MEDIA_TYPE", 415 {
        spec: "", docs: "Conventions",
        meaning: "The request body was not sent as `application/json`.",
        advice: "Send JSON with `Content-Type: application/json`.",
    }
    InsufficientFunds = "INSUFFICIENT_FUNDS", 422 {
        spec: "", docs: "Accounts and the ledger",
        meaning: "The account the money comes from holds less than the operation needs; the message says how much it holds and needs.",
        advice: "Fund the account first (in the sandbox, a payin or payment), or move a smaller amount.",
    }
    // The specification's example code for an amount that is not above 0;
    // also what the sandbox answers when fees leave nothing to deliver.
    InvalidAmount = "INVALID_AMOUNT", 422 {
        spec: "7", docs: "Quotes",
        meaning: "The amount is not above 0, or would deliver nothing once fees and the markup are paid.",
        advice: "Send a larger amount.",
    }
    RateLimited = "RATE_LIMITED", 429 {
        spec: "8", docs: "Rate limits",
        meaning: "Too many requests for this key (100 a minute and 5,000 an hour by default).",
        advice: "Wait the `Retry-After` seconds, then send the request again; never sooner.",
    }
    Internal = "INTERNAL_ERROR", 500 {
        spec: "7", docs: "Conventions",
        meaning: "The server failed (in the sandbox, also a fault rule's injected 500).",
        advice: "Retry with backoff, POSTs with the same Idempotency-Key and body; report it with the correlation id if it persists.",
    }
    Unavailable = "SERVICE_UNAVAILABLE", 503 {
        spec: "", docs: "Conventions",
        meaning: "The service cannot answer now: the sandbox is shutting down, or a fault rule injected a 503.",
        advice: "Retry with backoff (at least the `Retry-After` it asks), POSTs with the same Idempotency-Key and body.",
    }
    // What an injected `error` fault answers with 502 and 504.
    BadGateway = "BAD_GATEWAY", 502 {
        spec: "", docs: "Faults",
        meaning: "A fault rule injected a 502 before the request was handled.",
        advice: "Retry with backoff, POSTs with the same Idempotency-Key and body.",
    }
    GatewayTimeout = "GATEWAY_TIMEOUT", 504 {
        spec: "", docs: "Faults",
        meaning: "A fault rule injected a 504 before the request was handled.",
        advice: "Retry with backoff, POSTs with the same Idempotency-Key and body.",
    }
    // A fault rule that is well formed but can never apply.
    InvalidFaultRule = "INVALID_FAULT_RULE", 422 {
        spec: "", docs: "Faults",
        meaning: "The fault rule is well formed but can never apply (an unknown operation id, a path no operation serves, a delivery fault without an event).",
        advice: "Name an operation id of the OpenAPI document, or a path it serves, as the message says.",
    }
    // The disk holding the sandbox's database is full (HTTP's 507).
    StorageFull = "STORAGE_FULL", 507 {
        spec: "", docs: "Storage and secrets at rest",
        meaning: "The disk holding the sandbox's database is full, so nothing was changed (reads still work).",
        advice: "Free disk space on the sandbox's machine, then send the request again.",
    }
    WebhookLimit = "WEBHOOK_LIMIT", 409 {
        spec: "8", docs: "Webhooks",
        meaning: "The application already has 10 webhook endpoints.",
        advice: "Delete an endpoint it no longer needs, or subscribe an existing one to more events.",
    }
    // One more fault rule would pass a bound of the sandbox's.
    FaultRuleLimit = "FAULT_RULE_LIMIT", 409 {
        spec: "", docs: "Faults",
        meaning: "One more fault rule would pass a bound: 100 per application, 1,000 per partner, 100 global.",
        advice: "Remove rules that are no longer needed (DELETE /sandbox/faults/{id}, or DELETE /sandbox/faults), then add it again.",
    }
    // One more fork or snapshot load would pass the partner's bound on applications.
    ApplicationLimit = "APPLICATION_LIMIT", 409 {
        spec: "", docs: "Snapshots and forks",
        meaning: "A fork or snapshot load would give the partner more than 100 TEST applications.",
        advice: "Delete the forks no longer needed (DELETE /sandbox/applications/{application_id}, payctl sandbox delete), then fork again.",
    }
    // A request body stopped arriving (HTTP's 408).
    RequestTimeout = "REQUEST_TIMEOUT", 408 {
        spec: "", docs: "Conventions",
        meaning: "Nothing of the request body arrived for 10 seconds, so the request was not handled and the connection was closed.",
        advice: "Send the whole body without pauses, then send the request again (a POST with the same Idempotency-Key).",
    }
    // The Host header names neither the sandbox nor an allowed name.
    HostNotAllowed = "HOST_NOT_ALLOWED", 403 {
        spec: "", docs: "Who can reach the sandbox",
        meaning: "The request's Host header is not a loopback name or address, the address the sandbox listens on, or a name given with --allowed-host (a guard against DNS rebinding).",
        advice: "Call the sandbox by 127.0.0.1, localhost or its listen address, or start it with --allowed-host NAME for a name set up on purpose.",
    }
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_round_trips_and_is_unique() {
        let mut seen = std::collections::HashSet::new();
        for code in ErrorCode::ALL {
            assert!(seen.insert(code.as_str()), "duplicate code {code}");
            assert_eq!(ErrorCode::parse(code.as_str()), Some(*code));
            assert!((400..600).contains(&code.status()));
        }
        assert_eq!(ErrorCode::parse("NOPE"), None);
    }

    #[test]
    fn envelope_shape_matches_the_specification() {
        let env = ErrorEnvelope {
            error: ErrorBody {
                code: "VAL_0001".into(),
                message: "bad".into(),
                correlation_id: "abc".into(),
                details: vec![FieldIssue::new("email", "invalid", "not an email")],
            },
        };
        let json = serde_json::to_value(&env).unwrap();
        assert_eq!(json["error"]["code"], "VAL_0001");
        assert_eq!(json["error"]["correlation_id"], "abc");
        assert_eq!(json["error"]["details"][0]["field"], "email");
    }
}
