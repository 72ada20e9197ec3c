//! The router: every operation of the route table ([`routes`]), behind
//! the layers its rule calls for, collected into the OpenAPI document as it
//! is registered.
//!
//! Layers, outermost first: request id → panic guard → body limit →
//! sandbox clock header → the operation's own layers ([`layered`]).

pub mod accounts;
pub mod applications;
pub mod beneficiaries;
pub mod compliance;
pub mod control;
pub mod customers;
pub mod dashboard;
pub mod faults;
pub mod fields;
pub mod health;
pub mod keys;
pub mod legacy_quotes;
pub mod logs;
pub mod openapi;
pub mod partners;
pub mod payments;
pub mod pricing;
pub mod rates;
pub mod reset;
pub mod review;
pub mod routes;
pub mod transaction_quotes;
pub mod transactions;
pub mod transfers;
pub mod trigger;
pub mod wallets;
pub mod webhooks;

use std::sync::Arc;

use axum::extract::{DefaultBodyLimit, Request};
use axum::http::HeaderValue;
use axum::middleware::{Next, from_fn, from_fn_with_state};
use axum::response::{IntoResponse, Response};
use axum::routing::MethodRouter;
use axum::{Extension, Router};
use payctl_wire::error::ErrorCode;
use tower_http::catch_panic::CatchPanicLayer;
use utoipa_axum::router::OpenApiRouter;

pub use self::routes::{Credential, Dialect, KeyRule, Operation, Operations, Purpose};
use crate::auth::principal;
use crate::error::ApiError;
use crate::http::{dialect, fallback, request_id, sandbox_clock};
use crate::state::AppState;
use crate::{idempotency, rate_limit, request_log};

/// Request bodies above this answer 413.
pub const BODY_LIMIT: usize = 1024 * 1024;

/// The OpenAPI document of every operation the router serves.
pub fn openapi() -> utoipa::openapi::OpenApi {
    let (api, operations) = collect(None);
    let (_, api) = api.split_for_parts();
    openapi::finish(api, &operations)
}

/// The API, and the console at `/console` (same process and port), whose
/// actions go through the API router itself.
pub fn router(state: AppState) -> Router {
    let (api, operations) = collect(Some(state.clone()));
    let _ = state.operations.set(operations);
    // The document is finished and rendered when first asked for
    // ([`openapi::serve`]): a sandbox that never serves it does not pay
    // for it at start.
    let (api, _) = api.split_for_parts();
    let router = openapi::serve(api)
        .fallback(fallback::not_found)
        .method_not_allowed_fallback(fallback::method_not_allowed)
        .layer(from_fn_with_state(state.clone(), sandbox_clock::global_if_absent))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(CatchPanicLayer::custom(panic_response))
        .layer(from_fn(request_id::middleware));
    let api = router.with_state(state.clone());
    api.clone()
        .route(payctl_wire::sandbox::WEBHOOK_SINK_PATH, axum::routing::post(crate::webhooks::sink::receive))
        .nest(crate::console::CONSOLE, crate::console::router(state, api))
}

/// Every operation of the route table ([`routes::table`]), each behind the
/// layers its rule calls for when there is a state to serve it with.
fn collect(state: Option<AppState>) -> (OpenApiRouter<AppState>, Arc<Operations>) {
    let mut api = OpenApiRouter::with_openapi(openapi::base());
    let mut operations = Vec::new();
    for declared in routes::table() {
        let operation = Arc::new(declared.operation());
        let (schemas, paths, handler) = declared.handler;
        let handler = match &state {
            Some(state) => layered(handler, &operation, state),
            None => handler,
        };
        api = api.routes((schemas, paths, handler));
        operations.push(operation);
    }
    (api, Arc::new(Operations::new(operations)))
}

/// An operation's layers, outermost first: its [`Operation`] in the
/// request's extensions → the deprecation headers of an alias → the flat
/// dialect's re-rendering → authentication → [an API key: rate limit →
/// request log] → [TEST-only: the key's environment] → [a partner's API
/// operation: faults] → the caller's clock header → idempotency → [flat dialect again, so stored answers are flat]
/// → the handler. So a caller learns it may not call an operation before
/// anything about its request: body, headers or Idempotency-Key.
fn layered(handler: MethodRouter<AppState>, op: &Arc<Operation>, s: &AppState) -> MethodRouter<AppState> {
    let flat = op.dialect == Dialect::Flat;
    let mut handler = handler;
    if op.credential != Credential::Public {
        if flat {
            handler = handler.route_layer(from_fn(dialect::rerender));
        }
        handler = handler
            .route_layer(from_fn_with_state(s.clone(), idempotency::middleware))
            .route_layer(from_fn_with_state(s.clone(), sandbox_clock::for_caller));
        if op.is_partner_api() {
            handler = handler.route_layer(from_fn_with_state(s.clone(), crate::faults::requests::middleware));
        }
        if op.credential == Credential::TestKey {
            handler = handler.route_layer(from_fn(principal::require_test_key));
        }
        if op.credential.takes_api_key() {
            handler = handler
                .route_layer(from_fn_with_state(s.clone(), request_log::middleware))
                .route_layer(from_fn_with_state(s.clone(), rate_limit::middleware));
        }
        let state = s.clone();
        handler = match op.credential {
            Credential::ApiKey | Credential::TestKey => {
                handler.route_layer(from_fn_with_state(state, principal::require_api_key))
            }
            Credential::ControlOrTestKey => {
                handler.route_layer(from_fn_with_state(state, principal::require_control_or_test_key))
            }
            Credential::Bearer => handler.route_layer(from_fn_with_state(state, principal::require_bearer)),
            Credential::Control | Credential::Public => {
                handler.route_layer(from_fn_with_state(state, principal::require_control))
            }
        };
        if flat {
            handler = handler.route_layer(from_fn(dialect::rerender));
        }
    }
    if let Some(successor) = op.successor {
        handler =
            handler.route_layer(from_fn(move |request: Request, next: Next| deprecated(successor, request, next)));
    }
    handler.route_layer(Extension(op.clone()))
}

/// Marks every answer of a deprecated alias, errors included.
async fn deprecated(successor: &'static str, request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers.insert("deprecation", HeaderValue::from_static("true"));
    if let Ok(link) = HeaderValue::from_str(&format!("<{successor}>; rel=\"successor-version\"")) {
        headers.insert("link", link);
    }
    response
}

fn panic_response(_: Box<dyn std::any::Any + Send + 'static>) -> Response {
    ApiError::new(ErrorCode::Internal, "the sandbox hit an internal error; see its log").into_response()
}
