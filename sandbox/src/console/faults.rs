//! Fault rules of a TEST application (see [`crate::faults`]): the rules
//! that apply to it (its own and the operator's global ones) with how often
//! each matched and fired, a form that adds one of any kind with its
//! parameters, and removing one or all of its own. Every change goes
//! through `/sandbox/faults` as the application.
//!
//! The console's own calls are never faulted (the fault layer skips
//! in-process callers), so a rule matching every operation cannot lock the
//! page that removes it.

use axum::extract::{Path, State};
use axum::http::Method;
use axum::response::Response;
use maud::{Markup, html};
use payctl_wire::events::EventType;
use payctl_wire::faults::{AppliedFault, FaultKind, FaultRule};
use payctl_wire::logs::LogMethod;
use serde_json::{Map, Value, json};

use super::dispatch::segment;
use super::extract::{AppForm, AppPage, NEWEST};
use super::form::Fields;
use super::html::{self, Section};
use super::session::Flash;
use super::{AppCtx, Call, Console, Failure, back};
use crate::faults::Scope;
use crate::store;
use payctl_wire::faults::{
    DEFAULT_ERROR_STATUS, DEFAULT_RETRY_AFTER, DEFAULT_TIMEOUT_MS, ERROR_STATUSES, MAX_DELAY_MS, MAX_DELAY_S,
    MAX_RETRY_AFTER,
};

/// What a kind does, as the client (or the receiver) meets it.
pub fn effect(kind: FaultKind) -> &'static str {
    match kind {
        FaultKind::Error => "answered 5xx with the error envelope before the handler runs; nothing is stored",
        FaultKind::RateLimit => "answered 429 with Retry-After before the handler runs; nothing is stored",
        FaultKind::Latency => "held, then handled and answered normally",
        FaultKind::Timeout => "held without an answer, then the connection closes; the handler never runs",
        FaultKind::Reset => "the connection is reset at once; the handler never runs",
        FaultKind::DropResponse => {
            "handled and committed, then the connection closes without the answer: the work is done, the client \
             never reads it"
        }
        FaultKind::Duplicate => "the delivery is sent, and sent again later",
        FaultKind::Delay => "the delivery is held",
        FaultKind::OutOfOrder => "the delivery is held until the next event about the same resource is delivered",
        FaultKind::Drop => "the delivery's first attempt is recorded as failed without being sent",
        FaultKind::ForgedSignature => "an extra delivery signed with a wrong secret",
        FaultKind::StaleTimestamp => "an extra delivery correctly signed with a timestamp 600 s old",
        FaultKind::TamperedBody => "an extra delivery whose body differs from what was signed",
    }
}

/// Where a logged fault came from: its rule, or the request's own header.
pub fn source(applied: &AppliedFault) -> String {
    applied.rule_id.clone().unwrap_or_else(|| "X-Sandbox-Fault header".to_owned())
}

/// What a logged fault did to its request, in a sentence.
pub fn what_happened(applied: &AppliedFault, status_code: u16) -> String {
    let by = match &applied.rule_id {
        Some(rule) => format!("Fault rule {rule}"),
        None => "The request's own X-Sandbox-Fault header".to_owned(),
    };
    let kind = applied.fault.kind;
    let what = match kind {
        FaultKind::DropResponse => format!(
            "the request was handled and committed (the handler answered {status_code}), then the connection closed \
             without the answer: the client never read it, and a retry with the same Idempotency-Key replays it"
        ),
        FaultKind::Timeout | FaultKind::Reset => {
            format!("{}: no answer was sent (logged with status 0)", effect(kind))
        }
        _ => effect(kind).to_owned(),
    };
    format!("{by} injected {}: {what}.", applied.fault.describe())
}

/// The mark a faulted request gets in the log list.
pub fn mark(applied: &AppliedFault) -> Markup {
    html! {
        span.badge.fault title={ "Fault injected by " (source(applied)) ": " (effect(applied.fault.kind)) } {
            "fault: " (applied.fault.describe())
        }
        " " span.mono.muted.fault-source { (source(applied)) }
    }
}

fn rows(app: &AppCtx, visitor: &super::session::Visitor, rules: &[FaultRule]) -> Markup {
    if rules.is_empty() {
        return html::empty("No fault rules apply to this application: every request is answered normally.");
    }
    html! {
        table {
            thead { tr {
                th { "Rule" } th { "Fault" } th { "Match" } th.num { "Hits / times" } th.num { "Matched" }
                th.num { "Skip" } th { "Probability" } th { "State" } th { "Created" } th {}
            } }
            tbody {
                @for rule in rules {
                    tr {
                        td.mono.clip title=(rule.id) { (rule.id) @if rule.application_id.is_none() { br; span.muted { "global" } } }
                        td { code { (rule.fault.describe()) } }
                        td.mono { (rule.matcher.describe()) }
                        td.num { (rule.hits) " / " (rule.times.map_or("∞".to_owned(), |t| t.to_string()))
                            @if rule.per_endpoint { br; span.muted { "per endpoint" } } }
                        td.num { (rule.matched) }
                        td.num { (rule.skip) }
                        td { @if rule.probability >= 1.0 { "1" } @else { (rule.probability) " (seed " (rule.seed) ")" } }
                        td { @if rule.spent { (html::badge(html::Tone::Bad, "spent")) } @else { (html::badge(html::Tone::Good, "active")) } }
                        td { (html::time(&rule.created_at)) }
                        td {
                            @if rule.application_id.is_some() {
                                (html::action(visitor, &app.href(&format!("faults/{}/delete", rule.id)), "Remove",
                                    Some("Remove this fault rule?"), "secondary"))
                            } @else {
                                span.muted { "the operator's" }
                            }
                        }
                    }
                }
            }
        }
    }
}

pub async fn page(State(console): State<Console>, AppPage { visitor, app }: AppPage) -> Result<Response, Failure> {
    if !app.is_test() {
        let body = html! {
            p { "Fault rules never apply to a LIVE application: LIVE behaves like production. Use a TEST application "
                "to rehearse failures." }
        };
        return Ok(console.page(&visitor, Some(&app), Section::Faults, "Faults", body).await);
    }
    crate::faults::current(&console.state).await?;
    let rules: Vec<FaultRule> =
        console.state.faults.list(Scope::AppliesTo(app.id)).iter().map(|r| crate::api::faults::view(r)).collect();
    let id = app.id;
    let endpoints = console.state.db.read(move |conn| store::webhooks::list(conn, id, &NEWEST)).await?.data;
    let operations: Vec<String> = console
        .state
        .operations
        .get()
        .map(|ops| ops.all().iter().filter(|op| op.is_partner_api()).map(|op| op.id().to_owned()).collect())
        .unwrap_or_default();
    let own = rules.iter().any(|r| r.application_id.is_some());
    let request_kinds = FaultKind::ALL.iter().filter(|k| !k.is_delivery());
    let delivery_kinds = FaultKind::ALL.iter().filter(|k| k.is_delivery());
    let body = html! {
        p { "Rules make this application's API requests fail on purpose, the way production can, so you can check "
            "that your integration survives: 5xx answers, 429s, slow answers, timeouts, reset connections, and lost "
            "answers after the work was done. Faulted requests are marked in the "
            a href=(app.href("logs")) { "request logs" } " and answered with the " code { "X-Sandbox-Fault" }
            " header. The console's own actions are never faulted." }
        p.live-status data-live-status="fault-rows" { "Live: the counters refresh every 2 seconds." }
        div id="fault-rows" data-live="2000" { (rows(&app, &visitor, &rules)) }
        @if own {
            div.actions {
                (html::action(&visitor, &app.href("faults/clear"), "Remove all of this application's rules",
                    Some("Remove every fault rule of this application? Global rules stay."), "danger"))
            }
        }
        h2 { "New rule" }
        form.stack.fault-form method="post" action=(app.href("faults")) {
            (html::form_guard(&visitor))
            label { "Kind"
                select name="kind" required data-fault-kind {
                    optgroup label="API requests" {
                        @for k in request_kinds {
                            option value=(k.as_str()) selected[*k == FaultKind::Error] { (k.as_str()) " — " (effect(*k)) }
                        }
                    }
                    optgroup label="Webhook deliveries" {
                        @for k in delivery_kinds { option value=(k.as_str()) { (k.as_str()) " — " (effect(*k)) } }
                    }
                }
            }
            fieldset data-kinds="error rate_limit latency timeout reset drop_response" {
                legend { "Requests it matches (all given must hold; none: every operation)" }
                label { "Operation"
                    select name="operation_id" {
                        option value="" { "any" }
                        @for op in &operations { option value=(op) { (op) } }
                    }
                }
                label { "Method"
                    select name="method" {
                        option value="" { "any" }
                        @for m in LogMethod::VALUES { option value=(m) { (m) } }
                    }
                }
                label { "Path" input type="text" name="path" placeholder="/v1/customers/{id}" maxlength="512"; }
            }
            fieldset data-kinds="duplicate delay out_of_order drop forged_signature stale_timestamp tampered_body" {
                legend { "Deliveries it matches" }
                label { "Event"
                    select name="event" {
                        option value="*" { "every event (*)" }
                        @for e in EventType::ALL { option value=(e.as_str()) { (e.as_str()) } }
                    }
                }
                label { "Endpoint"
                    select name="endpoint_id" {
                        option value="" { "any" }
                        @for e in &endpoints { option value=(e.id) { (e.url) } }
                    }
                }
            }
            fieldset {
                legend { "Parameters of the kind" }
                label data-kinds="error" { "Status"
                    select name="status" {
                        @for s in ERROR_STATUSES { option value=(s) selected[s == DEFAULT_ERROR_STATUS] { (s) } }
                    }
                }
                label data-kinds="rate_limit" { "Retry-After (seconds, 1 to " (MAX_RETRY_AFTER) ")"
                    input type="number" name="retry_after" min="1" max=(MAX_RETRY_AFTER) placeholder=(DEFAULT_RETRY_AFTER); }
                label data-kinds="latency timeout" { "Delay (ms, 1 to " (MAX_DELAY_MS) "; latency needs one, timeout defaults to " (DEFAULT_TIMEOUT_MS) ")"
                    input type="number" name="delay_ms" min="1" max=(MAX_DELAY_MS); }
                label data-kinds="timeout" {
                    input type="checkbox" name="commit" value="true";
                    " Commit first: the request is handled and committed, then held silent and closed (the server "
                    "that committed after the client timed out)" }
                label data-kinds="duplicate delay" { "Delay (sandbox seconds, up to " (MAX_DELAY_S) "; delay needs one)"
                    input type="number" name="delay_s" min="0" max=(MAX_DELAY_S); }
                p.muted data-kinds="reset drop_response out_of_order drop forged_signature stale_timestamp tampered_body" {
                    "This kind takes no parameter." }
            }
            fieldset {
                legend { "When it fires" }
                label { "Skip (matches let through first)" input type="number" name="skip" min="0" placeholder="0"; }
                label { "Times (at most; empty: no limit)" input type="number" name="times" min="0"; }
                label { "Probability (0 to 1)" input type="text" name="probability" inputmode="decimal" placeholder="1"; }
                label { "Seed" input type="number" name="seed" min="0" placeholder="0"; }
                label data-kinds="duplicate delay out_of_order drop forged_signature stale_timestamp tampered_body" {
                    input type="checkbox" name="per_endpoint" value="true";
                    " Per endpoint: skip, times and the draws count each endpoint's deliveries apart" }
            }
            div { button type="submit" { "Add rule" } }
        }
    };
    Ok(console.page(&visitor, Some(&app), Section::Faults, "Faults", body).await)
}

/// The rule a form describes: the fields filled in, numbers as numbers;
/// the API judges the rest. A parameter the chosen kind does not take is
/// left out (the page hides it; without the script it is still sent).
fn rule_body(fields: &Fields) -> Result<Value, String> {
    let kind = fields.text("kind").unwrap_or_default();
    let parsed = FaultKind::parse(&kind);
    let delivery = parsed.is_some_and(FaultKind::is_delivery);
    let number = |name: &str, label: &str| -> Result<Option<Value>, String> {
        match fields.text(name) {
            None => Ok(None),
            Some(text) => match text.parse::<u64>() {
                Ok(n) => Ok(Some(json!(n))),
                Err(_) => Err(format!("{label}: {text:?} is not a whole number")),
            },
        }
    };
    let mut matcher = Map::new();
    let put = |map: &mut Map<String, Value>, name: &str, value: Option<Value>| {
        if let Some(value) = value {
            map.insert(name.to_owned(), value);
        }
    };
    if delivery {
        put(&mut matcher, "event", Some(json!(fields.text("event").unwrap_or_else(|| "*".to_owned()))));
        put(&mut matcher, "endpoint_id", fields.text("endpoint_id").map(Value::from));
    } else {
        for name in ["operation_id", "method", "path"] {
            put(&mut matcher, name, fields.text(name).map(Value::from));
        }
    }
    let takes = |param: &str| match parsed {
        Some(FaultKind::Error) => param == "status",
        Some(FaultKind::RateLimit) => param == "retry_after",
        Some(FaultKind::Latency) => param == "delay_ms",
        Some(FaultKind::Timeout) => param == "delay_ms" || param == "commit",
        Some(FaultKind::Duplicate | FaultKind::Delay) => param == "delay_s",
        // An unknown kind: everything goes, and the API names what is wrong.
        None => true,
        Some(_) => false,
    };
    let mut fault = Map::new();
    fault.insert("kind".to_owned(), json!(kind));
    for (name, label) in
        [("status", "Status"), ("retry_after", "Retry-After"), ("delay_ms", "Delay (ms)"), ("delay_s", "Delay (s)")]
    {
        if takes(name) {
            put(&mut fault, name, number(name, label)?);
        }
    }
    if takes("commit") && fields.text("commit").is_some() {
        fault.insert("commit".to_owned(), json!(true));
    }
    let mut body = Map::new();
    body.insert("match".to_owned(), Value::Object(matcher));
    body.insert("fault".to_owned(), Value::Object(fault));
    for (name, label) in [("skip", "Skip"), ("times", "Times"), ("seed", "Seed")] {
        put(&mut body, name, number(name, label)?);
    }
    if delivery && fields.text("per_endpoint").is_some() {
        body.insert("per_endpoint".to_owned(), json!(true));
    }
    if let Some(text) = fields.text("probability") {
        let n: serde_json::Number =
            serde_json::from_str(&text).map_err(|_| format!("Probability: {text:?} is not a number"))?;
        body.insert("probability".to_owned(), Value::Number(n));
    }
    Ok(Value::Object(body))
}

/// `POST /sandbox/faults` as the application.
pub async fn add(
    State(console): State<Console>,
    AppForm { visitor, app, fields }: AppForm,
) -> Result<Response, Failure> {
    let body = match rule_body(&fields) {
        Ok(body) => body,
        Err(problem) => {
            console.flashes.push(&visitor, Flash::failed("The rule was not added.", vec![problem])).await;
            return Ok(back(&app.href("faults")));
        }
    };
    let answer = console.submit(app.caller(), Call::new(Method::POST, "/sandbox/faults", Some(body)), &fields).await;
    let done = format!("Fault rule {} added.", answer.body["id"].as_str().unwrap_or("?"));
    console.flashes.push(&visitor, super::outcome(&answer, &done)).await;
    Ok(back(&app.href("faults")))
}

/// `DELETE /sandbox/faults/{id}` as the application.
pub async fn delete(
    State(console): State<Console>,
    Path((_, id)): Path<(String, String)>,
    AppForm { visitor, app, fields }: AppForm,
) -> Result<Response, Failure> {
    let path = format!("/sandbox/faults/{}", segment(&id));
    console.act(&visitor, app.caller(), Call::new(Method::DELETE, &path, None), &fields, "Fault rule removed.").await;
    Ok(back(&app.href("faults")))
}

/// `DELETE /sandbox/faults` as the application: its own rules.
pub async fn clear(
    State(console): State<Console>,
    AppForm { visitor, app, fields }: AppForm,
) -> Result<Response, Failure> {
    let done = "This application's fault rules were removed.";
    console.act(&visitor, app.caller(), Call::new(Method::DELETE, "/sandbox/faults", None), &fields, done).await;
    Ok(back(&app.href("faults")))
}
