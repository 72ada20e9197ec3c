//! Prices a movement of value, the same way for every quote form and every
//! transfer kind.
//!
//! The rate is the application's own override of the pair, else the
//! operator's override for every application, else the fixed table of
//! `domain::rates`. The fee comes from the markup that applies: the
//! customer's override, else the partner's, else none. A corridor quote
//! pays its corridor's fee first ([`corridor_fee`]); a transfer to a
//! network pays the network fee ([`network_fee`]) out of the converted
//! amount. The arithmetic is `domain::pricing`'s
//! (integer, basis points, fee rounded half up, destination rounded down).
//!
//! Nothing is priced that would deliver nothing: when the fees leave no
//! destination amount, the answer is 422 `INVALID_AMOUNT` naming the
//! smallest source amount that delivers something.

use payctl_domain::address::Network;
use payctl_domain::asset::Asset;
use payctl_domain::decimal::{Decimal, format_minor};
use payctl_domain::money::MinorUnit;
use payctl_domain::pricing::{self, Markup, MarkupKind, PricingError};
use payctl_domain::rates;
use payctl_wire::error::{ErrorCode, FieldIssue};
use payctl_wire::legacy_quotes::RecipientType;
use payctl_wire::pricing::{MarkupSource, RateSource};
use payctl_wire::sandbox::{Rate, RateOrigin};

use crate::db::sql::Conn;
use crate::error::ApiError;
use crate::store;
use crate::store::markups::StoredMarkup;
pub use crate::store::quotes::Priced;

/// A corridor's own fee per recipient type: basis points of the amount,
/// with a minimum of 5.00 (to a bank account) or 1.00 (to a wallet) in the
/// source's minor units.
pub fn corridor_fee(recipient: RecipientType, source: Asset) -> Markup {
    let (bps, min_fee) = match recipient {
        RecipientType::BankAccount => (15, 500),
        RecipientType::Wallet => (10, 100),
    };
    let min_fee = min_fee * 10u64.pow(source.decimals.saturating_sub(2));
    Markup { kind: MarkupKind::Bps, value: bps, currency: None, min_fee: Some(min_fee), max_fee: None }
}

/// Network fee per destination network, in minor units of the (6-decimal)
/// stablecoin; networks not listed charge [`DEFAULT_NETWORK_FEE`].
pub const NETWORK_FEES: &[(Network, i64)] = &[(Network::Ethereum, 1_000_000), (Network::Tron, 1_000_000)];
pub const DEFAULT_NETWORK_FEE: i64 = 100_000;

/// What a destination on `network` pays the chain; nothing off-chain.
pub fn network_fee(network: Option<Network>) -> MinorUnit {
    match network {
        None => MinorUnit::ZERO,
        Some(n) => MinorUnit::new(NETWORK_FEES.iter().find(|(k, _)| *k == n).map_or(DEFAULT_NETWORK_FEE, |(_, f)| *f)),
    }
}

/// What to price.
#[derive(Debug, Clone)]
pub struct Request<'a> {
    /// Whose rate overrides apply; `None` sees the global ones only.
    pub application_id: Option<i64>,
    pub partner_id: i64,
    /// Public id of the customer whose markup override applies, if any.
    pub customer_id: Option<&'a str>,
    pub source: Asset,
    pub destination: Asset,
    pub amount: MinorUnit,
    /// A corridor's own fee, taken off the amount before anything else.
    pub corridor_fee: Option<Markup>,
    /// Paid out of the converted amount, in minor units of the destination.
    pub network_fee: MinorUnit,
    /// The request fields blamed for an amount that delivers nothing, and
    /// for a pair that cannot be priced.
    pub amount_field: &'a str,
    pub pair_field: &'a str,
}

/// The rate from `source` to `destination` for an application (or, with
/// `None`, for no application in particular): its own override, else the
/// global override, else the table.
pub fn rate(
    conn: &Conn<'_>,
    application_id: Option<i64>,
    source: &str,
    destination: &str,
) -> Result<Option<Rate>, ApiError> {
    Ok(rate_in_force(conn, application_id, source, destination)?.map(|(rate, origin)| Rate {
        source: source.to_owned(),
        destination: destination.to_owned(),
        rate: rate.to_string(),
        origin,
    }))
}

/// [`rate`]'s value and where it comes from.
fn rate_in_force(
    conn: &Conn<'_>,
    application_id: Option<i64>,
    source: &str,
    destination: &str,
) -> Result<Option<(Decimal, RateOrigin)>, ApiError> {
    let own = match application_id {
        Some(app) => store::rates::get(conn, Some(app), source, destination)?.map(|r| (r, RateOrigin::Application)),
        None => None,
    };
    let found = match own {
        Some(found) => Some(found),
        None => store::rates::get(conn, None, source, destination)?.map(|r| (r, RateOrigin::Global)),
    };
    Ok(found.or_else(|| rates::mid_rate(source, destination).map(|rate| (rate, RateOrigin::Table))))
}

/// Every pair priced for an application (or globally with `None`): the
/// table with overrides applied, plus pairs that exist only as overrides.
pub fn all_rates(conn: &Conn<'_>, application_id: Option<i64>) -> Result<Vec<Rate>, ApiError> {
    let mut pairs: Vec<(String, String)> =
        rates::RATES.iter().map(|(s, d, _)| ((*s).to_owned(), (*d).to_owned())).collect();
    for o in store::rates::visible(conn, application_id)? {
        if !pairs.iter().any(|(s, d)| *s == o.source && *d == o.destination) {
            pairs.push((o.source, o.destination));
        }
    }
    let mut out = Vec::with_capacity(pairs.len());
    for (source, destination) in pairs {
        if let Some(r) = rate(conn, application_id, &source, &destination)? {
            out.push(r);
        }
    }
    Ok(out)
}

fn unsupported(field: &str, message: String) -> ApiError {
    ApiError::new(ErrorCode::UnsupportedCombination, message.clone()).with_details(vec![FieldIssue::new(
        field,
        "not_allowed",
        message,
    )])
}

/// The markup that applies to a price, and which level set it.
#[derive(Debug, Clone)]
pub struct AppliedMarkup {
    /// `None`: nothing configured, so no markup (0 basis points).
    pub stored: Option<StoredMarkup>,
    pub source: MarkupSource,
}

impl AppliedMarkup {
    pub fn rule(&self) -> Option<&Markup> {
        self.stored.as_ref().map(|s| &s.markup)
    }
}

/// The markup that applies to a customer's price (`customer_id`, public
/// id): its own override, else the partner's markup, else none.
pub fn applied_markup(conn: &Conn<'_>, partner_id: i64, customer_id: Option<&str>) -> Result<AppliedMarkup, ApiError> {
    let (from_customer, stored) = store::markups::effective(conn, partner_id, customer_id)?;
    let source = match (&stored, from_customer) {
        (None, _) => MarkupSource::Default,
        (Some(_), true) => MarkupSource::Customer,
        (Some(_), false) => MarkupSource::Partner,
    };
    Ok(AppliedMarkup { stored, source })
}

/// A fee simulation (`GET /v1/pricing/simulate`) with its fields checked.
pub struct Simulation<'a> {
    pub partner_id: i64,
    /// A customer of the partner whose override applies.
    pub customer_id: Option<&'a str>,
    pub source: Asset,
    pub destination: Asset,
    pub amount: MinorUnit,
    /// The rate to price at; `None`: the table's.
    pub rate: Option<Decimal>,
}

/// A simulation priced, nothing stored.
pub struct Simulated {
    pub priced: Priced,
    pub rate_source: RateSource,
    pub markup: AppliedMarkup,
}

/// Prices a simulation with the markup that applies, at its own rate or
/// the table's (a pair without one is 422 `UNSUPPORTED_COMBINATION`).
pub fn simulate(conn: &Conn<'_>, sim: &Simulation<'_>) -> Result<Simulated, ApiError> {
    let (rate, rate_source) = match &sim.rate {
        Some(rate) => (*rate, RateSource::Request),
        None => {
            let (table, _) = rate_in_force(conn, None, sim.source.code, sim.destination.code)?.ok_or_else(|| {
                unsupported(
                    "dest_currency",
                    format!("the sandbox has no rate from {} to {}; pass exchange_rate", sim.source, sim.destination),
                )
            })?;
            (table, RateSource::Table)
        }
    };
    let markup = applied_markup(conn, sim.partner_id, sim.customer_id)?;
    let request = Request {
        application_id: None,
        partner_id: sim.partner_id,
        customer_id: sim.customer_id,
        source: sim.source,
        destination: sim.destination,
        amount: sim.amount,
        corridor_fee: None,
        network_fee: MinorUnit::ZERO,
        amount_field: "source_amount",
        pair_field: "source_currency",
    };
    let priced = price_at(&request, &rate, markup.rule(), markup.source)?;
    Ok(Simulated { priced, rate_source, markup })
}

/// Prices a request; 422 `UNSUPPORTED_COMBINATION` for a pair without a
/// rate (or a flat markup in another currency), 422 `INVALID_AMOUNT` when
/// nothing would be delivered.
pub fn price(conn: &Conn<'_>, req: &Request<'_>) -> Result<Priced, ApiError> {
    let (rate, _) =
        rate_in_force(conn, req.application_id, req.source.code, req.destination.code)?.ok_or_else(|| {
            unsupported(
                req.pair_field,
                format!("the sandbox has no rate from {} to {}", req.source.code, req.destination.code),
            )
        })?;
    let markup = applied_markup(conn, req.partner_id, req.customer_id)?;
    price_at(req, &rate, markup.rule(), markup.source)
}

/// [`price`] at a given rate and markup (the pricing simulation).
pub fn price_at(
    req: &Request<'_>,
    rate: &Decimal,
    markup: Option<&Markup>,
    markup_source: MarkupSource,
) -> Result<Priced, ApiError> {
    let priced = compute(req, rate, markup, markup_source, req.amount.as_u64()).map_err(|e| pricing_error(req, e))?;
    if priced.net_source.is_positive() && priced.destination_amount.is_positive() {
        return Ok(priced);
    }
    let delivers = |amount: u64| match compute(req, rate, markup, markup_source, amount) {
        Ok(p) => p.net_source.is_positive() && p.destination_amount.is_positive(),
        // Too large to price means far more than enough.
        Err(PricingError::Overflow) => true,
        Err(_) => false,
    };
    let smallest = pricing::smallest_amount(i64::MAX as u64, delivers);
    let decimals = req.source.decimals;
    let (code, asked) = (req.source.code, format_minor(req.amount.as_u64(), decimals));
    let message = match smallest {
        Some(min) => format!(
            "{asked} {code} delivers nothing once fees are paid; the smallest amount that delivers anything is \
             {} {code} ({min} minor units)",
            format_minor(min, decimals)
        ),
        None => format!("no amount of {code} delivers anything at this rate and these fees"),
    };
    Err(ApiError::new(ErrorCode::InvalidAmount, message.clone()).with_details(vec![FieldIssue::new(
        req.amount_field,
        "out_of_range",
        message,
    )]))
}

fn pricing_error(req: &Request<'_>, e: PricingError) -> ApiError {
    match e {
        PricingError::FlatCurrencyMismatch { .. } => unsupported(req.pair_field, e.to_string()),
        PricingError::Overflow => ApiError::invalid_field(req.amount_field, "out_of_range", e.to_string()),
        PricingError::ZeroRate | PricingError::InvalidMarkup(_) => ApiError::internal(e),
    }
}

fn compute(
    req: &Request<'_>,
    rate: &Decimal,
    markup: Option<&Markup>,
    markup_source: MarkupSource,
    amount: u64,
) -> Result<Priced, PricingError> {
    let corridor_fee = match &req.corridor_fee {
        Some(m) => pricing::fee_minor(m, amount)?,
        None => 0,
    };
    let after_corridor = amount - corridor_fee;
    let b = pricing::simulate(markup, after_corridor, req.source, req.destination, rate)?;
    let minor = |v: u64| MinorUnit::from_u64(v).map_err(|_| PricingError::Overflow);
    let converted = minor(b.destination_amount_minor)?;
    let delivered = converted.checked_sub(req.network_fee).map_err(|_| PricingError::Overflow)?;
    Ok(Priced {
        source: req.source,
        destination: req.destination,
        source_amount: minor(amount)?,
        corridor_fee: minor(corridor_fee)?,
        fee: minor(b.fee_minor)?,
        net_source: minor(b.net_source_minor)?,
        exchange_rate: b.exchange_rate,
        network_fee: req.network_fee,
        destination_amount: delivered,
        markup_source,
    })
}
