//! The emulated identity provider's token endpoint:
//! `POST {auth_url}/protocol/openid-connect/token`.
//!
//! It answers as an OpenID Connect provider does (RFC 6749 section 5), not
//! with the API's envelope, because OAuth client libraries parse that shape.
//! Grants: `password` (client `partner-console`) and `refresh_token`.
//! Refresh tokens are single use: each refresh returns a new one.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};

use axum::Extension;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use payctl_domain::credentials;
use payctl_domain::text;
use payctl_wire::DASHBOARD_CLIENT_ID;
use payctl_wire::auth::{OAuthError, TokenResponse};

use crate::auth::jwt::Claims;
use crate::auth::login_guard::{self, Refusal};
use crate::auth::password;
use crate::error::ApiError;
use crate::secrets;
use crate::state::AppState;
use crate::store;

/// Access tokens live five minutes of sandbox time (a common provider
/// default, short enough that clients exercise their refresh path).
pub const ACCESS_TOKEN_SECONDS: i64 = 300;
/// Refresh tokens live thirty minutes of sandbox time.
pub const REFRESH_TOKEN_SECONDS: i64 = 1800;

struct OAuthFailure(StatusCode, &'static str, String);

impl IntoResponse for OAuthFailure {
    fn into_response(self) -> Response {
        let body = OAuthError { error: self.1.to_owned(), error_description: self.2 };
        let mut response = (self.0, axum::Json(body)).into_response();
        response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        response
    }
}

fn invalid_request(message: impl Into<String>) -> OAuthFailure {
    OAuthFailure(StatusCode::BAD_REQUEST, "invalid_request", message.into())
}

/// A password attempt refused before its check: 429 with `Retry-After`.
/// A lock is `slow_down` (the token endpoint's error for a client polling
/// too fast, RFC 8628), busy hashing `temporarily_unavailable` (RFC 6749).
struct Refused(Refusal);

impl IntoResponse for Refused {
    fn into_response(self) -> Response {
        let seconds = self.0.retry_after_seconds();
        let failure = match self.0 {
            Refusal::Locked(_) => OAuthFailure(
                StatusCode::TOO_MANY_REQUESTS,
                "slow_down",
                format!("too many failed sign-ins for this username or from this address; try again in {seconds} s"),
            ),
            Refusal::Busy => OAuthFailure(
                StatusCode::TOO_MANY_REQUESTS,
                "temporarily_unavailable",
                format!("the sandbox is busy checking other passwords; try again in {seconds} s"),
            ),
        };
        let mut response = failure.into_response();
        response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        response
    }
}

/// Everything the endpoint can answer other than tokens.
enum Failure {
    OAuth(OAuthFailure),
    Refused(Refusal),
    Api(ApiError),
}

impl From<OAuthFailure> for Failure {
    fn from(f: OAuthFailure) -> Self {
        Failure::OAuth(f)
    }
}

impl From<ApiError> for Failure {
    fn from(e: ApiError) -> Self {
        Failure::Api(e)
    }
}

impl From<Refusal> for Failure {
    fn from(r: Refusal) -> Self {
        Failure::Refused(r)
    }
}

/// Get dashboard tokens
///
/// The identity provider's token endpoint, shaped as an OpenID Connect provider's: the password
/// grant (client `partner-console`) or the refresh grant. Answers OAuth's error shape (RFC 6749
/// section 5.2), not the API's envelope.
#[utoipa::path(
    post,
    path = "/auth/realms/sandbox/protocol/openid-connect/token",
    tag = "identity", operation_id = "createToken",
    request_body(content = payctl_wire::auth::TokenRequest, content_type = "application/x-www-form-urlencoded",
        description = "grant_type=password with client_id, username, password; or grant_type=refresh_token with client_id, refresh_token"),
    responses(
        (status = 200, body = TokenResponse, description = "tokens issued"),
        (status = 400, body = OAuthError, description = "invalid_request, invalid_grant (refresh) or unsupported_grant_type"),
        (status = 401, body = OAuthError, description = "invalid_client or invalid_grant (wrong username or password)"),
        (status = 429, body = OAuthError, description = "slow_down: too many failed sign-ins for the username or from the address; temporarily_unavailable: every core is busy checking passwords. `Retry-After` says when to try again"),
    ),
)]
pub async fn token(
    State(state): State<AppState>,
    client: Option<Extension<ConnectInfo<SocketAddr>>>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let address = client.map(|Extension(ConnectInfo(addr))| addr.ip());
    match issue(&state, address, &headers, &body).await {
        Ok(tokens) => {
            let mut response = axum::Json(tokens).into_response();
            response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
            response.headers_mut().insert(header::PRAGMA, HeaderValue::from_static("no-cache"));
            response
        }
        Err(Failure::OAuth(failure)) => failure.into_response(),
        Err(Failure::Refused(refusal)) => Refused(refusal).into_response(),
        Err(Failure::Api(api_error)) => api_error.into_response(),
    }
}

type Outcome<T> = Result<T, Failure>;

async fn issue(state: &AppState, address: Option<IpAddr>, headers: &HeaderMap, body: &[u8]) -> Outcome<TokenResponse> {
    let content_type = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
    if !content_type.to_ascii_lowercase().starts_with("application/x-www-form-urlencoded") {
        return Err(Failure::OAuth(invalid_request("send the parameters as application/x-www-form-urlencoded")));
    }
    let mut form: HashMap<String, String> = HashMap::new();
    for (name, value) in form_urlencoded::parse(body) {
        if form.insert(name.to_string(), value.into_owned()).is_some() {
            return Err(Failure::OAuth(invalid_request(format!("parameter {name} is repeated"))));
        }
    }
    let field = |name: &str| form.get(name).map(String::as_str).filter(|v| !v.is_empty());
    let grant_type = field("grant_type").ok_or_else(|| Failure::OAuth(invalid_request("missing grant_type")))?;
    let client_id = field("client_id").ok_or_else(|| Failure::OAuth(invalid_request("missing client_id")))?;
    if !matches!(grant_type, "password" | "refresh_token") {
        return Err(Failure::OAuth(OAuthFailure(
            StatusCode::BAD_REQUEST,
            "unsupported_grant_type",
            format!("grant_type {grant_type} is not supported; use password or refresh_token"),
        )));
    }
    if client_id != DASHBOARD_CLIENT_ID {
        return Err(Failure::OAuth(OAuthFailure(
            StatusCode::UNAUTHORIZED,
            "invalid_client",
            format!("unknown client {client_id}"),
        )));
    }
    let now = state.clock.now();
    let (user_id, public_id, username) = if grant_type == "password" {
        let username = field("username").ok_or_else(|| Failure::OAuth(invalid_request("missing username")))?.to_owned();
        let password = field("password").ok_or_else(|| Failure::OAuth(invalid_request("missing password")))?.to_owned();
        check_password(state, address, username, password).await?
    } else {
        let token = field("refresh_token").ok_or_else(|| Failure::OAuth(invalid_request("missing refresh_token")))?;
        let hash = secrets::sha256(token.as_bytes());
        state.db.write(move |tx| Ok(store::users::spend_refresh_token(tx, &hash, now)?)).await?.ok_or_else(|| {
            Failure::OAuth(OAuthFailure(
                StatusCode::BAD_REQUEST,
                "invalid_grant",
                "the refresh token is invalid, expired or already used".into(),
            ))
        })?
    };

    let refresh_token = secrets::mint(credentials::REFRESH_TOKEN);
    let refresh_hash = secrets::sha256(refresh_token.as_bytes());
    let expires_at = now.plus_seconds(REFRESH_TOKEN_SECONDS);
    state
        .db
        .write(move |tx| Ok(store::users::insert_refresh_token(tx, user_id, &refresh_hash, now, expires_at)?))
        .await?;
    let claims = Claims {
        iss: state.auth_url(),
        sub: public_id,
        aud: DASHBOARD_CLIENT_ID.to_owned(),
        azp: DASHBOARD_CLIENT_ID.to_owned(),
        typ: "Bearer".to_owned(),
        iat: now.unix_seconds(),
        exp: now.unix_seconds() + ACCESS_TOKEN_SECONDS,
        jti: uuid::Uuid::new_v4().to_string(),
        preferred_username: username,
        scope: "openid profile email".to_owned(),
    };
    Ok(TokenResponse {
        access_token: state.jwt.sign(&claims),
        token_type: "Bearer".to_owned(),
        expires_in: ACCESS_TOKEN_SECONDS as u64,
        refresh_token,
        refresh_expires_in: REFRESH_TOKEN_SECONDS as u64,
        scope: claims.scope,
    })
}

/// Verifies a password off the async workers (Argon2 is deliberately
/// slow), within the [login guard](crate::auth::login_guard)'s rules: a locked username or address
/// is refused before any hash, and the check waits for a free core. An
/// unknown user still costs one verification, so timing does not reveal
/// which usernames exist.
async fn check_password(
    state: &AppState,
    address: Option<IpAddr>,
    username: String,
    password: String,
) -> Outcome<(i64, String, String)> {
    // Longer than any user's: refused before any work, so neither the
    // folding below nor the failure table sees it.
    if username.chars().count() > login_guard::MAX_USERNAME_CHARS {
        return Err(Failure::OAuth(invalid_request(format!(
            "username is longer than {} characters, which no user's is",
            login_guard::MAX_USERNAME_CHARS
        ))));
    }
    if password.len() > login_guard::MAX_PASSWORD_BYTES {
        return Err(Failure::OAuth(invalid_request(format!(
            "password is longer than {} bytes, which no user's is",
            login_guard::MAX_PASSWORD_BYTES
        ))));
    }
    let key = login_guard::username_key(&text::uniqueness_key(&username));
    state.logins.check(&key, address).await??;
    let slot = state.logins.hash_slot().await?;
    // Failures recorded while this attempt waited count too.
    state.logins.check(&key, address).await??;
    let lookup = username.clone();
    let found = state.db.read(move |conn| Ok(store::users::credentials(conn, &lookup)?)).await?;
    let dummy = state.dummy_password_hash.clone();
    let verified = slot
        .run(move || match found {
            Some((id, public_id, hash)) => password::verify(&password, &hash).then_some((id, public_id)),
            None => {
                let _ = password::verify(&password, &dummy);
                None
            }
        })
        .await
        .ok_or_else(|| ApiError::internal("the password-hashing threads are gone"))?;
    match verified {
        Some((id, public_id)) => {
            state.logins.succeeded(&key).await;
            Ok((id, public_id, username))
        }
        None => {
            state.logins.failed(&key, address).await;
            Err(OAuthFailure(StatusCode::UNAUTHORIZED, "invalid_grant", "Invalid user credentials".to_owned()).into())
        }
    }
}
