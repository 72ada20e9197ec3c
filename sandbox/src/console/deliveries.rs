//! Webhook deliveries of an application: every delivery of its endpoints
//! with each attempt as it was sent (time, status code, latency, error, URL,
//! signature header) and the exact body, filtered by endpoint, event type,
//! event and status, with redelivery.

use axum::extract::{Path, State};
use axum::http::Method;
use axum::response::Response;
use maud::{Markup, html};
use payctl_wire::events::EventType;
use payctl_wire::faults::FaultKind;
use payctl_wire::webhooks::{Delivery, DeliveryRole};

use super::dispatch::segment;
use super::extract::{AppForm, AppPage, NEWEST, Params};
use super::html::{self, Section};
use super::{AppCtx, Call, Console, Failure, back};
use crate::store;
use crate::store::webhooks::DeliveryFilter;
use crate::webhooks::payload;

const STATUSES: &[&str] = &["pending", "succeeded", "failed"];

pub async fn list(
    State(console): State<Console>,
    AppPage { visitor, app }: AppPage,
    params: Params,
) -> Result<Response, Failure> {
    let page = params.page()?;
    let Params(params) = params;
    let get = |k: &str| params.get(k).cloned();
    let filter = DeliveryFilter {
        endpoint: get("endpoint"),
        event: get("event"),
        event_id: get("event_id"),
        status: get("status"),
    };
    let (id, f) = (app.id, filter.clone());
    let (list, endpoints) = console
        .state
        .db
        .read(move |conn| {
            let endpoints = store::webhooks::list(conn, id, &NEWEST)?.data;
            Ok((store::webhooks::deliveries_of_application(conn, id, &f, &page)?, endpoints))
        })
        .await?;
    let url_of = |id: &str| endpoints.iter().find(|e| e.id == id).map(|e| e.url.clone()).unwrap_or_default();
    let kept: Vec<(&str, String)> = ["endpoint", "event", "event_id", "status"]
        .iter()
        .map(|k| (*k, params.get(*k).cloned().unwrap_or_default()))
        .collect();
    let value = |k: &str| params.get(k).cloned().unwrap_or_default();
    let body = html! {
        form.filters method="get" action=(app.href("deliveries")) {
            label { "Endpoint"
                select name="endpoint" {
                    option value="" { "any" }
                    @for e in &endpoints { option value=(e.id) selected[value("endpoint") == e.id] { (e.url) } }
                }
            }
            label { "Event"
                select name="event" {
                    option value="" { "any" }
                    @for e in EventType::ALL { option value=(e.as_str()) selected[value("event") == e.as_str()] { (e.as_str()) } }
                }
            }
            label { "Status"
                select name="status" {
                    option value="" { "any" }
                    @for s in STATUSES { option value=(s) selected[value("status") == *s] { (s) } }
                }
            }
            @if !value("event_id").is_empty() { input type="hidden" name="event_id" value=(value("event_id")); }
            button type="submit" { "Filter" }
            a href=(app.href("deliveries")) { "Clear" }
        }
        p.live-status data-live-status="delivery-rows" { "Live: the list refreshes every 2 seconds." }
        div id="delivery-rows" data-live="2000" {
            @if list.data.is_empty() { (html::empty("No deliveries match.")) } @else {
                table {
                    thead { tr { th { "Delivery" } th { "Event" } th { "Endpoint" } th { "Status" } th.num { "Attempts" } th { "Last answer" } th { "Fault" } th { "Verdict" } th { "Created" } th { "Next attempt" } } }
                    tbody {
                        @for d in &list.data { (delivery_row(&app, d, &url_of(&d.webhook_id))) }
                    }
                }
            }
            (html::older(&app.href("deliveries"), &kept, list.next_cursor.as_deref()))
        }
    };
    Ok(console.page(&visitor, Some(&app), Section::Deliveries, "Webhook deliveries", body).await)
}

/// A delivery's status; a probe the receiver refused reads as the success
/// it is, in the words the CLI uses.
fn delivery_status(d: &Delivery) -> Markup {
    if d.refused_as_expected() { html::badge(html::Tone::Good, d.status_words()) } else { html::status(d.status) }
}

fn delivery_row(app: &AppCtx, d: &Delivery, url: &str) -> Markup {
    let last = d.attempts.last();
    html! {
        tr {
            td.mono { a href=(app.href(&format!("deliveries/{}", d.id))) { (d.id) } }
            td { code { (d.event) } }
            td.mono { (url) }
            td { (delivery_status(d)) }
            td.num { (d.attempt_count) }
            td {
                @if let Some(a) = last {
                    @match a.status_code { Some(c) => (html::http_status(c)), None => span.badge.bad { "no answer" } }
                    " " span.muted { (a.latency_ms) " ms" }
                } @else { span.muted { "not sent yet" } }
            }
            td {
                @if d.role != DeliveryRole::Genuine { span.muted { (d.role.as_str()) } " " }
                (html::fault_kind(d.fault.as_ref().map(|f| f.fault.kind)))
            }
            td { @if let Some(a) = last { (html::verdict(a.verdict)) } }
            td { (html::time(&d.created_at)) }
            td { @if let Some(n) = &d.next_attempt_at { (html::time(n)) } }
        }
    }
}

pub async fn detail(
    State(console): State<Console>,
    AppPage { visitor, app }: AppPage,
    Path((_, id)): Path<(String, String)>,
) -> Result<Response, Failure> {
    let application_id = app.id;
    let found = console
        .state
        .db
        .read(move |conn| {
            let Some((delivery, attempts)) = store::webhooks::delivery_sent(conn, application_id, &id)? else {
                return Ok(None);
            };
            let event = store::events::find(conn, application_id, &delivery.event_id)?;
            let endpoint = store::webhooks::find(conn, application_id, &delivery.webhook_id)?.map(|e| e.1);
            Ok(Some((delivery, attempts, event, endpoint)))
        })
        .await?;
    let (d, attempts, event, endpoint) = found.ok_or(Failure::NotFound)?;
    let body_text = event.as_ref().map(|e| payload(&e.row())).unwrap_or_default();
    let body = html! {
        dl.facts {
            dt { "Delivery id" } dd.mono { (d.id) }
            dt { "Event" } dd { code { (d.event) } " " span.mono.muted { (d.event_id) } }
            dt { "Endpoint" } dd.mono { a href=(app.href(&format!("webhooks/{}", d.webhook_id))) {
                (endpoint.as_ref().map(|e| e.url.as_str()).unwrap_or(&d.webhook_id)) } }
            dt { "Created" } dd { (html::time(&d.created_at)) }
            dt { "Role" } dd { (d.role.as_str())
                @match d.role {
                    DeliveryRole::Genuine => span.muted { ": the event's own delivery, retried until it succeeds" },
                    DeliveryRole::Duplicate => span.muted { ": a copy a duplicate fault sent again; a correct receiver answers 2xx" },
                    DeliveryRole::Probe => span.muted { ": a probe a correct receiver refuses; attempted once" },
                }
            }
            @if let Some(fault) = &d.fault {
                dt { "Fault" } dd { (html::fault_kind(Some(fault.fault.kind))) " "
                    @if let Some(rule) = &fault.rule_id { "rule " a.mono href=(app.href("faults")) { (rule) } } }
            }
        }
        div.actions {
            (html::action(&visitor, &app.href(&format!("deliveries/{}/redeliver", d.id)), "Redeliver", None, ""))
        }
        p.live-status data-live-status="attempts" { "Live: attempts refresh every 2 seconds." }
        div id="attempts" data-live="2000" {
            dl.facts {
                dt { "Status" } dd {
                    @if d.role == DeliveryRole::Probe
                        && attempts.last().and_then(|a| a.attempt.verdict) == Some(payctl_wire::webhooks::Verdict::Ok)
                    {
                        (html::badge(html::Tone::Good, payctl_wire::webhooks::REFUSED_AS_EXPECTED))
                    } @else { (html::status(d.status)) }
                }
                dt { "Attempts" } dd { (d.attempt_count) }
                dt { "Next attempt" } dd { @match &d.next_attempt_at { Some(n) => (html::time(n)), None => span.muted { "none" } } }
            }
            h2 { "Attempts" }
            @if attempts.is_empty() { (html::empty("No attempt yet.")) } @else {
                table {
                    thead { tr { th.num { "#" } th { "Time" } th { "Status code" } th.num { "Latency" } th { "Fault" } th { "Verdict" } th { "Error" } th { "URL and signature header" } } }
                    tbody {
                        @for a in &attempts {
                            tr {
                                td.num { (a.attempt.number) }
                                td { (html::time(&a.attempt.attempted_at)) }
                                td { @match a.attempt.status_code { Some(c) => (html::http_status(c)), None => span.badge.bad { "no answer" } } }
                                td.num { (a.attempt.latency_ms) " ms" }
                                td { (html::fault_kind(a.attempt.fault_kind)) }
                                td { (html::verdict(a.attempt.verdict)) }
                                td { (a.attempt.error.as_deref().unwrap_or("")) }
                                td.mono {
                                    (a.url.as_deref().unwrap_or("")) br;
                                    @if let Some(sig) = &a.signature { "X-Service-Signature: " (sig) } @else { span.muted { "signature not recorded" } }
                                    br; span.muted { "X-Service-Event: " (d.event) br; "X-Request-ID: " (a.attempt.request_id) }
                                }
                            }
                        }
                    }
                }
            }
        }
        h2 { "Body" }
        @if d.fault.as_ref().is_some_and(|f| f.fault.kind == FaultKind::TamperedBody) {
            p.muted { "This probe sent these bytes with the timestamp one second later, under the signature of the "
                "bytes below: a receiver that verifies refuses it." }
        } @else if d.fault.as_ref().is_some_and(|f| f.fault.kind == FaultKind::ForgedSignature) && d.role == DeliveryRole::Probe {
            p.muted { "This probe sent these exact bytes signed with a wrong secret: a receiver that verifies refuses it." }
        } @else {
            p.muted { "Every attempt sends these exact bytes; the signature is the HMAC-SHA256 of "
                code { "<t>.<body>" } " with the endpoint's secret." }
        }
        (html::copyable("payload", "body", &body_text))
    };
    Ok(console.page(&visitor, Some(&app), Section::Deliveries, format!("Delivery of {}", d.event), body).await)
}

/// `POST /v1/webhooks/{endpoint}/deliveries/{id}/redeliver`.
pub async fn redeliver(
    State(console): State<Console>,
    Path((_, id)): Path<(String, String)>,
    AppForm { visitor, app, fields }: AppForm,
) -> Result<Response, Failure> {
    let application_id = app.id;
    let lookup = id.clone();
    let found =
        console.state.db.read(move |conn| store::webhooks::delivery_sent(conn, application_id, &lookup)).await?;
    let (delivery, _) = found.ok_or(Failure::NotFound)?;
    let path = format!("/v1/webhooks/{}/deliveries/{}/redeliver", segment(&delivery.webhook_id), segment(&id));
    console.act(&visitor, app.caller(), Call::new(Method::POST, &path, None), &fields, "Redelivery queued.").await;
    Ok(back(&app.href(&format!("deliveries/{}", segment(&id)))))
}
