//! The router: every operation of the route table ([`routes`]), behind
//! the layers its rule calls for, collected into the OpenAPI document as it
//! is registered.
//!
//! Layers, outermost first: request id and the global clock header
//! ([`layers::outer`]) → panic guard → the operation's own layers
//! ([`layers::operation`]), which read the body once, up to the
//! operation's limit (axum's own limit is off: it would be a second one).

pub mod accounts;
pub mod applications;
pub mod beneficiaries;
pub mod compliance;
pub mod control;
pub mod customers;
pub mod dashboard;
pub mod faults;
pub mod fields;
pub mod fork;
pub mod health;
pub mod keys;
pub mod layers;
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
pub mod snapshot;
pub mod transaction_quotes;
pub mod transactions;
pub mod transfers;
pub mod trigger;
pub mod wallets;
pub mod webhooks;

use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::middleware::from_fn_with_state;
use axum::response::{IntoResponse, Response};
use payctl_wire::error::ErrorCode;
use tower_http::catch_panic::CatchPanicLayer;
use utoipa_axum::router::OpenApiRouter;

use crate::error::ApiError;
use crate::http::fallback;
use crate::operation::Operations;
use crate::state::AppState;

/// The OpenAPI document of every operation the router serves.
pub fn openapi() -> utoipa::openapi::OpenApi {
    let table = routes::table();
    let operations = Operations::new(table.iter().map(|declared| Arc::new(declared.operation.clone())).collect());
    let api = table
        .iter()
        .fold(OpenApiRouter::with_openapi(openapi::base()), |api, declared| api.routes((declared.document)()));
    openapi::finish(api.into_openapi(), &operations)
}

/// The API, and the console at `/console` (same process and port), whose
/// actions go through the API router itself.
pub fn router(state: AppState) -> Router {
    let (api, operations) = collect(&state);
    let _ = state.operations.set(operations);
    // The document is built and rendered when first asked for
    // ([`openapi::serve`]): a sandbox that never serves it does not pay
    // for it at start.
    let router = openapi::serve(api)
        .fallback(fallback::not_found)
        .method_not_allowed_fallback(fallback::method_not_allowed)
        .layer(DefaultBodyLimit::disable())
        .layer(CatchPanicLayer::custom(panic_response))
        .layer(from_fn_with_state(state.clone(), layers::outer));
    let api = router.with_state(state.clone());
    api.clone()
        .route(payctl_wire::sandbox::WEBHOOK_SINK_PATH, axum::routing::post(crate::webhooks::sink::receive))
        .nest(crate::console::CONSOLE, crate::console::router(state, api))
}

/// Every operation of the route table ([`routes::table`]), each behind its
/// layers ([`layers::operation`]).
fn collect(state: &AppState) -> (Router<AppState>, Arc<Operations>) {
    let mut api = Router::new();
    let mut operations = Vec::new();
    for declared in routes::table() {
        let operation = Arc::new(declared.operation);
        let stack = layers::Stack { operation: operation.clone(), state: state.clone() };
        api = api.route(&operation.path, declared.handler.route_layer(from_fn_with_state(stack, layers::operation)));
        operations.push(operation);
    }
    (api, Arc::new(Operations::new(operations)))
}

fn panic_response(_: Box<dyn std::any::Any + Send + 'static>) -> Response {
    ApiError::new(ErrorCode::Internal, "the sandbox hit an internal error; see its log").into_response()
}
