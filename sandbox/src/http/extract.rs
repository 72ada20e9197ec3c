//! Extractors that fail with the API's error envelope.
//!
//! axum's own `Json` and `Query` reject with plain-text bodies; these
//! wrappers answer with `ApiError` instead and name the offending field,
//! using `serde_path_to_error` to find where in the body deserialisation
//! stopped.
//!
//! They are also where every text of every request is held to
//! [`domain::text`](payctl_domain::text): a string anywhere in a JSON body
//! (member names included) or a query parameter holding a control or
//! bidirectional formatting character is refused before any handler sees
//! it, one `invalid` detail per offending field. A member named twice in
//! one object is refused too (`duplicate`, naming it), before any other
//! rule, as unknown members are.

use std::fmt::Write as _;

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::header;
use axum::http::request::Parts;
use payctl_wire::error::{ErrorCode, FieldIssue};
use serde::de::DeserializeOwned;

use payctl_domain::text;
use serde_json::Value;

use super::body::Received;
use super::strict::Strict;
use super::unique_members::{self, Refused};
use crate::error::{ApiError, Checks};

/// A JSON request body.
pub struct ApiJson<T>(pub T);

/// A JSON request body that may also be empty (then `T::default()`), for
/// operations whose body the specification allows to be left out.
pub struct OptionalJson<T>(pub T);

/// Query parameters.
pub struct ApiQuery<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    /// A `POST` whose body is left out (empty, no `Content-Type`, as
    /// `curl -X POST` sends it) is `{}`; otherwise 415 as before.
    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        if req.headers().contains_key(header::CONTENT_TYPE) || req.method() != axum::http::Method::POST {
            require_json_content_type(&req)?;
            if let Some(parsed) = parse_received(&req) {
                return parsed.map(ApiJson);
            }
            let bytes = body_bytes(req, state).await?;
            return parse_json(&bytes).map(ApiJson);
        }
        let bytes = body_bytes(req, state).await?;
        // Every field optional: accepted; required ones: the 400 that names each.
        match bytes.iter().all(u8::is_ascii_whitespace).then(|| parse_json::<T>(b"{}")) {
            Some(Ok(empty)) => Ok(ApiJson(empty)),
            _ => Err(unsupported_media_type()),
        }
    }
}

impl<S: Send + Sync, T: DeserializeOwned + Default> FromRequest<S> for OptionalJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let has_content_type = req.headers().contains_key(header::CONTENT_TYPE);
        if has_content_type {
            require_json_content_type(&req)?;
        }
        let bytes = body_bytes(req, state).await?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(OptionalJson(T::default()));
        }
        if !has_content_type {
            return Err(unsupported_media_type());
        }
        parse_json(&bytes).map(OptionalJson)
    }
}

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let query = parts.uri.query().unwrap_or_default();
        let mut checks = Checks::new();
        for (name, value) in form_urlencoded_parse(query) {
            if let Some((at, c)) = text::forbidden(&name).or_else(|| text::forbidden(&value)) {
                let mut field = String::new();
                push_printable(&mut field, &name);
                checks.push(field, "invalid", text::refusal(at, c));
            }
        }
        checks.finish()?;
        let de = serde_urlencoded::Deserializer::new(form_urlencoded_parse(query));
        serde_path_to_error::deserialize(de).map(ApiQuery).map_err(|e| {
            let field = e.path().to_string();
            let message = e.into_inner().to_string();
            let field = if field == "." { field_from_message(&message).unwrap_or("query".into()) } else { field };
            ApiError::invalid_field(&field, "invalid", message)
        })
    }
}

fn form_urlencoded_parse(query: &str) -> form_urlencoded::Parse<'_> {
    form_urlencoded::parse(query.as_bytes())
}

/// The body the layers read ([`Received`]) as `T`, from the document they
/// parsed (once, for its digest and for this); `None` when they read none.
fn parse_received<T: DeserializeOwned>(req: &Request) -> Option<Result<T, ApiError>> {
    let received = req.extensions().get::<Received>()?;
    let bytes = received.bytes.as_ref()?;
    Some(match received.document() {
        Some(json) => from_document(json),
        // Not a document: parsed again for the refusal that says why.
        None => parse_json(bytes),
    })
}

/// Parses a JSON document, naming the field that failed. Structs are read
/// from objects only (see [`Strict`]); an object naming a member twice is
/// refused (see [`unique_members`]).
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    match unique_members::parse(bytes) {
        Ok(json) => from_document(&json),
        Err(Refused::Duplicate(path)) => {
            let mut field = String::new();
            push_printable(&mut field, &path);
            let message = format!("{field} is given more than once; send each member once");
            Err(ApiError::invalid_field(&field, "duplicate", message))
        }
        // Not a document (or nested past the parser's depth): reading it as
        // a stream names the first field it cannot take, ahead of the syntax
        // error further on, as a client fixing its body wants.
        Err(Refused::Json(e)) => {
            let mut de = serde_json::Deserializer::from_slice(bytes);
            let streamed: Result<T, _> = serde_path_to_error::deserialize(&mut de);
            Err(streamed.err().map_or_else(|| json_error(".".into(), &e), path_error))
        }
    }
}

fn from_document<T: DeserializeOwned>(json: &Value) -> Result<T, ApiError> {
    refuse_forbidden_text(json)?;
    serde_path_to_error::deserialize(Strict(json)).map_err(path_error)
}

/// Every string of a document, values and member names, against
/// [`text::forbidden`]: one issue per offending field, named by its path
/// (`account.bank_name`, `events[2]`, `body` for a bare string).
fn refuse_forbidden_text(json: &Value) -> Result<(), ApiError> {
    // Nearly every document holds none: scanned without building a path
    // per element (a 2 MB snapshot has some 200,000); only a document with
    // one is walked again for the paths.
    fn clean(value: &Value) -> bool {
        match value {
            Value::String(s) => text::forbidden(s).is_none(),
            Value::Array(items) => items.iter().all(clean),
            Value::Object(members) => {
                members.iter().all(|(name, member)| text::forbidden(name).is_none() && clean(member))
            }
            _ => true,
        }
    }
    if clean(json) {
        return Ok(());
    }
    fn walk(value: &Value, path: &mut String, checks: &mut Checks) {
        match value {
            Value::String(s) => {
                if let Some((at, c)) = text::forbidden(s) {
                    let field = if path.is_empty() { "body" } else { path.as_str() };
                    checks.push(field, "invalid", text::refusal(at, c));
                }
            }
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    let len = path.len();
                    let _ = write!(path, "[{i}]");
                    walk(item, path, checks);
                    path.truncate(len);
                }
            }
            Value::Object(members) => {
                for (name, member) in members {
                    let len = path.len();
                    if !path.is_empty() {
                        path.push('.');
                    }
                    push_printable(path, name);
                    match text::forbidden(name) {
                        Some((at, c)) => checks.push(path.as_str(), "invalid", text::refusal(at, c)),
                        None => walk(member, path, checks),
                    }
                    path.truncate(len);
                }
            }
            _ => {}
        }
    }
    let mut checks = Checks::new();
    walk(json, &mut String::new(), &mut checks);
    checks.finish()
}

/// Appends a name for `details[].field` that is safe to show: forbidden
/// characters written as `\u{…}`.
fn push_printable(path: &mut String, name: &str) {
    for c in name.chars() {
        if text::is_forbidden(c) {
            let _ = write!(path, "\\u{{{:04x}}}", u32::from(c));
        } else {
            path.push(c);
        }
    }
}

fn path_error(e: serde_path_to_error::Error<serde_json::Error>) -> ApiError {
    let path = e.path().to_string();
    json_error(path, &e.into_inner())
}

fn json_error(path: String, e: &serde_json::Error) -> ApiError {
    use serde_json::error::Category;
    match e.classify() {
        Category::Syntax | Category::Eof | Category::Io => {
            ApiError::new(ErrorCode::Validation, format!("the request body is not valid JSON: {e}"))
                .with_details(vec![FieldIssue::new("body", "malformed", e.to_string())])
        }
        Category::Data => {
            let message = strip_position(&e.to_string());
            let (field, code) = if path == "." {
                match field_from_message(&message) {
                    Some(f) if message.starts_with("missing field") => (f, "required"),
                    Some(f) if message.starts_with("unknown field") => (f, "unknown_field"),
                    _ => ("body".to_owned(), "invalid"),
                }
            } else if message.starts_with("unknown field") {
                // The path already ends with the unknown field's name.
                (path, "unknown_field")
            } else if message.starts_with("missing field") {
                (format!("{path}.{}", field_from_message(&message).unwrap_or_default()), "required")
            } else {
                (path, "invalid")
            };
            ApiError::invalid_field(&field, code, message)
        }
    }
}

/// serde names the field in backticks: "missing field `email`".
fn field_from_message(message: &str) -> Option<String> {
    let start = message.find('`')? + 1;
    let len = message[start..].find('`')?;
    Some(message[start..start + len].to_owned())
}

fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_owned(),
        None => message.to_owned(),
    }
}

fn require_json_content_type(req: &Request) -> Result<(), ApiError> {
    let content_type = req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
    let mime = content_type.split(';').next().unwrap_or("").trim().to_ascii_lowercase();
    if mime == "application/json" || (mime.starts_with("application/") && mime.ends_with("+json")) {
        Ok(())
    } else {
        Err(unsupported_media_type())
    }
}

fn unsupported_media_type() -> ApiError {
    ApiError::new(ErrorCode::UnsupportedMediaType, "request bodies must be JSON: send Content-Type: application/json")
}

/// The body the operation's layers already read ([`super::body`]), so
/// this never waits nor fails for its size.
async fn body_bytes<S: Send + Sync>(req: Request, state: &S) -> Result<Bytes, ApiError> {
    Bytes::from_request(req, state).await.map_err(|rejection| {
        ApiError::new(ErrorCode::Validation, format!("the request body could not be read: {rejection}"))
    })
}

pub(super) fn stopped_arriving() -> ApiError {
    ApiError::new(
        ErrorCode::RequestTimeout,
        format!(
            "the request body stopped arriving: nothing of it came for {} s; the connection is closed",
            crate::http::server::BODY_READ_TIMEOUT.as_secs()
        ),
    )
}

/// Whether the server's body timeout is behind `error`.
pub(super) fn timed_out(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut cause = Some(error);
    while let Some(e) = cause {
        if e.is::<tower_http::timeout::TimeoutError>() {
            return true;
        }
        cause = e.source();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Body {
        name: String,
        inner: Option<Inner>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Inner {
        count: u32,
    }

    fn issue(json: &str) -> (String, String) {
        let e = parse_json::<Body>(json.as_bytes()).unwrap_err();
        (e.details[0].field.clone(), e.details[0].code.clone())
    }

    #[test]
    fn names_the_failing_field() {
        assert_eq!(issue(r#"{}"#), ("name".into(), "required".into()));
        assert_eq!(issue(r#"{"name": 5}"#), ("name".into(), "invalid".into()));
        assert_eq!(issue(r#"{"name": "a", "extra": 1}"#), ("extra".into(), "unknown_field".into()));
        assert_eq!(issue(r#"{"name": "a", "inner": {"count": -1}}"#), ("inner.count".into(), "invalid".into()));
        assert_eq!(issue(r#"{"name": "a", "inner": {}}"#), ("inner.count".into(), "required".into()));
        assert_eq!(
            issue(r#"{"name": "a", "inner": {"count": 1, "x": 2}}"#),
            ("inner.x".into(), "unknown_field".into())
        );
        assert_eq!(issue(r#"{"name": "#), ("body".into(), "malformed".into()));
        assert_eq!(issue(r#"{"name": "a"} trailing"#), ("body".into(), "malformed".into()));
        assert_eq!(issue("\u{0}"), ("body".into(), "malformed".into()));
    }

    /// Fuzzing found `[null, null]` accepted as an update with every field
    /// left out: serde's derive fills structs from arrays too.
    #[test]
    fn structs_are_read_from_objects_only() {
        assert_eq!(issue(r#"["a", null]"#), ("body".into(), "invalid".into()));
        assert_eq!(issue(r#"{"name": "a", "inner": [1]}"#), ("inner".into(), "invalid".into()));
        assert_eq!(issue(r#"{"name": ["a"]}"#), ("name".into(), "invalid".into()));
        // Everything else reads as serde_json reads it.
        let body: Body = parse_json(br#"{"name": "a", "inner": {"count": 3}}"#).unwrap();
        assert_eq!((body.name.as_str(), body.inner.map(|i| i.count)), ("a", Some(3)));
        assert_eq!(issue(r#"{"name": "a", "inner": {"count": 3.0}}"#), ("inner.count".into(), "invalid".into()));
        let any: serde_json::Value = parse_json(br#"[1, -2, 3.5, "x", null, {"k": [true]}]"#).unwrap();
        assert_eq!(any, serde_json::json!([1, -2, 3.5, "x", null, {"k": [true]}]));
    }

    #[test]
    fn a_member_named_twice_is_refused_by_name() {
        assert_eq!(issue(r#"{"name": "First", "name": "Second"}"#), ("name".into(), "duplicate".into()));
        assert_eq!(
            issue(r#"{"name": "a", "inner": {"count": 1, "count": 2}}"#),
            ("inner.count".into(), "duplicate".into())
        );
        let e = parse_json::<Body>(br#"{"name": "a", "name": "a"}"#).unwrap_err();
        assert_eq!(e.details[0].message, "name is given more than once; send each member once");
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let deep = "[".repeat(100_000);
        assert!(parse_json::<serde_json::Value>(deep.as_bytes()).is_err());
    }
}
