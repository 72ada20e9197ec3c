//! Pricing (spec 4.8): the partner's markup, per-customer overrides, the
//! corridors with the sandbox's mid rates, and the fee simulation.
//!
//! A customer override keys on the customer's id and is only for the
//! partner's own customers (of any of its applications): any other id,
//! another partner's customer or none at all, is 404 on every customer
//! operation, simulation included.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use payctl_domain::decimal::Decimal;
use payctl_domain::pricing::{self as rules, MarkupError};
use payctl_domain::rates;
use payctl_wire::page::Page;
use payctl_wire::pricing::{Corridor, CorridorList, Markup, MarkupKind, MarkupRequest, MarkupSource, Simulation};
use payctl_wire::schema::{AmountMinor, AssetCode, PositiveDecimal, Uuid};
use serde::Deserialize;

use super::fields;
use crate::auth::DashboardUser;
use crate::db::sql::Conn;
use crate::error::{ApiError, Checks};
use crate::http::extract::{ApiJson, ApiQuery};
use crate::http::pagination::{PageQuery, PageRequest};
use crate::ids;
use crate::quoting::{self, AppliedMarkup};
use crate::state::AppState;
use crate::store;

/// How simulate (and quotes built on the same rules) round.
pub const ROUNDING: &str = "fee: BPS is source x value / 10000 rounded half up to the source minor unit, then raised to \
     min_fee, lowered to max_fee and to the source amount; destination: (source - fee) x rate rounded down to the \
     destination minor unit";

/// Amounts are stored as SQLite integers.
const MAX_AMOUNT: u64 = i64::MAX as u64;

fn issue_code(e: &MarkupError) -> &'static str {
    match e {
        MarkupError::BpsTooLarge { .. } | MarkupError::MinAboveMax { .. } => "out_of_range",
        MarkupError::FlatNeedsCurrency => "required",
        MarkupError::CurrencyOnlyForFlat => "not_allowed",
        MarkupError::UnknownCurrency { .. } => "invalid",
    }
}

/// Validates a markup body into the domain rule, listing every problem.
fn markup_from(body: MarkupRequest) -> Result<rules::Markup, ApiError> {
    let markup = rules::Markup {
        kind: body.kind,
        value: body.value,
        currency: body.currency,
        min_fee: body.min_fee,
        max_fee: body.max_fee,
    };
    let mut checks = Checks::new();
    for (field, v) in [("value", Some(markup.value)), ("min_fee", markup.min_fee), ("max_fee", markup.max_fee)] {
        if v.is_some_and(|v| v > MAX_AMOUNT) {
            checks.push(field, "out_of_range", format!("must be at most {MAX_AMOUNT}"));
        }
    }
    for e in markup.validate().err().unwrap_or_default() {
        checks.push(e.field(), issue_code(&e), e.to_string());
    }
    checks.finish()?;
    Ok(markup)
}

fn view(applied: AppliedMarkup, customer_id: Option<String>) -> Markup {
    let AppliedMarkup { stored, source } = applied;
    let Some(stored) = stored else {
        return Markup {
            source: MarkupSource::Default,
            customer_id,
            kind: MarkupKind::Bps,
            value: 0,
            currency: None,
            min_fee: None,
            max_fee: None,
            updated_at: None,
        };
    };
    let m = stored.markup;
    Markup {
        source,
        customer_id,
        kind: m.kind,
        value: m.value,
        currency: m.currency,
        min_fee: m.min_fee,
        max_fee: m.max_fee,
        updated_at: Some(stored.updated_at.to_rfc3339()),
    }
}

/// The markup that applies to a customer (or the partner when `None`). A
/// customer must be the partner's.
fn effective(conn: &Conn<'_>, partner: i64, customer_id: Option<&str>) -> Result<AppliedMarkup, ApiError> {
    if let Some(id) = customer_id {
        store::customers::of_partner(conn, partner, id)?;
    }
    quoting::applied_markup(conn, partner, customer_id)
}

fn customer_id(checks: &mut Checks, field: &str, id: &str) {
    if !ids::is_uuid(id) {
        checks.push(field, "invalid", "must be a customer id (a UUID)");
    }
}

/// The `{id}` of the customer routes.
fn path_customer_id(id: &str) -> Result<(), ApiError> {
    let mut checks = Checks::new();
    customer_id(&mut checks, "id", id);
    checks.finish()
}

fn put_response(created: bool, markup: Markup) -> Response {
    let status = if created { StatusCode::CREATED } else { StatusCode::OK };
    (status, Json(markup)).into_response()
}

/// Get the partner's markup
///
/// The partner-level markup; source `default` (0 BPS) when none is set.
#[utoipa::path(get, path = "/v1/pricing/markup", tag = "pricing", operation_id = "getPartnerMarkup", responses((status = 200, body = Markup, description = "the partner-level markup; source `default` (0 BPS) when none is set")))]
pub async fn get_markup(State(state): State<AppState>, user: DashboardUser) -> Result<Json<Markup>, ApiError> {
    let partner = user.partner()?.id;
    Ok(Json(view(state.db.read(move |conn| effective(conn, partner, None)).await?, None)))
}

/// Set the partner's markup
///
/// Sets the partner-level markup, which applies to every customer without an override: 201 the
/// first time, 200 when it replaces one.
#[utoipa::path(put, path = "/v1/pricing/markup", tag = "pricing", operation_id = "setPartnerMarkup", request_body = MarkupRequest,
    responses(
        (status = 200, body = Markup, description = "the markup, replaced"),
        (status = 201, body = Markup, description = "the markup, set for the first time"),
    ))]
pub async fn put_markup(
    State(state): State<AppState>,
    user: DashboardUser,
    ApiJson(body): ApiJson<MarkupRequest>,
) -> Result<Response, ApiError> {
    let partner = user.partner()?.id;
    let markup = markup_from(body)?;
    let now = state.clock.now();
    let (created, stored) = state.db.write(move |tx| store::markups::put(tx, partner, None, &markup, now)).await?;
    Ok(put_response(created, view(AppliedMarkup { stored: Some(stored), source: MarkupSource::Partner }, None)))
}

/// List customer markup overrides
///
/// The customers of the partner that have a markup override, newest customer first.
#[utoipa::path(get, path = "/v1/pricing/customers", tag = "pricing", operation_id = "listCustomerMarkups", params(PageQuery), responses((status = 200, body = Page<Markup>, description = "customer overrides, newest customer first")))]
pub async fn list_customers(
    State(state): State<AppState>,
    user: DashboardUser,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Json<Page<Markup>>, ApiError> {
    let partner = user.partner()?.id;
    let page = PageRequest::parse(&query)?;
    let stored = state.db.read(move |conn| store::markups::list_overrides(conn, partner, &page)).await?;
    let data = stored
        .data
        .into_iter()
        .map(|s| {
            let customer = s.customer_id.clone();
            view(AppliedMarkup { stored: Some(s), source: MarkupSource::Customer }, customer)
        })
        .collect();
    Ok(Json(Page { data, next_cursor: stored.next_cursor }))
}

/// Get a customer's effective markup
///
/// The markup that applies to the customer: its override (`source: customer`), else the partner's
/// (`partner`), else 0 BPS (`default`).
#[utoipa::path(get, path = "/v1/pricing/customers/{id}/markup", tag = "pricing", operation_id = "getCustomerMarkup",
    params(("id" = Uuid, Path, description = "customer id")), responses(
        (status = 200, body = Markup, description = "the effective markup and where it comes from"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "CNT_0001: not one of the partner's customers"),
    ))]
pub async fn get_customer_markup(
    State(state): State<AppState>,
    user: DashboardUser,
    Path(id): Path<String>,
) -> Result<Json<Markup>, ApiError> {
    let partner = user.partner()?.id;
    path_customer_id(&id)?;
    let customer = Some(id.clone());
    Ok(Json(view(state.db.read(move |conn| effective(conn, partner, Some(&id))).await?, customer)))
}

/// Set a customer's markup override
///
/// Sets the customer's own markup, which wins over the partner's: 201 when new, 200 when it
/// replaces one.
#[utoipa::path(put, path = "/v1/pricing/customers/{id}/markup", tag = "pricing", operation_id = "setCustomerMarkup", request_body = MarkupRequest,
    params(("id" = Uuid, Path, description = "customer id")), responses(
        (status = 200, body = Markup, description = "the override, replaced"),
        (status = 201, body = Markup, description = "the override, new"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "CNT_0001: not one of the partner's customers"),
    ))]
pub async fn put_customer_markup(
    State(state): State<AppState>,
    user: DashboardUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<MarkupRequest>,
) -> Result<Response, ApiError> {
    let partner = user.partner()?.id;
    path_customer_id(&id)?;
    let markup = markup_from(body)?;
    let now = state.clock.now();
    let (created, stored) = state
        .db
        .write(move |tx| {
            store::customers::of_partner(tx, partner, &id)?;
            store::markups::put(tx, partner, Some(&id), &markup, now)
        })
        .await?;
    let customer = stored.customer_id.clone();
    Ok(put_response(created, view(AppliedMarkup { stored: Some(stored), source: MarkupSource::Customer }, customer)))
}

/// Remove a customer's markup override
///
/// Removes the override, so the partner-level markup applies again. 204 whether or not there was
/// one: the outcome is the same.
#[utoipa::path(delete, path = "/v1/pricing/customers/{id}/markup", tag = "pricing", operation_id = "deleteCustomerMarkup",
    params(("id" = Uuid, Path, description = "customer id")), responses(
        (status = 204, description = "no override remains"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "CNT_0001: not one of the partner's customers"),
    ))]
pub async fn delete_customer_markup(
    State(state): State<AppState>,
    user: DashboardUser,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let partner = user.partner()?.id;
    path_customer_id(&id)?;
    state
        .db
        .write(move |tx| {
            store::customers::of_partner(tx, partner, &id)?;
            store::markups::delete_override(tx, partner, &id)
        })
        .await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// List pricing corridors
///
/// The fiat corridors the sandbox prices, each with its fixed mid rate.
#[utoipa::path(get, path = "/v1/pricing/corridors", tag = "pricing", operation_id = "listPricingCorridors", responses((status = 200, body = CorridorList, description = "the fiat corridors and their mid rates")))]
pub async fn corridors(user: DashboardUser) -> Result<Json<CorridorList>, ApiError> {
    user.partner()?;
    let data = rates::CORRIDORS
        .iter()
        .map(|c| {
            let rate =
                rates::mid_rate(c.source, c.destination).ok_or_else(|| ApiError::internal("corridor unpriced"))?;
            Ok(Corridor {
                id: c.id(),
                code: c.code().map(str::to_owned),
                source_asset: c.source.to_owned(),
                destination_asset: c.destination.to_owned(),
                direction: c.direction,
                mid_rate: rate.to_string(),
            })
        })
        .collect::<Result<_, ApiError>>()?;
    Ok(Json(CorridorList { data }))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SimulateQuery {
    /// Integer minor units of the source currency (`1050` is 10.50 AED).
    #[param(value_type = AmountMinor, required = true)]
    pub source_amount: Option<String>,
    #[param(value_type = AssetCode, required = true)]
    pub source_currency: Option<String>,
    /// Without `exchange_rate`, a pair the sandbox has a rate for
    /// (`GET /sandbox/rates`); otherwise 422 UNSUPPORTED_COMBINATION.
    #[param(value_type = AssetCode, required = true)]
    pub dest_currency: Option<String>,
    /// Exact decimal, destination units per source unit; default: the table rate.
    #[param(value_type = Option<PositiveDecimal>)]
    pub exchange_rate: Option<String>,
    /// Applies this customer's override when it has one.
    #[param(value_type = Option<Uuid>)]
    pub customer_id: Option<String>,
}

/// Simulate the fee of a transfer
///
/// Prices a transfer with the markup that applies (the customer's override, else the partner's,
/// else none) at the given or the table rate, without storing anything.
#[utoipa::path(get, path = "/v1/pricing/simulate", tag = "pricing", operation_id = "simulatePricing", params(SimulateQuery), responses(
        (status = 200, body = Simulation, description = "the fee breakdown and destination amount"),
        (status = 400, body = payctl_wire::error::ErrorEnvelope, description = "VAL_0001: every bad parameter in `error.details`"),
        (status = 404, body = payctl_wire::error::ErrorEnvelope, description = "CNT_0001: customer_id is not one of the partner's customers"),
        (status = 422, body = payctl_wire::error::ErrorEnvelope, description = "UNSUPPORTED_COMBINATION: no table rate for the pair, or a FLAT markup in another currency; INVALID_AMOUNT: nothing would be delivered once the fee is paid (the message names the smallest amount that works)"),
    ))]
pub async fn simulate(
    State(state): State<AppState>,
    user: DashboardUser,
    ApiQuery(q): ApiQuery<SimulateQuery>,
) -> Result<Json<Simulation>, ApiError> {
    let partner = user.partner()?.id;
    let mut checks = Checks::new();
    let amount = fields::amount_minor(&mut checks, "source_amount", &q.source_amount);
    let source = fields::asset(&mut checks, "source_currency", &q.source_currency, 16);
    let destination = fields::asset(&mut checks, "dest_currency", &q.dest_currency, 16);
    let rate = q.exchange_rate.as_deref().and_then(|raw| {
        Decimal::parse_positive(raw).map_err(|e| checks.push("exchange_rate", "invalid", e.to_string())).ok()
    });
    if let Some(id) = q.customer_id.as_deref() {
        customer_id(&mut checks, "customer_id", id);
    }
    let (amount, source, destination) = checks.conclude((move || Some((amount?, source?, destination?)))())?;
    let customer = q.customer_id.clone();
    let simulated = state
        .db
        .read(move |conn| {
            if let Some(id) = customer.as_deref() {
                store::customers::of_partner(conn, partner, id)?;
            }
            let simulation = quoting::Simulation {
                partner_id: partner,
                customer_id: customer.as_deref(),
                source,
                destination,
                amount,
                rate,
            };
            quoting::simulate(conn, &simulation)
        })
        .await?;
    let quoting::Simulated { priced, rate_source, markup } = simulated;
    Ok(Json(Simulation {
        source_currency: source.code.to_owned(),
        dest_currency: destination.code.to_owned(),
        source_amount_minor: priced.source_amount.to_string(),
        fee_minor: priced.fee.to_string(),
        net_source_minor: priced.net_source.to_string(),
        exchange_rate: priced.exchange_rate.to_string(),
        rate_source,
        destination_amount_minor: priced.destination_amount.to_string(),
        markup: view(markup, q.customer_id),
        rounding: ROUNDING.to_owned(),
    }))
}
