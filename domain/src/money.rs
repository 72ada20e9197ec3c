//! Money in minor units: the one type every amount of the ledger and the
//! flows travels in.
//!
//! A [`MinorUnit`] is a count of an asset's smallest unit (fils, cents,
//! 10⁻⁶ USDC), signed so that ledger legs can say which way value moves.
//! Arithmetic is checked: an overflow is an error, never a wrap. Amounts a
//! client sends are parsed with [`MinorUnit::parse_amount`], which accepts
//! only ASCII digits (no sign, no space, no decimal point) of a positive
//! value that fits the ledger.

use std::fmt;

#[cfg(feature = "sql")]
use rusqlite::types::{FromSql, FromSqlResult, ToSql, ToSqlOutput, ValueRef};

/// An amount of minor units of some asset (the asset travels beside it).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MinorUnit(i64);

/// Why a client's amount string was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AmountError {
    /// Anything but ASCII digits: signs, spaces, points, other scripts' digits.
    NotDigits,
    /// A point: amounts are integers of minor units.
    HasDecimals,
    Zero,
    TooLarge,
}

impl fmt::Display for AmountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotDigits => f.write_str("must be a positive integer in minor units, as a string of ASCII digits"),
            Self::HasDecimals => {
                f.write_str("must be an integer in minor units (1050 for 10.50); decimals are not accepted")
            }
            Self::Zero => f.write_str("must be greater than 0"),
            Self::TooLarge => write!(f, "must be at most {}", i64::MAX),
        }
    }
}

/// An arithmetic result that does not fit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Overflow;

impl fmt::Display for Overflow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("amount is too large")
    }
}

impl MinorUnit {
    pub const ZERO: MinorUnit = MinorUnit(0);

    pub const fn new(value: i64) -> Self {
        MinorUnit(value)
    }

    /// A positive amount as a client sends it: `"1050"`.
    pub fn parse_amount(text: &str) -> Result<MinorUnit, AmountError> {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(if text.contains('.') { AmountError::HasDecimals } else { AmountError::NotDigits });
        }
        match text.parse::<i64>() {
            Ok(0) => Err(AmountError::Zero),
            Ok(n) => Ok(MinorUnit(n)),
            // Only digits, so the one way to fail is being too large.
            Err(_) => Err(AmountError::TooLarge),
        }
    }

    /// From the unsigned amounts of the pricing arithmetic.
    pub fn from_u64(value: u64) -> Result<MinorUnit, Overflow> {
        i64::try_from(value).map(MinorUnit).map_err(|_| Overflow)
    }

    pub const fn get(self) -> i64 {
        self.0
    }

    /// The amount for the pricing arithmetic; a negative amount is zero
    /// there (pricing only ever sees amounts, never legs).
    pub fn as_u64(self) -> u64 {
        u64::try_from(self.0).unwrap_or(0)
    }

    pub fn is_positive(self) -> bool {
        self.0 > 0
    }

    pub fn checked_add(self, other: MinorUnit) -> Result<MinorUnit, Overflow> {
        self.0.checked_add(other.0).map(MinorUnit).ok_or(Overflow)
    }

    pub fn checked_sub(self, other: MinorUnit) -> Result<MinorUnit, Overflow> {
        self.0.checked_sub(other.0).map(MinorUnit).ok_or(Overflow)
    }

    pub fn checked_neg(self) -> Result<MinorUnit, Overflow> {
        self.0.checked_neg().map(MinorUnit).ok_or(Overflow)
    }

    /// Whether the last two digits are `suffix`: the sandbox's magic amounts.
    pub fn ends_in(self, suffix: i64) -> bool {
        self.0.rem_euclid(100) == suffix
    }
}

/// The opposite direction of a movement, for ledger legs. Amounts are
/// never `i64::MIN` (they are parsed positive), so this cannot overflow;
/// it saturates rather than wrap if it ever did.
impl std::ops::Neg for MinorUnit {
    type Output = MinorUnit;
    fn neg(self) -> MinorUnit {
        MinorUnit(0i64.saturating_sub(self.0))
    }
}

impl MinorUnit {
    /// The amount as people read it, with the exact count beside it:
    /// `1000.00 AED (100000 minor units)`; an asset of unknown decimals in
    /// minor units only.
    pub fn describe(self, asset_code: &str) -> String {
        match super::asset::asset(asset_code) {
            Some(asset) => {
                let sign = if self.0 < 0 { "-" } else { "" };
                let major = super::decimal::format_minor(self.0.unsigned_abs(), asset.decimals);
                format!("{sign}{major} {asset_code} ({} minor units)", self.0)
            }
            None => format!("{} minor units of {asset_code}", self.0),
        }
    }
}

impl fmt::Display for MinorUnit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(feature = "sql")]
impl ToSql for MinorUnit {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.0))
    }
}

#[cfg(feature = "sql")]
impl FromSql for MinorUnit {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        i64::column_result(value).map(MinorUnit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_ascii_digits_of_a_positive_value() {
        assert_eq!(MinorUnit::parse_amount("1050"), Ok(MinorUnit(1050)));
        assert_eq!(MinorUnit::parse_amount("007"), Ok(MinorUnit(7)));
        for bad in [" 100", "100 ", "+100", "-1", "1e3", "", "１００", "10\u{0}"] {
            assert_eq!(MinorUnit::parse_amount(bad), Err(AmountError::NotDigits), "{bad:?}");
        }
        assert_eq!(MinorUnit::parse_amount("10.50"), Err(AmountError::HasDecimals));
        assert_eq!(MinorUnit::parse_amount("0"), Err(AmountError::Zero));
        assert_eq!(MinorUnit::parse_amount("9223372036854775808"), Err(AmountError::TooLarge));
        assert_eq!(MinorUnit::parse_amount("9223372036854775807"), Ok(MinorUnit(i64::MAX)));
    }

    #[test]
    fn amounts_are_described_as_people_read_them() {
        assert_eq!(MinorUnit::new(100_000).describe("AED"), "1000.00 AED (100000 minor units)");
        assert_eq!(MinorUnit::new(-5).describe("USDC"), "-0.000005 USDC (-5 minor units)");
        assert_eq!(MinorUnit::new(7).describe("XYZ"), "7 minor units of XYZ");
    }

    #[test]
    fn arithmetic_is_checked() {
        let max = MinorUnit(i64::MAX);
        assert_eq!(max.checked_add(MinorUnit(1)), Err(Overflow));
        assert_eq!(MinorUnit(i64::MIN).checked_neg(), Err(Overflow));
        assert_eq!(MinorUnit(5).checked_sub(MinorUnit(7)), Ok(MinorUnit(-2)));
        assert_eq!(MinorUnit::from_u64(u64::MAX), Err(Overflow));
        assert!(MinorUnit(10_013).ends_in(13) && !MinorUnit(10_131).ends_in(13));
        assert_eq!(MinorUnit(-3).as_u64(), 0);
    }
}
