//! One-time sign-in links, for `payctl open`: a dashboard user's bearer
//! token buys a link that signs its browser in once, then shows a console
//! page.
//!
//! `POST /console/sign-in-links` (bearer; JSON `{"next": "/console/…"}`,
//! optional) answers `{url, expires_at}`. The link holds a random 256-bit
//! token; the sandbox keeps only its SHA-256, in the database
//! (`store::sign_in_links`), with the user, the page to show and an expiry
//! [`LIFETIME_SECS`] of real time later, so any process sharing the
//! database opens it. Opening it (`GET /console/link/{token}`) consumes it
//! whatever follows, opens a session as the sign-in form does and
//! redirects to the page; a link used already, expired or unknown shows
//! the sign-in form saying so. Each user has at most
//! [`MAX_PENDING_PER_USER`] links waiting (beyond that, that user's oldest
//! goes), so one user's links never crowd out another's.

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
use crate::{secrets, store};

/// How long a link may wait to be opened (real time).
pub const LIFETIME_SECS: i64 = 60;
/// Links one user may have waiting at once: that user's oldest goes
/// beyond it.
pub const MAX_PENDING_PER_USER: usize = 20;

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
    let (hash, now) = (secrets::sha256(token.as_bytes()), real_now().millis());
    let expires_ms = now + LIFETIME_SECS * 1000;
    let added = console
        .state
        .db
        .write(move |tx| {
            store::sign_in_links::insert(tx, &hash, &user.public_id, &next, now, expires_ms, MAX_PENDING_PER_USER)
        })
        .await?;
    if !added {
        return Err(ApiError::unauthorized("the bearer token's user no longer exists"));
    }
    let link = Link {
        url: format!("http://{host}{CONSOLE}/link/{token}"),
        expires_at: Timestamp::from_millis(expires_ms).to_rfc3339(),
    };
    Ok((StatusCode::CREATED, axum::Json(link)).into_response())
}

/// `GET /console/link/{token}`: signs the browser in, once.
pub async fn open(State(console): State<Console>, Path(token): Path<String>) -> Result<Response, Failure> {
    let (hash, now) = (secrets::sha256(token.as_bytes()), real_now().millis());
    match console.state.db.write(move |tx| store::sign_in_links::take(tx, &hash, now)).await? {
        Some((user, next)) => open_session(&console, user, &next).await,
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
