//! The one error type of the server, rendered as the API's error envelope.
//!
//! Handlers, extractors, middleware and axum's own rejections all end up
//! here, so every failing response has the same shape:
//! `{"error": {"code", "message", "correlation_id", "details"}}`. The
//! correlation id comes from the request-id middleware through a task-local,
//! so code that fails does not need to carry it around.

use std::borrow::Cow;

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use payctl_wire::error::{ErrorBody, ErrorCode, ErrorEnvelope, FieldIssue};

use crate::http::request_id;

#[derive(Debug, Clone)]
pub struct ApiError {
    pub code: ErrorCode,
    pub message: Cow<'static, str>,
    pub details: Vec<FieldIssue>,
    /// Seconds for a `Retry-After` header (429 and 503).
    pub retry_after: Option<u64>,
}

impl ApiError {
    pub fn new(code: ErrorCode, message: impl Into<Cow<'static, str>>) -> Self {
        ApiError { code, message: message.into(), details: Vec::new(), retry_after: None }
    }

    pub fn with_details(mut self, details: Vec<FieldIssue>) -> Self {
        self.details = details;
        self
    }

    /// 400 VAL_0001 about one field.
    pub fn invalid_field(field: &str, code: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        ApiError::new(ErrorCode::Validation, format!("{field}: {message}"))
            .with_details(vec![FieldIssue::new(field, code, message)])
    }

    pub fn not_found(code: ErrorCode, what: &str) -> Self {
        ApiError::new(code, format!("{what} not found"))
    }

    pub fn unauthorized(message: impl Into<Cow<'static, str>>) -> Self {
        ApiError::new(ErrorCode::InvalidCredential, message)
    }

    pub fn forbidden(message: impl Into<Cow<'static, str>>) -> Self {
        ApiError::new(ErrorCode::Forbidden, message)
    }

    pub fn conflict(code: ErrorCode, message: impl Into<Cow<'static, str>>) -> Self {
        ApiError::new(code, message)
    }

    pub fn unavailable(message: impl Into<Cow<'static, str>>) -> Self {
        ApiError::new(ErrorCode::Unavailable, message)
    }

    /// A fault of the sandbox itself. The cause is logged, not shown.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        tracing::error!(%cause, "internal error");
        ApiError::new(ErrorCode::Internal, "the sandbox hit an internal error; see its log")
    }

    /// A SQLite failure, as [`ApiError::from_statement`] says.
    pub fn from_database(e: &rusqlite::Error) -> Self {
        ApiError::database(crate::db::sql::sqlite_kind(e), e)
    }

    /// A statement's failure, on either backend: 507 `STORAGE_FULL` when
    /// the disk is full (the write is undone; reads go on, and writes work
    /// again as soon as there is space), else an internal error.
    pub fn from_statement(e: &crate::db::sql::Error) -> Self {
        ApiError::database(e.kind(), e)
    }

    fn database(kind: crate::db::sql::ErrorKind, e: impl std::fmt::Display) -> Self {
        if kind == crate::db::sql::ErrorKind::DiskFull {
            crate::db::STORAGE_FULL_WARNING.warn(format_args!("{e}"));
            return ApiError::new(
                ErrorCode::StorageFull,
                "the disk holding the sandbox's database is full, so nothing was changed; reads still work. Free \
                 some space where the database lives and send the request again: the sandbox recovers by itself",
            );
        }
        if kind == crate::db::sql::ErrorKind::Unavailable {
            crate::db::DATABASE_UNREACHABLE.warn(format_args!("{e}"));
            return ApiError::unavailable(
                "the sandbox lost its connection to its database while running the request; send it again \
                 shortly, with the same Idempotency-Key if it had one (the sandbox runs a keyed request once)",
            );
        }
        ApiError::internal(format_args!("database: {e}"))
    }

    pub fn status(&self) -> StatusCode {
        StatusCode::from_u16(self.code.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }

    pub fn envelope(&self, correlation_id: String) -> ErrorEnvelope {
        ErrorEnvelope {
            error: ErrorBody {
                code: self.code.as_str().to_owned(),
                message: self.message.to_string(),
                correlation_id,
                details: self.details.clone(),
            },
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for ApiError {}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::to_vec(&self.envelope(request_id::current())).unwrap_or_default();
        let mut response = (self.status(), body).into_response();
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
        if let Some(seconds) = self.retry_after {
            headers.insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        // A body that stopped arriving leaves the connection unusable.
        if self.code == ErrorCode::RequestTimeout {
            headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
        }
        // Layers that re-render errors (the flat-code routes) read this.
        response.extensions_mut().insert(self);
        response
    }
}

impl From<rusqlite::Error> for ApiError {
    fn from(e: rusqlite::Error) -> Self {
        ApiError::from_database(&e)
    }
}

impl From<crate::db::sql::Error> for ApiError {
    fn from(e: crate::db::sql::Error) -> Self {
        ApiError::from_statement(&e)
    }
}

impl From<serde_json::Error> for ApiError {
    fn from(e: serde_json::Error) -> Self {
        ApiError::internal(format_args!("serialisation: {e}"))
    }
}

/// Collects every problem of a request body before answering, so one 400
/// lists all bad fields at once.
#[derive(Debug, Default)]
pub struct Checks {
    issues: Vec<FieldIssue>,
}

impl Checks {
    pub fn new() -> Self {
        Checks::default()
    }

    pub fn push(&mut self, field: impl Into<String>, code: &str, message: impl Into<String>) {
        self.issues.push(FieldIssue::new(field, code, message));
    }

    /// A required text of `min..=max` characters (counted as characters,
    /// not bytes), not blank.
    pub fn text(&mut self, field: &str, value: &str, max: usize) {
        if value.trim().is_empty() {
            self.push(field, "required", "must not be empty");
        } else if value.chars().count() > max {
            self.push(field, "too_long", format!("must be at most {max} characters"));
        }
    }

    /// An identifier others must be told apart from (an email, a
    /// username): refused, and `false`, when it holds an invisible
    /// character (see [`text::invisible`](payctl_domain::text::invisible)).
    pub fn visible(&mut self, field: &str, value: &str) -> bool {
        match payctl_domain::text::invisible(value) {
            Some((at, c)) => {
                self.push(field, "invalid", payctl_domain::text::invisible_refusal(at, c));
                false
            }
            None => true,
        }
    }

    /// An optional text: absent is fine, present must obey `text`.
    pub fn optional_text(&mut self, field: &str, value: Option<&str>, max: usize) {
        if let Some(v) = value {
            self.text(field, v, max);
        }
    }

    pub fn is_ok(&self) -> bool {
        self.issues.is_empty()
    }

    /// The parsed value when nothing was wrong, else 400 VAL_0001 listing
    /// every issue. Field parsers push an issue for every field they return
    /// `None` for, so a missing value without an issue is a bug of ours.
    pub fn conclude<T>(self, parsed: Option<T>) -> Result<T, ApiError> {
        self.finish()?;
        parsed.ok_or_else(|| ApiError::internal("a request passed its checks with a field missing"))
    }

    /// `Ok` when nothing was wrong, else 400 VAL_0001 listing every issue.
    pub fn finish(self) -> Result<(), ApiError> {
        match self.issues.len() {
            0 => Ok(()),
            1 => {
                let issue = &self.issues[0];
                let message = format!("{}: {}", issue.field, issue.message);
                Err(ApiError::new(ErrorCode::Validation, message).with_details(self.issues))
            }
            n => Err(ApiError::new(ErrorCode::Validation, format!("{n} fields are invalid; see details"))
                .with_details(self.issues)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_collect_every_issue() {
        let mut c = Checks::new();
        c.text("name", "  ", 10);
        c.text("legal_name", &"x".repeat(11), 10);
        c.text("ok", "fine", 10);
        c.optional_text("description", None, 5);
        let err = c.finish().unwrap_err();
        assert_eq!(err.code, ErrorCode::Validation);
        let fields: Vec<_> = err.details.iter().map(|d| (d.field.as_str(), d.code.as_str())).collect();
        assert_eq!(fields, vec![("name", "required"), ("legal_name", "too_long")]);
    }

    #[test]
    fn text_length_counts_characters_not_bytes() {
        let mut c = Checks::new();
        c.text("name", &"é".repeat(10), 10);
        assert!(c.is_ok());
    }
}
