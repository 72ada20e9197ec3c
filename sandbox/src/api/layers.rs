//! An operation's layers, as one middleware.
//!
//! Every operation of the route table runs the same stages, chosen by its
//! rule, outermost first: its [`Operation`] in the request's extensions →
//! the deprecation headers of an alias → the flat dialect's re-rendering →
//! authentication → [a body above the default limit: one per partner at a
//! time] → the body, read once ([`body`]) → [an API key: rate limit →
//! request log, which logs the limiter's refusals too] → [TEST-only: the
//! key's environment] → [a partner's integration: faults] → the
//! caller's clock header → idempotency → [flat dialect again, so stored
//! answers are flat] → the handler. So a caller learns it may not call an
//! operation before anything about its request: body, headers or
//! Idempotency-Key. Who is talking ([`principal::speaker`]) is judged
//! here, once: the rate limiter, the request log and faults are handed
//! the key they act for and do not judge it again.
//!
//! The stages are plain functions that take the rest of the request as a
//! continuation, composed here in one `from_fn` layer per operation. A
//! stack of one `from_fn` per stage cost a boxed clone of the whole inner
//! service, and a future, per stage and request: about a third of the
//! CPU an authenticated read took (BENCHMARKS.md).
//!
//! [`outer`] is the layer around the whole router: the correlation id and
//! the global clock on answers no operation stamped.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::HeaderValue;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::auth::principal::{self, Speaker};
use crate::error::ApiError;
use crate::http::{BODY_LIMIT, body, dialect, request_id, sandbox_clock};
use crate::operation::{Credential, Dialect, Operation};
use crate::state::AppState;
use crate::{faults, idempotency, request_log};

/// What one operation's layer holds: the operation and the sandbox.
#[derive(Clone)]
pub struct Stack {
    pub operation: Arc<Operation>,
    pub state: AppState,
}

/// The layer around the whole router.
pub async fn outer(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let mut response = request_id::scoped(request, |request| next.run(request)).await;
    sandbox_clock::global_if_absent(&state, &mut response);
    response
}

/// One operation's layer.
pub async fn operation(State(stack): State<Stack>, mut request: Request, next: Next) -> Response {
    let op = &stack.operation;
    request.extensions_mut().insert(op.clone());
    let mut response = if op.credential == Credential::Public {
        match body::receive(request, op.body_limit).await {
            (_, Some(refused)) => refused.into_response(),
            (request, None) => next.run(request).await,
        }
    } else {
        flat_if(op, guarded(&stack.state, op, request, next).await)
    };
    if let Some(successor) = op.successor {
        deprecated(successor, &mut response);
    }
    response
}

/// Everything inside the outer re-rendering: authentication first, then
/// the body, read once ([`body::receive`]).
async fn guarded(state: &AppState, op: &Operation, mut request: Request, next: Next) -> Response {
    let admitted = match op.credential {
        Credential::ApiKey | Credential::TestKey => principal::admit_api_key(state, &mut request).await,
        Credential::ControlOrTestKey => principal::admit_control_or_test_key(state, &mut request).await,
        Credential::ControlTestKeyOrBearer => principal::admit_owner(state, &mut request).await,
        Credential::Bearer => principal::admit_bearer(state, &mut request).await,
        Credential::Control | Credential::Public => principal::admit_control(state, &mut request),
    };
    if let Err(refused) = admitted {
        return refused.into_response();
    }
    // Who is talking, judged once for every layer below.
    let speaker = principal::speaker(request.extensions());
    let integration =
        speaker.and_then(Speaker::integration).filter(|key| key.is_test() && op.is_partner_api()).cloned();
    let arrival =
        speaker.and_then(Speaker::application_traffic).map(|key| request_log::Arrival::new(state, key.clone()));
    // A body above the default limit is held by one request per partner.
    let reading = if op.body_limit > BODY_LIMIT {
        let partner = principal::partner_of(request.extensions());
        match state.large_bodies.take(partner, op.body_limit) {
            Ok(reading) => Some(reading),
            Err(refused) => return refuse(state, arrival, request, refused).await,
        }
    } else {
        None
    };
    let (request, unreadable) = body::receive(request, op.body_limit).await;
    let after_key = |request: Request| async move {
        let _reading = reading;
        if let Some(refused) = unreadable {
            return refused.into_response();
        }
        if op.credential == Credential::TestKey
            && let Err(refused) = principal::require_test_key(&request)
        {
            return refused.into_response();
        }
        match &integration {
            Some(key) => {
                faults::requests::layer(state, key, request, |request| handled(state, op, request, next)).await
            }
            None => handled(state, op, request, next).await,
        }
    };
    let Some(arrival) = arrival else { return after_key(request).await };
    let (decision, refused) = match &state.rate_limiter {
        Some(limiter) if state.storage.is_shared() => match limiter.admit_shared(&state.db, arrival.key()).await {
            Ok((decision, refused)) => (Some(decision), refused),
            // The budget cannot be read: the request is answered as its
            // own database error would be, counted nowhere.
            Err(e) => (None, Some(e)),
        },
        Some(limiter) => {
            let (decision, refused) = limiter.admit(arrival.key());
            (Some(decision), refused)
        }
        None => (None, None),
    };
    let mut response = match refused {
        None => request_log::observe(state, arrival, request, after_key).await,
        Some(refused) => refuse(state, Some(arrival), request, refused).await,
    };
    if let Some(decision) = decision {
        decision.apply(response.headers_mut());
    }
    response
}

/// A refusal answered before the request runs: logged like any other
/// answer when the request is application traffic.
async fn refuse(
    state: &AppState,
    arrival: Option<request_log::Arrival>,
    request: Request,
    refused: ApiError,
) -> Response {
    match arrival {
        Some(arrival) => {
            request_log::observe(state, arrival, request, |_| std::future::ready(refused.into_response())).await
        }
        None => refused.into_response(),
    }
}

/// The caller's clock header, idempotency and the handler.
async fn handled(state: &AppState, op: &Operation, request: Request, next: Next) -> Response {
    let application = principal::key_of(request.extensions()).map(|key| key.application_id);
    let mut response =
        idempotency::layer(state, request, |request| async move { flat_if(op, next.run(request).await) }).await;
    sandbox_clock::for_caller(state, application, &mut response);
    response
}

fn flat_if(op: &Operation, response: Response) -> Response {
    match op.dialect {
        Dialect::Flat => dialect::rerender(response),
        Dialect::Numbered => response,
    }
}

/// Marks every answer of a deprecated alias, errors included.
fn deprecated(successor: &str, response: &mut Response) {
    let headers = response.headers_mut();
    headers.insert("deprecation", HeaderValue::from_static("true"));
    if let Ok(link) = HeaderValue::from_str(&format!("<{successor}>; rel=\"successor-version\"")) {
        headers.insert("link", link);
    }
}
