//! The transaction-quote flow (spec 2.7, 3.1, 4.2): price, read, accept.
//!
//! A quote of every form is made by `flows::quotes::create` (priced by
//! `quoting::price`), and lives there (3-minute lock, accept once, consume
//! once). This module validates requests and shapes answers. An unknown quote, or another application's, is 404
//! `NOT_FOUND` (the specification names no quote code for it).

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use payctl_domain::asset::Asset;
use payctl_domain::money::MinorUnit;
use payctl_domain::rates::{self, CorridorId};
use payctl_domain::time::Timestamp;
use payctl_wire::error::{ErrorCode, FieldIssue};
use payctl_wire::transactions::{CreateTransactionQuote, DestinationKind, TransactionQuote};

use super::fields;
use crate::auth::KeyCaller;
use crate::db::sql::Conn;
use crate::error::{ApiError, Checks};
use crate::flows::quotes;
use crate::http::extract::ApiJson;
use crate::idempotency::{self, Committed, Idempotency};
use crate::state::AppState;

/// A quote request with its fields checked and its corridor known to carry
/// its pair.
pub struct NewTransactionQuote {
    pub corridor: CorridorId,
    pub source: Asset,
    pub amount: MinorUnit,
    pub destination: Asset,
    pub destination_kind: DestinationKind,
    pub customer_id: Option<String>,
}

impl TryFrom<CreateTransactionQuote> for NewTransactionQuote {
    type Error = ApiError;

    fn try_from(body: CreateTransactionQuote) -> Result<Self, ApiError> {
        let mut c = Checks::new();
        let corridor = fields::text(&mut c, "corridor_id", &body.corridor_id, 64);
        let source = fields::asset(&mut c, "source_asset", &body.source_asset, 16);
        let amount = fields::amount_minor(&mut c, "source_amount_minor", &body.source_amount_minor);
        let destination = fields::asset(&mut c, "destination_asset", &body.destination_asset, 16);
        let kind = fields::one_of(&mut c, "destination_kind", &body.destination_kind);
        let customer_id = fields::optional_uuid(&mut c, "customer_id", &body.customer_id);
        let parsed = (move || Some((corridor?, source?, amount?, destination?, kind?)))();
        let (corridor, source, amount, destination, destination_kind) = c.conclude(parsed)?;
        let corridor = corridor_for("corridor_id", &corridor, source.code, destination.code)?;
        Ok(NewTransactionQuote { corridor, source, amount, destination, destination_kind, customer_id })
    }
}

/// The corridor `id` (given in the request's `field`) names, if it
/// carries `source` to `destination`; otherwise 422
/// `UNSUPPORTED_COMBINATION` naming the ids that would.
pub fn corridor_for(field: &str, id: &str, source: &str, destination: &str) -> Result<CorridorId, ApiError> {
    let refuse = |message: String| {
        Err(ApiError::new(ErrorCode::UnsupportedCombination, message.clone()).with_details(vec![FieldIssue::new(
            field,
            "not_allowed",
            message,
        )]))
    };
    let valid = rates::corridor_ids_for(source, destination);
    match CorridorId::parse(id) {
        Some(corridor) if corridor.carries(source, destination) => Ok(corridor),
        _ if valid.is_empty() => refuse(format!(
            "no corridor carries {source} to {destination}; the corridors are: {}",
            rates::corridor_ids().join(", ")
        )),
        Some(_) => {
            refuse(format!("corridor {id} does not carry {source} to {destination}; use {}", valid.join(" or ")))
        }
        None => refuse(format!("unknown {field}; for {source} to {destination} use {}", valid.join(" or "))),
    }
}

/// The application's transaction quote `id`: a quote of another form is
/// served by the legacy paths, and is 404 here as an unknown one is.
fn owned(conn: &Conn<'_>, app: i64, id: &str) -> Result<quotes::Row, ApiError> {
    quotes::owned_of(conn, app, id, &[quotes::Form::Transaction])
}

/// The answer for a transaction quote read at `now` (its status may read
/// `EXPIRED`).
pub fn view(q: &quotes::Row, now: Timestamp) -> Result<TransactionQuote, ApiError> {
    let destination_kind = q
        .destination_kind
        .ok_or_else(|| ApiError::internal("a transaction quote stored without its destination kind"))?;
    Ok(TransactionQuote {
        id: q.public_id.clone(),
        status: quotes::status_at(q, now),
        expires_at: q.expires_at.to_rfc3339(),
        accepted_at: q.accepted_at.map(Timestamp::to_rfc3339),
        rate: q.rate.to_string(),
        source_asset: q.source_asset.code.to_owned(),
        destination_asset: q.destination_asset.code.to_owned(),
        source_amount_minor: q.source_amount.to_string(),
        fee_minor: q.fee.to_string(),
        net_source_minor: q.net_source.to_string(),
        destination_amount_minor: q.destination_amount.to_string(),
        markup_source: q.markup_source,
        corridor_id: q.corridor.clone().unwrap_or_default(),
        destination_kind,
        customer_id: q.customer_public_id.clone(),
        created_at: q.created_at.to_rfc3339(),
    })
}

/// Create a transaction quote
///
/// Prices a transfer and stores it as a CREATED quote locked for 3 minutes of sandbox time. With
/// `customer_id`, the customer's markup override applies. Accept it with `POST
/// /v1/transactions/quote/{id}/accept` before a transaction can use it.
#[utoipa::path(post, path = "/v1/transactions/quote", tag = "quotes", operation_id = "createTransactionQuote", request_body = CreateTransactionQuote,
    responses(
        (status = 201, body = TransactionQuote, description = "the quote, status CREATED"),
        (status = 400, body = payctl_wire::error::ErrorEnvelope, description = "VAL_0001: every bad field in details"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "CNT_0001: customer_id unknown or not the caller's"),
        (status = 422, body = payctl_wire::error::ErrorEnvelope, description = "UNSUPPORTED_COMBINATION: the corridor does not carry the pair (the message names the ids that do); INVALID_AMOUNT: nothing would be delivered once the fee is paid (the message names the smallest amount that works)"),
    ))]
pub async fn create(
    State(state): State<AppState>,
    caller: KeyCaller,
    Idempotency(claim): Idempotency,
    ApiJson(body): ApiJson<CreateTransactionQuote>,
) -> Result<Committed, ApiError> {
    let new = NewTransactionQuote::try_from(body)?;
    let new = quotes::NewQuote {
        source: new.source,
        destination: new.destination,
        amount: new.amount,
        form: quotes::FormRequest::Transaction {
            corridor: new.corridor,
            destination_kind: new.destination_kind,
            customer_id: new.customer_id,
        },
    };
    let (app, partner, clocks) = (caller.application_id, caller.partner_id, state.clock.clone());
    idempotency::commit_json(&state, claim, StatusCode::CREATED, move |tx| {
        let now = clocks.app_now(app);
        view(&quotes::create(tx, app, partner, new, now)?, now)
    })
    .await
}

/// Get a transaction quote
///
/// A quote of the caller. A CREATED quote past `expires_at` reads as EXPIRED (computed on read;
/// nothing is stored).
#[utoipa::path(get, path = "/v1/transactions/quote/{id}", tag = "quotes", operation_id = "getTransactionQuote",
    params(("id" = String, Path, description = "quote id")), responses(
        (status = 200, body = TransactionQuote, description = "the quote"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: unknown or not the caller's"),
    ))]
pub async fn get(
    State(state): State<AppState>,
    caller: KeyCaller,
    Path(id): Path<String>,
) -> Result<Json<TransactionQuote>, ApiError> {
    let app = caller.application_id;
    let now = state.clock.app_now(app);
    let quote = state.db.read(move |conn| owned(conn, app, &id)).await?;
    Ok(Json(view(&quote, now)?))
}

/// Accept a transaction quote
///
/// Accepts a quote: CREATED → ACCEPTED, so one transaction may use it until `expires_at`. Answers
/// 200 with the accepted quote.
#[utoipa::path(post, path = "/v1/transactions/quote/{id}/accept", tag = "quotes", operation_id = "acceptTransactionQuote",
    params(("id" = String, Path, description = "quote id")), responses(
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
) -> Result<Committed, ApiError> {
    let app = caller.application_id;
    let now = state.clock.app_now(app);
    idempotency::commit_json(&state, claim, StatusCode::OK, move |tx| {
        let quote = owned(tx, app, &id)?;
        view(&quotes::accept(tx, &quote, now)?, now)
    })
    .await
}
