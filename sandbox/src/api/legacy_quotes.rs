//! The legacy quote forms of spec 4.2, TEST keys only (a LIVE key: 403
//! ATH_0002): `GET /v1/quotes` with a JSON body (form `legacy`), the
//! alternate `POST /v1/quotes` with a corridor (form `corridor`), and their
//! accept. Both forms are made by `flows::quotes::create`, priced by
//! `quoting::price`, locked for 3 minutes and accepted once, exactly like
//! transaction quotes; only the request and answer shapes differ. Payments consume `legacy` quotes.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use payctl_domain::address::{self, Network};
use payctl_domain::asset::AssetKind;
use payctl_domain::decimal::format_minor;
use payctl_domain::iban::Iban;
use payctl_domain::money::MinorUnit;
use payctl_domain::time::Timestamp;
use payctl_wire::legacy_quotes::{
    CorridorQuoteRequest, LegacyQuote, LegacyQuoteFees, LegacyQuoteForm, LegacyQuoteRequest, QuoteTarget,
    RecipientType, TargetType,
};
use payctl_wire::transactions::DestinationKind;

use super::fields;
use crate::auth::KeyCaller;
use crate::db::sql::Conn;
use crate::error::{ApiError, Checks};
use crate::flows::quotes;
use crate::http::extract::ApiJson;
use crate::idempotency::{self, Committed, Idempotency};
use crate::state::AppState;

/// The answer for a legacy or corridor quote as seen at `now`.
pub fn view(q: &quotes::Row, now: Timestamp) -> LegacyQuote {
    let (src, dst) = (q.source_asset.decimals, q.destination_asset.decimals);
    let corridor_fee = q.corridor_fee.unwrap_or_default().as_u64();
    let legacy = q.form == quotes::Form::Legacy;
    LegacyQuote {
        id: q.public_id.clone(),
        form: match q.form {
            quotes::Form::Corridor => LegacyQuoteForm::Corridor,
            quotes::Form::Legacy | quotes::Form::Transaction => LegacyQuoteForm::Legacy,
        },
        status: quotes::status_at(q, now),
        from_customer_id: q.customer_public_id.clone(),
        to: legacy.then(|| QuoteTarget {
            target_type: q.destination_kind.map(|k| k.as_str().to_owned()),
            currency: Some(q.destination_asset.code.to_owned()),
            address: q.destination_address.clone(),
        }),
        corridor: q.corridor.clone().filter(|_| !legacy),
        recipient_type: q.recipient_type,
        source_currency: q.source_asset.code.to_owned(),
        destination_currency: q.destination_asset.code.to_owned(),
        source_amount: format_minor(q.source_amount.as_u64(), src),
        destination_amount: format_minor(q.destination_amount.as_u64(), dst),
        source_amount_minor: q.source_amount.to_string(),
        destination_amount_minor: q.destination_amount.to_string(),
        fees: LegacyQuoteFees {
            platform_fee: format_minor(q.fee.as_u64(), src),
            corridor_fee: format_minor(corridor_fee, src),
            total: format_minor(q.fee.as_u64().saturating_add(corridor_fee), src),
        },
        guaranteed_rate: q.rate.to_string(),
        expires_at: q.expires_at.to_rfc3339(),
        accepted_at: q.accepted_at.map(Timestamp::to_rfc3339),
        created_at: q.created_at.to_rfc3339(),
    }
}

/// A legacy-form or corridor-form quote of the application; transaction
/// quotes are not served here.
pub fn find_legacy(conn: &Conn<'_>, application_id: i64, id: &str) -> Result<quotes::Row, ApiError> {
    quotes::owned_of(conn, application_id, id, &[quotes::Form::Legacy, quotes::Form::Corridor])
}

fn target_address_ok(target_type: TargetType, address: &str) -> bool {
    match target_type {
        TargetType::Wallet => Network::ALL.iter().any(|n| address::validate(*n, address).is_ok()),
        TargetType::Bank => Iban::parse(address).is_ok(),
    }
}

/// Create a legacy quote (JSON body on GET)
///
/// TEST keys only. Creates a quote from the legacy form: a JSON body sent on GET, as the published
/// interface shows it. The quote is CREATED and locked for 3 minutes of sandbox time; accept it
/// with `POST /v1/quotes/{id}/accept`, then fund a payment with it.
#[utoipa::path(get, path = "/v1/quotes", tag = "legacy quotes", operation_id = "createLegacyQuote", request_body = LegacyQuoteRequest,
    responses(
        (status = 201, body = LegacyQuote, description = "the quote, CREATED, locked for 3 minutes"),
        (status = 400, body = payctl_wire::error::ErrorEnvelope, description = "VAL_0001: every bad field"),
        (status = 403, body = payctl_wire::error::ErrorEnvelope, description = "ATH_0002: LIVE key"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "CNT_0001: unknown customer"),
        (status = 422, body = payctl_wire::error::ErrorEnvelope, description = "UNSUPPORTED_COMBINATION: no rate for the pair; INVALID_AMOUNT: the amount delivers nothing once the fees are paid"),
    ))]
pub async fn create_legacy(
    State(state): State<AppState>,
    caller: KeyCaller,
    ApiJson(body): ApiJson<LegacyQuoteRequest>,
) -> Result<Response, ApiError> {
    let mut c = Checks::new();
    let customer = fields::uuid(&mut c, "from_customer_id", &body.from_customer_id);
    let source = fields::asset(&mut c, "source_currency", &body.source_currency, 16);
    let amount = fields::decimal_amount(&mut c, "source_amount", &body.source_amount, source);
    let to = body.to.clone().unwrap_or_default();
    if body.to.is_none() {
        c.push("to", "required", "is required");
    }
    let (mut target_type, mut destination) = (None, None);
    if body.to.is_some() {
        target_type = fields::one_of::<TargetType>(&mut c, "to.type", &to.target_type);
        destination = fields::asset(&mut c, "to.currency", &to.currency, 16);
    }
    let address = to.address.as_deref().map(str::trim).filter(|a| !a.is_empty()).map(str::to_owned);
    match (target_type, address.as_deref()) {
        (Some(TargetType::Wallet), None) => c.push("to.address", "required", "is required for a WALLET"),
        (Some(t), Some(a)) if !target_address_ok(t, a) => c.push(
            "to.address",
            "invalid",
            match t {
                TargetType::Wallet => "is not a wallet address on any supported network",
                TargetType::Bank => "is not a valid IBAN",
            },
        ),
        _ => {}
    }
    if let (Some(TargetType::Wallet), Some(d)) = (target_type, destination)
        && d.kind != AssetKind::Stablecoin
    {
        c.push("to.currency", "not_allowed", "a WALLET receives a stablecoin (USDC, USDT)");
    }
    let (customer, source, amount, destination) =
        c.conclude((move || Some((customer?, source?, amount?, destination?)))())?;
    let (application_id, partner_id) = (caller.application_id, caller.partner_id);
    let now = state.clock.app_now(application_id);
    let row = state
        .db
        .write(move |tx| {
            let form = quotes::FormRequest::Legacy {
                customer_id: customer,
                destination_kind: target_type.map(DestinationKind::from),
                destination_address: address,
            };
            quotes::create(tx, application_id, partner_id, quotes::NewQuote { source, destination, amount, form }, now)
        })
        .await?;
    Ok((StatusCode::CREATED, Json(view(&row, now))).into_response())
}

/// Create a corridor quote
///
/// TEST keys only. Creates a quote on a corridor, with the corridor's fee and the guaranteed rate
/// for the 3-minute lock.
#[utoipa::path(post, path = "/v1/quotes", tag = "legacy quotes", operation_id = "createCorridorQuote", request_body = CorridorQuoteRequest,
    responses(
        (status = 201, body = LegacyQuote, description = "the quote with its corridor fee, CREATED, locked for 3 minutes"),
        (status = 400, body = payctl_wire::error::ErrorEnvelope, description = "VAL_0001: every bad field"),
        (status = 403, body = payctl_wire::error::ErrorEnvelope, description = "ATH_0002: LIVE key"),
        (status = 422, body = payctl_wire::error::ErrorEnvelope, description = "UNSUPPORTED_COMBINATION: pair not on the corridor; INVALID_AMOUNT: the amount delivers nothing once the fees are paid"),
    ))]
pub async fn create_corridor(
    State(state): State<AppState>,
    caller: KeyCaller,
    Idempotency(claim): Idempotency,
    ApiJson(body): ApiJson<CorridorQuoteRequest>,
) -> Result<Committed, ApiError> {
    let mut c = Checks::new();
    let source = fields::asset(&mut c, "source_currency", &body.source_currency, 16);
    let destination = fields::asset(&mut c, "destination_currency", &body.destination_currency, 16);
    let amount = match &body.amount {
        None | Some(serde_json::Value::Null) => {
            c.push("amount", "required", "is required");
            None
        }
        Some(v) => match v.as_i64().filter(|a| *a > 0) {
            Some(a) => Some(MinorUnit::new(a)),
            None => {
                c.push("amount", "invalid", "must be a positive integer of minor units (e.g. 100000 for 1000.00)");
                None
            }
        },
    };
    let corridor = fields::text(&mut c, "corridor", &body.corridor, 64);
    let recipient_type = fields::one_of::<RecipientType>(&mut c, "recipient_type", &body.recipient_type);
    let (source, destination, amount, corridor, recipient_type) =
        c.conclude((move || Some((source?, destination?, amount?, corridor?, recipient_type?)))())?;
    let corridor = super::transaction_quotes::corridor_for("corridor", &corridor, source.code, destination.code)?;
    let (application_id, partner_id) = (caller.application_id, caller.partner_id);
    let now = state.clock.app_now(application_id);
    let form = quotes::FormRequest::Corridor { corridor, recipient_type };
    let new = quotes::NewQuote { source, destination, amount, form };
    idempotency::commit_json(&state, claim, StatusCode::CREATED, move |tx| {
        Ok(view(&quotes::create(tx, application_id, partner_id, new, now)?, now))
    })
    .await
}

/// Get a legacy quote
///
/// TEST keys only. A legacy or corridor quote of the caller; a CREATED quote past its lock reads as
/// EXPIRED.
#[utoipa::path(get, path = "/v1/quotes/{id}", tag = "legacy quotes", operation_id = "getLegacyQuote",
    params(("id" = String, Path, description = "quote id")),
    responses(
        (status = 200, body = LegacyQuote, description = "the quote"),
        (status = 403, body = payctl_wire::error::ErrorEnvelope, description = "ATH_0002: LIVE key"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: unknown quote, or another caller's"),
    ))]
pub async fn get(
    State(state): State<AppState>,
    caller: KeyCaller,
    Path(id): Path<String>,
) -> Result<Json<LegacyQuote>, ApiError> {
    let (application_id, now) = (caller.application_id, state.clock.app_now(caller.application_id));
    let row = state.db.read(move |conn| find_legacy(conn, application_id, &id)).await?;
    Ok(Json(view(&row, now)))
}

/// Accept a legacy quote
///
/// TEST keys only. Accepts a legacy or corridor quote: CREATED → ACCEPTED within its lock, so one
/// payment may use it.
#[utoipa::path(post, path = "/v1/quotes/{id}/accept", tag = "legacy quotes", operation_id = "acceptLegacyQuote",
    params(("id" = String, Path, description = "quote id")),
    responses(
        (status = 200, body = LegacyQuote, description = "the quote, ACCEPTED"),
        (status = 400, body = payctl_wire::error::ErrorEnvelope, description = "QTE_0001: expired"),
        (status = 403, body = payctl_wire::error::ErrorEnvelope, description = "ATH_0002: LIVE key"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: unknown quote, or another caller's"),
        (status = 409, body = payctl_wire::error::ErrorEnvelope, description = "QTE_0002: already accepted"),
    ))]
pub async fn accept(
    State(state): State<AppState>,
    caller: KeyCaller,
    Idempotency(claim): Idempotency,
    Path(id): Path<String>,
) -> Result<Committed, ApiError> {
    let (application_id, now) = (caller.application_id, state.clock.app_now(caller.application_id));
    idempotency::commit_json(&state, claim, StatusCode::OK, move |tx| {
        let row = find_legacy(tx, application_id, &id)?;
        Ok(view(&quotes::accept(tx, &row, now)?, now))
    })
    .await
}
