//! A TEST application's copies: "Fork" (`POST /sandbox/fork` as the
//! application; the fork's id, its new key's secret once, and a link to
//! it) and "Download snapshot" (`GET /sandbox/snapshot`, plain or
//! redacted, as a file).

use axum::extract::State;
use axum::http::Method;
use axum::response::Response;
use maud::{Markup, html};
use serde_json::Value;

use super::extract::{AppForm, AppPage, Params};
use super::html::{self, Section};
use super::session::{Flash, Visitor};
use super::{AppCtx, CONSOLE, Call, Console, Failure, SecretPage, back};

/// The card's part for a TEST application: the fork form and the
/// snapshot's downloads.
pub fn card(visitor: &Visitor, app: &AppCtx) -> Markup {
    html! {
        h3 { "Fork and snapshot" }
        p.muted { "A fork is a new TEST application holding a copy of this one's world; a snapshot is that world \
                   as a file, with no secret in it." }
        form.filters method="post" action=(app.href("fork")) {
            (html::form_guard(visitor))
            label { "Fork's name (optional)" input type="text" name="name" maxlength="128"; }
            button.secondary type="submit" { "Fork" }
        }
        p {
            a href=(app.href("snapshot")) download { "Download snapshot" } " · "
            a href=(app.href("snapshot?redact=true")) download { "Download redacted snapshot" }
        }
    }
}

/// `POST /sandbox/fork` as the application; the fork's key is shown once.
pub async fn fork(
    State(console): State<Console>,
    AppForm { visitor, app, fields }: AppForm,
) -> Result<Response, Failure> {
    let mut body = serde_json::Map::new();
    if let Some(name) = fields.text("name") {
        body.insert("name".into(), name.into());
    }
    let answer = console
        .submit(app.caller(), Call::new(Method::POST, "/sandbox/fork", Some(Value::Object(body))), &fields)
        .await;
    let made = &answer.body["application"];
    let id = made["id"].as_str().unwrap_or_default();
    let copied: i64 = answer.body["copied"].as_object().map_or(0, |m| m.values().filter_map(Value::as_i64).sum());
    let rest = html! {
        dl.facts {
            dt { "Fork" } dd.mono id="fork-id" { (id) }
            dt { "Name" } dd { (made["name"].as_str().unwrap_or_default()) }
            dt { "Forked from" } dd { (app.name) " " span.mono.muted { (app.public_id) } }
            dt { "Records copied" } dd { (copied) }
        }
        p {
            a href={ (CONSOLE) "/apps/" (id) "/customers" } { "Open the fork" } " · "
            a href={ (CONSOLE) "/overview" } { "Back to the overview" }
        }
    };
    let page = SecretPage {
        title: "Fork created",
        what: "the fork's key",
        member: "/api_key/client_secret",
        element: "fork-key-secret",
        app: None,
        section: Section::Overview,
        back_to: format!("{CONSOLE}/overview"),
    };
    Ok(console.secret_page(&visitor, &answer, page, rest).await)
}

/// `GET /sandbox/snapshot` (`?redact=true` for the redacted one) as a file.
pub async fn snapshot(
    State(console): State<Console>,
    AppPage { visitor, app }: AppPage,
    Params(params): Params,
) -> Result<Response, Failure> {
    let redact = params.get("redact").is_some_and(|v| v == "true");
    let path = if redact { "/sandbox/snapshot?redact=true" } else { "/sandbox/snapshot" };
    let answer = console.api.read(app.caller(), path).await;
    if !answer.ok() {
        let (text, details) = answer.failure();
        console.flashes.push(&visitor, Flash::failed(text, details)).await;
        return Ok(back(&format!("{CONSOLE}/overview")));
    }
    let file = format!("snapshot-{}{}.json", app.public_id, if redact { "-redacted" } else { "" });
    super::download(&file, &answer.body)
}
