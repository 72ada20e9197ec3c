//! The console: web pages at `/console` where a dashboard user sees and
//! drives what the sandbox holds for their partner (request logs, webhook
//! deliveries, money flows with their timelines and postings, customers,
//! pricing, fault rules), served by the sandbox itself.
//!
//! - **Reads** come from the database's reader connections through
//!   `store`, always scoped to the signed-in user's partner: an
//!   application of another partner, or a resource of another application,
//!   answers 404 like an unknown id.
//! - **Actions** go through the API itself ([`dispatch`]): an in-process
//!   request through the same router, authentication layer, request log,
//!   idempotency layer and handler as a partner's own call, so an action is
//!   logged, runs once per form submission (each form carries its own
//!   `Idempotency-Key`) and emits the same events. The console holds no
//!   credential; it vouches for its user with an `InProcess` caller.
//! - **Sessions** ([`session`]): sign-in with the identity provider's
//!   password grant; a server-side session behind an `HttpOnly`,
//!   `SameSite=Strict` cookie; a CSRF token on every form that changes
//!   anything. [`link`]: one-time sign-in links for `payctl open`.
//! - **HTML** is rendered on the server ([`html`]); the stylesheet and the
//!   one small script are compiled in ([`assets`]).
//!
//! # Layout
//! - [`session`], [`link`], [`dispatch`], [`form`], [`extract`],
//!   [`html`], [`assets`]: the machinery above.
//! - Pages, one module per area: [`overview`] (partner, applications,
//!   keys, clocks), [`logs`], [`webhooks`] (endpoints), [`deliveries`],
//!   [`money`] (flows with their timelines and postings), [`balances`],
//!   [`customers`],
//!   [`pricing`] (markups, simulation, partner wallets), [`trigger`],
//!   [`faults`] (fault rules, and how a faulted request reads in the logs),
//!   [`review`] (the go-live review and its drill), [`forks`] (a TEST
//!   application forked, its snapshot downloaded).

pub mod assets;
pub mod balances;
pub mod customers;
pub mod deliveries;
pub mod dispatch;
pub mod extract;
pub mod faults;
pub mod forks;
pub mod form;
pub mod html;
pub mod link;
pub mod logs;
pub mod money;
pub mod overview;
pub mod pricing;
pub mod review;
pub mod session;
pub mod trigger;
pub mod webhooks;

use std::sync::Arc;

use axum::Router;
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use payctl_wire::applications::{Application, ApplicationStatus, Environment};

use maud::{Markup, html};
use serde_json::Value;

use self::dispatch::Answer;
use self::form::Fields;
use self::html::{Page, Section};
use self::session::{Flash, Visitor};
use crate::auth::InProcess;
use crate::auth::api_keys::{KeyCaller, KeyIdentity};
use crate::error::ApiError;
use crate::state::AppState;
use crate::store;

/// Where the console is mounted.
pub const CONSOLE: &str = "/console";
/// The `api_key_id` the request log records for the console's actions on
/// API-key routes.
pub const CONSOLE_KEY_ID: &str = "console";
/// Form bodies above this answer 400 (read by [`form::Fields`]).
const FORM_LIMIT: usize = 64 * 1024;

/// What every console handler shares.
#[derive(Clone)]
pub struct Console(Arc<Inner>);

pub struct Inner {
    pub state: AppState,
    pub api: dispatch::Api,
    pub flashes: session::Flashes,
    /// The key this process signs forms with, then any still accepted.
    csrf_keys: Vec<[u8; 32]>,
}

impl std::ops::Deref for Console {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.0
    }
}

/// The console's routes, nested at [`CONSOLE`]; `api` is the API router
/// its actions go through.
pub fn router(state: AppState, api: Router) -> Router {
    let csrf_keys = state.master_key.verifying("console-csrf-v1");
    let flashes = match state.storage.is_shared() {
        true => session::Flashes::leaving_in(state.db.clone()),
        false => session::Flashes::default(),
    };
    let console = Console(Arc::new(Inner { state, api: dispatch::Api::new(api), flashes, csrf_keys }));
    let bearer = axum::middleware::from_fn_with_state(console.state.clone(), crate::auth::principal::require_bearer);
    let app = |path: &str| format!("/apps/{{app}}{path}");
    Router::new()
        .route("/", get(home))
        .route("/sign-in", get(session::sign_in_page).post(session::sign_in))
        .route("/sign-out", post(session::sign_out))
        .route(
            "/sign-in-links",
            post(link::create)
                .route_layer(bearer)
                .route_layer(axum::middleware::from_fn(crate::http::request_id::middleware)),
        )
        .route("/link/{token}", get(link::open))
        .route("/assets/{name}", get(assets::serve))
        .route("/overview", get(overview::page))
        .route("/register", post(overview::register))
        .route("/applications", post(overview::create_application))
        .route(&app("/keys"), post(overview::create_key))
        .route(&app("/keys/{key}/revoke"), post(overview::revoke_key))
        .route(&app("/clock/advance"), post(overview::advance_clock))
        .route(&app("/fork"), post(forks::fork))
        .route(&app("/snapshot"), get(forks::snapshot))
        .route(&app("/logs"), get(logs::list))
        .route(&app("/logs/export"), get(logs::export))
        .route(&app("/logs/{id}"), get(logs::detail))
        .route(&app("/webhooks"), get(webhooks::endpoints).post(webhooks::create))
        .route(&app("/webhooks/{id}"), get(webhooks::endpoint).post(webhooks::update))
        .route(&app("/webhooks/{id}/rotate"), post(webhooks::rotate))
        .route(&app("/webhooks/{id}/delete"), post(webhooks::delete))
        .route(&app("/deliveries"), get(deliveries::list))
        .route(&app("/deliveries/{id}"), get(deliveries::detail))
        .route(&app("/deliveries/{id}/redeliver"), post(deliveries::redeliver))
        .route(&app("/money"), get(money::list))
        .route(&app("/money/{kind}/{id}"), get(money::detail))
        .route(&app("/money/{kind}/{id}/{action}"), post(money::act))
        .route(&app("/accounts"), get(balances::list))
        .route(&app("/accounts/{id}"), get(balances::account))
        .route(&app("/customers"), get(customers::list))
        .route(&app("/customers/{id}"), get(customers::detail))
        .route(&app("/customers/{id}/{decision}"), post(customers::decide))
        .route(&app("/trigger"), get(trigger::page).post(trigger::trigger))
        .route(&app("/faults"), get(faults::page).post(faults::add))
        .route(&app("/faults/clear"), post(faults::clear))
        .route(&app("/faults/{id}/delete"), post(faults::delete))
        .route(&app("/review"), get(review::page))
        .route(&app("/review/drill"), post(review::start_drill))
        .route(&app("/review/drill/end"), post(review::end_drill))
        .route("/pricing", get(pricing::page))
        .route("/pricing/markup", post(pricing::put_markup))
        .route("/pricing/customers/markup", post(pricing::put_customer_markup))
        .route("/pricing/customers/{id}/markup/delete", post(pricing::delete_customer_markup))
        .route("/pricing/wallets", post(pricing::put_wallet))
        .fallback(not_found)
        .layer(tower_http::catch_panic::CatchPanicLayer::new())
        .with_state(console)
}

async fn home() -> Redirect {
    Redirect::to(&format!("{CONSOLE}/overview"))
}

async fn not_found() -> Response {
    Failure::NotFound.into_response()
}

/// The application a console URL names, resolved within the visitor's
/// partner.
#[derive(Debug, Clone)]
pub struct AppCtx {
    pub id: i64,
    pub public_id: String,
    pub name: String,
    pub environment: Environment,
    pub active: bool,
    pub partner_id: i64,
}

impl AppCtx {
    /// The application `app` (internal id `id`) of the partner `partner_id`.
    pub fn new(id: i64, app: &Application, partner_id: i64) -> AppCtx {
        AppCtx {
            id,
            public_id: app.id.clone(),
            name: app.name.clone(),
            environment: app.environment,
            active: app.status == ApplicationStatus::Active,
            partner_id,
        }
    }

    /// The URL of one of the application's pages.
    pub fn href(&self, path: &str) -> String {
        format!("{CONSOLE}/apps/{}/{path}", self.public_id)
    }

    pub fn is_test(&self) -> bool {
        self.environment == Environment::Test
    }

    /// The caller the console's actions on this application run as: the
    /// application itself, recorded in its request log as `console`. Its
    /// rate-limit budget is its own (keyed apart from every real key).
    pub fn caller(&self) -> InProcess {
        InProcess::Application(KeyCaller::new(KeyIdentity {
            key_id: -self.id,
            key_public_id: CONSOLE_KEY_ID.to_owned(),
            application_id: self.id,
            application_public_id: self.public_id.clone(),
            partner_id: self.partner_id,
            environment: self.environment,
        }))
    }
}

impl Console {
    /// The application `public_id` if it belongs to the visitor's partner.
    pub async fn app(&self, visitor: &Visitor, public_id: String) -> Result<AppCtx, Failure> {
        let partner = visitor.user.partner.clone().ok_or(Failure::NotFound)?;
        let found = self.state.db.read(move |conn| store::applications::find(conn, partner.id, &public_id)).await?;
        let (id, app) = found.ok_or(Failure::NotFound)?;
        Ok(AppCtx::new(id, &app, partner.id))
    }
}

impl Console {
    /// Renders a page for the visitor, with the messages waiting for them.
    pub async fn page(
        &self,
        visitor: &Visitor,
        app: Option<&AppCtx>,
        section: Section,
        title: impl Into<String>,
        body: Markup,
    ) -> Response {
        let flashes = if visitor.live { Vec::new() } else { self.flashes.take(visitor).await };
        // The application's pages show its times: say on which clock.
        let body = match app {
            Some(app) => {
                let now = self.state.clock.app_now(app.id);
                html! { (html::sandbox_clock(now, now.millis() - crate::clock::real_now().millis())) (body) }
            }
            None => body,
        };
        Page { title: title.into(), section, visitor: Some(visitor), app, flashes, body }.render()
    }

    /// Runs an action through the API as `caller`, leaves its outcome
    /// (`done` on success, the API's error otherwise) for the next page, and
    /// hands the answer back.
    pub async fn act(
        &self,
        visitor: &Visitor,
        caller: InProcess,
        call: Call<'_>,
        fields: &Fields,
        done: &str,
    ) -> Answer {
        let answer = self.submit(caller, call, fields).await;
        self.flashes.push(visitor, outcome(&answer, done)).await;
        answer
    }

    /// Sends a form's action to the API as `caller`; a POST carries the
    /// form's idempotency key.
    pub async fn submit(&self, caller: InProcess, call: Call<'_>, fields: &Fields) -> Answer {
        let key = (call.method == Method::POST).then(|| fields.idempotency_key());
        self.api.call(caller, call.method, call.path, call.body.as_ref(), key.as_deref()).await
    }
}

/// The page after a form whose answer holds a secret (a key's, an
/// endpoint's signing secret).
pub struct SecretPage<'a> {
    /// The page's title ("Key created").
    pub title: &'a str,
    /// What the secret is, as in "Copy the key's secret now."
    pub what: &'a str,
    /// Where the answer holds it (a JSON pointer: `/client_secret`).
    pub member: &'a str,
    /// The id of the element showing it, for its copy button.
    pub element: &'a str,
    pub app: Option<&'a AppCtx>,
    pub section: Section,
    /// Where to go when there is no secret to show.
    pub back_to: String,
}

impl Console {
    /// Shows the secret of `answer` this once, above `rest`. A refusal goes
    /// back to `page.back_to` with the API's message; so does a replay (the
    /// form was sent before, and the secret was shown then: the API does
    /// not replay it), saying so.
    pub async fn secret_page(
        &self,
        visitor: &Visitor,
        answer: &Answer,
        page: SecretPage<'_>,
        rest: Markup,
    ) -> Response {
        if !answer.ok() || answer.replayed {
            let done = format!("{}; the secret was shown once, when the form was first sent.", page.title);
            self.flashes.push(visitor, outcome(answer, &done)).await;
            return back(&page.back_to);
        }
        let body = html! {
            div.secret role="alert" {
                p { strong { "Copy " (page.what) " now." } " It is shown this once and cannot be shown again." }
                (html::copyable(page.element, "secret", answer.body.pointer(page.member).and_then(Value::as_str).unwrap_or_default()))
            }
            (rest)
        };
        self.page(visitor, page.app, page.section, page.title, body).await
    }
}

/// One API call a form makes.
pub struct Call<'a> {
    pub method: Method,
    pub path: &'a str,
    pub body: Option<Value>,
}

impl<'a> Call<'a> {
    pub fn new(method: Method, path: &'a str, body: Option<Value>) -> Self {
        Call { method, path, body }
    }
}

/// The message an action's answer leaves.
pub fn outcome(answer: &Answer, done: &str) -> Flash {
    if !answer.ok() {
        let (text, details) = answer.failure();
        return Flash::failed(text, details);
    }
    if answer.replayed {
        Flash::done(format!(
            "{done} This form had been sent before: the API replayed its first answer and ran nothing again."
        ))
    } else {
        Flash::done(done)
    }
}

/// Back to a page after an action (303).
/// A JSON document as a file the browser downloads (`file`, with its
/// extension), pretty-printed and never cached.
pub fn download(file: &str, document: &impl serde::Serialize) -> Result<Response, Failure> {
    let text = format!("{}\n", serde_json::to_string_pretty(document).map_err(|_| Failure::Internal)?);
    let disposition = HeaderValue::from_str(&format!("attachment; filename=\"{file}\""))
        .unwrap_or(HeaderValue::from_static("attachment"));
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("application/json")),
            (header::CONTENT_DISPOSITION, disposition),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
        ],
        text,
    )
        .into_response())
}

pub fn back(to: &str) -> Response {
    Redirect::to(to).into_response()
}

/// Why a console request cannot be answered with its page.
#[derive(Debug)]
pub enum Failure {
    /// Unknown, or not the visitor's (the two look the same).
    NotFound,
    BadRequest(String),
    /// A form without a valid CSRF token.
    Forbidden(String),
    /// Not signed in: to the sign-in page, then back.
    SignIn(String),
    Internal,
}

impl From<ApiError> for Failure {
    fn from(e: ApiError) -> Self {
        tracing::warn!(error = %e.message, "console request failed");
        Failure::Internal
    }
}

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        match self {
            Failure::NotFound => html::error_page(
                StatusCode::NOT_FOUND,
                None,
                "There is nothing here, or it belongs to another partner.",
            ),
            Failure::BadRequest(text) => html::error_page(StatusCode::BAD_REQUEST, None, &text),
            Failure::Forbidden(text) => html::error_page(StatusCode::FORBIDDEN, None, &text),
            Failure::SignIn(next) => {
                let mut to = format!("{CONSOLE}/sign-in");
                if !next.is_empty() {
                    to.push_str("?next=");
                    to.push_str(&form_urlencoded::byte_serialize(next.as_bytes()).collect::<String>());
                }
                Redirect::to(&to).into_response()
            }
            Failure::Internal => html::error_page(
                StatusCode::INTERNAL_SERVER_ERROR,
                None,
                "The sandbox hit an internal error; see its log.",
            ),
        }
    }
}
