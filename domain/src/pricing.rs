//! Fees and currency conversion for sandbox quotes.
//!
//! These rules are the sandbox's documented rounding rule; clients reproduce
//! quotes from them, so they must stay exact and stable:
//!
//! 1. **BPS fee** = `source × value / 10_000`, rounded half up to the source
//!    minor unit (`(source × value + 5_000) / 10_000` in integers). `value`
//!    must be at most 10_000 (100 %).
//! 2. **FLAT fee** = `value`, in minor units of `currency`. It only applies
//!    when `currency` is the source asset; [`simulate`] returns
//!    [`PricingError::FlatCurrencyMismatch`] otherwise and leaves the choice
//!    to the caller rather than guessing an exchange rate for the fee.
//! 3. **Clamps**, in this order: raise to `min_fee`, lower to `max_fee`, then
//!    lower to the source amount. The last step wins, so a fee never exceeds
//!    the amount even when `min_fee` is larger than it.
//! 4. **No markup** means a fee of 0.
//! 5. `net_source = source − fee`.
//! 6. **Destination** = `net_source` converted at `rate` (destination units
//!    per one source unit) from the source asset's decimals to the
//!    destination's, rounded **down**, so the customer never receives more
//!    than the exact value:
//!    `floor(net × rate_mantissa × 10^to_dec / (10^rate_scale × 10^from_dec))`.
//!
//! All arithmetic is on `u128` with checked operations. Powers of ten are
//! cancelled before multiplying, so only two things can overflow:
//! `net × rate_mantissa` (with trailing zeros stripped from the mantissa)
//! exceeding `u128::MAX`, or a result above `u64::MAX`. Both give
//! [`PricingError::Overflow`]. A rate mantissa up to 2^64 — any rate with at
//! most 19 significant digits — can never trigger the first.

use std::fmt;

use crate::asset::{Asset, asset};
use crate::decimal::{Decimal, pow10};

/// Largest accepted basis-point markup: 10_000 bps is the whole amount.
pub use payctl_wire::pricing::MAX_BPS;

const BPS_DENOMINATOR: u128 = 10_000;

/// `Bps`: `value` is in basis points of the source amount; `Flat`: a
/// fixed amount in minor units of `currency`.
pub use payctl_wire::pricing::MarkupKind;

/// A fee rule as a merchant configures it over HTTP.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Markup {
    pub kind: MarkupKind,
    pub value: u64,
    /// Required for [`MarkupKind::Flat`], refused for [`MarkupKind::Bps`].
    pub currency: Option<String>,
    /// Minor units of the source asset.
    pub min_fee: Option<u64>,
    /// Minor units of the source asset.
    pub max_fee: Option<u64>,
}

/// One thing wrong with a [`Markup`]; [`MarkupError::field`] names the
/// request field so an API can point at it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MarkupError {
    /// A BPS `value` above [`MAX_BPS`] would charge more than the amount.
    BpsTooLarge {
        value: u64,
    },
    /// A flat amount means nothing without its unit.
    FlatNeedsCurrency,
    /// A BPS fee is in the source's own units; a currency there is a mistake
    /// worth surfacing rather than silently ignoring.
    CurrencyOnlyForFlat,
    /// Not an exact upper-case code from the asset table.
    UnknownCurrency {
        code: String,
    },
    MinAboveMax {
        min_fee: u64,
        max_fee: u64,
    },
}

impl MarkupError {
    pub fn field(&self) -> &'static str {
        match self {
            Self::BpsTooLarge { .. } => "value",
            Self::FlatNeedsCurrency | Self::CurrencyOnlyForFlat | Self::UnknownCurrency { .. } => "currency",
            Self::MinAboveMax { .. } => "min_fee",
        }
    }
}

impl fmt::Display for MarkupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::BpsTooLarge { .. } => {
                write!(f, "basis points must be at most {MAX_BPS}")
            }
            Self::FlatNeedsCurrency => f.write_str("a flat markup needs a currency"),
            Self::CurrencyOnlyForFlat => f.write_str("currency is only allowed on a flat markup"),
            // The code is client input, so it is kept in the variant but not
            // echoed into the message.
            Self::UnknownCurrency { .. } => f.write_str("currency is not a supported asset code"),
            Self::MinAboveMax { .. } => f.write_str("min_fee must not be greater than max_fee"),
        }
    }
}

impl std::error::Error for MarkupError {}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PricingError {
    /// Every problem found by [`Markup::validate`].
    InvalidMarkup(Vec<MarkupError>),
    /// A flat fee in one currency cannot be charged on an amount in another.
    FlatCurrencyMismatch { markup_currency: String, source_currency: &'static str },
    /// A zero rate would quote a transfer that delivers nothing.
    ZeroRate,
    /// An intermediate or the result does not fit; see the module docs.
    Overflow,
}

impl fmt::Display for PricingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InvalidMarkup(errors) => {
                f.write_str("invalid markup")?;
                for (i, e) in errors.iter().enumerate() {
                    let sep = if i == 0 { ": " } else { "; " };
                    write!(f, "{sep}{}: {e}", e.field())?;
                }
                Ok(())
            }
            Self::FlatCurrencyMismatch { source_currency, .. } => {
                write!(f, "flat markup currency does not match the source asset {source_currency}")
            }
            Self::ZeroRate => f.write_str("exchange rate must be greater than zero"),
            Self::Overflow => f.write_str("amount is too large to price"),
        }
    }
}

impl std::error::Error for PricingError {}

impl Markup {
    /// Checks every rule and returns all violations, so a client can fix a
    /// request in one round trip.
    pub fn validate(&self) -> Result<(), Vec<MarkupError>> {
        let mut errors = Vec::new();
        match self.kind {
            MarkupKind::Bps => {
                if self.value > MAX_BPS {
                    errors.push(MarkupError::BpsTooLarge { value: self.value });
                }
                // Whether the code is known is moot: it should not be there.
                if self.currency.is_some() {
                    errors.push(MarkupError::CurrencyOnlyForFlat);
                }
            }
            MarkupKind::Flat => match &self.currency {
                None => errors.push(MarkupError::FlatNeedsCurrency),
                Some(code) if asset(code).is_none() => {
                    errors.push(MarkupError::UnknownCurrency { code: code.clone() });
                }
                Some(_) => {}
            },
        }
        if let (Some(min_fee), Some(max_fee)) = (self.min_fee, self.max_fee)
            && min_fee > max_fee
        {
            errors.push(MarkupError::MinAboveMax { min_fee, max_fee });
        }
        if errors.is_empty() { Ok(()) } else { Err(errors) }
    }
}

/// `amount × bps / 10_000`, rounded half up.
fn bps_fee(amount: u64, bps: u64) -> Result<u64, PricingError> {
    let scaled = u128::from(amount)
        .checked_mul(u128::from(bps))
        .and_then(|p| p.checked_add(BPS_DENOMINATOR / 2))
        .ok_or(PricingError::Overflow)?;
    u64::try_from(scaled / BPS_DENOMINATOR).map_err(|_| PricingError::Overflow)
}

/// The fee in minor units of the source asset, after validation and clamps.
///
/// This does not know the source asset, so a flat fee is taken at face value;
/// [`simulate`] is what checks the flat currency against the source.
pub fn fee_minor(markup: &Markup, source_amount_minor: u64) -> Result<u64, PricingError> {
    markup.validate().map_err(PricingError::InvalidMarkup)?;
    let mut fee = match markup.kind {
        MarkupKind::Bps => bps_fee(source_amount_minor, markup.value)?,
        MarkupKind::Flat => markup.value,
    };
    if let Some(min_fee) = markup.min_fee {
        fee = fee.max(min_fee);
    }
    if let Some(max_fee) = markup.max_fee {
        fee = fee.min(max_fee);
    }
    Ok(fee.min(source_amount_minor))
}

/// Converts minor units of one asset to another at `rate`, rounding down.
///
/// Instead of building `10^rate_scale × 10^from_decimals` (which could
/// overflow on its own), the exponents are combined into one signed power of
/// ten first. Trailing zeros of the rate are folded into that power too, so a
/// rate padded like `3.672500000000000000` costs no extra headroom.
pub fn convert_minor(
    amount_minor: u64,
    from_decimals: u32,
    to_decimals: u32,
    rate: &Decimal,
) -> Result<u64, PricingError> {
    let mut mantissa = rate.mantissa();
    if amount_minor == 0 || mantissa == 0 {
        return Ok(0);
    }
    // i64 holds the sum of three u32s with room to spare.
    let mut exponent = i64::from(to_decimals) - i64::from(rate.scale()) - i64::from(from_decimals);
    while mantissa.is_multiple_of(10) {
        mantissa /= 10;
        exponent += 1;
    }
    let product = u128::from(amount_minor).checked_mul(mantissa).ok_or(PricingError::Overflow)?;
    let power = u32::try_from(exponent.unsigned_abs()).ok().and_then(pow10);
    let destination = if exponent >= 0 {
        power.and_then(|p| product.checked_mul(p)).ok_or(PricingError::Overflow)?
    } else {
        // A divisor beyond u128::MAX is larger than any product: floor is 0.
        power.map_or(0, |p| product / p)
    };
    u64::try_from(destination).map_err(|_| PricingError::Overflow)
}

/// The full quote, every amount in minor units of its own asset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Breakdown {
    pub source_amount_minor: u64,
    pub fee_minor: u64,
    pub net_source_minor: u64,
    pub exchange_rate: Decimal,
    pub destination_amount_minor: u64,
}

/// Prices a transfer of `source_amount_minor` from `source` to `destination`.
///
/// `rate` is destination units per one source unit. Checks run in a fixed
/// order (markup validity, flat currency, zero rate) so the same bad request
/// always yields the same error.
pub fn simulate(
    markup: Option<&Markup>,
    source_amount_minor: u64,
    source: Asset,
    destination: Asset,
    rate: &Decimal,
) -> Result<Breakdown, PricingError> {
    let fee = match markup {
        None => 0,
        Some(m) => {
            m.validate().map_err(PricingError::InvalidMarkup)?;
            if m.kind == MarkupKind::Flat && m.currency.as_deref() != Some(source.code) {
                return Err(PricingError::FlatCurrencyMismatch {
                    markup_currency: m.currency.clone().unwrap_or_default(),
                    source_currency: source.code,
                });
            }
            fee_minor(m, source_amount_minor)?
        }
    };
    if rate.is_zero() {
        return Err(PricingError::ZeroRate);
    }
    // fee_minor caps the fee at the source amount, so this cannot fail; the
    // check keeps the function free of any panic path regardless.
    let net = source_amount_minor.checked_sub(fee).ok_or(PricingError::Overflow)?;
    let destination_amount_minor = convert_minor(net, source.decimals, destination.decimals, rate)?;
    Ok(Breakdown {
        source_amount_minor,
        fee_minor: fee,
        net_source_minor: net,
        exchange_rate: *rate,
        destination_amount_minor,
    })
}

/// The smallest amount in `1..=max` for which `delivers` holds, when it is
/// monotonic: false up to some amount, true from there on (the destination
/// of [`simulate`] never falls as the source grows, see the property
/// tests). `None` when even `max` delivers nothing. At most 64 probes.
pub fn smallest_amount(max: u64, delivers: impl Fn(u64) -> bool) -> Option<u64> {
    if max == 0 || !delivers(max) {
        return None;
    }
    let (mut low, mut high) = (1, max);
    while low < high {
        let middle = low + (high - low) / 2;
        if delivers(middle) {
            high = middle;
        } else {
            low = middle + 1;
        }
    }
    Some(low)
}
