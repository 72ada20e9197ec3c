//! The page shell and the small pieces every page is made of, rendered
//! with maud (which escapes every value it splices in).
//!
//! Every page answers with `Cache-Control: no-store` (pages may show a
//! secret once), a Content-Security-Policy that allows only the console's
//! own script and style, and no referrer.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use maud::{DOCTYPE, Markup, html};
use payctl_domain::asset;
use payctl_domain::decimal::format_minor;
use payctl_domain::time::Timestamp;
use payctl_wire::applications::{ApplicationStatus, Environment, KeyStatus};
use payctl_wire::auth::PartnerStatus;
use payctl_wire::customers::KybStatus;
use payctl_wire::faults::FaultKind;
use payctl_wire::payments::PaymentStatus;
use payctl_wire::transactions::TransactionState;
use payctl_wire::transfers::TransferStatus;
use payctl_wire::webhooks::{DeliveryStatus, Verdict, WebhookStatus};

use super::assets;
use super::session::{Flash, FlashKind, Visitor};
use super::{AppCtx, CONSOLE};

/// Sections of the navigation, to mark the current one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Section {
    SignIn,
    Overview,
    Pricing,
    Logs,
    Webhooks,
    Deliveries,
    Money,
    Accounts,
    Customers,
    Trigger,
    Faults,
    Review,
    Error,
}

const APP_SECTIONS: &[(Section, &str, &str)] = &[
    (Section::Logs, "logs", "Request logs"),
    (Section::Webhooks, "webhooks", "Webhooks"),
    (Section::Deliveries, "deliveries", "Deliveries"),
    (Section::Money, "money", "Money"),
    (Section::Accounts, "accounts", "Balances"),
    (Section::Customers, "customers", "Customers"),
    (Section::Trigger, "trigger", "Trigger"),
    (Section::Faults, "faults", "Faults"),
    (Section::Review, "review", "Go-live review"),
];

/// One page to render.
pub struct Page<'a> {
    pub title: String,
    pub section: Section,
    pub visitor: Option<&'a Visitor>,
    pub app: Option<&'a AppCtx>,
    pub flashes: Vec<Flash>,
    pub body: Markup,
}

impl Page<'_> {
    pub fn render(self) -> Response {
        self.render_with(StatusCode::OK)
    }

    pub fn render_with(self, status: StatusCode) -> Response {
        let markup = html! {
            (DOCTYPE)
            html lang="en" {
                head {
                    meta charset="utf-8";
                    meta name="viewport" content="width=device-width, initial-scale=1";
                    meta name="color-scheme" content="light dark";
                    title { (self.title) " · payctl sandbox console" }
                    link rel="icon" type="image/svg+xml" href=(assets::href("favicon.svg"));
                    link rel="stylesheet" href=(assets::href("console.css"));
                    script src=(assets::href("console.js")) defer {}
                }
                body {
                    a.skip href="#main" { "Skip to content" }
                    header.top {
                        a.brand href={ (CONSOLE) "/overview" } { "payctl sandbox console" }
                        @if let Some(v) = self.visitor {
                            nav aria-label="Main" {
                                (nav_link(&format!("{CONSOLE}/overview"), "Overview", self.section == Section::Overview))
                                (nav_link(&format!("{CONSOLE}/pricing"), "Pricing and wallets", self.section == Section::Pricing))
                            }
                            div.who {
                                span { "Signed in as " strong { (v.user.username) } }
                                form method="post" action={ (CONSOLE) "/sign-out" } {
                                    input type="hidden" name="csrf" value=(v.csrf);
                                    button.link type="submit" { "Sign out" }
                                }
                            }
                        }
                    }
                    @if let Some(app) = self.app {
                        nav.app aria-label="Application" {
                            span.app-name { (app.name) " " (env_badge(app.environment)) }
                            @for (section, slug, label) in APP_SECTIONS {
                                (nav_link(&app.href(slug), label, self.section == *section))
                            }
                        }
                    }
                    main id="main" tabindex="-1" {
                        @for flash in &self.flashes {
                            (flash_box(flash))
                        }
                        h1 { (self.title) }
                        (self.body)
                    }
                }
            }
        };
        respond(status, markup)
    }
}

/// An HTML answer with the console's headers.
pub fn respond(status: StatusCode, markup: Markup) -> Response {
    let mut response = (status, markup.into_string()).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; \
             form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
        ),
    );
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    response
}

fn nav_link(href: &str, label: &str, current: bool) -> Markup {
    html! {
        @if current {
            a href=(href) aria-current="page" { (label) }
        } @else {
            a href=(href) { (label) }
        }
    }
}

/// A message box: an action's outcome, or a problem with a page's input.
pub fn flash_box(flash: &Flash) -> Markup {
    let (class, role) = match flash.kind {
        FlashKind::Done => ("flash done", "status"),
        FlashKind::Failed => ("flash failed", "alert"),
    };
    html! {
        div class=(class) role=(role) {
            p { (flash.text) }
            @if !flash.details.is_empty() {
                ul { @for d in &flash.details { li { (d) } } }
            }
        }
    }
}

pub fn env_badge(environment: Environment) -> Markup {
    match environment {
        Environment::Test => html! { span.badge.test title="TEST environment" { "TEST" } },
        Environment::Live => html! { span.badge.live title="LIVE environment" { "LIVE" } },
    }
}

/// How a state reads at a glance: done, failed (or switched off), or
/// under way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Good,
    Bad,
    Wait,
}

impl Tone {
    fn class(self) -> &'static str {
        match self {
            Tone::Good => "good",
            Tone::Bad => "bad",
            Tone::Wait => "wait",
        }
    }
}

/// A state or status the console shows as a badge: its text and its tone.
pub trait Badge: Copy {
    fn text(self) -> &'static str;
    fn tone(self) -> Tone;
}

/// Each vocabulary's tone per value, matched exhaustively: a new state
/// cannot reach a page without one.
macro_rules! badges {
    ($($ty:ty { good: [$($good:ident),*], bad: [$($bad:ident),*], wait: [$($wait:ident),*] })+) => {$(
        impl Badge for $ty {
            fn text(self) -> &'static str {
                self.as_str()
            }

            fn tone(self) -> Tone {
                match self {
                    $(<$ty>::$good => Tone::Good,)*
                    $(<$ty>::$bad => Tone::Bad,)*
                    $(<$ty>::$wait => Tone::Wait,)*
                }
            }
        }
    )+};
}

badges! {
    TransactionState { good: [Completed], bad: [Failed], wait: [Pending, Processing] }
    PaymentStatus { good: [Settled], bad: [Expired, Failed], wait: [AwaitingFunds, FundsReceived] }
    TransferStatus { good: [Completed], bad: [Failed], wait: [Pending, Processing] }
    KybStatus { good: [Approved], bad: [Rejected], wait: [Pending] }
    DeliveryStatus { good: [Succeeded], bad: [Failed], wait: [Pending] }
    ApplicationStatus { good: [Active], bad: [Deactivated], wait: [] }
    KeyStatus { good: [Active], bad: [Revoked, Expired], wait: [] }
    WebhookStatus { good: [Enabled], bad: [Disabled], wait: [] }
    PartnerStatus { good: [Active], bad: [Suspended], wait: [Pending] }
}

/// A state or status as a coloured badge: green when done, red when it
/// failed, amber while under way.
pub fn status(state: impl Badge) -> Markup {
    badge(state.tone(), state.text())
}

/// A badge of a given tone and text (a fault rule's `active` or `spent`).
pub fn badge(tone: Tone, text: &str) -> Markup {
    html! { span class={ "badge " (tone.class()) } { (text) } }
}

/// How a receiver's answer to a delivery attempt is judged, as a badge:
/// green when it answered as a correct receiver does.
pub fn verdict(verdict: Option<Verdict>) -> Markup {
    match verdict {
        Some(Verdict::Ok) => html! { span.badge.good title="answered as a correct receiver does" { "ok" } },
        Some(v @ (Verdict::Slow | Verdict::Unreachable)) => html! { span.badge.wait { (v.as_str()) } },
        Some(v) => html! { span.badge.bad { (v.as_str()) } },
        None => html! { span.muted title="not sent, nothing to judge" { "not sent" } },
    }
}

/// What a fault made of a delivery attempt (nothing for a plain one).
pub fn fault_kind(kind: Option<FaultKind>) -> Markup {
    html! { @if let Some(kind) = kind { span.badge.wait title="shaped by a fault rule" { (kind.as_str()) } } }
}

/// An HTTP status code, coloured by class; 0 (a request logged without an
/// answer: a fault cut its connection) reads "no answer".
pub fn http_status(code: u16) -> Markup {
    if code == 0 {
        return html! { span.badge.bad title="no answer was sent" { "no answer" } };
    }
    let tone = match code {
        200..=299 => "good",
        400..=499 => "wait",
        _ => "bad",
    };
    html! { span class={ "badge " (tone) } { (code) } }
}

/// A time as stored (ISO 8601, UTC): the time of day shown, all of it on hover.
pub fn time(iso: &str) -> Markup {
    let short = iso.get(11..23).unwrap_or(iso);
    let day = iso.get(..10).unwrap_or("");
    html! { time datetime=(iso) title=(iso) { span.day { (day) " " } (short) } }
}

/// The line above an application's page saying which clock its times are
/// on: the application's sandbox clock, in UTC, and how far it runs ahead
/// of real time. The page's script reads `data-sandbox-clock` of each
/// refresh to say when a live region was updated, on the same clock.
pub fn sandbox_clock(now: Timestamp, ahead_ms: i64) -> Markup {
    let iso = now.to_rfc3339();
    // Time the page took to render is not a clock moved ahead.
    let ahead = ahead_ms.max(0) / 1000;
    html! {
        p.clock.muted data-sandbox-clock=(iso) {
            "Times are on this application's sandbox clock, in UTC: now " (time(&iso)) ", "
            @if ahead < 1 { "the same as real time." } @else { (crate::clock::human(ahead.unsigned_abs())) " ahead of real time." }
        }
    }
}

/// An amount in minor units with its decimal form, e.g. `-1050 (−10.50 AED)`;
/// the minor units alone for a code the asset table does not know.
pub fn amount(minor: i64, asset_code: &str) -> String {
    let Some(asset) = asset::asset(asset_code) else { return format!("{minor} {asset_code} (minor units)") };
    let sign = if minor < 0 { "-" } else { "" };
    format!("{minor} ({sign}{} {asset_code})", format_minor(minor.unsigned_abs(), asset.decimals))
}

/// Pretty-printed JSON in a block that keeps its layout.
pub fn json(value: &serde_json::Value) -> Markup {
    let text = serde_json::to_string_pretty(value).unwrap_or_default();
    html! { pre.code { code { (text) } } }
}

/// Text with a button that copies it (the script adds the copying).
pub fn copyable(id: &str, label: &str, text: &str) -> Markup {
    html! {
        div.copyable {
            pre.code id=(id) { code { (text) } }
            button.secondary type="button" data-copy=(id) { "Copy " (label) }
        }
    }
}

/// The hidden fields every state-changing form carries: the session's CSRF
/// token and this submission's idempotency key.
pub fn form_guard(visitor: &Visitor) -> Markup {
    html! {
        input type="hidden" name="csrf" value=(visitor.csrf);
        input type="hidden" name="idem" value=(uuid::Uuid::new_v4().to_string());
    }
}

/// A one-button form (an action on one resource).
pub fn action(visitor: &Visitor, href: &str, label: &str, confirm: Option<&str>, class: &str) -> Markup {
    html! {
        form.inline method="post" action=(href) data-confirm=[confirm] {
            (form_guard(visitor))
            button class=(class) type="submit" { (label) }
        }
    }
}

/// "Older" pagination with the API's cursor, keeping the other parameters.
pub fn older(base: &str, query: &[(&str, String)], next_cursor: Option<&str>) -> Markup {
    let Some(cursor) = next_cursor else { return html! {} };
    let mut params = form_urlencoded::Serializer::new(String::new());
    for (k, v) in query.iter().filter(|(k, v)| *k != "cursor" && !v.is_empty()) {
        params.append_pair(k, v);
    }
    params.append_pair("cursor", cursor);
    html! { p.pager { a href={ (base) "?" (params.finish()) } { "Older →" } } }
}

/// A table's empty state.
pub fn empty(text: &str) -> Markup {
    html! { p.empty { (text) } }
}

/// An error page.
pub fn error_page(status: StatusCode, visitor: Option<&Visitor>, text: &str) -> Response {
    let title = match status {
        StatusCode::NOT_FOUND => "Not found",
        StatusCode::FORBIDDEN => "Not allowed",
        StatusCode::BAD_REQUEST => "Bad request",
        _ => "Something went wrong",
    };
    Page {
        title: title.to_owned(),
        section: Section::Error,
        visitor,
        app: None,
        flashes: Vec::new(),
        body: html! {
            p { (text) }
            p { a href={ (CONSOLE) "/overview" } { "Back to the overview" } }
        },
    }
    .render_with(status)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_is_a_badge_of_its_tone() {
        assert!(status(TransactionState::Completed).into_string().contains("badge good"));
        assert!(status(PaymentStatus::Expired).into_string().contains("badge bad"));
        assert!(status(KybStatus::Pending).into_string().contains("badge wait"));
        assert_eq!(status(KeyStatus::Revoked).into_string(), r#"<span class="badge bad">revoked</span>"#);
    }
}
