//! Payments (spec 2.9, 4.4), TEST keys only (a LIVE key: 403 ATH_0002).
//!
//! A payment consumes an accepted legacy quote (`GET /v1/quotes`) of a
//! verified customer and answers with collection instructions: a virtual
//! UAE IBAN derived from the payment id, and a reference. The flow itself
//! (funding, settlement, expiry, ledger, events) is `flows::payments`.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use chrono::NaiveDate;
use payctl_domain::time::Timestamp;
use payctl_wire::page::Page;
use payctl_wire::payments::{CreatePayment, Payment, PaymentStatus};
use serde::Deserialize;

use super::fields;
use crate::auth::{ControlCaller, KeyCaller};
use crate::error::{ApiError, Checks};
use crate::flows;
use crate::flows::payments::NewPayment;
use crate::http::extract::{ApiJson, ApiQuery};
use crate::http::pagination::{PageQuery, PageRequest};
use crate::idempotency::{self, Committed, Idempotency};
use crate::state::AppState;
use crate::store::{self, payments};

/// Query of `GET /v1/payments`.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// awaiting_funds, funds_received, settled or expired.
    #[param(value_type = Option<PaymentStatus>)]
    pub status: Option<String>,
    /// Created at or after: ISO 8601 date (`2026-01-31`) or date-time with offset.
    #[param(value_type = Option<payctl_wire::schema::DateOrDateTime>)]
    pub from_date: Option<String>,
    /// Created at or before: a date means the end of that day (UTC); not
    /// before `from_date`.
    #[param(value_type = Option<payctl_wire::schema::DateOrDateTime>)]
    pub to_date: Option<String>,
    pub limit: Option<String>,
    pub cursor: Option<String>,
}

/// An ISO 8601 date or date-time; a bare date is the start of the day, or
/// with `end_of_day` its last millisecond.
fn parse_date(checks: &mut Checks, field: &str, value: Option<&str>, end_of_day: bool) -> Option<Timestamp> {
    let v = value?;
    if let Some(t) = Timestamp::parse_rfc3339(v) {
        return Some(t);
    }
    match NaiveDate::parse_from_str(v, "%Y-%m-%d").ok().and_then(|d| d.and_hms_opt(0, 0, 0)) {
        Some(start) => {
            let start = Timestamp::from_millis(start.and_utc().timestamp_millis());
            Some(if end_of_day { start.plus_millis(86_400_000 - 1) } else { start })
        }
        None => {
            checks.push(field, "invalid", "must be an ISO 8601 date (2026-01-31) or date-time (2026-01-31T10:00:00Z)");
            None
        }
    }
}

impl TryFrom<CreatePayment> for NewPayment {
    type Error = ApiError;

    fn try_from(body: CreatePayment) -> Result<Self, ApiError> {
        let mut c = Checks::new();
        let quote_id = fields::uuid(&mut c, "quote_id", &body.quote_id);
        let collection_method = fields::one_of(&mut c, "collection_method", &body.collection_method);
        c.conclude((move || Some(NewPayment { quote_id: quote_id?, collection_method: collection_method? }))())
    }
}

/// Create a payment
///
/// TEST keys only. Creates a payment from an accepted, unused legacy quote: the answer's collection
/// instructions give the virtual IBAN, reference and exact amount to send before `pay_by`.
/// `Idempotency-Key` is required.
#[utoipa::path(post, path = "/v1/payments", tag = "payments", operation_id = "createPayment", request_body = CreatePayment,
    params(("Idempotency-Key" = String, Header, pattern = "^[!-~]{1,255}$",
        description = "required: 1 to 255 printable ASCII characters, a fresh UUID per operation")),
    responses(
        (status = 201, body = Payment, description = "the payment, awaiting_funds, with collection instructions"),
        (status = 400, body = payctl_wire::error::ErrorEnvelope, description = "IDM_0002: no Idempotency-Key, or the quote is not accepted (or used, or its lock ran out); VAL_0001: bad fields"),
        (status = 403, body = payctl_wire::error::ErrorEnvelope, description = "ATH_0002: LIVE key; CMP_0001: customer not verified"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: unknown quote"),
        (status = 409, body = payctl_wire::error::ErrorEnvelope, description = "IDM_0001: key reused with another body"),
    ))]
pub async fn create(
    State(state): State<AppState>,
    caller: KeyCaller,
    Idempotency(claim): Idempotency,
    ApiJson(body): ApiJson<CreatePayment>,
) -> Result<Committed, ApiError> {
    let new = NewPayment::try_from(body)?;
    let (application_id, clocks) = (caller.application_id, state.clock.clone());
    idempotency::commit_json(&state, claim, StatusCode::CREATED, move |tx| {
        Ok(flows::payments::create(tx, &clocks, application_id, &new)?.payment)
    })
    .await
}

/// Get a payment
///
/// TEST keys only. A payment of the caller, with its status as of now.
#[utoipa::path(get, path = "/v1/payments/{id}", tag = "payments", operation_id = "getPayment",
    params(("id" = String, Path, description = "payment id")),
    responses(
        (status = 200, body = Payment, description = "the payment"),
        (status = 403, body = payctl_wire::error::ErrorEnvelope, description = "ATH_0002: LIVE key"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: unknown payment, or another caller's"),
    ))]
pub async fn get(
    State(state): State<AppState>,
    caller: KeyCaller,
    Path(id): Path<String>,
) -> Result<Json<Payment>, ApiError> {
    let application_id = caller.application_id;
    let row = state.db.read(move |conn| store::owned::<payments::Row>(conn, Some(application_id), &id)).await?;
    Ok(Json(row.payment))
}

/// List payments
///
/// TEST keys only. The application's payments, newest first, optionally filtered by status and
/// creation date.
#[utoipa::path(get, path = "/v1/payments", tag = "payments", operation_id = "listPayments", params(ListQuery),
    responses(
        (status = 200, body = Page<Payment>, description = "the application's payments, newest first"),
        (status = 400, body = payctl_wire::error::ErrorEnvelope, description = "VAL_0001: every bad filter"),
        (status = 403, body = payctl_wire::error::ErrorEnvelope, description = "ATH_0002: LIVE key"),
    ))]
pub async fn list(
    State(state): State<AppState>,
    caller: KeyCaller,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Result<Json<Page<Payment>>, ApiError> {
    let mut c = Checks::new();
    let page = PageRequest::check(&PageQuery { limit: query.limit.clone(), cursor: query.cursor.clone() }, &mut c);
    let status = fields::filter::<PaymentStatus>(&mut c, "status", query.status.as_deref());
    let from = parse_date(&mut c, "from_date", query.from_date.as_deref(), false);
    let to = parse_date(&mut c, "to_date", query.to_date.as_deref(), true);
    if let (Some(f), Some(t)) = (from, to)
        && f > t
    {
        c.push("to_date", "out_of_range", "must not be before from_date");
    }
    c.finish()?;
    let filter = payments::Filter { status, from, to };
    let application_id = caller.application_id;
    Ok(Json(state.db.read(move |conn| payments::list(conn, application_id, &filter, &page)).await?))
}

/// Simulate the funds of a payment arriving
///
/// Sandbox only: the funds of an `awaiting_funds` payment arrive on its virtual IBAN now;
/// settlement follows with sandbox time.
#[utoipa::path(post, path = "/sandbox/payments/{id}/fund", tag = "sandbox", operation_id = "fundPayment",
    params(("id" = String, Path, description = "payment id")),
    responses(
        (status = 200, body = Payment, description = "the payment, funds_received"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "NOT_FOUND: unknown payment, or (with a TEST key) another application's"),
        (status = 409, body = payctl_wire::error::ErrorEnvelope, description = "CONFLICT: not awaiting funds"),
    ))]
pub async fn fund(
    State(state): State<AppState>,
    caller: ControlCaller,
    Idempotency(claim): Idempotency,
    Path(id): Path<String>,
) -> Result<Committed, ApiError> {
    let (scope, clocks) = (caller.application_scope(), state.clock.clone());
    idempotency::commit_json(&state, claim, StatusCode::OK, move |tx| {
        Ok(flows::payments::fund(tx, &clocks, scope, &id)?.payment)
    })
    .await
}
