//! `GET /v1/logs` (spec 4.11): the caller's application's request logs,
//! newest first, with every filter of the specification.

use axum::Json;
use axum::extract::State;
use payctl_wire::logs::RequestLog;
use payctl_wire::page::Page;
use serde::Deserialize;

use payctl_domain::time::Timestamp;
use payctl_wire::logs::LogMethod;

use crate::auth::KeyCaller;
use crate::error::{ApiError, Checks};
use crate::http::extract::ApiQuery;
use crate::http::pagination::{PageQuery, PageRequest};
use crate::request_log;
use crate::state::AppState;
use crate::store::request_logs::{self, LogFilter};

const METHODS: &[&str] = LogMethod::VALUES;
const MAX_ENDPOINT: usize = 2048;

/// Query parameters of `GET /v1/logs`, as sent.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct LogQuery {
    /// `GET`, `POST`, `PUT`, `PATCH` or `DELETE` (any case).
    #[param(value_type = Option<LogMethod>)]
    pub method: Option<String>,
    /// A path starting with `/`: matches that path and every path below it
    /// (`/v1/customers` matches `/v1/customers/…`, not `/v1/customers-x`).
    /// No query string or fragment, no control characters, at most 2048
    /// bytes.
    #[param(pattern = r"^/[^?#\x00-\x1f\x7f-\x9f]*$", max_length = 512)]
    pub endpoint: Option<String>,
    /// Lowest status code, 100 to 599; not above `status_code_lte`.
    #[param(value_type = Option<u16>, minimum = 100, maximum = 599)]
    pub status_code_gte: Option<String>,
    /// Highest status code, 100 to 599.
    #[param(value_type = Option<u16>, minimum = 100, maximum = 599)]
    pub status_code_lte: Option<String>,
    /// Requests at or after this time (ISO 8601 with a time zone; sandbox
    /// clock); not after `to_date`.
    #[param(format = DateTime)]
    pub from_date: Option<String>,
    /// Requests at or before this time (ISO 8601 with a time zone; sandbox clock).
    #[param(format = DateTime)]
    pub to_date: Option<String>,
    /// Page size, 1 to 100 (default 25).
    pub limit: Option<String>,
    /// `next_cursor` of the previous page.
    pub cursor: Option<String>,
}

fn status_code(checks: &mut Checks, field: &str, raw: Option<&str>) -> Option<u16> {
    let raw = raw?;
    match raw.parse::<u16>() {
        Ok(n) if (100..=599).contains(&n) => Some(n),
        _ => {
            checks.push(field, "out_of_range", "must be an HTTP status code from 100 to 599");
            None
        }
    }
}

fn date(checks: &mut Checks, field: &str, raw: Option<&str>) -> Option<Timestamp> {
    let raw = raw?;
    let parsed = Timestamp::parse_rfc3339(raw);
    if parsed.is_none() {
        checks.push(field, "invalid", "must be an ISO 8601 timestamp with a time zone, e.g. 2026-01-31T12:00:00Z");
    }
    parsed
}

/// Validates every filter at once.
pub fn parse(query: &LogQuery) -> Result<(LogFilter, PageRequest), ApiError> {
    let mut checks = Checks::new();
    let method = query.method.as_deref().and_then(|m| {
        let upper = m.to_ascii_uppercase();
        if METHODS.contains(&upper.as_str()) {
            Some(upper)
        } else {
            checks.push("method", "invalid", format!("must be one of {}", METHODS.join(", ")));
            None
        }
    });
    let endpoint = query.endpoint.as_deref().and_then(|e| {
        if !e.starts_with('/') || e.len() > MAX_ENDPOINT || e.contains(['?', '#']) || e.chars().any(char::is_control) {
            checks.push("endpoint", "invalid", "must be a path starting with / (no query string), at most 2048 bytes");
            None
        } else {
            Some(e.trim_end_matches('/').to_owned())
        }
    });
    let gte = status_code(&mut checks, "status_code_gte", query.status_code_gte.as_deref());
    let lte = status_code(&mut checks, "status_code_lte", query.status_code_lte.as_deref());
    if let (Some(g), Some(l)) = (gte, lte)
        && g > l
    {
        checks.push("status_code_gte", "out_of_range", "must not be above status_code_lte");
    }
    let from = date(&mut checks, "from_date", query.from_date.as_deref());
    let to = date(&mut checks, "to_date", query.to_date.as_deref());
    if let (Some(f), Some(t)) = (from, to)
        && f > t
    {
        checks.push("from_date", "out_of_range", "must not be after to_date");
    }
    let page = PageRequest::check(&PageQuery { limit: query.limit.clone(), cursor: query.cursor.clone() }, &mut checks);
    checks.finish()?;
    let filter = LogFilter { method, endpoint, status_code_gte: gte, status_code_lte: lte, from, to };
    Ok((filter, page))
}

/// List request logs
///
/// The request logs of the caller's application, newest first, bodies redacted. Logs are written in
/// the background; a read waits for the records queued before it, so every request answered before
/// the read is in it.
#[utoipa::path(get, path = "/v1/logs", tag = "logs", operation_id = "listRequestLogs",
    params(LogQuery),
    responses((status = 200, body = Page<RequestLog>, description = "request logs, newest first")))]
pub async fn list(
    State(state): State<AppState>,
    caller: KeyCaller,
    ApiQuery(query): ApiQuery<LogQuery>,
) -> Result<Json<Page<RequestLog>>, ApiError> {
    let (filter, page) = parse(&query)?;
    let application_id = caller.application_id;
    let logs = request_log::read(&state, move |conn| request_logs::list(conn, application_id, &filter, &page)).await?;
    Ok(Json(logs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bad_filter_is_reported_at_once() {
        let query = LogQuery {
            method: Some("FETCH".into()),
            endpoint: Some("v1/logs".into()),
            status_code_gte: Some("99".into()),
            status_code_lte: Some("abc".into()),
            from_date: Some("yesterday".into()),
            to_date: Some("2026-01-01".into()),
            limit: Some("0".into()),
            cursor: Some("nope".into()),
        };
        let e = parse(&query).unwrap_err();
        let fields: Vec<_> = e.details.iter().map(|d| d.field.as_str()).collect();
        assert_eq!(
            fields,
            ["method", "endpoint", "status_code_gte", "status_code_lte", "from_date", "to_date", "limit", "cursor"]
        );
    }

    #[test]
    fn ranges_must_be_ordered_and_values_normalised() {
        let crossed = LogQuery {
            status_code_gte: Some("500".into()),
            status_code_lte: Some("400".into()),
            from_date: Some("2026-02-01T00:00:00Z".into()),
            to_date: Some("2026-01-01T00:00:00Z".into()),
            ..Default::default()
        };
        let e = parse(&crossed).unwrap_err();
        let fields: Vec<_> = e.details.iter().map(|d| (d.field.as_str(), d.code.as_str())).collect();
        assert_eq!(fields, [("status_code_gte", "out_of_range"), ("from_date", "out_of_range")]);

        let ok =
            LogQuery { method: Some("post".into()), endpoint: Some("/v1/customers/".into()), ..Default::default() };
        let (filter, page) = parse(&ok).unwrap();
        assert_eq!(filter.method.as_deref(), Some("POST"));
        assert_eq!(filter.endpoint.as_deref(), Some("/v1/customers"));
        assert_eq!(page.limit, 25);
    }
}
