//! The transaction-quote flow (spec 2.7, 3.1, 4.2): price, read, accept.
//!
//! Pricing is `quoting::price`'s; the quote's life (3-minute lock, accept
//! once, consume once) is `store::quotes`'. This module validates requests
//! and shapes answers. An unknown quote, or another application's, is 404
//! `NOT_FOUND` (the specification names no quote code for it).

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use payctl_wire::error::ErrorCode;
use payctl_wire::transactions::{CreateTransactionQuote, DestinationKind, TransactionQuote};

use super::fields;
use crate::auth::KeyCaller;
use crate::clock::Timestamp;
use crate::error::{ApiError, Checks};
use crate::http::extract::ApiJson;
use crate::idempotency::{self, Idempotency};
use crate::quoting;
use crate::state::AppState;
use crate::store::{self, quotes};

pub fn not_found() -> ApiError {
    ApiError::not_found(ErrorCode::NotFound, "quote")
}

/// The answer for a quote read at `now` (its status may read `EXPIRED`).
pub fn view(q: &quotes::Row, now: Timestamp) -> TransactionQuote {
    TransactionQuote {
        id: q.public_id.clone(),
        status: q.status_at(now).to_owned(),
        expires_at: q.expires_at.to_rfc3339(),
        accepted_at: q.accepted_at.map(Timestamp::to_rfc3339),
        rate: q.rate.clone(),
        source_asset: q.source_asset.clone(),
        destination_asset: q.destination_asset.clone(),
        source_amount_minor: q.source_amount_minor.to_string(),
        fee_minor: q.fee_minor.to_string(),
        net_source_minor: q.net_source_minor.to_string(),
        destination_amount_minor: q.destination_amount_minor.to_string(),
        markup_source: q.markup_source.clone(),
        corridor_id: q.corridor.clone().unwrap_or_default(),
        destination_kind: q.destination_kind.clone().unwrap_or_default(),
        customer_id: q.customer_public_id.clone(),
        created_at: q.created_at.to_rfc3339(),
    }
}

/// Create a transaction quote
///
/// Prices a transfer and stores it as a CREATED quote locked for 3 minutes of sandbox time. With
/// `customer_id`, the customer's markup override applies. Accept it with `POST
/// /v1/transactions/quote/{id}/accept` before a transaction can use it.
#[utoipa::path(post, path = "/v1/transactions/quote", tag = "quotes", operation_id = "createTransactionQuote", request_body = CreateTransactionQuote,
    security(("api_key" = [])),
    responses(
        (status = 201, body = TransactionQuote, description = "the quote, status CREATED"),
        (status = 400, body = payctl_wire::error::ErrorEnvelope, description = "VAL_0001: every bad field in details"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "CNT_0001: customer_id unknown or not the caller's"),
        (status = 422, body = payctl_wire::error::ErrorEnvelope, description = "UNSUPPORTED_COMBINATION: no rate for the pair"),
    ))]
pub async fn create(
    State(state): State<AppState>,
    caller: KeyCaller,
    Idempotency(claim): Idempotency,
    ApiJson(body): ApiJson<CreateTransactionQuote>,
) -> Result<Response, ApiError> {
    let mut c = Checks::new();
    let corridor = fields::text(&mut c, "corridor_id", &body.corridor_id, 64);
    let source = fields::asset(&mut c, "source_asset", &body.source_asset, 16);
    let amount = fields::amount_minor(&mut c, "source_amount_minor", &body.source_amount_minor);
    let destination = fields::asset(&mut c, "destination_asset", &body.destination_asset, 16);
    let kind = fields::one_of(&mut c, "destination_kind", &body.destination_kind, DestinationKind::VALUES);
    let customer = fields::optional_uuid(&mut c, "customer_id", &body.customer_id);
    c.finish()?;
    let (Some(corridor), Some(source), Some(amount), Some(destination), Some(kind)) =
        (corridor, source, amount, destination, kind)
    else {
        return Err(ApiError::internal("quote validation passed with a field missing"));
    };
    let now = state.clock.now();
    let (app, partner) = (caller.application_id, caller.partner_id);
    idempotency::commit_json(&state, claim, StatusCode::CREATED, move |tx| {
        let customer_id = match &customer {
            Some(id) => Some(store::customers::find(tx, Some(app), id)?.ok_or_else(super::customers::not_found)?.id),
            None => None,
        };
        let priced =
            quoting::price(tx, partner, customer.as_deref(), source, destination, amount, "destination_asset")?;
        let new = quotes::NewQuote {
            application_id: app,
            form: quotes::Form::Transaction,
            customer_id,
            priced: &priced,
            corridor_fee_minor: None,
            corridor: Some(corridor),
            destination_kind: Some(kind),
            recipient_type: None,
            destination_address: None,
        };
        Ok(view(&quotes::insert(tx, &new, now)?, now))
    })
    .await
}

/// Get a transaction quote
///
/// A quote of the caller. A CREATED quote past `expires_at` reads as EXPIRED (computed on read;
/// nothing is stored).
#[utoipa::path(get, path = "/v1/transactions/quote/{id}", tag = "quotes", operation_id = "getTransactionQuote",
    params(("id" = String, Path, description = "quote id")), security(("api_key" = [])),
    responses(
        (status = 200, body = TransactionQuote, description = "the quote"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: unknown or not the caller's"),
    ))]
pub async fn get(
    State(state): State<AppState>,
    caller: KeyCaller,
    Path(id): Path<String>,
) -> Result<Json<TransactionQuote>, ApiError> {
    let app = caller.application_id;
    let now = state.clock.now();
    let found = state.db.read(move |conn| quotes::find(conn, app, &id)).await?;
    found.map(|q| Json(view(&q, now))).ok_or_else(not_found)
}

/// Accept a transaction quote
///
/// Accepts a quote: CREATED → ACCEPTED, so one transaction may use it until `expires_at`. Answers
/// 200 with the accepted quote.
#[utoipa::path(post, path = "/v1/transactions/quote/{id}/accept", tag = "quotes", operation_id = "acceptTransactionQuote",
    params(("id" = String, Path, description = "quote id")), security(("api_key" = [])),
    responses(
        (status = 200, body = TransactionQuote, description = "the quote, status ACCEPTED"),
        (status = 400, body = payctl_wire::error::ErrorEnvelope, description = "QTE_0001: the quote expired"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: unknown or not the caller's"),
        (status = 409, body = payctl_wire::error::ErrorEnvelope, description = "QTE_0002: already accepted (or used)"),
    ))]
pub async fn accept(
    State(state): State<AppState>,
    caller: KeyCaller,
    Idempotency(claim): Idempotency,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let app = caller.application_id;
    let now = state.clock.now();
    idempotency::commit_json(&state, claim, StatusCode::OK, move |tx| {
        let quote = quotes::find(tx, app, &id)?.ok_or_else(not_found)?;
        Ok(view(&quotes::accept(tx, &quote, now)?, now))
    })
    .await
}
