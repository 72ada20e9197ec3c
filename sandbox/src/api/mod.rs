//! The router: every operation, behind the authentication layer of its
//! family, collected into the OpenAPI document as it is registered.
//!
//! Layers, outermost first: request id → panic guard → body limit →
//! (per family) authentication → [on families an API key can call: rate
//! limit → request log] → idempotency → handler.

pub mod applications;
pub mod control;
pub mod dashboard;
pub mod health;
pub mod keys;
pub mod logs;
pub mod openapi;

use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::middleware::{from_fn, from_fn_with_state};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use payctl_wire::error::ErrorCode;
use tower_http::catch_panic::CatchPanicLayer;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::{principal, token_endpoint};
use crate::error::ApiError;
use crate::http::{fallback, request_id};
use crate::state::AppState;
use crate::{idempotency, rate_limit, request_log};

/// Request bodies above this answer 413.
pub const BODY_LIMIT: usize = 1024 * 1024;

/// Operations authenticated by `X-API-Key`. Empty until the partner
/// resources land; kept as the one place they are registered.
fn key_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(logs::list))
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
}

fn operator_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(control::create_user))
}

fn simulation_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(control::get_clock)).routes(routes!(control::advance_clock))
}

fn public_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(health::health)).routes(routes!(token_endpoint::token))
}

/// The OpenAPI document of every operation the router serves.
pub fn openapi() -> utoipa::openapi::OpenApi {
    assemble(None).1
}

pub fn router(state: AppState) -> Router {
    assemble(Some(state.clone())).0.with_state(state)
}

fn assemble(state: Option<AppState>) -> (Router<AppState>, utoipa::openapi::OpenApi) {
    let layered = |routes: OpenApiRouter<AppState>,
                   auth: fn(OpenApiRouter<AppState>, &AppState) -> OpenApiRouter<AppState>| {
        match &state {
            // axum refuses a route layer on a group without routes.
            Some(s) if !routes.get_openapi().paths.paths.is_empty() => {
                auth(routes.route_layer(from_fn_with_state(s.clone(), idempotency::middleware)), s)
            }
            _ => routes,
        }
    };

    let (router, api) = OpenApiRouter::with_openapi(openapi::base())
        .merge(layered(key_routes(), |r, s| {
            keyed(r, s).route_layer(from_fn_with_state(s.clone(), principal::require_api_key))
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
    let document = Arc::new(api.clone());
    let router = router
        .route("/v1/openapi.json", get(move || async move { Json(document.as_ref().clone()) }))
        .fallback(fallback::not_found)
        .method_not_allowed_fallback(fallback::method_not_allowed)
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
