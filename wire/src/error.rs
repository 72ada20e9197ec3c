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
    ($($variant:ident = $code:literal, $status:literal;)*) => {
        /// Every error code the API answers with, with its HTTP status.
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
        }
    };
}

error_codes! {
    // Numbered codes of the specification (section 7).
    Validation = "VAL_0001", 400;
    QuoteExpired = "QTE_0001", 400;
    QuoteAlreadyAccepted = "QTE_0002", 409;
    IdempotencyConflict = "IDM_0001", 409;
    IdempotencyRequired = "IDM_0002", 400;
    ComplianceGate = "CMP_0001", 403;
    TransactionNotFound = "TXN_0001", 404;
    BeneficiaryNotFound = "BEN_0001", 404;
    CustomerNotFound = "CNT_0001", 404;
    InvalidCredential = "ATH_0001", 401;
    Forbidden = "ATH_0002", 403;
    // Flat codes of the accounts and partner routes.
    ValidationError = "VALIDATION_ERROR", 400;
    Unauthorized = "UNAUTHORIZED", 401;
    ForbiddenFlat = "FORBIDDEN", 403;
    PartnerNotFound = "PARTNER_NOT_FOUND", 404;
    DuplicateEmail = "DUPLICATE_EMAIL", 409;
    DuplicateAccount = "DUPLICATE_ACCOUNT", 409;
    UnsupportedCombination = "UNSUPPORTED_COMBINATION", 422;
    // Codes the specification leaves open, chosen by the sandbox.
    NotFound = "NOT_FOUND", 404;
    MethodNotAllowed = "METHOD_NOT_ALLOWED", 405;
    Conflict = "CONFLICT", 409;
    KeyRevoked = "KEY_REVOKED", 409;
    PayloadTooLarge = "PAYLOAD_TOO_LARGE", 413;
    UnsupportedMediaType = "UNSUPPORTED_MEDIA_TYPE", 415;
    InsufficientFunds = "INSUFFICIENT_FUNDS", 422;
    // The specification's example code for an amount that is not above 0;
    // also what the sandbox answers when fees leave nothing to deliver.
    InvalidAmount = "INVALID_AMOUNT", 422;
    RateLimited = "RATE_LIMITED", 429;
    Internal = "INTERNAL_ERROR", 500;
    Unavailable = "SERVICE_UNAVAILABLE", 503;
    // What an injected `error` fault answers with 502 and 504.
    BadGateway = "BAD_GATEWAY", 502;
    GatewayTimeout = "GATEWAY_TIMEOUT", 504;
    // A fault rule that is well formed but can never apply.
    InvalidFaultRule = "INVALID_FAULT_RULE", 422;
    // The disk holding the sandbox's database is full (HTTP's 507).
    StorageFull = "STORAGE_FULL", 507;
    WebhookLimit = "WEBHOOK_LIMIT", 409;
    FaultRuleLimit = "FAULT_RULE_LIMIT", 409;
    RequestTimeout = "REQUEST_TIMEOUT", 408;
    HostNotAllowed = "HOST_NOT_ALLOWED", 403;
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
