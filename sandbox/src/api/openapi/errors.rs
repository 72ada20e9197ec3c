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
use std::collections::BTreeMap;
use utoipa::openapi::example::ExampleBuilder;
use utoipa::openapi::path::Operation;
use utoipa::openapi::security::SecurityRequirement;

use utoipa::openapi::{ContentBuilder, Ref, RefOr, Response, ResponseBuilder};

use crate::http::BODY_LIMIT;
use crate::http::body::size;
use crate::http::dialect::flat_code;

pub use crate::operation::Dialect;

pub const ENVELOPE: &str = "ErrorEnvelope";

fn secured_by(op: &Operation, scheme: &str) -> bool {
    let wanted = SecurityRequirement::new(scheme, Vec::<String>::new());
    op.security.iter().flatten().any(|r| *r == wanted)
}

/// The codes every operation of its kind can answer besides its own, each
/// with the name its response has among the document's shared responses.
fn common(op: &Operation) -> Vec<(ErrorCode, &'static str, &'static str)> {
    let (key, bearer, control) = (secured_by(op, "api_key"), secured_by(op, "bearer"), secured_by(op, "control"));
    let json_body = op.request_body.as_ref().is_some_and(|b| b.content.contains_key("application/json"));
    let mut codes = vec![(
        ErrorCode::Validation,
        "MalformedRequest",
        "the request is malformed (`error.details` names each bad field)",
    )];
    let (unauthorized, forbidden) = (ErrorCode::InvalidCredential, ErrorCode::Forbidden);
    match (key, bearer, control) {
        (true, _, true) => {
            codes.push((
                unauthorized,
                "UnauthorizedSimulation",
                "neither the control token nor a valid TEST key was sent",
            ));
            let live = "a LIVE key, the control token asking to change a LIVE application (which follows the global \
                        clock and rates only), or the key's application is deactivated";
            codes.push((forbidden, "ForbiddenSimulation", live));
        }
        (true, _, false) => {
            let missing = "the X-API-Key header is missing, or the key is unknown, expired or revoked";
            codes.push((unauthorized, "UnauthorizedKey", missing));
            codes.push((forbidden, "ForbiddenKey", "the key's application is deactivated, or the key may not do this"));
        }
        (false, true, _) => {
            codes.push((unauthorized, "UnauthorizedBearer", "the bearer token is missing, invalid or expired"));
            codes.push((forbidden, "ForbiddenBearer", "the signed-in user has no partner yet (register one first)"));
        }
        (false, false, true) => {
            let missing = "the control token of the ready line was not sent as a bearer token";
            codes.push((unauthorized, "UnauthorizedOperator", missing));
        }
        (false, false, false) => {}
    }
    let keyed = op.parameters.iter().flatten().any(|p| p.name == "Idempotency-Key");
    if keyed {
        let reused = "this Idempotency-Key was sent within 24 hours with another body";
        codes.push((ErrorCode::IdempotencyConflict, "IdempotencyConflict", reused));
    }
    codes.push((
        ErrorCode::HostNotAllowed,
        "HostNotAllowed",
        "the `Host` header names neither a loopback name or address, the address the sandbox listens on, nor a host \
         it was told to allow (a defence against DNS rebinding)",
    ));
    if json_body {
        let stalled = "the request body stopped arriving for 10 s, and the connection is closed";
        codes.push((ErrorCode::RequestTimeout, "RequestTimeout", stalled));
        let not_json = "the request body is not sent as `application/json`";
        codes.push((ErrorCode::UnsupportedMediaType, "UnsupportedMediaType", not_json));
    }
    if key {
        let limited = "too many requests for this key (retry after `Retry-After` seconds)";
        codes.push((ErrorCode::RateLimited, "RateLimited", limited));
    }
    codes.push((ErrorCode::Internal, "InternalError", "the sandbox hit an internal error"));
    if key || bearer || control {
        codes.push((ErrorCode::Unavailable, "ServiceUnavailable", "the sandbox is shutting down"));
        let full = "the disk holding the sandbox's database is full, so nothing was changed (reads still work)";
        codes.push((ErrorCode::StorageFull, "StorageFull", full));
    }
    codes
}

fn answers_envelope(response: &RefOr<Response>) -> bool {
    matches!(response, RefOr::T(response) if answers_envelope_schema(response))
}

fn answers_envelope_schema(response: &Response) -> bool {
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

/// Adds the common codes to `op`'s error responses, then one example per
/// listed code. A status the operation answers with common codes alone
/// refers to a shared response in `responses` (most operations share them,
/// and the document is kept in memory as bytes).
pub fn complete(
    op: &mut Operation,
    dialect: Dialect,
    body_limit: usize,
    responses: &mut BTreeMap<String, RefOr<Response>>,
) {
    // Statuses answered with common codes alone, each with its codes (two
    // may share one: a key's 403 and the Host check's).
    let mut shared: BTreeMap<String, Vec<(ErrorCode, String, String)>> = BTreeMap::new();
    let mut all: Vec<(ErrorCode, String, String)> =
        common(op).into_iter().map(|(code, name, meaning)| (code, name.to_owned(), meaning.to_owned())).collect();
    // The body limit is the operation's own (the route table's).
    if op.request_body.as_ref().is_some_and(|b| b.content.contains_key("application/json")) {
        let name = match body_limit {
            BODY_LIMIT => "PayloadTooLarge".to_owned(),
            other => format!("PayloadTooLarge{}", size(other).replace(' ', "")),
        };
        all.push((ErrorCode::PayloadTooLarge, name, format!("the request body is larger than {}", size(body_limit))));
    }
    for (code, name, meaning) in all {
        let (code, name) = match (dialect, flat_code(code)) {
            (Dialect::Flat, Some(flat)) => (flat, format!("{name}Flat")),
            _ => (code, name),
        };
        let status = code.status().to_string();
        // A status answered in another shape (the token endpoint's OAuth
        // errors) is left as the handler states it.
        if op.responses.responses.get(&status).is_some_and(|r| !answers_envelope(r)) {
            continue;
        }
        let Some(RefOr::T(response)) = op.responses.responses.get_mut(&status) else {
            shared.entry(status).or_default().push((code, name, meaning));
            continue;
        };
        let codes = listed(&response.description).unwrap_or_default();
        if !codes.iter().any(|(c, _)| *c == code) {
            response.description = format!("{}; {}", response.description, describe(&[(code, &meaning)]));
        }
    }
    for response in op.responses.responses.values_mut() {
        if let RefOr::T(response) = response
            && let Some(codes) = listed(&response.description)
            && answers_envelope_schema(response)
        {
            *response = envelope_response(&codes);
        }
    }
    for (status, codes) in shared {
        let name = codes.iter().map(|(_, name, _)| name.as_str()).collect::<Vec<_>>().join("Or");
        let codes: Vec<(ErrorCode, &str)> = codes.iter().map(|(code, _, meaning)| (*code, meaning.as_str())).collect();
        responses.entry(name.clone()).or_insert_with(|| envelope_response(&codes).into());
        op.responses.responses.insert(status, RefOr::Ref(Ref::new(format!("#/components/responses/{name}"))));
    }
}

/// An error response in the envelope listing `codes`, one example each.
fn envelope_response(codes: &[(ErrorCode, &str)]) -> Response {
    let mut content = ContentBuilder::new().schema(Some(Ref::from_schema_name(ENVELOPE))).build();
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
    ResponseBuilder::new().description(describe(codes)).content("application/json", content).build()
}
