//! Authentication: each credential's admission check, and the extractors
//! handlers use to learn who is calling.
//!
//! Each route family has one admission check, which the operation's layers
//! ([`crate::api::layers`]) run first: API-key routes, dashboard (bearer)
//! routes and sandbox control routes. A request with the other family's
//! credential gets a 401 that says which credential the route takes. The
//! check stores the caller in the request's extensions; the extractors
//! read it back.
//!
//! Code inside the process (the console) calls the API without a
//! credential: it puts an [`InProcess`] caller in the request's extensions,
//! which no request from the network can carry, and the admission check of the
//! route's family accepts it in place of the header.

use axum::extract::{FromRequestParts, MatchedPath, Request, State};
use axum::http::request::Parts;
use axum::http::{Extensions, HeaderMap, header};
use axum::middleware::Next;
use axum::response::Response;
use payctl_domain::credentials;
use payctl_wire::applications::ApplicationStatus;
use subtle::ConstantTimeEq;

use crate::db::sql::Conn;
use crate::error::ApiError;
use crate::secrets;
use crate::state::AppState;
use crate::store;

pub use super::api_keys::KeyCaller;
pub use crate::store::users::DashboardUser;

impl DashboardUser {
    /// The caller's partner, or 403 telling them to register first.
    pub fn partner(&self) -> Result<&store::partners::PartnerRef, ApiError> {
        self.partner.as_ref().ok_or_else(|| {
            ApiError::forbidden("this user has no partner yet: register one with POST /v1/auth/register")
        })
    }
}

/// What a control call does to the application it names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Reads what applies to it (a LIVE application's clock and rates
    /// are the global ones, so reading them is harmless and useful).
    Read,
    /// Moves its clock or changes its rates: TEST applications only.
    Change,
    /// Another TEST-only operation: a LIVE application is refused with
    /// 403 `ATH_0002` and this reason.
    TestOnly(&'static str),
}

impl Access {
    /// Why a LIVE application is refused this access, if it is.
    fn live_refusal(self) -> Option<&'static str> {
        match self {
            Access::Read => None,
            Access::Change => Some(
                "a LIVE application follows real time, the global offset and the global rates only, so it cannot be \
                 moved on its own; leave out application_id to act on every application",
            ),
            Access::TestOnly(reason) => Some(reason),
        }
    }
}

/// An application a control call acts on.
#[derive(Debug, Clone)]
pub struct Target {
    pub id: i64,
    pub public_id: String,
}

/// Who may drive the sandbox's simulation routes.
#[derive(Debug, Clone)]
pub enum ControlCaller {
    /// The operator, with the control token from the ready line.
    Operator,
    /// A TEST key, acting on its own application's data only.
    TestKey(KeyCaller),
}

impl ControlCaller {
    /// The application a control or simulation call acts on (`None`: every
    /// application, the global scope). A TEST key acts on its own
    /// application (naming another is 404). The operator acts globally, or
    /// on the application it names; LIVE applications follow the global
    /// clock and rates only, so changing one is a TEST-only operation
    /// refused with 403 `ATH_0002`, as it is to a LIVE key.
    pub fn target(&self, conn: &Conn<'_>, named: Option<&str>, access: Access) -> Result<Option<Target>, ApiError> {
        let missing = store::missing::<payctl_wire::applications::Application>;
        let own = |key: &KeyCaller| Target { id: key.application_id, public_id: key.application_public_id.clone() };
        match (self, named) {
            (ControlCaller::TestKey(key), None) => Ok(Some(own(key))),
            (ControlCaller::TestKey(key), Some(id)) if id == key.application_public_id => Ok(Some(own(key))),
            (ControlCaller::TestKey(_), Some(_)) => Err(missing()),
            (ControlCaller::Operator, None) => Ok(None),
            (ControlCaller::Operator, Some(public_id)) => match store::applications::by_public_id(conn, public_id)? {
                None => Err(missing()),
                Some((id, environment)) => match (environment, access.live_refusal()) {
                    (payctl_wire::applications::Environment::Live, Some(reason)) => Err(ApiError::forbidden(reason)),
                    _ => Ok(Some(Target { id, public_id: public_id.to_owned() })),
                },
            },
        }
    }
    /// The application whose data the caller may act on: `None` (every
    /// application) for the operator, the key's own for a TEST key.
    pub fn application_scope(&self) -> Option<i64> {
        match self {
            ControlCaller::Operator => None,
            ControlCaller::TestKey(key) => Some(key.application_id),
        }
    }
}

/// Who may make or remove a whole TEST application (load a snapshot,
/// delete an application): a control caller, or a dashboard user for its
/// own partner.
#[derive(Debug, Clone)]
pub enum Owner {
    Control(ControlCaller),
    Dashboard(DashboardUser),
}

impl Owner {
    /// The TEST application `public_id` names, as the caller may reach it:
    /// the operator any, a TEST key its own, a dashboard user its
    /// partner's (404 otherwise); a LIVE one is refused with `access`'s
    /// reason.
    pub fn target(&self, conn: &Conn<'_>, public_id: &str, access: Access) -> Result<Target, ApiError> {
        let missing = store::missing::<payctl_wire::applications::Application>;
        match self {
            Owner::Control(caller) => caller.target(conn, Some(public_id), access)?.ok_or_else(missing),
            Owner::Dashboard(user) => {
                let (id, app) = store::applications::find(conn, user.partner()?.id, public_id)?.ok_or_else(missing)?;
                match (app.environment, access.live_refusal()) {
                    (payctl_wire::applications::Environment::Live, Some(reason)) => Err(ApiError::forbidden(reason)),
                    _ => Ok(Target { id, public_id: public_id.to_owned() }),
                }
            }
        }
    }
}

/// A caller vouched for by code in this process rather than by a
/// credential: the console acting for its signed-in user, or for one of
/// that user's applications. Only in-process code can place it in a
/// request's extensions.
#[derive(Debug, Clone)]
pub enum InProcess {
    /// On dashboard (bearer) routes.
    User(DashboardUser),
    /// On API-key routes and, for a TEST application, the simulation routes.
    Application(KeyCaller),
}

/// Marks a read made on a tool's own behalf, not by the application: the
/// console reading ids back for an export (placed in process), or a `GET`
/// whose `X-Sandbox-Tool` marker admission checked ([`super::tool_reads`]).
#[derive(Debug, Clone, Copy)]
pub struct OwnRead;

/// Who is talking with an API key.
#[derive(Debug, Clone, Copy)]
pub enum Speaker<'a> {
    /// The partner's integration: logged, rate-limited, faulted, judged.
    Integration(&'a KeyCaller),
    /// A person acting in the console for the application: logged (as key
    /// `console`) and rate-limited, never faulted nor judged.
    Console(&'a KeyCaller),
    /// A read on a tool's own behalf ([`OwnRead`]): none of those.
    Tool,
}

impl<'a> Speaker<'a> {
    /// The key when it is the integration talking.
    pub fn integration(self) -> Option<&'a KeyCaller> {
        match self {
            Speaker::Integration(key) => Some(key),
            _ => None,
        }
    }

    /// The key whose record and budget the request belongs to: not a tool's.
    pub fn application_traffic(self) -> Option<&'a KeyCaller> {
        match self {
            Speaker::Integration(key) | Speaker::Console(key) => Some(key),
            Speaker::Tool => None,
        }
    }
}

/// The one answer to "is this the partner's integration talking": `None`
/// for a request without an API key. The operation's layers
/// (`api::layers`) ask it once per request and hand the rate limiter, the
/// request log (and so the review) and faults the key each acts for.
pub fn speaker(extensions: &Extensions) -> Option<Speaker<'_>> {
    let key = key_of(extensions)?;
    Some(if extensions.get::<OwnRead>().is_some() {
        Speaker::Tool
    } else if extensions.get::<InProcess>().is_some() {
        Speaker::Console(key)
    } else {
        Speaker::Integration(key)
    })
}

/// After a key authenticated a request from the network: a `GET` with a
/// valid `X-Sandbox-Tool` marker for this very request and key is the
/// tool's own read. Any other marker is ignored.
async fn mark_tool_read(state: &AppState, request: &mut Request, key: &KeyCaller) {
    let Some(marker) = request.headers().get(crate::http::headers::TOOL).and_then(|v| v.to_str().ok()) else {
        return;
    };
    let Some(secret) = api_key(request.headers()) else { return };
    if request.method() != axum::http::Method::GET {
        return;
    }
    let path = request.uri().path_and_query().map_or("/", |p| p.as_str());
    let now = crate::clock::real_now().millis();
    let own = state.tool_reads.admit(marker, secret, key.key_id, "GET", path, now).await;
    if own {
        request.extensions_mut().insert(OwnRead);
    }
}

fn in_process(request: &Request) -> Option<&InProcess> {
    request.extensions().get::<InProcess>()
}

fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
}

fn api_key(headers: &HeaderMap) -> Option<&str> {
    headers.get(crate::http::headers::API_KEY).and_then(|v| v.to_str().ok()).map(str::trim)
}

async fn authenticate_key(state: &AppState, headers: &HeaderMap) -> Result<KeyCaller, ApiError> {
    match api_key(headers) {
        Some(secret) => super::api_keys::authenticate(state, secret).await,
        None if bearer(headers).is_some() => Err(ApiError::unauthorized(
            "this operation authenticates with the X-API-Key header; bearer tokens are for dashboard operations",
        )),
        None => Err(ApiError::unauthorized("missing X-API-Key header")),
    }
}

/// 403 ATH_0002 when an in-process caller's application is deactivated,
/// as [`super::api_keys::KeyIndex::authenticate`] answers every real key of
/// it (the same message): the console acts for an application no further
/// than its keys could.
async fn require_active(state: &AppState, key: &KeyCaller) -> Result<(), ApiError> {
    let (partner_id, application) = (key.partner_id, key.application_public_id.clone());
    let found = state.db.read(move |conn| store::applications::find(conn, partner_id, &application)).await?;
    match found {
        Some((_, app)) if app.status == ApplicationStatus::Active => Ok(()),
        _ => Err(super::api_keys::deactivated()),
    }
}

/// Admits a server-to-server request: its API key's caller goes into the
/// request's extensions.
pub async fn admit_api_key(state: &AppState, request: &mut Request) -> Result<(), ApiError> {
    let caller = match in_process(request) {
        Some(InProcess::Application(key)) => {
            let key = key.clone();
            require_active(state, &key).await?;
            key
        }
        _ => {
            let key = authenticate_key(state, request.headers()).await?;
            mark_tool_read(state, request, &key).await;
            key
        }
    };
    request.extensions_mut().insert(caller);
    Ok(())
}

/// Admits a dashboard request: its bearer token's user goes into the
/// request's extensions.
pub async fn admit_bearer(state: &AppState, request: &mut Request) -> Result<(), ApiError> {
    if let Some(InProcess::User(user)) = in_process(request) {
        let user = user.clone();
        request.extensions_mut().insert(user);
        return Ok(());
    }
    let token = match bearer(request.headers()) {
        Some(token) => token.to_owned(),
        None if api_key(request.headers()).is_some() => {
            return Err(ApiError::unauthorized(
                "this dashboard operation needs a bearer token from the token endpoint; API keys are not accepted here",
            ));
        }
        None => {
            return Err(ApiError::unauthorized("missing Authorization: Bearer token"));
        }
    };
    let claims = state.jwt.verify(&token, state.clock.now()).map_err(|e| ApiError::unauthorized(e.to_string()))?;
    let user = state
        .db
        .read(move |conn| store::users::find_by_public_id(conn, &claims.sub))
        .await?
        .ok_or_else(|| ApiError::unauthorized("the bearer token's user no longer exists"))?;
    request.extensions_mut().insert(user);
    Ok(())
}

/// Middleware for the console's own dashboard routes ([`admit_bearer`]).
pub async fn require_bearer(
    State(state): State<AppState>,
    mut request: Request,
    next: Next,
) -> Result<Response, ApiError> {
    admit_bearer(&state, &mut request).await?;
    Ok(next.run(request).await)
}

/// A fresh control token, new on every start.
pub fn new_control_token() -> String {
    secrets::mint(credentials::CONTROL_TOKEN)
}

fn is_control_token(state: &AppState, headers: &HeaderMap) -> bool {
    bearer(headers).is_some_and(|t| {
        let hash = secrets::sha256(t.as_bytes());
        state.control_token_hashes.iter().any(|accepted| bool::from(hash.ct_eq(accepted)))
    })
}

/// Admits an operator-only sandbox request.
pub fn admit_control(state: &AppState, request: &mut Request) -> Result<(), ApiError> {
    if !is_control_token(state, request.headers()) {
        return Err(ApiError::unauthorized(
            "this sandbox operation needs the control token from the ready line as a bearer token",
        ));
    }
    request.extensions_mut().insert(ControlCaller::Operator);
    Ok(())
}

/// Admits a simulation request: the control token, or a TEST key (a LIVE
/// key gets 403).
pub async fn admit_control_or_test_key(state: &AppState, request: &mut Request) -> Result<(), ApiError> {
    let caller = if let Some(InProcess::Application(key)) = in_process(request) {
        let key = key.clone();
        require_active(state, &key).await?;
        key.require_test("the sandbox simulation API")?;
        ControlCaller::TestKey(key)
    } else if is_control_token(state, request.headers()) {
        ControlCaller::Operator
    } else if api_key(request.headers()).is_some() {
        let key = authenticate_key(state, request.headers()).await?;
        key.require_test("the sandbox simulation API")?;
        mark_tool_read(state, request, &key).await;
        ControlCaller::TestKey(key)
    } else {
        return Err(ApiError::unauthorized("send a TEST key as X-API-Key, or the control token as a bearer token"));
    };
    request.extensions_mut().insert(caller);
    Ok(())
}

/// Admits a request that makes or removes a whole application: the
/// control token or a TEST key (as [`admit_control_or_test_key`]), or a
/// dashboard user's bearer token (as [`admit_bearer`]).
pub async fn admit_owner(state: &AppState, request: &mut Request) -> Result<(), ApiError> {
    let headers = request.headers();
    let dashboard = match in_process(request) {
        Some(InProcess::User(_)) => true,
        Some(InProcess::Application(_)) => false,
        None => !is_control_token(state, headers) && api_key(headers).is_none() && bearer(headers).is_some(),
    };
    let owner = if dashboard {
        admit_bearer(state, request).await?;
        Owner::Dashboard(from_extensions_of(request.extensions())?)
    } else {
        admit_control_or_test_key(state, request).await?;
        Owner::Control(from_extensions_of(request.extensions())?)
    };
    request.extensions_mut().insert(owner);
    Ok(())
}

/// For TEST-only operations, after [`admit_api_key`]: a LIVE key gets 403
/// whatever its request holds, before the body is parsed or the
/// Idempotency-Key checked.
pub fn require_test_key(request: &Request) -> Result<(), ApiError> {
    let key = request.extensions().get::<KeyCaller>().ok_or_else(|| ApiError::internal("no key authenticated"))?;
    if !key.is_test() {
        let operation = match request.extensions().get::<MatchedPath>() {
            Some(path) => format!("{} {}", request.method(), path.as_str()),
            None => "this operation".to_owned(),
        };
        key.require_test(&operation)?;
    }
    Ok(())
}

/// The API key behind a request: on a key route, or on a simulation route
/// called with a TEST key. Rate limits and request logs key on it.
pub fn key_of(extensions: &Extensions) -> Option<&KeyCaller> {
    extensions.get::<KeyCaller>().or(match extensions.get::<ControlCaller>() {
        Some(ControlCaller::TestKey(key)) => Some(key),
        _ => None,
    })
}

/// The partner a request acts for, as its credential says: a key's, or a
/// dashboard user's; `None` for the control token (the operator).
pub fn partner_of(extensions: &Extensions) -> Option<i64> {
    key_of(extensions)
        .map(|key| key.partner_id)
        .or_else(|| extensions.get::<DashboardUser>()?.partner.as_ref().map(|partner| partner.id))
}

fn from_extensions<T: Clone + Send + Sync + 'static>(parts: &Parts) -> Result<T, ApiError> {
    from_extensions_of(&parts.extensions)
}

fn from_extensions_of<T: Clone + Send + Sync + 'static>(extensions: &Extensions) -> Result<T, ApiError> {
    extensions.get::<T>().cloned().ok_or_else(|| ApiError::internal("route is missing its authentication layer"))
}

impl<S: Send + Sync> FromRequestParts<S> for KeyCaller {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        from_extensions(parts)
    }
}

impl<S: Send + Sync> FromRequestParts<S> for DashboardUser {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        from_extensions(parts)
    }
}

impl<S: Send + Sync> FromRequestParts<S> for ControlCaller {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        from_extensions(parts)
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Owner {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        from_extensions(parts)
    }
}
