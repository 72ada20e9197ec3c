//! The router: every operation, behind the authentication layer of its
//! family, collected into the OpenAPI document as it is registered.
//!
//! Layers, outermost first: request id → panic guard → body limit →
//! sandbox clock header → (per family) authentication → [on families an
//! API key can call: rate limit → request log] → [TEST-only operations: the
//! key's environment] → the caller's clock header → idempotency → handler.
//! So a caller learns it may not call an operation before anything about
//! its request: body, headers or Idempotency-Key.

pub mod accounts;
pub mod applications;
pub mod beneficiaries;
pub mod compliance;
pub mod control;
pub mod customers;
pub mod dashboard;
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
pub mod transaction_quotes;
pub mod transactions;
pub mod transfers;
pub mod trigger;
pub mod wallets;
pub mod webhooks;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::middleware::{from_fn, from_fn_with_state};
use axum::response::{IntoResponse, Response};
use payctl_wire::error::ErrorCode;
use tower_http::catch_panic::CatchPanicLayer;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::{principal, token_endpoint};
use crate::error::ApiError;
use crate::http::{dialect, fallback, request_id, sandbox_clock};
use crate::state::AppState;
use crate::{idempotency, rate_limit, request_log};

/// Request bodies above this answer 413.
pub const BODY_LIMIT: usize = 1024 * 1024;

/// Operations authenticated by `X-API-Key` with the numbered error codes.
fn key_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(customers::create_customer, customers::list_customers))
        .routes(routes!(customers::get_customer))
        .routes(routes!(customers::create_participant, customers::list_participants))
        .routes(routes!(customers::get_participant))
        .routes(routes!(customers::create_counterparty, customers::list_counterparties))
        .routes(routes!(customers::get_counterparty))
        .routes(routes!(beneficiaries::create, beneficiaries::list))
        .routes(routes!(beneficiaries::get))
        .routes(routes!(accounts::for_customer))
        .routes(routes!(accounts::balances))
        .routes(routes!(logs::list))
        .routes(routes!(webhooks::create, webhooks::list))
        .routes(routes!(webhooks::get, webhooks::update, webhooks::delete))
        .routes(routes!(webhooks::rotate))
        .routes(routes!(webhooks::deliveries))
        .routes(routes!(webhooks::redeliver))
        .routes(routes!(transaction_quotes::create))
        .routes(routes!(transaction_quotes::get))
        .routes(routes!(transaction_quotes::accept))
        .routes(routes!(transactions::create, transactions::list))
        .routes(routes!(transactions::get))
        .routes(routes!(compliance::start))
        .routes(routes!(transfers::create_transfer))
        .routes(routes!(transfers::get_transfer))
        .routes(routes!(transfers::create_payin))
        .routes(routes!(transfers::create_payout))
        .routes(routes!(transfers::create_bridge))
        .routes(routes!(transfers::create_swap))
        .routes(routes!(transfers::get_swap))
}

/// `X-API-Key` operations for TEST keys only (spec 4.2, 4.4, 5.9): a LIVE
/// key is refused before its request is read.
fn test_key_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(legacy_quotes::create_legacy, legacy_quotes::create_corridor))
        .routes(routes!(legacy_quotes::get))
        .routes(routes!(legacy_quotes::accept))
        .routes(routes!(payments::create, payments::list))
        .routes(routes!(payments::get))
}

/// `X-API-Key` operations that answer with the flat error codes of spec
/// 4.6 and 4.7: partners and accounts.
fn flat_code_key_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(partners::create))
        .routes(routes!(partners::get, partners::update))
        .routes(routes!(accounts::create, accounts::list))
        .routes(routes!(accounts::get))
}

fn dashboard_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(dashboard::register))
        .routes(routes!(dashboard::me))
        .routes(routes!(applications::create, applications::list))
        .routes(routes!(applications::get))
        .routes(routes!(applications::deactivate))
        .routes(routes!(keys::create, keys::list))
        .routes(routes!(keys::revoke))
        .routes(routes!(wallets::list, wallets::put))
        .routes(routes!(pricing::get_markup, pricing::put_markup))
        .routes(routes!(pricing::list_customers))
        .routes(routes!(pricing::get_customer_markup, pricing::put_customer_markup, pricing::delete_customer_markup))
        .routes(routes!(pricing::corridors))
        .routes(routes!(pricing::simulate))
}

fn operator_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(control::create_user)).routes(routes!(reset::reset))
}

fn simulation_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(control::get_clock))
        .routes(routes!(control::advance_clock))
        .routes(routes!(rates::list, rates::set))
        .routes(routes!(rates::clear))
        .routes(routes!(customers::approve))
        .routes(routes!(customers::reject))
        .routes(routes!(trigger::trigger))
        .routes(routes!(transactions::complete))
        .routes(routes!(transactions::fail))
        .routes(routes!(payments::fund))
}

fn public_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(health::health))
        .routes(routes!(token_endpoint::token))
        .routes(routes!(wallets::validate))
}

/// The OpenAPI document of every operation the router serves.
pub fn openapi() -> utoipa::openapi::OpenApi {
    assemble(None).1
}

/// The API, and the console at `/console` (same process and port), whose
/// actions go through the API router itself.
pub fn router(state: AppState) -> Router {
    let api = assemble(Some(state.clone())).0.with_state(state.clone());
    api.clone()
        .route(payctl_wire::sandbox::WEBHOOK_SINK_PATH, axum::routing::post(crate::webhooks::sink::receive))
        .nest(crate::console::CONSOLE, crate::console::router(state, api))
}

fn assemble(state: Option<AppState>) -> (Router<AppState>, utoipa::openapi::OpenApi) {
    let layered = |routes: OpenApiRouter<AppState>,
                   auth: fn(OpenApiRouter<AppState>, &AppState) -> OpenApiRouter<AppState>| {
        match &state {
            // axum refuses a route layer on a group without routes.
            Some(s) if !routes.get_openapi().paths.paths.is_empty() => auth(
                routes
                    .route_layer(from_fn_with_state(s.clone(), idempotency::middleware))
                    .route_layer(from_fn_with_state(s.clone(), sandbox_clock::for_caller)),
                s,
            ),
            _ => routes,
        }
    };

    let (router, api) = OpenApiRouter::with_openapi(openapi::base())
        .merge(layered(key_routes(), |r, s| {
            keyed(r, s).route_layer(from_fn_with_state(s.clone(), principal::require_api_key))
        }))
        .merge(layered(test_key_routes(), |r, s| {
            keyed(r.route_layer(from_fn(principal::require_test_key)), s)
                .route_layer(from_fn_with_state(s.clone(), principal::require_api_key))
        }))
        .merge(layered(dialect::flat_codes(flat_code_key_routes()), |r, s| {
            dialect::flat_codes(keyed(r, s).route_layer(from_fn_with_state(s.clone(), principal::require_api_key)))
        }))
        .merge(layered(dashboard_routes(), |r, s| {
            r.route_layer(from_fn_with_state(s.clone(), principal::require_bearer))
        }))
        .merge(layered(operator_routes(), |r, s| {
            r.route_layer(from_fn_with_state(s.clone(), principal::require_control))
        }))
        .merge(layered(simulation_routes(), |r, s| {
            keyed(r, s).route_layer(from_fn_with_state(s.clone(), principal::require_control_or_test_key))
        }))
        .merge(public_routes())
        .split_for_parts();
    let api = openapi::finish(api);
    let router = openapi::serve(router, &api)
        .fallback(fallback::not_found)
        .method_not_allowed_fallback(fallback::method_not_allowed)
        .layer(from_fn(customers::deprecated_alias));
    let router = match &state {
        Some(s) => router.layer(from_fn_with_state(s.clone(), sandbox_clock::global_if_absent)),
        None => router,
    };
    let router = router
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(CatchPanicLayer::custom(panic_response))
        .layer(from_fn(request_id::middleware));
    (router, api)
}

/// Rate limit → request log, for route families an API key can call. Both
/// pass requests made without a key (bearer, control token) straight through.
fn keyed(routes: OpenApiRouter<AppState>, state: &AppState) -> OpenApiRouter<AppState> {
    routes
        .route_layer(from_fn_with_state(state.clone(), request_log::middleware))
        .route_layer(from_fn_with_state(state.clone(), rate_limit::middleware))
}

fn panic_response(_: Box<dyn std::any::Any + Send + 'static>) -> Response {
    ApiError::new(ErrorCode::Internal, "the sandbox hit an internal error; see its log").into_response()
}
