//! Webhook endpoints of an application: create (the signing secret shown
//! once), edit url, description, events and status, rotate the secret
//! (shown once), delete. Their deliveries are [`super::deliveries`].

use axum::extract::{Path, State};
use axum::http::Method;
use axum::response::Response;
use maud::{Markup, html};
use payctl_wire::events::EventType;
use payctl_wire::webhooks::{WebhookEndpoint, WebhookStatus};
use serde_json::{Value, json};

use super::dispatch::Answer;
use super::dispatch::segment;
use super::extract::NEWEST;
use super::extract::{AppForm, AppPage};
use super::form::Fields;
use super::html::{self, Section};
use super::session::Visitor;
use super::{AppCtx, Call, Console, Failure, SecretPage, back};
use crate::store;

fn event_boxes(checked: &[EventType]) -> Markup {
    html! {
        fieldset {
            legend { "Events" }
            @for e in EventType::ALL {
                label { input type="checkbox" name="events" value=(e.as_str()) checked[checked.contains(&e)]; (e.as_str()) }
            }
        }
    }
}

pub async fn endpoints(State(console): State<Console>, AppPage { visitor, app }: AppPage) -> Result<Response, Failure> {
    let id = app.id;
    let list = console.state.db.read(move |conn| store::webhooks::list(conn, id, &NEWEST)).await?.data;
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
                            td { (html::status(e.status)) }
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
    Ok(console.page(&visitor, Some(&app), Section::Webhooks, "Webhook endpoints", body).await)
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

/// The page showing a signing secret once (create, rotate); see
/// [`Console::secret_page`].
async fn secret_answer(console: &Console, visitor: &Visitor, app: &AppCtx, answer: &Answer, title: &str) -> Response {
    let endpoint = answer.body["id"].as_str().unwrap_or_default();
    let rest = html! {
        p { "Deliveries to " code { (answer.body["url"].as_str().unwrap_or("")) } " are signed with it from now on." }
        p { a href=(app.href(&format!("webhooks/{endpoint}"))) { "Go to the endpoint" } }
    };
    let page = SecretPage {
        title,
        what: "the signing secret",
        member: "/secret",
        element: "webhook-secret",
        app: Some(app),
        section: Section::Webhooks,
        back_to: if endpoint.is_empty() { app.href("webhooks") } else { app.href(&format!("webhooks/{endpoint}")) },
    };
    console.secret_page(visitor, answer, page, rest).await
}

/// `POST /v1/webhooks`.
pub async fn create(
    State(console): State<Console>,
    AppForm { visitor, app, fields }: AppForm,
) -> Result<Response, Failure> {
    let answer = console
        .submit(app.caller(), Call::new(Method::POST, "/v1/webhooks", Some(endpoint_body(&fields, false))), &fields)
        .await;
    Ok(secret_answer(&console, &visitor, &app, &answer, "Endpoint created").await)
}

async fn find_endpoint(console: &Console, app: &AppCtx, id: String) -> Result<WebhookEndpoint, Failure> {
    let application_id = app.id;
    let found = console.state.db.read(move |conn| Ok(store::webhooks::find(conn, application_id, &id)?)).await?;
    found.map(|(_, e)| e).ok_or(Failure::NotFound)
}

pub async fn endpoint(
    State(console): State<Console>,
    AppPage { visitor, app }: AppPage,
    Path((_, id)): Path<(String, String)>,
) -> Result<Response, Failure> {
    let e = find_endpoint(&console, &app, id).await?;
    let base = app.href(&format!("webhooks/{}", e.id));
    let body = html! {
        dl.facts {
            dt { "Endpoint id" } dd.mono { (e.id) }
            dt { "Status" } dd { (html::status(e.status)) }
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
                    @for s in WebhookStatus::ALL { option value=(s.as_str()) selected[e.status == *s] { (s.as_str()) } }
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
    Ok(console.page(&visitor, Some(&app), Section::Webhooks, e.url.clone(), body).await)
}

/// `PATCH /v1/webhooks/{id}`.
pub async fn update(
    State(console): State<Console>,
    Path((_, id)): Path<(String, String)>,
    AppForm { visitor, app, fields }: AppForm,
) -> Result<Response, Failure> {
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
    Path((_, id)): Path<(String, String)>,
    AppForm { visitor, app, fields }: AppForm,
) -> Result<Response, Failure> {
    let path = format!("/v1/webhooks/{}/secret/rotate", segment(&id));
    let answer = console.submit(app.caller(), Call::new(Method::POST, &path, None), &fields).await;
    Ok(secret_answer(&console, &visitor, &app, &answer, "Secret rotated").await)
}

/// `DELETE /v1/webhooks/{id}`.
pub async fn delete(
    State(console): State<Console>,
    Path((_, id)): Path<(String, String)>,
    AppForm { visitor, app, fields }: AppForm,
) -> Result<Response, Failure> {
    let path = format!("/v1/webhooks/{}", segment(&id));
    console.act(&visitor, app.caller(), Call::new(Method::DELETE, &path, None), &fields, "Endpoint deleted.").await;
    Ok(back(&app.href("webhooks")))
}
