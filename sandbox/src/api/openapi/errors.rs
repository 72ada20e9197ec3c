//! Error responses: each answers with the one `ErrorEnvelope` schema and
//! lists the codes it can carry, one example per code.
//!
//! A handler documents its own error responses with descriptions of the
//! form `CODE: meaning; CODE: meaning`. [`complete`] adds the statuses and
//! codes every operation of its kind can answer besides (malformed
//! requests, credentials, body limits, rate limits, internal errors), in
//! the operation's dialect, then turns each listed code into a named
//! example of the envelope. The lint test holds every description to that
//! form, with codes of the response's status.

use payctl_wire::error::ErrorCode;
use serde_json::json;
use utoipa::openapi::example::ExampleBuilder;
use utoipa::openapi::path::Operation;
use utoipa::openapi::security::SecurityRequirement;
use utoipa::openapi::{ContentBuilder, Ref, RefOr, ResponseBuilder};

use crate::http::dialect::flat_code;

/// The error codes a group of operations speaks.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// `VAL_0001`, `ATH_0001`, `ATH_0002`...
    Numbered,
    /// `VALIDATION_ERROR`, `UNAUTHORIZED`, `FORBIDDEN` for those (accounts, partners).
    Flat,
}

pub const ENVELOPE: &str = "ErrorEnvelope";

fn secured_by(op: &Operation, scheme: &str) -> bool {
    let wanted = SecurityRequirement::new(scheme, Vec::<String>::new());
    op.security.iter().flatten().any(|r| *r == wanted)
}

/// The codes every operation of its kind can answer besides its own.
fn common(op: &Operation) -> Vec<(ErrorCode, &'static str)> {
    let (key, bearer, control) = (secured_by(op, "api_key"), secured_by(op, "bearer"), secured_by(op, "control"));
    let json_body = op.request_body.as_ref().is_some_and(|b| b.content.contains_key("application/json"));
    let mut codes = vec![(ErrorCode::Validation, "the request is malformed (`error.details` names each bad field)")];
    match (key, bearer, control) {
        (true, _, true) => {
            codes.push((ErrorCode::InvalidCredential, "neither the control token nor a valid TEST key was sent"));
            codes.push((ErrorCode::Forbidden, "a LIVE key, or the key's application is deactivated"));
        }
        (true, _, false) => {
            codes.push((
                ErrorCode::InvalidCredential,
                "the X-API-Key header is missing, or the key is unknown, expired or revoked",
            ));
            codes.push((ErrorCode::Forbidden, "the key's application is deactivated, or the key may not do this"));
        }
        (false, true, _) => {
            codes.push((ErrorCode::InvalidCredential, "the bearer token is missing, invalid or expired"));
            codes.push((ErrorCode::Forbidden, "the signed-in user has no partner yet (register one first)"));
        }
        (false, false, true) => {
            codes.push((
                ErrorCode::InvalidCredential,
                "the control token of the ready line was not sent as a bearer token",
            ));
        }
        (false, false, false) => {}
    }
    if json_body {
        codes.push((ErrorCode::PayloadTooLarge, "the request body is larger than 1 MiB"));
        codes.push((ErrorCode::UnsupportedMediaType, "the request body is not sent as `application/json`"));
    }
    if key {
        codes.push((ErrorCode::RateLimited, "too many requests for this key (retry after `Retry-After` seconds)"));
    }
    codes.push((ErrorCode::Internal, "the sandbox hit an internal error"));
    if key || bearer || control {
        codes.push((ErrorCode::Unavailable, "the sandbox is shutting down"));
    }
    codes
}

fn answers_envelope(response: &RefOr<utoipa::openapi::Response>) -> bool {
    let RefOr::T(response) = response else { return false };
    let schema = response.content.get("application/json").and_then(|c| c.schema.as_ref());
    matches!(schema, Some(RefOr::Ref(r)) if r.ref_location.ends_with(&format!("/{ENVELOPE}")))
}

/// The codes a response description lists, with their meanings; `None`
/// when a clause does not start with a known code.
pub fn listed(description: &str) -> Option<Vec<(ErrorCode, &str)>> {
    description
        .split("; ")
        .map(|clause| {
            let (code, meaning) = clause.split_once(": ")?;
            Some((ErrorCode::parse(code)?, meaning))
        })
        .collect()
}

fn describe(codes: &[(ErrorCode, &str)]) -> String {
    codes.iter().map(|(code, meaning)| format!("{code}: {meaning}")).collect::<Vec<_>>().join("; ")
}

/// Adds the common codes to `op`'s error responses (new statuses get new
/// responses), then one example per listed code.
pub fn complete(op: &mut Operation, dialect: Dialect) {
    for (code, meaning) in common(op) {
        let code = match dialect {
            Dialect::Flat => flat_code(code).unwrap_or(code),
            Dialect::Numbered => code,
        };
        let status = code.status().to_string();
        // A status answered in another shape (the token endpoint's OAuth
        // errors) is left as the handler states it.
        if op.responses.responses.get(&status).is_some_and(|r| !answers_envelope(r)) {
            continue;
        }
        let response = op.responses.responses.entry(status).or_insert_with(|| {
            ResponseBuilder::new()
                .content(
                    "application/json",
                    ContentBuilder::new().schema(Some(Ref::from_schema_name(ENVELOPE))).build(),
                )
                .build()
                .into()
        });
        let RefOr::T(response) = response else { continue };
        let mut codes = listed(&response.description).unwrap_or_default();
        if response.description.is_empty() || !codes.iter().any(|(c, _)| *c == code) {
            codes.push((code, meaning));
            response.description = match response.description.as_str() {
                "" => describe(&codes),
                own => format!("{own}; {}", describe(&[(code, meaning)])),
            };
        }
    }
    for response in op.responses.responses.values_mut() {
        if !answers_envelope(response) {
            continue;
        }
        let RefOr::T(response) = response else { continue };
        let Some(codes) = listed(&response.description) else { continue };
        let Some(content) = response.content.get_mut("application/json") else { continue };
        for (code, meaning) in codes {
            let value = json!({"error": {
                "code": code.as_str(),
                "message": meaning,
                "correlation_id": "0190f3b2-7c1e-7d44-9a51-3f0c2f6c9e10",
                "details": [],
            }});
            content.examples.insert(
                code.as_str().to_owned(),
                ExampleBuilder::new().summary(format!("{code}: {meaning}")).value(Some(value)).build().into(),
            );
        }
    }
}
