//! Trigger any of the seven events for a TEST application: recorded with
//! sample data through the ordinary outbox (`POST /sandbox/events/trigger`)
//! and delivered to the subscribed endpoints like any other.

use axum::extract::State;
use axum::http::Method;
use axum::response::Response;
use maud::html;
use payctl_wire::events::EventType;
use serde_json::json;

use super::extract::{AppForm, AppPage};
use super::html::{self, Section};
use super::{Call, Console, Failure, back};

pub async fn page(State(console): State<Console>, AppPage { visitor, app }: AppPage) -> Result<Response, Failure> {
    let body = html! {
        @if app.is_test() {
            p { "The event is recorded with realistic sample data and delivered to every enabled endpoint of this "
                "application subscribed to it. You are taken to its deliveries." }
            form.stack method="post" action=(app.href("trigger")) {
                (html::form_guard(&visitor))
                label { "Event"
                    select name="event" required {
                        @for e in EventType::ALL { option value=(e.as_str()) { (e.as_str()) } }
                    }
                }
                label { "Resource id (optional; letters, digits, - and _)" input type="text" name="resource_id" maxlength="128"; }
                div { button type="submit" { "Trigger event" } }
            }
        } @else {
            p { "Events can be triggered for TEST applications only." }
        }
    };
    Ok(console.page(&visitor, Some(&app), Section::Trigger, "Trigger an event", body).await)
}

/// `POST /sandbox/events/trigger` as the application.
pub async fn trigger(
    State(console): State<Console>,
    AppForm { visitor, app, fields }: AppForm,
) -> Result<Response, Failure> {
    let mut body = json!({ "event": fields.get("event").unwrap_or("") });
    if let Some(id) = fields.text("resource_id") {
        body["resource_id"] = id.into();
    }
    let answer =
        console.submit(app.caller(), Call::new(Method::POST, "/sandbox/events/trigger", Some(body)), &fields).await;
    let done = format!(
        "Event {} recorded; {} deliveries queued.",
        answer.body["id"].as_str().unwrap_or("?"),
        answer.body["deliveries"].as_u64().unwrap_or(0)
    );
    console.flashes.push(&visitor, super::outcome(&answer, &done)).await;
    match answer.body["id"].as_str().filter(|_| answer.ok()) {
        Some(event) => Ok(back(&format!("{}?event_id={event}", app.href("deliveries")))),
        None => Ok(back(&app.href("trigger"))),
    }
}
