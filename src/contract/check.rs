//! Checking one exchange against the contract: the request (operation,
//! parameters, required headers, credentials, body) and the answer (status,
//! body, error envelope). Each problem is a [`Violation`] located by a JSON
//! pointer, with what the contract expected and what was seen.
//!
//! What was seen is shown redacted by the sandbox's own rules (a value under
//! a secret-looking name, minted secrets, IBANs), since violations are
//! printed and sent back in headers; so are the names a violation points
//! at (a query parameter or member named `sk_test_…`), in one pass over
//! every violation found ([`redacted`]).

use std::fmt;

use axum::http::{HeaderMap, Method};
use jsonschema::error::{TypeKind, ValidationErrorKind};
use jsonschema::{ValidationError, Validator};
use serde::Serialize;
use serde_json::Value;

use super::{Contract, Credential, Media, Operation, ParamIn};

/// The response key an OpenAPI operation answers with when no status
/// code or range of its own matches.
const DEFAULT_RESPONSE: &str = "default";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    Request,
    Response,
}

/// Where in the exchange a violation is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// The method and path: no operation of the contract.
    Operation,
    Path,
    Query,
    Header,
    Body,
    Status,
}

/// The code a `details` entry of the API's envelope carries for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Code {
    Required,
    UnknownField,
    Malformed,
    Invalid,
}

impl Code {
    pub fn as_str(self) -> &'static str {
        match self {
            Code::Required => "required",
            Code::UnknownField => "unknown_field",
            Code::Malformed => "malformed",
            Code::Invalid => "invalid",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Violation {
    pub direction: Direction,
    #[serde(rename = "in")]
    pub place: Place,
    /// A JSON pointer: into the body (`/account/iban`; empty for the whole
    /// body), or `/<name>` of a parameter or header.
    pub pointer: String,
    pub expected: String,
    pub seen: String,
    pub code: Code,
}

impl Violation {
    fn new(direction: Direction, place: Place, pointer: impl Into<String>, expected: impl Into<String>) -> Violation {
        Violation {
            direction,
            place,
            pointer: pointer.into(),
            expected: expected.into(),
            seen: "nothing".to_owned(),
            code: Code::Invalid,
        }
    }

    fn seen(mut self, seen: impl Into<String>) -> Violation {
        self.seen = seen.into();
        self
    }

    fn code(mut self, code: Code) -> Violation {
        self.code = code;
        self
    }

    /// The `field` of an envelope's `details` entry, as the API names
    /// fields: a dotted body path (`account.iban`, `events[1]`), a
    /// parameter or header name, or `path` for the operation itself.
    pub fn field(&self) -> String {
        match self.place {
            Place::Operation => "path".to_owned(),
            Place::Status => "status".to_owned(),
            Place::Body if self.pointer.is_empty() => "body".to_owned(),
            Place::Body => {
                let mut out = String::new();
                for token in self.pointer.split('/').skip(1) {
                    let token = token.replace("~1", "/").replace("~0", "~");
                    if token.bytes().all(|b| b.is_ascii_digit()) && !out.is_empty() {
                        out.push_str(&format!("[{token}]"));
                    } else {
                        if !out.is_empty() {
                            out.push('.');
                        }
                        out.push_str(&token);
                    }
                }
                out
            }
            Place::Path | Place::Query | Place::Header => self.pointer.trim_start_matches('/').to_owned(),
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let direction = match self.direction {
            Direction::Request => "request",
            Direction::Response => "response",
        };
        let place = match self.place {
            Place::Operation => "operation",
            Place::Path => "path",
            Place::Query => "query",
            Place::Header => "header",
            Place::Body => "body",
            Place::Status => "status",
        };
        write!(f, "{direction} {place}")?;
        if !self.pointer.is_empty() {
            write!(f, " {}", self.pointer)?;
        }
        write!(f, ": expected {}, saw {}", self.expected, self.seen)
    }
}

/// How a body arrived: its bytes, or not inspected (and why).
#[derive(Debug, Clone, Copy)]
pub enum Body<'a> {
    Bytes(&'a [u8]),
    Skipped,
}

/// The request as the proxy received it.
pub struct Request<'a> {
    pub method: &'a Method,
    pub path: &'a str,
    pub query: Option<&'a str>,
    pub headers: &'a HeaderMap,
    pub body: Body<'a>,
}

impl Contract {
    /// The request's operation (when it has one) and its violations.
    pub fn check_request(&self, request: &Request) -> (Option<&Operation>, Vec<Violation>) {
        let op = match self.find(request.method, request.path) {
            Ok(op) => op,
            Err(path_known) => {
                let expected = if path_known {
                    "an operation of the contract (this path takes other methods)"
                } else {
                    "an operation of the contract"
                };
                let seen = format!("{} {}", request.method, payctl_domain::redact::path(request.path));
                let v = Violation::new(Direction::Request, Place::Operation, "", expected).seen(seen);
                return (None, redacted(vec![v]));
            }
        };
        let mut out = Vec::new();
        for (name, value) in op.path_values(request.path) {
            if let Some(param) = op.params.iter().find(|p| p.location == ParamIn::Path && p.name == name)
                && let Some(schema) = &param.schema
            {
                parameter(schema, &value, Place::Path, name, &mut out);
            }
        }
        let pairs: Vec<(String, String)> = form_urlencoded::parse(request.query.unwrap_or("").as_bytes())
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        for param in &op.params {
            let values: Vec<&str> = match param.location {
                ParamIn::Path => continue,
                ParamIn::Query => pairs.iter().filter(|(k, _)| *k == param.name).map(|(_, v)| v.as_str()).collect(),
                ParamIn::Header => {
                    request.headers.get_all(param.name.as_str()).iter().filter_map(|v| v.to_str().ok()).collect()
                }
            };
            let place = if param.location == ParamIn::Query { Place::Query } else { Place::Header };
            match (values.as_slice(), &param.schema) {
                ([], _) if param.required => out.push(
                    Violation::new(Direction::Request, place, format!("/{}", param.name), "a value (required)")
                        .code(Code::Required),
                ),
                ([value, ..], Some(schema)) => parameter(schema, value, place, &param.name, &mut out),
                _ => {}
            }
        }
        // A query parameter the operation does not have is ignored, as the API
        // (and the sandbox) answer it: not a violation.
        credentials(op, request.headers, &mut out);
        if let Body::Bytes(bytes) = request.body {
            request_body(op, request.headers, bytes, &mut out);
        }
        (Some(op), redacted(out))
    }

    /// The answer's violations: a documented status, and a body of the
    /// documented shape (an error answer the operation does not describe, or
    /// of an unknown operation, against the error envelope).
    pub fn check_response(
        &self,
        op: Option<&Operation>,
        status: u16,
        headers: &HeaderMap,
        body: Body,
    ) -> Vec<Violation> {
        let mut out = Vec::new();
        let spec = op.map(|op| {
            let exact = status.to_string();
            let range = format!("{}XX", status / 100);
            op.responses
                .iter()
                .find(|(s, _)| *s == exact)
                .or_else(|| op.responses.iter().find(|(s, _)| s.eq_ignore_ascii_case(&range)))
                .or_else(|| op.responses.iter().find(|(s, _)| *s == DEFAULT_RESPONSE))
        });
        let media = match (op, spec) {
            (Some(_), Some(Some((_, media)))) => media.clone(),
            (Some(op), Some(None)) => {
                let listed: Vec<&str> = op.responses.iter().map(|(s, _)| s.as_str()).collect();
                out.push(
                    Violation::new(
                        Direction::Response,
                        Place::Status,
                        "",
                        format!("a documented status ({})", listed.join(", ")),
                    )
                    .seen(status.to_string()),
                );
                self.envelope_if_error(status)
            }
            _ => self.envelope_if_error(status),
        };
        let Body::Bytes(bytes) = body else { return redacted(out) };
        if media.is_empty() {
            // Only a documented answer without content promises no body.
            if !bytes.is_empty() && spec.is_some_and(|s| s.is_some()) {
                out.push(
                    Violation::new(Direction::Response, Place::Body, "", "no body")
                        .seen(format!("{} bytes", bytes.len())),
                );
            }
            return redacted(out);
        }
        body_against(&media, headers, bytes, Direction::Response, &mut out);
        redacted(out)
    }

    fn envelope_if_error(&self, status: u16) -> Media {
        match &self.envelope {
            Some(envelope) if status >= 400 => vec![("application/json".to_owned(), envelope.clone())],
            _ => Vec::new(),
        }
    }
}

/// A parameter's text: valid as a string, or (numbers, booleans) as the
/// JSON value it spells.
fn parameter(schema: &Validator, text: &str, place: Place, name: &str, out: &mut Vec<Violation>) {
    let as_text = Value::String(text.to_owned());
    if schema.is_valid(&as_text) {
        return;
    }
    let instance = match serde_json::from_str::<Value>(text) {
        Ok(v @ (Value::Number(_) | Value::Bool(_))) if schema.is_valid(&v) => return,
        Ok(v @ (Value::Number(_) | Value::Bool(_))) => v,
        _ => as_text,
    };
    let mut found = Vec::new();
    for error in schema.iter_errors(&instance) {
        schema_error(&error, Direction::Request, &mut found);
    }
    for mut v in found {
        v.place = place;
        v.pointer = format!("/{name}");
        out.push(v);
    }
}

fn credentials(op: &Operation, headers: &HeaderMap, out: &mut Vec<Violation>) {
    if op.security.is_empty() {
        return;
    }
    let has = |c: &Credential| match c {
        Credential::Header(name) => headers.get(name.as_str()).is_some_and(|v| !v.is_empty()),
        Credential::Bearer => headers
            .get(axum::http::header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.len() > 7 && v[..7].eq_ignore_ascii_case("bearer ")),
    };
    if op.security.iter().any(|needs| needs.iter().all(has)) {
        return;
    }
    let name = |c: &Credential| match c {
        Credential::Header(name) => name.clone(),
        Credential::Bearer => "Authorization".to_owned(),
    };
    let first = &op.security[0][0];
    let wanted: Vec<String> = op
        .security
        .iter()
        .map(|needs| {
            needs
                .iter()
                .map(|c| match c {
                    Credential::Header(name) => format!("an API key in {name}"),
                    Credential::Bearer => "a bearer token in Authorization".to_owned(),
                })
                .collect::<Vec<_>>()
                .join(" and ")
        })
        .collect();
    out.push(
        Violation::new(Direction::Request, Place::Header, format!("/{}", name(first)), wanted.join(", or "))
            .code(Code::Required),
    );
}

fn request_body(op: &Operation, headers: &HeaderMap, bytes: &[u8], out: &mut Vec<Violation>) {
    let empty = bytes.iter().all(u8::is_ascii_whitespace);
    match &op.body {
        None if !empty => {
            out.push(
                Violation::new(Direction::Request, Place::Body, "", "no body").seen(format!("{} bytes", bytes.len())),
            );
        }
        None => {}
        Some(spec) if empty && spec.required => {
            out.push(Violation::new(Direction::Request, Place::Body, "", "a body (required)").code(Code::Required));
        }
        Some(_) if empty => {}
        Some(spec) => body_against(&spec.media, headers, bytes, Direction::Request, out),
    }
}

/// The media type without parameters, in lower case.
fn essence(headers: &HeaderMap) -> Option<String> {
    let value = headers.get(axum::http::header::CONTENT_TYPE)?.to_str().ok()?;
    Some(value.split(';').next().unwrap_or("").trim().to_ascii_lowercase())
}

fn is_json(media_type: &str) -> bool {
    media_type == "application/json" || media_type.ends_with("+json")
}

/// A body of one of the described media types, valid against its schema.
fn body_against(media: &Media, headers: &HeaderMap, bytes: &[u8], direction: Direction, out: &mut Vec<Violation>) {
    let listed = || media.iter().map(|(m, _)| m.as_str()).collect::<Vec<_>>().join(" or ");
    let Some(sent) = essence(headers) else {
        out.push(
            Violation::new(direction, Place::Header, "/Content-Type", listed())
                .seen("no Content-Type")
                .code(Code::Required),
        );
        return;
    };
    let Some((media_type, schema)) =
        media.iter().find(|(m, _)| *m == sent || (m == "*/*") || (is_json(m) && is_json(&sent)))
    else {
        out.push(Violation::new(direction, Place::Header, "/Content-Type", listed()).seen(sent));
        return;
    };
    let instance = if media_type == "application/x-www-form-urlencoded" {
        Value::Object(
            form_urlencoded::parse(bytes).map(|(k, v)| (k.into_owned(), Value::String(v.into_owned()))).collect(),
        )
    } else if is_json(media_type) {
        match serde_json::from_slice::<Value>(bytes) {
            Ok(v) => v,
            Err(e) => {
                out.push(
                    Violation::new(direction, Place::Body, "", "a JSON body")
                        .seen(format!("malformed JSON ({e})"))
                        .code(Code::Malformed),
                );
                return;
            }
        }
    } else {
        // Other media types (files, text) are not described by a schema here.
        return;
    };
    for error in schema.iter_errors(&instance) {
        schema_error(&error, direction, out);
    }
}

/// A JSON pointer token.
fn token(name: &str) -> String {
    name.replace('~', "~0").replace('/', "~1")
}

/// One schema error as violations (one per unknown field).
fn schema_error(error: &ValidationError, direction: Direction, out: &mut Vec<Violation>) {
    let at = error.instance_path().as_str().to_owned();
    let instance = error.instance();
    let key = at.rsplit('/').next().unwrap_or("").replace("~1", "/").replace("~0", "~");
    let v = |expected: String| Violation::new(direction, Place::Body, at.clone(), expected).seen(seen(instance, &key));
    match error.kind() {
        ValidationErrorKind::Required { property } => {
            let name = property.as_str().map_or_else(|| property.to_string(), str::to_owned);
            out.push(
                Violation::new(direction, Place::Body, format!("{at}/{}", token(&name)), "a value (required field)")
                    .seen("nothing")
                    .code(Code::Required),
            );
        }
        ValidationErrorKind::AdditionalProperties { unexpected }
        | ValidationErrorKind::UnevaluatedProperties { unexpected } => {
            for name in unexpected {
                let value = instance.get(name.as_str()).cloned().unwrap_or(Value::Null);
                out.push(
                    Violation::new(direction, Place::Body, format!("{at}/{}", token(name)), "no such field")
                        .seen(seen(&value, name))
                        .code(Code::UnknownField),
                );
            }
        }
        ValidationErrorKind::OneOfNotValid { context } | ValidationErrorKind::AnyOf { context } => {
            // The shape that came closest explains best what is wrong.
            match context.iter().filter(|errors| !errors.is_empty()).min_by_key(|errors| errors.len()) {
                Some(closest) if closest.len() <= 3 => {
                    for error in closest {
                        schema_error(error, direction, out);
                    }
                }
                _ => out.push(v("one of the shapes the schema allows".to_owned())),
            }
        }
        kind => out.push(v(expected(kind))),
    }
}

/// What a schema keyword wanted, in words, without quoting the instance.
fn expected(kind: &ValidationErrorKind) -> String {
    let shorten =
        |s: String| if s.chars().count() > 60 { format!("{}…", s.chars().take(60).collect::<String>()) } else { s };
    match kind {
        ValidationErrorKind::Type { kind: TypeKind::Single(t) } => format!("a {t}"),
        ValidationErrorKind::Type { kind: TypeKind::Multiple(set) } => {
            let names: Vec<String> = set.iter().map(|t| t.to_string()).collect();
            format!("a {}", names.join(" or "))
        }
        ValidationErrorKind::Enum { options } => shorten(format!("one of {options}")),
        ValidationErrorKind::Constant { expected_value } => format!("exactly {expected_value}"),
        ValidationErrorKind::Format { format } => format!("format {format}"),
        ValidationErrorKind::Pattern { pattern } => shorten(format!("text matching {pattern}")),
        ValidationErrorKind::MinLength { limit } => format!("at least {limit} characters"),
        ValidationErrorKind::MaxLength { limit } => format!("at most {limit} characters"),
        ValidationErrorKind::Minimum { limit } => format!("at least {limit}"),
        ValidationErrorKind::Maximum { limit } => format!("at most {limit}"),
        ValidationErrorKind::ExclusiveMinimum { limit } => format!("more than {limit}"),
        ValidationErrorKind::ExclusiveMaximum { limit } => format!("less than {limit}"),
        ValidationErrorKind::MinItems { limit } => format!("at least {limit} items"),
        ValidationErrorKind::MaxItems { limit } => format!("at most {limit} items"),
        ValidationErrorKind::UniqueItems => "unique items".to_owned(),
        ValidationErrorKind::FalseSchema => "nothing here".to_owned(),
        ValidationErrorKind::OneOfMultipleValid { .. } => "exactly one of the shapes (several match)".to_owned(),
        _ => format!("to pass `{}`", kind.keyword()),
    }
}

/// Violations as shown: the pointer (member and parameter names) and what
/// was seen, redacted by content, so a secret or an IBAN used as a name is
/// no more printed than one used as a value.
fn redacted(mut violations: Vec<Violation>) -> Vec<Violation> {
    for v in &mut violations {
        if let std::borrow::Cow::Owned(pointer) = payctl_domain::redact::text(&v.pointer) {
            v.pointer = pointer;
        }
        if let std::borrow::Cow::Owned(seen) = payctl_domain::redact::text(&v.seen) {
            v.seen = seen;
        }
    }
    violations
}

/// A seen value as shown: redacted by name and content, compact, short.
pub fn seen(value: &Value, key: &str) -> String {
    if payctl_domain::redact::is_sensitive_key(key) {
        return payctl_wire::logs::REDACTED.to_owned();
    }
    let mut shown = value.clone();
    payctl_domain::redact::value(&mut shown);
    let text = shown.to_string();
    if text.chars().count() > 60 { format!("{}…", text.chars().take(60).collect::<String>()) } else { text }
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;
    use serde_json::json;

    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_str(value).unwrap());
        }
        map
    }

    fn lines(violations: &[Violation]) -> Vec<String> {
        violations.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn requests_are_checked_by_pointer() {
        let contract = Contract::embedded().unwrap();
        let body = json!({"corridor_id": "uae", "source_asset": "AED", "source_amount_minor": 100000,
            "destination_asset": "EUR", "destination_kind": "SIDEWAYS", "colour": "red"})
        .to_string();
        let h = headers(&[("content-type", "application/json")]);
        let request = Request {
            method: &Method::POST,
            path: "/v1/transactions/quote",
            query: Some("limit=5"),
            headers: &h,
            body: Body::Bytes(body.as_bytes()),
        };
        let (op, found) = contract.check_request(&request);
        assert_eq!(op.unwrap().id, "createTransactionQuote");
        let shown = lines(&found);
        assert!(!shown.iter().any(|s| s.contains("/limit")), "an unknown query parameter is ignored: {shown:#?}");
        for want in [
            "request header /X-API-Key: expected an API key in X-API-Key, saw nothing",
            "request body /source_amount_minor: expected a string, saw 100000",
            "request body /destination_kind: expected one of [\"WALLET\",\"BANK\",\"STABLECOIN\"], saw \"SIDEWAYS\"",
            "request body /colour: expected no such field, saw \"red\"",
        ] {
            assert!(shown.iter().any(|s| s == want), "{want}\n in {shown:#?}");
        }
        let unknown = found.iter().find(|v| v.code == Code::UnknownField && v.place == Place::Body).unwrap();
        assert_eq!(unknown.field(), "colour");
    }

    #[test]
    fn answers_and_secrets_in_what_was_seen() {
        let contract = Contract::embedded().unwrap();
        let op = contract.find(&Method::GET, "/v1/customers/x").ok();
        let h = headers(&[("content-type", "application/json")]);
        let body = json!({"id": "x", "type": 5, "client_secret": "sk_test_abcdefabcdef"}).to_string();
        let found = lines(&contract.check_response(op, 200, &h, Body::Bytes(body.as_bytes())));
        assert!(found.contains(&"response body /legal_name: expected a value (required field), saw nothing".into()));
        assert!(found.iter().any(|l| l.starts_with("response body /type: expected a string, saw 5")), "{found:#?}");
        assert!(!found.iter().any(|l| l.contains("sk_test_abc")), "{found:#?}");
        let teapot = lines(&contract.check_response(op, 418, &h, Body::Bytes(b"{\"error\": {}}")));
        assert!(teapot[0].starts_with("response status: expected a documented status (200, "), "{teapot:?}");
        assert!(teapot.iter().any(|l| l.starts_with("response body /error/code: expected a value")), "{teapot:?}");
        assert_eq!(seen(&json!("GB82WEST12345698765432"), "note"), "\"[REDACTED:IBAN:GB]\"");
        assert_eq!(seen(&json!(5), "password"), "[REDACTED]");
    }

    #[test]
    fn fields_of_details_are_named_as_the_api_names_them() {
        let mut v = Violation::new(Direction::Request, Place::Body, "/account/iban", "x");
        assert_eq!(v.field(), "account.iban");
        v.pointer = "/events/1".into();
        assert_eq!(v.field(), "events[1]");
        v.place = Place::Header;
        v.pointer = "/Idempotency-Key".into();
        assert_eq!(v.field(), "Idempotency-Key");
    }
}
