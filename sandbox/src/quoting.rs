//! Prices a movement of value, the same way for every quote form.
//!
//! The rate is the one set for the pair with `PUT /sandbox/rates`, else the
//! fixed table of `domain::rates`. The fee comes from the markup that
//! applies: the customer's override, else the partner's, else none. The
//! arithmetic is `domain::pricing`'s (integer, basis points, fee rounded
//! half up, destination rounded down).

use payctl_wire::error::{ErrorCode, FieldIssue};
use payctl_wire::sandbox::Rate;
use rusqlite::{Connection, OptionalExtension, params};

use crate::clock::Timestamp;
use crate::db::CachedSql;
use crate::domain::asset::Asset;
use crate::domain::decimal::Decimal;
use crate::domain::pricing::{self, Breakdown, PricingError};
use crate::domain::rates;
use crate::error::ApiError;
use crate::store;

/// A priced movement.
#[derive(Debug, Clone)]
pub struct Priced {
    pub source: Asset,
    pub destination: Asset,
    pub breakdown: Breakdown,
    /// `customer`, `partner` or `default`: which markup set the fee.
    pub markup_source: &'static str,
}

/// The rate from `source` to `destination`: an override, else the table.
pub fn rate(conn: &Connection, source: &str, destination: &str) -> Result<Option<Rate>, ApiError> {
    let overridden: Option<String> = conn
        .query_row_cached(
            "SELECT rate FROM rate_overrides WHERE source = ?1 AND destination = ?2",
            params![source, destination],
            |r| r.get(0),
        )
        .optional()?;
    let (rate, origin) = match overridden {
        Some(rate) => (rate, "override"),
        None => match rates::mid_rate(source, destination) {
            Some(rate) => (rate.to_string(), "table"),
            None => return Ok(None),
        },
    };
    Ok(Some(Rate { source: source.to_owned(), destination: destination.to_owned(), rate, origin: origin.to_owned() }))
}

/// Every pair the sandbox prices: the table, with overrides applied, plus
/// pairs that exist only as overrides.
pub fn all_rates(conn: &Connection) -> Result<Vec<Rate>, ApiError> {
    let mut out = Vec::new();
    for (source, destination, _) in rates::RATES {
        if let Some(r) = rate(conn, source, destination)? {
            out.push(r);
        }
    }
    let extra: Vec<Rate> = conn
        .prepare_cached("SELECT source, destination, rate FROM rate_overrides ORDER BY source, destination")?
        .query_map([], |r| {
            Ok(Rate { source: r.get(0)?, destination: r.get(1)?, rate: r.get(2)?, origin: "override".to_owned() })
        })?
        .collect::<Result<_, _>>()?;
    out.extend(extra.into_iter().filter(|r| rates::mid_rate(&r.source, &r.destination).is_none()));
    Ok(out)
}

pub fn set_override(
    conn: &Connection,
    source: &str,
    destination: &str,
    rate: &Decimal,
    now: Timestamp,
) -> Result<(), ApiError> {
    conn.execute_cached(
        "INSERT INTO rate_overrides (source, destination, rate, updated_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (source, destination) DO UPDATE SET rate = excluded.rate, updated_at = excluded.updated_at",
        params![source, destination, rate.to_string(), now.millis()],
    )?;
    Ok(())
}

/// Removes an override; returns whether there was one.
pub fn clear_override(conn: &Connection, source: &str, destination: &str) -> Result<bool, ApiError> {
    Ok(conn.execute_cached(
        "DELETE FROM rate_overrides WHERE source = ?1 AND destination = ?2",
        params![source, destination],
    )? == 1)
}

/// Prices `amount_minor` of `source` into `destination` for a partner and,
/// optionally, one of its customers (public id). `pair_field` names the
/// request field blamed when the pair cannot be priced (422
/// `UNSUPPORTED_COMBINATION`).
pub fn price(
    conn: &Connection,
    partner_id: i64,
    customer_id: Option<&str>,
    source: Asset,
    destination: Asset,
    amount_minor: u64,
    pair_field: &str,
) -> Result<Priced, ApiError> {
    let unsupported = |message: String| {
        ApiError::new(ErrorCode::UnsupportedCombination, message.clone()).with_details(vec![FieldIssue::new(
            pair_field,
            "not_allowed",
            message,
        )])
    };
    let rate = rate(conn, source.code, destination.code)?
        .ok_or_else(|| unsupported(format!("the sandbox has no rate from {} to {}", source.code, destination.code)))?;
    let rate = Decimal::parse_positive(&rate.rate).map_err(ApiError::internal)?;
    let (from_customer, stored) = store::markups::effective(conn, partner_id, customer_id)?;
    let markup = stored.map(|s| s.markup);
    let markup_source = match (&markup, from_customer) {
        (None, _) => "default",
        (Some(_), true) => "customer",
        (Some(_), false) => "partner",
    };
    let breakdown =
        pricing::simulate(markup.as_ref(), amount_minor, source, destination, &rate).map_err(|e| match e {
            PricingError::FlatCurrencyMismatch { .. } => unsupported(e.to_string()),
            PricingError::Overflow => ApiError::new(ErrorCode::Validation, e.to_string()),
            PricingError::ZeroRate | PricingError::InvalidMarkup(_) => ApiError::internal(e),
        })?;
    Ok(Priced { source, destination, breakdown, markup_source })
}
