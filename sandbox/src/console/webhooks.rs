//! Webhooks of an application: endpoints (create, edit, rotate the secret
//! (shown once), delete) and deliveries with every attempt as it was sent
//! (time, status code, latency, error, URL, signature header) and the exact
//! body, filtered by endpoint, event and status, with redelivery.

use axum::extract::{Path, RawQuery, State};
use axum::http::Method;
use axum::response::Response;
use maud::{Markup, html};
use payctl_wire::events::EventType;
use payctl_wire::webhooks::{Delivery, WebhookEndpoint};
use serde_json::{Value, json};

use super::dispatch::segment;
use super::form::{Fields, query};
use super::html::{self, Section};
use super::overview::once_secret;
use super::session::Visitor;
use super::{AppCtx, Call, Console, Failure, back, outcome};
use crate::http::pagination::{PageQuery, PageRequest};
use crate::store;
use crate::store::webhooks::DeliveryFilter;
use crate::webhooks::payload;

const STATUSES: &[&str] = &["pending", "succeeded", "failed"];

fn event_boxes(checked: &[String]) -> Markup {
    html! {
        fieldset {
            legend { "Events" }
            @for e in EventType::ALL {
                label { input type="checkbox" name="events" value=(e.as_str()) checked[checked.iter().any(|c| c == e.as_str())]; (e.as_str()) }
            }
        }
    }
}

pub async fn endpoints(
    State(console): State<Console>,
    visitor: Visitor,
    Path(app): Path<String>,
) -> Result<Response, Failure> {
    let app = console.app(&visitor, app).await?;
    let id = app.id;
    let all = PageRequest { limit: 100, before: None };
    let list = console.state.db.read(move |conn| store::webhooks::list(conn, id, &all)).await?.data;
    let body = html! {
        p { a href=(app.href("deliveries")) { "All deliveries →" } }
        @if list.is_empty() { (html::empty("No endpoints yet.")) } @else {
            table {
                thead { tr { th { "Endpoint" } th { "Events" } th { "Status" } th { "Secret" } th { "Created" } } }
                tbody {
                    @for e in &list {
                        tr {
                            td { a.mono href=(app.href(&format!("webhooks/{}", e.id))) { (e.url) }
                                 @if let Some(d) = &e.description { br; span.muted { (d) } } }
                            td { @for ev in &e.events { code { (ev) } " " } }
                            td { (html::status(&e.status)) }
                            td.mono { (e.masked_secret) }
                            td { (html::time(&e.created_at)) }
                        }
                    }
                }
            }
        }
        h2 { "New endpoint" }
        form.stack method="post" action=(app.href("webhooks")) {
            (html::form_guard(&visitor))
            label { "URL (https, or http on a loopback host)" input type="url" name="url" required placeholder="https://example.com/hooks"; }
            label { "Description (optional)" input type="text" name="description" maxlength="256"; }
            (event_boxes(&[]))
            div { button type="submit" { "Create endpoint" } }
        }
    };
    Ok(console.page(&visitor, Some(&app), Section::Webhooks, "Webhook endpoints", body))
}

/// The body of a create or update from the form; the API judges it.
fn endpoint_body(fields: &Fields, with_status: bool) -> Value {
    let mut body = json!({
        "url": fields.get("url").unwrap_or(""),
        "events": fields.all("events"),
    });
    if let Some(d) = fields.get("description") {
        body["description"] = d.into();
    }
    if with_status && let Some(s) = fields.get("status") {
        body["status"] = s.into();
    }
    body
}

/// A page showing a signing secret once (create, rotate), or back to
/// `page` with the API's message.
fn secret_answer(
    console: &Console,
    visitor: &Visitor,
    app: &AppCtx,
    answer: super::dispatch::Answer,
    title: &str,
) -> Response {
    let endpoint = answer.body["id"].as_str().unwrap_or_default().to_owned();
    if !answer.ok() || answer.replayed {
        console.flashes.push(visitor, outcome(&answer, &format!("{title}; the secret was shown once, then.")));
        let to = if endpoint.is_empty() { app.href("webhooks") } else { app.href(&format!("webhooks/{endpoint}")) };
        return back(&to);
    }
    let secret = answer.body["secret"].as_str().unwrap_or_default();
    let body = html! {
        (once_secret("the signing secret", "webhook-secret", secret))
        p { "Deliveries to " code { (answer.body["url"].as_str().unwrap_or("")) } " are signed with it from now on." }
        p { a href=(app.href(&format!("webhooks/{endpoint}"))) { "Go to the endpoint" } }
    };
    console.page(visitor, Some(app), Section::Webhooks, title, body)
}

/// `POST /v1/webhooks`.
pub async fn create(
    State(console): State<Console>,
    visitor: Visitor,
    Path(app): Path<String>,
    fields: Fields,
) -> Result<Response, Failure> {
    visitor.check(&fields)?;
    let app = console.app(&visitor, app).await?;
    let answer = console
        .submit(app.caller(), Call::new(Method::POST, "/v1/webhooks", Some(endpoint_body(&fields, false))), &fields)
        .await;
    if !answer.ok() {
        console.flashes.push(&visitor, outcome(&answer, ""));
        return Ok(back(&app.href("webhooks")));
    }
    Ok(secret_answer(&console, &visitor, &app, answer, "Endpoint created"))
}

async fn find_endpoint(console: &Console, app: &AppCtx, id: String) -> Result<WebhookEndpoint, Failure> {
    let application_id = app.id;
    let found = console.state.db.read(move |conn| Ok(store::webhooks::find(conn, application_id, &id)?)).await?;
    found.map(|(_, e)| e).ok_or(Failure::NotFound)
}

pub async fn endpoint(
    State(console): State<Console>,
    visitor: Visitor,
    Path((app, id)): Path<(String, String)>,
) -> Result<Response, Failure> {
    let app = console.app(&visitor, app).await?;
    let e = find_endpoint(&console, &app, id).await?;
    let base = app.href(&format!("webhooks/{}", e.id));
    let body = html! {
        dl.facts {
            dt { "Endpoint id" } dd.mono { (e.id) }
            dt { "Status" } dd { (html::status(&e.status)) }
            dt { "Secret" } dd.mono { (e.masked_secret) }
            dt { "Created" } dd { (html::time(&e.created_at)) }
            dt { "Updated" } dd { (html::time(&e.updated_at)) }
        }
        p { a href={ (app.href("deliveries")) "?endpoint=" (e.id) } { "Deliveries to this endpoint →" } }
        h2 { "Edit" }
        form.stack method="post" action=(base) {
            (html::form_guard(&visitor))
            label { "URL" input type="url" name="url" required value=(e.url); }
            label { "Description" input type="text" name="description" maxlength="256" value=(e.description.as_deref().unwrap_or("")); }
            label { "Status"
                select name="status" {
                    @for s in ["enabled", "disabled"] { option value=(s) selected[e.status == s] { (s) } }
                }
            }
            (event_boxes(&e.events))
            div { button type="submit" { "Save changes" } }
        }
        h2 { "Secret and removal" }
        div.actions {
            (html::action(&visitor, &format!("{base}/rotate"), "Rotate secret",
                Some("Rotate the signing secret? The old one signs nothing from now on."), "secondary"))
            (html::action(&visitor, &format!("{base}/delete"), "Delete endpoint",
                Some("Delete this endpoint with its deliveries?"), "danger"))
        }
    };
    Ok(console.page(&visitor, Some(&app), Section::Webhooks, e.url.clone(), body))
}

/// `PATCH /v1/webhooks/{id}`.
pub async fn update(
    State(console): State<Console>,
    visitor: Visitor,
    Path((app, id)): Path<(String, String)>,
    fields: Fields,
) -> Result<Response, Failure> {
    visitor.check(&fields)?;
    let app = console.app(&visitor, app).await?;
    let path = format!("/v1/webhooks/{}", segment(&id));
    console
        .act(
            &visitor,
            app.caller(),
            Call::new(Method::PATCH, &path, Some(endpoint_body(&fields, true))),
            &fields,
            "Endpoint saved.",
        )
        .await;
    Ok(back(&app.href(&format!("webhooks/{}", segment(&id)))))
}

/// `POST /v1/webhooks/{id}/secret/rotate`.
pub async fn rotate(
    State(console): State<Console>,
    visitor: Visitor,
    Path((app, id)): Path<(String, String)>,
    fields: Fields,
) -> Result<Response, Failure> {
    visitor.check(&fields)?;
    let app = console.app(&visitor, app).await?;
    let path = format!("/v1/webhooks/{}/secret/rotate", segment(&id));
    let answer = console.submit(app.caller(), Call::new(Method::POST, &path, None), &fields).await;
    if !answer.ok() {
        console.flashes.push(&visitor, outcome(&answer, ""));
        return Ok(back(&app.href("webhooks")));
    }
    Ok(secret_answer(&console, &visitor, &app, answer, "Secret rotated"))
}

/// `DELETE /v1/webhooks/{id}`.
pub async fn delete(
    State(console): State<Console>,
    visitor: Visitor,
    Path((app, id)): Path<(String, String)>,
    fields: Fields,
) -> Result<Response, Failure> {
    visitor.check(&fields)?;
    let app = console.app(&visitor, app).await?;
    let path = format!("/v1/webhooks/{}", segment(&id));
    console.act(&visitor, app.caller(), Call::new(Method::DELETE, &path, None), &fields, "Endpoint deleted.").await;
    Ok(back(&app.href("webhooks")))
}

pub async fn deliveries(
    State(console): State<Console>,
    visitor: Visitor,
    Path(app): Path<String>,
    RawQuery(raw): RawQuery,
) -> Result<Response, Failure> {
    let app = console.app(&visitor, app).await?;
    let params = query(raw.as_deref());
    let get = |k: &str| params.get(k).cloned();
    let filter = DeliveryFilter {
        endpoint: get("endpoint"),
        event: get("event"),
        event_id: get("event_id"),
        status: get("status"),
    };
    let page = PageRequest::parse(&PageQuery { limit: Some("50".into()), cursor: get("cursor") })
        .map_err(|_| Failure::BadRequest("That page link is not one the console made.".into()))?;
    let (id, f) = (app.id, filter.clone());
    let (list, endpoints) = console
        .state
        .db
        .read(move |conn| {
            let endpoints = store::webhooks::list(conn, id, &PageRequest { limit: 100, before: None })?.data;
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
                    thead { tr { th { "Delivery" } th { "Event" } th { "Endpoint" } th { "Status" } th.num { "Attempts" } th { "Last answer" } th { "Created" } th { "Next attempt" } } }
                    tbody {
                        @for d in &list.data { (delivery_row(&app, d, &url_of(&d.webhook_id))) }
                    }
                }
            }
            (html::older(&app.href("deliveries"), &kept, list.next_cursor.as_deref()))
        }
    };
    Ok(console.page(&visitor, Some(&app), Section::Deliveries, "Webhook deliveries", body))
}

fn delivery_row(app: &AppCtx, d: &Delivery, url: &str) -> Markup {
    let last = d.attempts.last();
    html! {
        tr {
            td.mono { a href=(app.href(&format!("deliveries/{}", d.id))) { (d.id) } }
            td { code { (d.event) } }
            td.mono { (url) }
            td { (html::status(&d.status)) }
            td.num { (d.attempt_count) }
            td {
                @if let Some(a) = last {
                    @match a.status_code { Some(c) => (html::http_status(c)), None => span.badge.bad { "no answer" } }
                    " " span.muted { (a.latency_ms) " ms" }
                } @else { span.muted { "not sent yet" } }
            }
            td { (html::time(&d.created_at)) }
            td { @if let Some(n) = &d.next_attempt_at { (html::time(n)) } }
        }
    }
}

pub async fn delivery(
    State(console): State<Console>,
    visitor: Visitor,
    Path((app, id)): Path<(String, String)>,
) -> Result<Response, Failure> {
    let app = console.app(&visitor, app).await?;
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
        }
        div.actions {
            (html::action(&visitor, &app.href(&format!("deliveries/{}/redeliver", d.id)), "Redeliver", None, ""))
        }
        p.live-status data-live-status="attempts" { "Live: attempts refresh every 2 seconds." }
        div id="attempts" data-live="2000" {
            dl.facts {
                dt { "Status" } dd { (html::status(&d.status)) }
                dt { "Attempts" } dd { (d.attempt_count) }
                dt { "Next attempt" } dd { @match &d.next_attempt_at { Some(n) => (html::time(n)), None => span.muted { "none" } } }
            }
            h2 { "Attempts" }
            @if attempts.is_empty() { (html::empty("No attempt yet.")) } @else {
                table {
                    thead { tr { th.num { "#" } th { "Time" } th { "Status code" } th.num { "Latency" } th { "Error" } th { "URL and signature header" } } }
                    tbody {
                        @for a in &attempts {
                            tr {
                                td.num { (a.attempt.number) }
                                td { (html::time(&a.attempt.attempted_at)) }
                                td { @match a.attempt.status_code { Some(c) => (html::http_status(c)), None => span.badge.bad { "no answer" } } }
                                td.num { (a.attempt.latency_ms) " ms" }
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
        p.muted { "Every attempt sends these exact bytes; the signature is the HMAC-SHA256 of "
            code { "<t>.<body>" } " with the endpoint's secret." }
        (html::copyable("payload", "body", &body_text))
    };
    Ok(console.page(&visitor, Some(&app), Section::Deliveries, format!("Delivery of {}", d.event), body))
}

/// `POST /v1/webhooks/{endpoint}/deliveries/{id}/redeliver`.
pub async fn redeliver(
    State(console): State<Console>,
    visitor: Visitor,
    Path((app, id)): Path<(String, String)>,
    fields: Fields,
) -> Result<Response, Failure> {
    visitor.check(&fields)?;
    let app = console.app(&visitor, app).await?;
    let application_id = app.id;
    let lookup = id.clone();
    let found =
        console.state.db.read(move |conn| store::webhooks::delivery_sent(conn, application_id, &lookup)).await?;
    let (delivery, _) = found.ok_or(Failure::NotFound)?;
    let path = format!("/v1/webhooks/{}/deliveries/{}/redeliver", segment(&delivery.webhook_id), segment(&id));
    console.act(&visitor, app.caller(), Call::new(Method::POST, &path, None), &fields, "Redelivery queued.").await;
    Ok(back(&app.href(&format!("deliveries/{}", segment(&id)))))
}
