//! Request logs of an application: a live list with the API's filters
//! (method, path, status range, time) where faulted requests are marked, a
//! detail view with the redacted request and answer and the fault that
//! shaped it, "copy as curl", and "export as fixture" (the same file as
//! `payctl logs export`, from the same code).

use std::collections::BTreeMap;

use axum::extract::{Path, State};
use axum::response::Response;
use maud::{Markup, html};
use payctl_domain::log_export;
use payctl_wire::logs::{LogMethod, REDACTED, RequestLog};
use serde_json::Value;

use super::extract::{AppPage, Params};
use super::faults;
use super::html::{self, Section};
use super::session::Flash;
use super::{AppCtx, Console, Failure, back};
use crate::api::logs::{LogQuery, parse};
use crate::http::pagination::{PageQuery, PageRequest};
use crate::request_log;
use crate::store::request_logs::{self, LogDetail, LogFilter};

/// Rows on one page of the list.
const PAGE: u32 = 50;
/// The filters, as the API names them (and the form sends them).
const FILTERS: &[&str] = &["method", "endpoint", "status_code_gte", "status_code_lte", "from_date", "to_date"];

/// The API's own parsing of the filters: the same rules, the same messages.
fn filters(params: &BTreeMap<String, String>, limit: u32) -> Result<(LogFilter, PageRequest), (String, Vec<String>)> {
    let get = |k: &str| params.get(k).cloned();
    let query = LogQuery {
        method: get("method"),
        endpoint: get("endpoint"),
        status_code_gte: get("status_code_gte"),
        status_code_lte: get("status_code_lte"),
        from_date: get("from_date"),
        to_date: get("to_date"),
        limit: Some(limit.to_string()),
        cursor: get("cursor"),
    };
    parse(&query)
        .map_err(|e| (e.message.to_string(), e.details.iter().map(|d| format!("{}: {}", d.field, d.message)).collect()))
}

pub async fn list(
    State(console): State<Console>,
    AppPage { visitor, app }: AppPage,
    Params(params): Params,
) -> Result<Response, Failure> {
    let (rows, next, problem) = match filters(&params, PAGE) {
        Ok((filter, page)) => {
            let id = app.id;
            let found =
                request_log::read(&console.state, move |conn| request_logs::list(conn, id, &filter, &page)).await?;
            (found.data, found.next_cursor, None)
        }
        Err((text, details)) => (Vec::new(), None, Some(Flash::failed(text, details))),
    };
    let kept: Vec<(&str, String)> = FILTERS.iter().map(|k| (*k, params.get(*k).cloned().unwrap_or_default())).collect();
    let export_query = {
        let mut q = form_urlencoded::Serializer::new(String::new());
        for (k, v) in kept.iter().filter(|(_, v)| !v.is_empty()) {
            q.append_pair(k, v);
        }
        q.finish()
    };
    let value = |k: &str| params.get(k).cloned().unwrap_or_default();
    let body = html! {
        p.muted { "Every request made with one of this application's keys (and the console's own actions, as key "
            code { "console" } "), newest first. Bodies and headers are redacted before they are stored." }
        form.filters method="get" action=(app.href("logs")) {
            label { "Method"
                select name="method" {
                    option value="" { "any" }
                    @for m in LogMethod::VALUES {
                        option value=(m) selected[value("method").eq_ignore_ascii_case(m)] { (m) }
                    }
                }
            }
            label { "Path (and below)" input type="text" name="endpoint" placeholder="/v1/customers" value=(value("endpoint")); }
            label { "Status from" input type="number" name="status_code_gte" min="100" max="599" value=(value("status_code_gte")); }
            label { "Status to" input type="number" name="status_code_lte" min="100" max="599" value=(value("status_code_lte")); }
            label { "From (ISO 8601, sandbox clock)" input type="text" name="from_date" placeholder="2026-01-01T00:00:00Z" value=(value("from_date")); }
            label { "To (ISO 8601, sandbox clock)" input type="text" name="to_date" value=(value("to_date")); }
            button type="submit" { "Filter" }
            a href=(app.href("logs")) { "Clear" }
        }
        div.actions {
            a href={ (app.href("logs/export")) @if !export_query.is_empty() { "?" (export_query) } } { "Export as fixture" }
            span.live-status data-live-status="log-rows" { "Live: the list refreshes every 2 seconds." }
        }
        @if let Some(problem) = &problem { (html::flash_box(problem)) }
        div id="log-rows" data-live="2000" {
            (table(&app, &rows))
            (html::older(&app.href("logs"), &kept, next.as_deref()))
        }
    };
    Ok(console.page(&visitor, Some(&app), Section::Logs, "Request logs", body).await)
}

fn table(app: &AppCtx, rows: &[RequestLog]) -> Markup {
    if rows.is_empty() {
        return html::empty("No requests match.");
    }
    html! {
        table {
            thead { tr { th { "Time" } th { "Method" } th { "Path" } th { "Status" } th.num { "Latency" } th { "Correlation id" } th { "Key" } } }
            tbody {
                @for log in rows {
                    tr {
                        td { (html::time(&log.requested_at)) }
                        td.mono { (log.method) }
                        td.mono {
                            a href=(app.href(&format!("logs/{}", log.id))) { (log.path) }
                            @if let Some(q) = &log.query { span.muted { "?" (q) } }
                        }
                        td {
                            (html::http_status(log.status_code)) @if let Some(code) = &log.error_code { " " span.muted { (code) } }
                            @if let Some(fault) = &log.fault { br; (faults::mark(fault)) }
                        }
                        td.num { (log.duration_ms) " ms" }
                        td.mono.clip title=(log.correlation_id) { (log.correlation_id) }
                        td.mono.clip title=(log.api_key_id) { (log.api_key_id) }
                    }
                }
            }
        }
    }
}

pub async fn detail(
    State(console): State<Console>,
    AppPage { visitor, app }: AppPage,
    Path((_, id)): Path<(String, String)>,
) -> Result<Response, Failure> {
    let application_id = app.id;
    let found = request_log::read(&console.state, move |conn| request_logs::find(conn, application_id, &id)).await?;
    let detail = found.ok_or(Failure::NotFound)?;
    let log = &detail.log;
    let curl = curl(&console.state.base_url(), &detail);
    let body = html! {
        dl.facts {
            dt { "Request" } dd.mono { (log.method) " " (log.path) @if let Some(q) = &log.query { "?" (q) } }
            dt { "Status" } dd { (html::http_status(log.status_code)) @if let Some(c) = &log.error_code { " " code { (c) } } }
            @if let Some(fault) = &log.fault {
                dt { "Fault" }
                dd.fault-detail {
                    (faults::mark(fault))
                    p { (faults::what_happened(fault, log.status_code)) }
                    @if fault.rule_id.is_some() { p { a href=(app.href("faults")) { "Fault rules of this application →" } } }
                }
            }
            dt { "Latency" } dd { (log.duration_ms) " ms" }
            dt { "Correlation id" } dd.mono { (log.correlation_id) }
            dt { "Key" } dd.mono { (log.api_key_id) }
            dt { "Requested" } dd { (html::time(&log.requested_at)) }
            dt { "Answered" } dd { (html::time(&log.responded_at)) }
            dt { "Log id" } dd.mono { (log.id) }
        }
        h2 { "Copy as curl" }
        p.muted { "The key is left for you to set as " code { "PAYCTL_API_KEY" } "; redacted values stay redacted." }
        (html::copyable("curl", "as curl", &curl))
        div.grid2 {
            section {
                h2 { "Request" }
                h3 { "Headers" }
                (headers(detail.request_headers.as_ref()))
                h3 { "Body" }
                @if let Some(cut) = &log.request_body_truncated {
                    p.truncated { (log_export::truncated_note(cut)) }
                    @if !cut.prefix.is_empty() { pre.mono { (cut.prefix) "…" } }
                } @else {
                    @match &log.request_body { Some(b) => (html::json(b)), None => (html::empty("No body.")) }
                }
            }
            section {
                h2 { "Answer" }
                h3 { "Headers" }
                (headers(detail.response_headers.as_ref()))
                h3 { "Body" }
                @match &detail.response_body { Some(b) => (html::json(b)), None => (html::empty("No body, or not kept.")) }
            }
        }
        @if detail.request_headers.is_none() {
            p.muted { "Headers and answers are kept for an application's newest 1,000 requests; under a load faster than "
                "the log writer, some requests keep their summary only." }
        }
        p { a href=(app.href("logs")) { "← All requests" } }
    };
    Ok(console.page(&visitor, Some(&app), Section::Logs, format!("{} {}", log.method, log.path), body).await)
}

fn headers(map: Option<&Value>) -> Markup {
    let Some(Value::Object(map)) = map else { return html::empty("Not kept.") };
    html! {
        table {
            tbody {
                @for (name, value) in map {
                    tr { th.mono { (name) } td.mono { (value.as_str().unwrap_or("")) } }
                }
            }
        }
    }
}

/// Single-quoted for a POSIX shell.
fn shell(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

/// The request as a curl command: the key left to `$PAYCTL_API_KEY`, the
/// headers that shape the request, the redacted body as stored.
pub fn curl(base_url: &str, detail: &LogDetail) -> String {
    let log = &detail.log;
    let mut url = format!("{base_url}{}", log.path);
    if let Some(q) = &log.query {
        url.push('?');
        url.push_str(q);
    }
    let mut lines =
        vec![format!("curl -X {} {}", log.method, shell(&url)), "-H \"X-API-Key: $PAYCTL_API_KEY\"".to_owned()];
    // Sent without the body the log did not keep whole: said first, so the
    // command is never taken for the request as it was.
    let unsent = log.request_body_truncated.as_ref().map(|cut| format!("# {}\n", log_export::truncated_note(cut)));
    let sent = |name: &str| {
        detail.request_headers.as_ref().and_then(|h| h[name].as_str()).filter(|v| *v != REDACTED).map(str::to_owned)
    };
    let content_type =
        sent("content-type").or_else(|| log.request_body.as_ref().map(|_| "application/json".to_owned()));
    for (name, value) in [("Content-Type", content_type), ("Idempotency-Key", sent("idempotency-key"))] {
        if let Some(v) = value {
            lines.push(format!("-H {}", shell(&format!("{name}: {v}"))));
        }
    }
    if let Some(body) = &log.request_body {
        lines.push(format!("--data-raw {}", shell(&body.to_string())));
    }
    format!("{}{}", unsent.unwrap_or_default(), lines.join(" \\\n  "))
}

/// Every log of the application `filter` selects, every page, oldest first.
async fn every_log(
    console: &Console,
    app_id: i64,
    filter: LogFilter,
    mut page: PageRequest,
) -> Result<Vec<RequestLog>, Failure> {
    let mut newest_first = Vec::new();
    loop {
        let (f, p) = (filter.clone(), page.clone());
        let found = request_log::read(&console.state, move |conn| request_logs::list(conn, app_id, &f, &p)).await?;
        newest_first.extend(found.data);
        let next = found.next_cursor.map(|cursor| {
            PageRequest::parse(&PageQuery { limit: page.limit.to_string().into(), cursor: Some(cursor) })
        });
        match next {
            Some(Ok(next)) => page = next,
            _ => break,
        }
    }
    Ok(log_export::replay_order(newest_first))
}

/// The fixture of every log matching the filters, oldest first, as a
/// download: the same transformation as `payctl logs export`, with ids read
/// back in-process (reads the request log does not record).
pub async fn export(
    State(console): State<Console>,
    AppPage { visitor, app }: AppPage,
    Params(params): Params,
) -> Result<Response, Failure> {
    let (filter, page) = match filters(&params, 100) {
        Ok(parsed) => parsed,
        Err((text, details)) => {
            console.flashes.push(&visitor, Flash::failed(text, details)).await;
            return Ok(back(&app.href("logs")));
        }
    };
    let logs = every_log(&console, app.id, filter.clone(), page).await?;
    if logs.is_empty() {
        console.flashes.push(&visitor, Flash::failed("No request logs match; nothing to export.", Vec::new())).await;
        return Ok(back(&app.href("logs")));
    }
    let api = &console.api;
    let read = |path: String| {
        let caller = app.caller();
        async move {
            let answer = api.read(caller, &path).await;
            answer.ok().then_some(answer.body)
        }
    };
    let mut done = log_export::within(logs, read).await;
    // Part of the log, and ids in it that it does not create: look before it,
    // as `payctl logs export` does.
    let narrow = filter.method.is_some()
        || filter.endpoint.is_some()
        || filter.status_code_gte.is_some()
        || filter.status_code_lte.is_some()
        || filter.from.is_some();
    if narrow && !done.literal.is_empty() {
        let before = LogFilter {
            to: done.logs.last().and_then(|l| payctl_domain::time::Timestamp::parse_rfc3339(&l.requested_at)),
            ..LogFilter::default()
        };
        let first = PageRequest::parse(&PageQuery { limit: Some("100".into()), cursor: None })
            .map_err(|_| Failure::Internal)?;
        let everything = every_log(&console, app.id, before, first).await?;
        done = log_export::with_earlier(&done.logs, everything, read).await;
    }
    let name = params.get("name").cloned().unwrap_or_else(|| "exported-logs".to_owned());
    let fixture = log_export::build_completed(&name, &done, &log_export::Fills::default());
    let file: String =
        name.chars().map(|c| if c.is_ascii_alphanumeric() || "-_.".contains(c) { c } else { '-' }).collect();
    super::download(&format!("{file}.json"), &fixture)
}
