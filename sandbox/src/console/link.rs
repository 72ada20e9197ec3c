//! One-time sign-in links, for `payctl open`: a dashboard user's bearer
//! token buys a link that signs its browser in once, then shows a console
//! page.
//!
//! `POST /console/sign-in-links` (bearer; JSON `{"next": "/console/…"}`,
//! optional) answers `{url, expires_at}`. The link holds a random 256-bit
//! token; the sandbox keeps only its SHA-256, in memory, with the user, the
//! page to show and an expiry [`LIFETIME_SECS`] of real time later. Opening
//! it (`GET /console/link/{token}`) consumes it whatever follows, opens a
//! session as the sign-in form does and redirects to the page; a link used
//! already, expired or unknown shows the sign-in form saying so. A
//! restarted sandbox forgets the links it made. Each user has at most
//! [`MAX_PENDING_PER_USER`] links waiting (beyond that, that user's oldest
//! goes), so one user's links never crowd out another's.

use std::collections::HashMap;
use std::sync::Mutex;

use axum::Extension;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use payctl_domain::time::Timestamp;
use payctl_wire::error::ErrorCode;
use serde::{Deserialize, Serialize};

use super::session::{open_session, random_hex, safe_next, sign_in_form};
use super::{CONSOLE, Console, Failure};
use crate::auth::DashboardUser;
use crate::clock::real_now;
use crate::error::{ApiError, Checks};
use crate::http::extract::OptionalJson;
use crate::secrets;

/// How long a link may wait to be opened (real time).
pub const LIFETIME_SECS: i64 = 60;
/// Links one user may have waiting at once: that user's oldest goes
/// beyond it.
pub const MAX_PENDING_PER_USER: usize = 20;

/// The links made and not yet opened, by the SHA-256 of their token.
#[derive(Default)]
pub struct Links(Mutex<HashMap<[u8; 32], Pending>>);

struct Pending {
    user: String,
    next: String,
    expires_ms: i64,
}

impl Links {
    fn add(&self, hash: [u8; 32], pending: Pending) {
        let Ok(mut links) = self.0.lock() else { return };
        let now = real_now().millis();
        links.retain(|_, p| p.expires_ms > now);
        let theirs = links.values().filter(|p| p.user == pending.user).count();
        if theirs >= MAX_PENDING_PER_USER
            && let Some(oldest) =
                links.iter().filter(|(_, p)| p.user == pending.user).min_by_key(|(_, p)| p.expires_ms).map(|(k, _)| *k)
        {
            links.remove(&oldest);
        }
        links.insert(hash, pending);
    }

    /// The link's user and page, if it is there and in time; either way
    /// it is gone after this.
    fn take(&self, hash: &[u8; 32]) -> Option<Pending> {
        let pending = self.0.lock().ok()?.remove(hash)?;
        (pending.expires_ms > real_now().millis()).then_some(pending)
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinkRequest {
    /// The console page to show once signed in (default: the overview).
    #[serde(default)]
    next: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct Link {
    url: String,
    expires_at: String,
}

/// `POST /console/sign-in-links`: a link for the bearer token's user.
pub async fn create(
    State(console): State<Console>,
    Extension(user): Extension<DashboardUser>,
    headers: HeaderMap,
    OptionalJson(request): OptionalJson<LinkRequest>,
) -> Result<Response, ApiError> {
    let next = match request.next.as_deref() {
        None => format!("{CONSOLE}/overview"),
        Some(asked) if safe_next(Some(asked)) == asked => asked.to_owned(),
        Some(_) => {
            let mut checks = Checks::new();
            checks.push("next", "invalid", format!("must be a console page: a path under {CONSOLE}/"));
            return Err(checks.finish().err().unwrap_or_else(|| ApiError::new(ErrorCode::Validation, "next")));
        }
    };
    // The link is for the browser of whoever asked, at the address they reached.
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("127.0.0.1");
    let token = random_hex();
    let expires_ms = real_now().millis() + LIFETIME_SECS * 1000;
    console.links.add(secrets::sha256(token.as_bytes()), Pending { user: user.public_id, next, expires_ms });
    let link = Link {
        url: format!("http://{host}{CONSOLE}/link/{token}"),
        expires_at: Timestamp::from_millis(expires_ms).to_rfc3339(),
    };
    Ok((StatusCode::CREATED, axum::Json(link)).into_response())
}

/// `GET /console/link/{token}`: signs the browser in, once.
pub async fn open(State(console): State<Console>, Path(token): Path<String>) -> Result<Response, Failure> {
    match console.links.take(&secrets::sha256(token.as_bytes())) {
        Some(pending) => open_session(&console, pending.user, &pending.next).await,
        None => Ok(sign_in_form(
            &console,
            &format!("{CONSOLE}/overview"),
            Some(
                "This sign-in link was used already or has expired (links last 60 s and open once). Sign in, or run `payctl open` again.",
            ),
            StatusCode::BAD_REQUEST,
        )),
    }
}
