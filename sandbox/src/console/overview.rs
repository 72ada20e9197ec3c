//! The overview: the partner and its applications (TEST/LIVE), each with
//! its keys (create, the secret shown once; revoke), its clock (now,
//! and advance for TEST) and, for TEST, fork and snapshot ([`super::forks`]). A user without a partner registers one here.

use axum::extract::{Path, State};
use axum::http::Method;
use axum::response::Response;
use maud::{Markup, html};
use payctl_domain::time::Timestamp;
use payctl_wire::applications::{ApiKey, Application, KeyStatus};
use payctl_wire::auth::Partner;
use serde_json::{Value, json};

use super::dispatch::segment;
use super::extract::{AppForm, Form, NEWEST};
use super::html::{self, Section};
use super::session::Visitor;
use super::{AppCtx, CONSOLE, Call, Console, Failure, SecretPage, back, outcome};
use crate::store;

/// One application as the overview shows it.
struct AppView {
    ctx: AppCtx,
    app: Application,
    keys: Vec<ApiKey>,
    now: Timestamp,
    offset_seconds: i64,
}

/// A form value the API should judge: a JSON integer when it reads as
/// one, else the text as sent (which the API refuses with its own message).
pub fn integer_or_text(raw: &str) -> Value {
    raw.trim().parse::<i64>().map(Value::from).unwrap_or_else(|_| Value::from(raw.trim()))
}

pub async fn page(State(console): State<Console>, visitor: Visitor) -> Result<Response, Failure> {
    let Some(partner) = visitor.user.partner.clone() else {
        return Ok(console.page(&visitor, None, Section::Overview, "Overview", register_form(&visitor)).await);
    };
    let clocks = console.state.clock.clone();
    let (partner_row, apps) = console
        .state
        .db
        .read(move |conn| {
            let partner_row = store::partners::get(conn, partner.id)?;
            let mut apps = Vec::new();
            // The list carries public ids only: each application is looked
            // up once more for its internal id.
            for listed in store::applications::list(conn, partner.id, &NEWEST)?.data {
                let Some((id, app)) = store::applications::find(conn, partner.id, &listed.id)? else {
                    continue;
                };
                let now = clocks.app_now(id);
                let keys = store::api_keys::list(conn, id, app.environment, &NEWEST, now)?.data;
                let ctx = AppCtx::new(id, &app, partner.id);
                let offset_seconds = (clocks.global_offset_millis() + clocks.app_offset_millis(id)) / 1000;
                apps.push(AppView { ctx, app, keys, now, offset_seconds });
            }
            Ok((partner_row, apps))
        })
        .await?;
    let body = html! {
        @if let Some(p) = &partner_row { (partner_card(p)) }
        h2 { "Applications" }
        @if apps.is_empty() { (html::empty("No applications yet.")) }
        div.cards {
            @for app in &apps { (app_card(&visitor, app)) }
        }
        h2 { "New application" }
        form.stack method="post" action={ (CONSOLE) "/applications" } {
            (html::form_guard(&visitor))
            label { "Name" input type="text" name="name" maxlength="128" required; }
            label { "Environment"
                select name="environment" {
                    option value="TEST" { "TEST" }
                    option value="LIVE" { "LIVE" }
                }
            }
            div { button type="submit" { "Create application" } }
        }
    };
    Ok(console.page(&visitor, None, Section::Overview, "Overview", body).await)
}

fn partner_card(p: &Partner) -> Markup {
    html! {
        dl.facts {
            dt { "Partner" } dd { strong { (p.name) } " " (html::status(p.status)) }
            dt { "Partner id" } dd.mono { (p.id) }
            dt { "Email" } dd { (p.email) }
        }
    }
}

fn register_form(visitor: &Visitor) -> Markup {
    html! {
        p { "You have no partner yet. Register your company to create applications and keys." }
        form.stack method="post" action={ (CONSOLE) "/register" } {
            (html::form_guard(visitor))
            label { "Company name" input type="text" name="company_name" maxlength="256" required; }
            label { "Contact email" input type="email" name="email" required; }
            div { button type="submit" { "Register partner" } }
        }
    }
}

fn app_card(visitor: &Visitor, view: &AppView) -> Markup {
    let app = &view.ctx;
    let heading = format!("keys-{}", app.public_id);
    html! {
        section.card aria-labelledby=(heading) {
            h2 id=(heading) { (app.name) " " (html::env_badge(app.environment)) " " (html::status(view.app.status)) }
            p.mono.muted { (app.public_id) }
            p {
                a href=(app.href("logs")) { "Request logs" } " · "
                a href=(app.href("webhooks")) { "Webhooks" } " · "
                a href=(app.href("money")) { "Money" } " · "
                a href=(app.href("customers")) { "Customers" }
            }
            h3 { "Clock" }
            p { "Now " (html::time(&view.now.to_rfc3339())) " "
                span.muted { "(" (view.offset_seconds) " s ahead of real time)" } }
            @if app.is_test() {
                form.filters method="post" action=(app.href("clock/advance")) {
                    (html::form_guard(visitor))
                    label { "Advance by (seconds)" input type="number" name="seconds" min="1" max="31536000" value="60" required; }
                    button.secondary type="submit" { "Advance clock" }
                }
            } @else {
                p.muted { "A LIVE application follows real time and the global offset." }
            }
            @if app.is_test() && app.active {
                (super::forks::card(visitor, app))
            }
            h3 { "API keys" }
            @if view.keys.is_empty() { (html::empty("No keys.")) } @else {
                table {
                    thead { tr { th { "Key" } th { "Name" } th { "Status" } th { "Created" } th { "Expires" } th { span.muted { "Action" } } } }
                    tbody {
                        @for key in &view.keys {
                            tr {
                                td.mono { (key.prefix) "…" br; span.muted { (key.api_key_id) } }
                                td { (key.name.as_deref().unwrap_or("")) }
                                td { (html::status(key.status)) }
                                td { (html::time(&key.created_at)) }
                                td { @if let Some(e) = &key.expires_at { (html::time(e)) } @else { span.muted { "never" } } }
                                td {
                                    @if key.status == KeyStatus::Active {
                                        (html::action(visitor, &app.href(&format!("keys/{}/revoke", key.api_key_id)), "Revoke",
                                            Some("Revoke this key? Calls made with it fail at once."), "danger"))
                                    }
                                }
                            }
                        }
                    }
                }
            }
            @if app.active {
                form.filters method="post" action=(app.href("keys")) {
                    (html::form_guard(visitor))
                    label { "Name (optional)" input type="text" name="name" maxlength="128"; }
                    label { "Expires at (optional, ISO 8601)" input type="text" name="expires_at" placeholder="2027-01-01T00:00:00Z"; }
                    button type="submit" { "Create key" }
                }
            }
        }
    }
}

/// `POST /v1/auth/register` for the signed-in user.
pub async fn register(State(console): State<Console>, Form { visitor, fields }: Form) -> Result<Response, Failure> {
    let body = json!({
        "company_name": fields.get("company_name").unwrap_or(""),
        "email": fields.get("email").unwrap_or(""),
    });
    console
        .act(
            &visitor,
            visitor.caller(),
            Call::new(Method::POST, "/v1/auth/register", Some(body)),
            &fields,
            "Partner registered.",
        )
        .await;
    Ok(back(&format!("{CONSOLE}/overview")))
}

/// `POST /v1/applications`.
pub async fn create_application(
    State(console): State<Console>,
    Form { visitor, fields }: Form,
) -> Result<Response, Failure> {
    let body = json!({
        "name": fields.get("name").unwrap_or(""),
        "environment": fields.get("environment").unwrap_or(""),
    });
    console
        .act(
            &visitor,
            visitor.caller(),
            Call::new(Method::POST, "/v1/applications", Some(body)),
            &fields,
            "Application created.",
        )
        .await;
    Ok(back(&format!("{CONSOLE}/overview")))
}

/// `POST /v1/applications/{id}/keys`; the secret is shown on the answer
/// page, once: a second submission of the form is a replay, and the page
/// then says so instead of showing the secret again.
pub async fn create_key(
    State(console): State<Console>,
    AppForm { visitor, app, fields }: AppForm,
) -> Result<Response, Failure> {
    let mut body = serde_json::Map::new();
    if let Some(name) = fields.text("name") {
        body.insert("name".into(), name.into());
    }
    if let Some(expires_at) = fields.text("expires_at") {
        body.insert("expires_at".into(), expires_at.into());
    }
    let path = format!("/v1/applications/{}/keys", segment(&app.public_id));
    let answer =
        console.submit(visitor.caller(), Call::new(Method::POST, &path, Some(Value::Object(body))), &fields).await;
    let rest = html! {
        dl.facts {
            dt { "Key id" } dd.mono { (answer.body["api_key_id"].as_str().unwrap_or_default()) }
            dt { "Application" } dd { (app.name) " " (html::env_badge(app.environment)) }
        }
        p { a href={ (CONSOLE) "/overview" } { "Back to the overview" } }
    };
    let page = SecretPage {
        title: "Key created",
        what: "the key's secret",
        member: "/client_secret",
        element: "key-secret",
        app: None,
        section: Section::Overview,
        back_to: format!("{CONSOLE}/overview"),
    };
    Ok(console.secret_page(&visitor, &answer, page, rest).await)
}

/// `DELETE /v1/applications/{id}/keys/{key}`.
pub async fn revoke_key(
    State(console): State<Console>,
    Path((_, key)): Path<(String, String)>,
    AppForm { visitor, app, fields }: AppForm,
) -> Result<Response, Failure> {
    let path = format!("/v1/applications/{}/keys/{}", segment(&app.public_id), segment(&key));
    console.act(&visitor, visitor.caller(), Call::new(Method::DELETE, &path, None), &fields, "Key revoked.").await;
    Ok(back(&format!("{CONSOLE}/overview")))
}

/// `POST /sandbox/clock/advance` as the (TEST) application.
pub async fn advance_clock(
    State(console): State<Console>,
    AppForm { visitor, app, fields }: AppForm,
) -> Result<Response, Failure> {
    let body = json!({ "seconds": integer_or_text(fields.get("seconds").unwrap_or("")) });
    let answer =
        console.submit(app.caller(), Call::new(Method::POST, "/sandbox/clock/advance", Some(body)), &fields).await;
    let done = format!("{}: the clock now reads {}.", app.name, answer.body["now"].as_str().unwrap_or("?"));
    console.flashes.push(&visitor, outcome(&answer, &done)).await;
    Ok(back(&format!("{CONSOLE}/overview")))
}
