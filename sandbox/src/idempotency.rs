//! `Idempotency-Key` for every POST (spec 4.13), as one layer.
//!
//! Scope: the calling application (or dashboard user), the key, and the
//! concrete route (`POST /v1/transactions/quote/<id>/accept` and
//! `POST /v1/transactions` are different routes). Rules:
//! - a repeat within 24 hours of sandbox time returns the stored status and
//!   body byte for byte (with `Idempotent-Replayed: true`) and runs nothing;
//! - the same key with a different body is 409 IDM_0001 (bodies are compared
//!   as canonical JSON, so key order and whitespace do not matter);
//! - every answer except 5xx and 429 is stored, so after a 400 or 422 the
//!   key is spent and a corrected body needs a new key;
//! - the key is required where the route table says so (`POST
//!   /v1/transactions` and `POST /v1/payments`: 400 IDM_0002 without it)
//!   and optional elsewhere; GET, PATCH and DELETE ignore it.
//!
//! Two mechanisms make a key once-only. Requests with the same scope, key
//! and route take turns ([`InFlight`]): a racer waits for the request ahead
//! of it to finish, then finds its stored answer and replays it, so a
//! handler never runs twice for one key, whatever it does. And work that
//! changes data runs through [`commit`], which checks and stores the key
//! inside the same write transaction as the work, so a crash can never keep
//! the work but lose the stored answer (or the reverse). One process serves
//! a database (see `db::files`), so turns taken in memory cover every
//! request.
//!
//! Only this module's commits make a [`Committed`] answer, and the route
//! table declares every POST that changes data with a handler returning
//! one (`api::routes`), so a write whose answer is not stored with it in
//! one transaction does not compile.
//!
//! A secret shown once (an API key's, a webhook's signing secret) is never
//! stored: an answer that carries one is stored with it withheld
//! ([`OneTimeSecret`], through [`commit_secret`]), and its replays answer
//! the same record with the secret null and `Secret-Withheld: true`. So
//! the secret cannot be read again, not even with the master key. Stored
//! answers are sealed all the same (AES-256-GCM under the master key's
//! `idempotency-answers-v1` sub-key, bound to scope, key and route), since
//! they repeat what partners sent. The key itself is stored only as its
//! SHA-256 ([`stored_key`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::body::Body;
use axum::extract::{FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use payctl_domain::time::Timestamp;
use payctl_wire::error::ErrorCode;
use payctl_wire::{IDEMPOTENT_REPLAYED_HEADER, SECRET_WITHHELD_HEADER};
use serde::Serialize;

use crate::auth::{DashboardUser, principal};
use crate::db::Tx;
use crate::db::sql::{self, Conn};
use crate::error::ApiError;
use crate::http::body::Received;
use crate::operation::{KeyRule, Operation};
use crate::secrets::{Sealed, Sealer};
use crate::state::AppState;
use crate::store::idempotency_keys::{self, Answer as Stored, KeyOf, NewAnswer};

pub const RETENTION_SECONDS: i64 = 24 * 60 * 60;
const SEALING_PURPOSE: &str = "idempotency-answers-v1";

/// Requests being answered, by scope, key and route: the next request with
/// the same ones waits for its turn.
#[derive(Debug, Default)]
pub struct InFlight(Mutex<HashMap<Vec<u8>, Arc<tokio::sync::Mutex<()>>>>);

/// A request's turn with its key, or its place in the queue for it; the
/// next one starts when it is dropped (also when the request is abandoned
/// while waiting).
struct Turn<'a> {
    in_flight: &'a InFlight,
    id: Vec<u8>,
    slot: Arc<tokio::sync::Mutex<()>>,
    held: Option<tokio::sync::OwnedMutexGuard<()>>,
}

impl InFlight {
    async fn turn(&self, id: Vec<u8>) -> Turn<'_> {
        let slot = self.0.lock().unwrap_or_else(|e| e.into_inner()).entry(id.clone()).or_default().clone();
        let mut turn = Turn { in_flight: self, id, slot, held: None };
        turn.held = Some(turn.slot.clone().lock_owned().await);
        turn
    }
}

impl Drop for Turn<'_> {
    fn drop(&mut self) {
        drop(self.held.take());
        let mut slots = self.in_flight.0.lock().unwrap_or_else(|e| e.into_inner());
        // Only the map and this turn know the slot: nobody waits for it.
        if Arc::strong_count(&self.slot) <= 2 {
            slots.remove(&self.id);
        }
    }
}

/// The key a request carries, handed to the handler.
#[derive(Debug, Clone)]
pub struct Claim {
    scope: String,
    key: String,
    /// What the database holds for the key: [`stored_key`].
    key_hash: String,
    route: String,
    request_hash: [u8; 32],
    now: Timestamp,
    sealer: Sealer,
}

/// An answer carrying a secret shown once. What is stored for replays is
/// the same answer after [`OneTimeSecret::withhold`].
pub trait OneTimeSecret: Serialize {
    /// Drops the secret (sets its field to null).
    fn withhold(&mut self);
}

impl OneTimeSecret for payctl_wire::applications::CreatedApiKey {
    fn withhold(&mut self) {
        self.client_secret = None;
    }
}

impl OneTimeSecret for payctl_wire::webhooks::WebhookWithSecret {
    fn withhold(&mut self) {
        self.secret = None;
    }
}

impl OneTimeSecret for payctl_wire::sandbox::Forked {
    fn withhold(&mut self) {
        if let Some(key) = &mut self.api_key {
            key.client_secret = None;
        }
        self.webhook_secrets = None;
    }
}

/// Marks a response whose key was stored inside the work's transaction.
#[derive(Clone, Copy)]
struct StoredWithWork;

impl Claim {
    /// What the sealed body is bound to.
    fn aad(&self) -> Vec<u8> {
        [self.scope.as_bytes(), b"\n", self.key.as_bytes(), b"\n", self.route.as_bytes()].concat()
    }

    /// Where this key is stored.
    fn stored_as(&self) -> KeyOf<'_> {
        KeyOf { scope: &self.scope, key_hash: &self.key_hash, route: &self.route }
    }

    fn find(&self, conn: &Conn<'_>) -> Result<Option<Stored>, ApiError> {
        let since = self.now.plus_seconds(-RETENTION_SECONDS);
        let Some(mut stored) = idempotency_keys::find(conn, self.stored_as(), since)? else { return Ok(None) };
        stored.body = self
            .sealer
            .open(&self.aad(), &Sealed::from_bytes(&stored.body))
            .ok_or_else(|| ApiError::internal("a stored idempotent answer does not open under this sandbox's key"))?;
        Ok(Some(stored))
    }

    fn insert(
        &self,
        conn: &Conn<'_>,
        status: u16,
        content_type: Option<&str>,
        body: &[u8],
        secret_withheld: bool,
    ) -> sql::Result<()> {
        let sealed = self.sealer.seal(&self.aad(), body).to_bytes();
        let answer = NewAnswer {
            request_hash: self.request_hash.as_slice(),
            status,
            content_type,
            body: &sealed,
            secret_withheld,
        };
        idempotency_keys::insert(conn, self.stored_as(), answer, self.now)
    }

    /// The stored answer for this key, or 409 when it was used with another body.
    fn replay(&self, stored: Stored) -> Result<Response, ApiError> {
        if stored.request_hash != self.request_hash {
            return Err(ApiError::conflict(
                ErrorCode::IdempotencyConflict,
                "this Idempotency-Key was already used with a different request body; use a new key",
            ));
        }
        let status = StatusCode::from_u16(stored.status).unwrap_or(StatusCode::OK);
        let mut response = (status, stored.body).into_response();
        if let Some(ct) = stored.content_type.and_then(|ct| HeaderValue::from_str(&ct).ok()) {
            response.headers_mut().insert(header::CONTENT_TYPE, ct);
        }
        response.headers_mut().insert(IDEMPOTENT_REPLAYED_HEADER, HeaderValue::from_static("true"));
        if stored.secret_withheld {
            response.headers_mut().insert(SECRET_WITHHELD_HEADER, HeaderValue::from_static("true"));
        }
        Ok(response)
    }
}

/// The answer of a write, made only by this module's commits: with a key,
/// stored in the write's own transaction (or the stored answer replayed),
/// so a crash can never keep the work and lose its answer. Handlers of
/// writes return it; the route table holds them to that.
#[must_use]
pub struct Committed(Response);

impl IntoResponse for Committed {
    fn into_response(self) -> Response {
        self.0
    }
}

/// A handler whose answer is a [`Committed`] write: every async fn axum
/// takes as a handler (up to seven extractors) whose future yields
/// `Result<Committed, ApiError>`. The route table asks for it where it
/// declares a write, so a write handler answering anything else does not
/// compile.
pub trait AnswersCommitted<Args> {}

macro_rules! answers_committed {
    ($($arg:ident),*) => {
        impl<F, Fut, $($arg,)*> AnswersCommitted<($($arg,)*)> for F
        where
            F: FnOnce($($arg),*) -> Fut,
            Fut: std::future::Future<Output = Result<Committed, ApiError>>,
        {
        }
    };
}
answers_committed!();
answers_committed!(A);
answers_committed!(A, B);
answers_committed!(A, B, C);
answers_committed!(A, B, C, D);
answers_committed!(A, B, C, D, E);
answers_committed!(A, B, C, D, E, G);
answers_committed!(A, B, C, D, E, G, H);

/// Extractor: the request's claim, if it carried a key.
pub struct Idempotency(pub Option<Claim>);

impl<S: Send + Sync> FromRequestParts<S> for Idempotency {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        Ok(Idempotency(parts.extensions.get::<Claim>().cloned()))
    }
}

/// Runs `work` in a write transaction together with the idempotency check
/// and store. Returns the response and, when the work really ran (not a
/// replay), what `work` handed back for after the commit.
pub async fn commit<T, A, F>(
    state: &AppState,
    claim: Option<Claim>,
    status: StatusCode,
    work: F,
) -> Result<(Committed, Option<A>), ApiError>
where
    T: Serialize + Send + 'static,
    A: Send + 'static,
    F: FnOnce(&Tx<'_>) -> Result<(T, A), ApiError> + Send + 'static,
{
    run(state, claim, status, work, |_| Ok(None)).await
}

/// [`commit`] for an answer that carries a secret shown once: the stored
/// answer (what replays show) has the secret withheld.
pub async fn commit_secret<T, A, F>(
    state: &AppState,
    claim: Option<Claim>,
    status: StatusCode,
    work: F,
) -> Result<(Committed, Option<A>), ApiError>
where
    T: OneTimeSecret + Send + 'static,
    A: Send + 'static,
    F: FnOnce(&Tx<'_>) -> Result<(T, A), ApiError> + Send + 'static,
{
    run(state, claim, status, work, |mut value: T| {
        value.withhold();
        Ok(Some(serde_json::to_vec(&value)?))
    })
    .await
}

/// `withheld` gives the body to store instead of the answer's, if any; it
/// only runs when a key is to be stored.
async fn run<T, A, F, W>(
    state: &AppState,
    claim: Option<Claim>,
    status: StatusCode,
    work: F,
    withheld: W,
) -> Result<(Committed, Option<A>), ApiError>
where
    T: Serialize + Send + 'static,
    A: Send + 'static,
    F: FnOnce(&Tx<'_>) -> Result<(T, A), ApiError> + Send + 'static,
    W: FnOnce(T) -> Result<Option<Vec<u8>>, ApiError> + Send + 'static,
{
    enum Done<A> {
        Fresh(Vec<u8>, A),
        Replay(Stored),
    }
    let stored_claim = claim.clone();
    let done = state
        .db
        .write(move |tx| {
            if let Some(claim) = &claim
                && let Some(stored) = claim.find(tx)?
            {
                return Ok(Done::Replay(stored));
            }
            let (value, after) = work(tx)?;
            let body = serde_json::to_vec(&value)?;
            if let Some(claim) = &claim {
                let without_secret = withheld(value)?;
                let stored = without_secret.as_deref().unwrap_or(&body);
                claim.insert(tx, status.as_u16(), Some("application/json"), stored, without_secret.is_some())?;
            }
            Ok(Done::Fresh(body, after))
        })
        .await?;
    match done {
        Done::Fresh(body, after) => {
            let mut response = (status, [(header::CONTENT_TYPE, "application/json")], body).into_response();
            response.extensions_mut().insert(StoredWithWork);
            Ok((Committed(response), Some(after)))
        }
        Done::Replay(stored) => {
            let claim = stored_claim.ok_or_else(|| ApiError::internal("replay without a claim"))?;
            let mut response = claim.replay(stored)?;
            response.extensions_mut().insert(StoredWithWork);
            Ok((Committed(response), None))
        }
    }
}

/// [`commit`] for work with nothing to do after the commit.
pub async fn commit_json<T, F>(
    state: &AppState,
    claim: Option<Claim>,
    status: StatusCode,
    work: F,
) -> Result<Committed, ApiError>
where
    T: Serialize + Send + 'static,
    F: FnOnce(&Tx<'_>) -> Result<T, ApiError> + Send + 'static,
{
    Ok(commit(state, claim, status, move |tx| Ok((work(tx)?, ()))).await?.0)
}

/// The scope of an application's keys (by its public id).
pub fn application_scope(public_id: &str) -> String {
    format!("app:{public_id}")
}

/// Whose keys these are, and the time their retention runs on: an
/// application's own clock, or the global clock for users and the operator.
fn scope_of(state: &AppState, request: &Request) -> (String, Timestamp) {
    let ext = request.extensions();
    if let Some(key) = principal::key_of(ext) {
        (application_scope(&key.application_public_id), state.clock.app_now(key.application_id))
    } else if let Some(user) = ext.get::<DashboardUser>() {
        (format!("user:{}", user.public_id), state.clock.now())
    } else {
        ("operator".to_owned(), state.clock.now())
    }
}

/// The layer, inside authentication so that the caller is known: `next`
/// runs the rest of the request, unless a stored answer replays.
pub async fn layer<F, Fut>(state: &AppState, request: Request, next: F) -> Response
where
    F: FnOnce(Request) -> Fut,
    Fut: Future<Output = Response>,
{
    match handle(state, request, next).await {
        Ok(response) => response,
        Err(e) => e.into_response(),
    }
}

async fn handle<F, Fut>(state: &AppState, request: Request, next: F) -> Result<Response, ApiError>
where
    F: FnOnce(Request) -> Fut,
    Fut: Future<Output = Response>,
{
    if request.method() != Method::POST {
        return Ok(next(request).await);
    }
    let path = request.uri().path().to_owned();
    let required = request.extensions().get::<Arc<Operation>>().is_some_and(|op| op.key_rule == KeyRule::Required);
    let key = match request.headers().get(crate::http::headers::IDEMPOTENCY_KEY) {
        None if required => {
            return Err(ApiError::new(
                ErrorCode::IdempotencyRequired,
                format!("POST {path} requires an Idempotency-Key header (a fresh UUID v4 per operation)"),
            ));
        }
        None => return Ok(next(request).await),
        Some(value) => value
            .to_str()
            .ok()
            .filter(|k| (1..=255).contains(&k.len()) && k.bytes().all(|b| b.is_ascii_graphic()))
            .ok_or_else(|| {
                ApiError::invalid_field("Idempotency-Key", "invalid", "must be 1 to 255 printable ASCII characters")
            })?
            .to_owned(),
    };
    let (scope, now) = scope_of(state, &request);
    // Read once by the layer stack, with the digests this needs.
    let received = request
        .extensions()
        .get::<Received>()
        .ok_or_else(|| ApiError::internal("a POST reached idempotency without its body read"))?;
    let claim = Claim {
        scope,
        key_hash: stored_key(&key),
        key,
        route: format!("POST {path}"),
        request_hash: received.body_hash().ok_or_else(|| ApiError::internal("a POST's body has no digest"))?,
        now,
        sealer: state.master_key.sealer(SEALING_PURPOSE),
    };

    let _turn = state.in_flight.turn(claim.aad()).await;
    let probe = claim.clone();
    if let Some(stored) = state.db.read(move |conn| probe.find(conn)).await? {
        return claim.replay(stored);
    }

    let mut request = request;
    request.extensions_mut().insert(claim.clone());
    let response = next(request).await;
    let status = response.status();
    if response.extensions().get::<StoredWithWork>().is_some()
        || status.is_server_error()
        || status == StatusCode::TOO_MANY_REQUESTS
    {
        return Ok(response);
    }

    // An answer produced without `commit` (typically a validation error):
    // store it now, unless a racing request with the key stored first.
    let (parts, body) = response.into_parts();
    let body = axum::body::to_bytes(body, usize::MAX).await.map_err(ApiError::internal)?;
    let content_type = parts.headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).map(str::to_owned);
    let to_store = (claim.clone(), body.clone());
    let raced = state
        .db
        .write(move |tx| {
            let (claim, body) = to_store;
            if let Some(stored) = claim.find(tx)? {
                return Ok(Some(stored));
            }
            claim.insert(tx, status.as_u16(), content_type.as_deref(), &body, false)?;
            Ok(None)
        })
        .await?;
    match raced {
        Some(stored) => claim.replay(stored),
        None => Ok(Response::from_parts(parts, Body::from(body))),
    }
}

/// Forgets every stored answer (they are sealed under a key the sandbox no
/// longer has, after `--reset-secrets`); retries of their keys run again.
pub fn forget_all(conn: &Conn<'_>) -> sql::Result<usize> {
    idempotency_keys::delete_all(conn)
}

/// The form a key is stored in ([`crate::http::body::key_hash`]). The key
/// as sent still binds the sealed answer (it is part of the associated
/// data), so a stored answer opens only for a request that carries the key
/// itself.
pub fn stored_key(key: &str) -> String {
    crate::http::body::key_hash(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn turns_on_one_key_are_taken_one_at_a_time_and_leave_nothing_behind() {
        let in_flight = InFlight::default();
        let first = in_flight.turn(b"k".to_vec()).await;
        // Another key is not held up.
        drop(in_flight.turn(b"other".to_vec()).await);
        let waiting = in_flight.turn(b"k".to_vec());
        tokio::pin!(waiting);
        assert!(futures_poll_once(waiting.as_mut()).await.is_none(), "the second waits for the first");
        drop(first);
        drop(waiting.await);
        // An abandoned waiter leaves nothing either.
        let held = in_flight.turn(b"k".to_vec()).await;
        drop(tokio::time::timeout(std::time::Duration::from_millis(5), in_flight.turn(b"k".to_vec())).await);
        drop(held);
        assert!(in_flight.0.lock().unwrap().is_empty());
    }

    /// Polls a future once: `Some` when it finished.
    async fn futures_poll_once<F: std::future::Future + Unpin>(mut f: F) -> Option<F::Output> {
        std::future::poll_fn(|cx| {
            std::task::Poll::Ready(match std::pin::Pin::new(&mut f).poll(cx) {
                std::task::Poll::Ready(v) => Some(v),
                std::task::Poll::Pending => None,
            })
        })
        .await
    }
}
