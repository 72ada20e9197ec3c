//! An operation's layers, as one middleware.
//!
//! Every operation of the route table runs the same stages, chosen by its
//! rule, outermost first: its [`Operation`] in the request's extensions →
//! the deprecation headers of an alias → the flat dialect's re-rendering →
//! authentication → [an API key: rate limit → request log] → [TEST-only:
//! the key's environment] → [a partner's API operation: faults] → the
//! caller's clock header → idempotency → [flat dialect again, so stored
//! answers are flat] → the handler. So a caller learns it may not call an
//! operation before anything about its request: body, headers or
//! Idempotency-Key.
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

use crate::auth::principal;
use crate::http::{dialect, request_id, sandbox_clock};
use crate::operation::{Credential, Dialect, Operation};
use crate::state::AppState;
use crate::{faults, idempotency, rate_limit, request_log};

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
        next.run(request).await
    } else {
        flat_if(op, guarded(&stack.state, op, request, next).await)
    };
    if let Some(successor) = op.successor {
        deprecated(successor, &mut response);
    }
    response
}

/// Everything inside the outer re-rendering: authentication first.
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
    let after_key = |request: Request| async move {
        if op.credential == Credential::TestKey
            && let Err(refused) = principal::require_test_key(&request)
        {
            return refused.into_response();
        }
        if op.is_partner_api() {
            faults::requests::layer(state, request, |request| handled(state, op, request, next)).await
        } else {
            handled(state, op, request, next).await
        }
    };
    if op.credential.takes_api_key() {
        rate_limit::layer(state, request, |request| request_log::observe(state, request, after_key)).await
    } else {
        after_key(request).await
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
