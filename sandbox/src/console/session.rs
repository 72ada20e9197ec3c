//! Signing in and out, the session cookie, CSRF tokens and one-shot
//! messages.
//!
//! - Sign-in posts the username and password to the emulated identity
//!   provider's token endpoint (the password grant, in-process, so its
//!   rules and its timing-safe check are the ones applied) and verifies the
//!   access token it answers; the tokens are then dropped. The session is a
//!   random 256-bit id in the cookie `payctl_console` (`HttpOnly`,
//!   `SameSite=Strict`, `Path=/console`); the database keeps only its
//!   SHA-256, the user and an expiry 8 hours of real time later.
//! - CSRF: every form that changes anything carries a token, the HMAC of
//!   the session id under a key derived from the sandbox's master key;
//!   the sign-in form carries one bound to a short-lived cookie of its own
//!   (no session exists yet).
//! - One-shot messages ("Key revoked.", an API error) wait in memory for
//!   the page the action redirects to; processes that share a PostgreSQL
//!   database leave them there (`store::console_flashes`), since that page
//!   may be served by another process.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Mutex;

use axum::Extension;
use axum::extract::{ConnectInfo, FromRequestParts, OriginalUri, Query, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use hmac::{Hmac, Mac};
use maud::html;
use serde::Deserialize;
use sha2::Sha256;
use subtle::ConstantTimeEq;

use super::extract::Form;
use super::form::Fields;
use super::html::{Page, Section};
use super::{CONSOLE, Console, Failure};
use crate::auth::DashboardUser;
use crate::clock::real_now;
use crate::{secrets, store};

const COOKIE: &str = "payctl_console";
const SIGN_IN_COOKIE: &str = "payctl_console_signin";
/// Sessions end this long after sign-in (real time).
pub const SESSION_HOURS: i64 = 8;
const HOUR_MS: i64 = 3_600_000;
/// Messages kept per session, at most; sessions with messages waiting, at
/// most (stored messages: as many as that many sessions' full share, the
/// oldest going first, and none older than a session's length).
const FLASHES_PER_SESSION: usize = 8;
const FLASH_SESSIONS: usize = 10_000;

/// A signed-in user, as every console page sees them.
#[derive(Debug, Clone)]
pub struct Visitor {
    pub user: DashboardUser,
    /// SHA-256 of the session id.
    pub session: [u8; 32],
    /// The token this session's forms carry.
    pub csrf: String,
    /// The tokens a form of this session may carry: `csrf`, then the one
    /// under a key still accepted (while the key is rotated).
    accepted_csrf: Vec<String>,
    /// A live region's refresh (the script's own fetch), not a visit:
    /// one-shot messages wait for the next real page.
    pub live: bool,
}

impl Visitor {
    /// Refuses a form without this session's CSRF token.
    pub fn check(&self, fields: &Fields) -> Result<(), Failure> {
        if carries(fields.get("csrf").unwrap_or(""), &self.accepted_csrf) {
            Ok(())
        } else {
            Err(Failure::Forbidden(
                "This form is stale or came from another site (its CSRF token does not match your session). \
                 Reload the page and try again."
                    .to_owned(),
            ))
        }
    }

    /// The caller the console's dashboard actions run as.
    pub fn caller(&self) -> crate::auth::InProcess {
        crate::auth::InProcess::User(self.user.clone())
    }
}

/// The CSRF tokens of `data` (a session id, a sign-in nonce): the one forms
/// carry first, then any under a key still accepted.
fn csrf_tokens(console: &Console, data: &[u8]) -> Vec<String> {
    let hmac_hex = |key: &[u8; 32]| {
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(key).expect("HMAC takes any key length");
        mac.update(data);
        mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect()
    };
    console.csrf_keys.iter().map(hmac_hex).collect()
}

/// Whether `sent` is one of `accepted`, compared in constant time.
fn carries(sent: &str, accepted: &[String]) -> bool {
    accepted.iter().fold(false, |found, token| found | bool::from(sent.as_bytes().ct_eq(token.as_bytes())))
}

pub(super) fn random_hex() -> String {
    secrets::hex(&secrets::random_bytes::<32>())
}

fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v)
}

fn set_cookie(name: &str, value: &str, max_age: i64) -> HeaderValue {
    let text = format!("{name}={value}; HttpOnly; SameSite=Strict; Path={CONSOLE}; Max-Age={max_age}");
    HeaderValue::from_str(&text).unwrap_or(HeaderValue::from_static(""))
}

impl FromRequestParts<Console> for Visitor {
    type Rejection = Failure;

    async fn from_request_parts(parts: &mut Parts, console: &Console) -> Result<Self, Failure> {
        // A GET comes back here after signing in; a form post goes to the overview.
        let back = if parts.method == Method::GET {
            // The URI as sent, not as the nested console router sees it.
            let uri = parts.extensions.get::<OriginalUri>().map_or(&parts.uri, |o| &o.0);
            uri.path_and_query().map(|p| p.as_str().to_owned()).unwrap_or_default()
        } else {
            String::new()
        };
        let Some(id) = cookie(&parts.headers, COOKIE).filter(|v| v.len() == 64).map(str::to_owned) else {
            return Err(Failure::SignIn(back));
        };
        let session = secrets::sha256(id.as_bytes());
        let now = real_now().millis();
        let user = console
            .state
            .db
            .read(move |conn| match store::console_sessions::user_of(conn, &session, now)? {
                Some(public_id) => store::users::find_by_public_id(conn, &public_id),
                None => Ok(None),
            })
            .await?;
        let user = user.ok_or(Failure::SignIn(back))?;
        let live = parts.headers.contains_key("x-console-live");
        let accepted_csrf = csrf_tokens(console, id.as_bytes());
        Ok(Visitor { user, session, csrf: accepted_csrf[0].clone(), accepted_csrf, live })
    }
}

/// One-shot messages, by session: in memory, or in the database several
/// processes share.
#[derive(Default)]
pub struct Flashes {
    waiting: Mutex<HashMap<[u8; 32], Vec<Flash>>>,
    stored: Option<crate::db::Db>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FlashKind {
    Done,
    Failed,
}

#[derive(Debug, Clone)]
pub struct Flash {
    pub kind: FlashKind,
    pub text: String,
    pub details: Vec<String>,
}

impl Flash {
    pub fn done(text: impl Into<String>) -> Flash {
        Flash { kind: FlashKind::Done, text: text.into(), details: Vec::new() }
    }

    pub fn failed(text: impl Into<String>, details: Vec<String>) -> Flash {
        Flash { kind: FlashKind::Failed, text: text.into(), details }
    }
}

impl Flashes {
    /// The messages of a process that shares `db` with others: left there.
    pub fn leaving_in(db: crate::db::Db) -> Flashes {
        Flashes { waiting: Mutex::default(), stored: Some(db) }
    }

    pub async fn push(&self, visitor: &Visitor, flash: Flash) {
        if let Some(db) = &self.stored {
            let session = secrets::hex(&visitor.session);
            let stored = store::console_flashes::StoredFlash {
                failed: flash.kind == FlashKind::Failed,
                text: flash.text,
                details: flash.details,
            };
            let now = real_now().millis();
            let bounds = store::console_flashes::Bounds {
                per_session: FLASHES_PER_SESSION as i64,
                all: (FLASH_SESSIONS * FLASHES_PER_SESSION) as i64,
                stale_before: now - SESSION_HOURS * HOUR_MS,
            };
            let left = db.tally(move |conn| Ok(store::console_flashes::push(conn, &session, &stored, now, bounds)?));
            if let Err(e) = left.await {
                tracing::warn!(error = %e, "a console message could not be left for the next page");
            }
            return;
        }
        let mut map = self.waiting.lock().unwrap_or_else(|p| p.into_inner());
        if map.len() >= FLASH_SESSIONS && !map.contains_key(&visitor.session) {
            // Sessions that never came back for their messages; start over.
            map.clear();
        }
        let list = map.entry(visitor.session).or_default();
        if list.len() < FLASHES_PER_SESSION {
            list.push(flash);
        }
    }

    pub async fn take(&self, visitor: &Visitor) -> Vec<Flash> {
        let Some(db) = &self.stored else {
            return self.waiting.lock().unwrap_or_else(|p| p.into_inner()).remove(&visitor.session).unwrap_or_default();
        };
        let session = secrets::hex(&visitor.session);
        match db.tally(move |conn| Ok(store::console_flashes::take(conn, &session)?)).await {
            Ok(taken) => taken
                .into_iter()
                .map(|f| Flash {
                    kind: if f.failed { FlashKind::Failed } else { FlashKind::Done },
                    text: f.text,
                    details: f.details,
                })
                .collect(),
            Err(e) => {
                tracing::warn!(error = %e, "the console's messages for this page could not be read");
                Vec::new()
            }
        }
    }
}

#[derive(Debug, Default, Deserialize)]
pub struct Next {
    next: Option<String>,
}

/// Only a console page may be the target after signing in.
pub(super) fn safe_next(next: Option<&str>) -> String {
    match next {
        Some(n)
            if n.starts_with(&format!("{CONSOLE}/"))
                && !n.contains("//")
                && n.bytes().all(|b| b.is_ascii_graphic() && b != b'\\') =>
        {
            n.to_owned()
        }
        _ => format!("{CONSOLE}/overview"),
    }
}

pub(super) fn sign_in_form(console: &Console, next: &str, error: Option<&str>, status: StatusCode) -> Response {
    let nonce = random_hex();
    let token = csrf_tokens(console, format!("sign-in:{nonce}").as_bytes()).swap_remove(0);
    let page = Page {
        title: "Sign in".to_owned(),
        section: Section::SignIn,
        visitor: None,
        app: None,
        flashes: error.map(|e| vec![Flash::failed(e, Vec::new())]).unwrap_or_default(),
        body: html! {
            p.muted { "Sign in as a dashboard user of this sandbox. The ready line and the banner show the demo user." }
            form.stack method="post" action={ (CONSOLE) "/sign-in" } {
                input type="hidden" name="csrf" value=(token);
                input type="hidden" name="next" value=(next);
                label { "Username" input type="text" name="username" autocomplete="username" required autofocus; }
                label { "Password" input type="password" name="password" autocomplete="current-password" required; }
                div { button type="submit" { "Sign in" } }
            }
        },
    };
    let mut response = page.render_with(status);
    response.headers_mut().append(header::SET_COOKIE, set_cookie(SIGN_IN_COOKIE, &nonce, 3600));
    response
}

pub async fn sign_in_page(State(console): State<Console>, Query(next): Query<Next>) -> Response {
    sign_in_form(&console, &safe_next(next.next.as_deref()), None, StatusCode::OK)
}

/// Signs in through the token endpoint and opens a session.
pub async fn sign_in(
    State(console): State<Console>,
    client: Option<Extension<ConnectInfo<SocketAddr>>>,
    headers: HeaderMap,
    fields: Fields,
) -> Result<Response, Failure> {
    let next = safe_next(fields.get("next"));
    let nonce = cookie(&headers, SIGN_IN_COOKIE).unwrap_or("");
    let accepted = csrf_tokens(&console, format!("sign-in:{nonce}").as_bytes());
    if nonce.is_empty() || !carries(fields.get("csrf").unwrap_or(""), &accepted) {
        return Err(Failure::Forbidden(
            "This sign-in form is stale or came from another site. Open the sign-in page again.".to_owned(),
        ));
    }
    let (username, password) = (fields.get("username").unwrap_or(""), fields.get("password").unwrap_or(""));
    if username.trim().is_empty() || password.is_empty() {
        return Ok(sign_in_form(&console, &next, Some("Enter a username and a password."), StatusCode::BAD_REQUEST));
    }
    let client = client.map(|Extension(ConnectInfo(addr))| addr);
    let answer = console.api.password_grant(username.trim(), password, client).await;
    if answer.status == StatusCode::UNAUTHORIZED {
        return Ok(sign_in_form(&console, &next, Some("Wrong username or password."), StatusCode::UNAUTHORIZED));
    }
    if answer.status == StatusCode::TOO_MANY_REQUESTS {
        // The token endpoint's own words: locked after failures, or busy.
        let wait = answer.retry_after.unwrap_or(1);
        let reason = answer.body["error_description"].as_str().unwrap_or("too many sign-in attempts");
        let message = format!("Not checked: {reason}. Wait {wait} s before signing in again.");
        let mut response = sign_in_form(&console, &next, Some(&message), StatusCode::TOO_MANY_REQUESTS);
        response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(wait));
        return Ok(response);
    }
    let token = answer.body["access_token"]
        .as_str()
        .filter(|_| answer.status.is_success())
        .ok_or_else(|| Failure::BadRequest(format!("The identity provider refused the sign-in: {}", answer.body)))?;
    let claims = console.state.jwt.verify(token, console.state.clock.now()).map_err(|_| Failure::Internal)?;
    open_session(&console, claims.sub, &next).await
}

/// Opens a session for the user `user` (public id) and sends the browser
/// on to `next` with its cookie: after a sign-in, or a one-time link.
pub(super) async fn open_session(console: &Console, user: String, next: &str) -> Result<Response, Failure> {
    let id = random_hex();
    let hash = secrets::sha256(id.as_bytes());
    let now = real_now().millis();
    let signed_in = console
        .state
        .db
        .write(move |tx| {
            let Some(user) = store::users::find_by_public_id(tx, &user)? else { return Ok(false) };
            store::console_sessions::insert(tx, &hash, user.user_id, now, now + SESSION_HOURS * HOUR_MS)?;
            Ok(true)
        })
        .await?;
    if !signed_in {
        return Err(Failure::Internal);
    }
    let mut response = Redirect::to(next).into_response();
    let headers = response.headers_mut();
    headers.append(header::SET_COOKIE, set_cookie(COOKIE, &id, SESSION_HOURS * 3600));
    headers.append(header::SET_COOKIE, set_cookie(SIGN_IN_COOKIE, "", 0));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

/// Ends the session (CSRF-checked, so another site cannot sign you out).
pub async fn sign_out(State(console): State<Console>, Form { visitor, .. }: Form) -> Result<Response, Failure> {
    let session = visitor.session;
    console.state.db.write(move |tx| store::console_sessions::delete(tx, &session)).await?;
    console.flashes.take(&visitor).await;
    let mut response = Redirect::to(&format!("{CONSOLE}/sign-in")).into_response();
    response.headers_mut().append(header::SET_COOKIE, set_cookie(COOKIE, "", 0));
    Ok(response)
}
