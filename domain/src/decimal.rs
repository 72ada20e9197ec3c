//! Exact decimal numbers for exchange rates and human-readable amounts.
//!
//! Rates such as `3.6725` arrive as text in HTTP requests. Turning them into
//! binary floating point would silently change their value, so a [`Decimal`]
//! keeps the digits as an integer mantissa plus a scale (digits after the
//! point): `3.6725` is `36725 × 10^-4`.
//!
//! The representation is **not normalised**: the scale is kept exactly as
//! written, so `12.50` stays `1250 / scale 2` and displays as `12.50`. This is
//! what lets an amount keep its asset's decimals when printed. The derived
//! equality is therefore representational: `12.5 != 12.50`.
//!
//! Accepted text is deliberately narrow, because anything lenient here ends
//! up stored and echoed back: ASCII digits with at most one `.` that has a
//! digit on both sides (`"1"`, `"0.5"`, `"3.6725"`). Rejected: `""`, signs
//! (`"-1"` is [`DecimalError::Negative`], `"+1"` a bad character), exponents
//! (`"1e5"`), whitespace, `"1."` and `".5"` (both [`DecimalError::BadCharacter`],
//! since the dangling point is what is wrong), more than [`MAX_SCALE`]
//! fractional digits, and more than [`MAX_DIGITS`] significant digits.
//! Leading zeros (`"007"`) are accepted and are not significant; trailing
//! fractional zeros are kept and do count.

use std::fmt;
use std::str::FromStr;

/// Most digits accepted after the point. 18 covers every on-chain token
/// exponent in common use and leaves room in a `u128` for the integer part.
pub const MAX_SCALE: u32 = 18;

/// Most significant digits accepted. `u128::MAX` has 39 digits, so any
/// 38-digit mantissa fits without overflow checks leaking into callers.
pub const MAX_DIGITS: u32 = 38;

/// An exact, non-negative decimal: `mantissa × 10^-scale`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decimal {
    mantissa: u128,
    scale: u32,
}

/// Why a number was rejected or could not be represented.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecimalError {
    Empty,
    BadCharacter,
    TooManyDigits,
    TooManyDecimals { max: u32 },
    Negative,
    Zero,
    Overflow,
}

impl fmt::Display for DecimalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Empty => f.write_str("number is empty"),
            Self::BadCharacter => f.write_str("number must be digits with an optional '.' between digits"),
            Self::TooManyDigits => {
                write!(f, "number has more than {MAX_DIGITS} significant digits")
            }
            Self::TooManyDecimals { max } => {
                write!(f, "number has more than {max} digits after the decimal point")
            }
            Self::Negative => f.write_str("number must not be negative"),
            Self::Zero => f.write_str("number must be greater than zero"),
            Self::Overflow => f.write_str("number is too large"),
        }
    }
}

impl std::error::Error for DecimalError {}

/// `10^exp`, or `None` once it no longer fits in a `u128` (from `10^39`).
pub(crate) fn pow10(exp: u32) -> Option<u128> {
    10u128.checked_pow(exp)
}

impl Decimal {
    /// Parses the narrow decimal syntax described in the module docs.
    ///
    /// Zero is accepted because it is a valid amount; use
    /// [`Decimal::parse_positive`] for rates, where zero is always a mistake.
    pub fn parse(s: &str) -> Result<Decimal, DecimalError> {
        if s.is_empty() {
            return Err(DecimalError::Empty);
        }
        // A leading minus gets its own error so clients learn *why* "-1" fails.
        if s.starts_with('-') {
            return Err(DecimalError::Negative);
        }
        let (int, frac) = match s.split_once('.') {
            Some((int, frac)) => (int, frac),
            None => (s, ""),
        };
        let has_point = int.len() != s.len();
        if int.is_empty() || (has_point && frac.is_empty()) {
            return Err(DecimalError::BadCharacter);
        }
        // A second '.' lands in `frac` and is rejected here.
        if !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit()) {
            return Err(DecimalError::BadCharacter);
        }
        let scale = u32::try_from(frac.len()).unwrap_or(u32::MAX);
        if scale > MAX_SCALE {
            return Err(DecimalError::TooManyDecimals { max: MAX_SCALE });
        }

        let mut mantissa: u128 = 0;
        let mut significant: u32 = 0;
        for b in int.bytes().chain(frac.bytes()) {
            let digit = u128::from(b - b'0');
            if mantissa == 0 && digit == 0 {
                continue;
            }
            significant += 1;
            if significant > MAX_DIGITS {
                return Err(DecimalError::TooManyDigits);
            }
            mantissa =
                mantissa.checked_mul(10).and_then(|m| m.checked_add(digit)).ok_or(DecimalError::TooManyDigits)?;
        }
        Ok(Decimal { mantissa, scale })
    }

    /// Like [`Decimal::parse`] but rejects zero, for exchange rates.
    pub fn parse_positive(s: &str) -> Result<Decimal, DecimalError> {
        let d = Decimal::parse(s)?;
        if d.is_zero() {
            return Err(DecimalError::Zero);
        }
        Ok(d)
    }

    /// Builds `mantissa × 10^-scale` under the same limits as [`Decimal::parse`],
    /// for callers that store rates as integer pairs.
    pub fn new(mantissa: u128, scale: u32) -> Result<Decimal, DecimalError> {
        if scale > MAX_SCALE {
            return Err(DecimalError::TooManyDecimals { max: MAX_SCALE });
        }
        match pow10(MAX_DIGITS) {
            Some(limit) if mantissa < limit => Ok(Decimal { mantissa, scale }),
            _ => Err(DecimalError::TooManyDigits),
        }
    }

    pub fn mantissa(&self) -> u128 {
        self.mantissa
    }

    pub fn scale(&self) -> u32 {
        self.scale
    }

    /// Reads an integer amount of minor units, keeping the asset's decimals as
    /// the scale so the value displays as `12.50`, not `12.5`.
    ///
    /// `decimals` is expected to come from the asset table; it is not limited
    /// to [`MAX_SCALE`] because this cannot fail.
    pub fn from_minor(amount_minor: u64, decimals: u32) -> Decimal {
        Decimal { mantissa: u128::from(amount_minor), scale: decimals }
    }

    /// Converts to an integer number of minor units with `decimals` digits.
    ///
    /// Only exact conversions succeed: `12.500` with 2 decimals is `1250`,
    /// but `12.505` is [`DecimalError::TooManyDecimals`] because rounding a
    /// client-supplied amount would charge something they did not ask for.
    /// Values above `u64::MAX` minor units are [`DecimalError::Overflow`].
    pub fn to_minor(&self, decimals: u32) -> Result<u64, DecimalError> {
        if self.mantissa == 0 {
            return Ok(0);
        }
        let minor = if decimals >= self.scale {
            pow10(decimals - self.scale)
                .and_then(|factor| self.mantissa.checked_mul(factor))
                .ok_or(DecimalError::Overflow)?
        } else {
            let not_exact = DecimalError::TooManyDecimals { max: decimals };
            // If 10^dropped does not fit in u128 it exceeds the non-zero
            // mantissa, so some non-zero digit would be dropped.
            let Some(divisor) = pow10(self.scale - decimals) else {
                return Err(not_exact);
            };
            if !self.mantissa.is_multiple_of(divisor) {
                return Err(not_exact);
            }
            self.mantissa / divisor
        };
        u64::try_from(minor).map_err(|_| DecimalError::Overflow)
    }

    pub fn is_zero(&self) -> bool {
        self.mantissa == 0
    }
}

/// Writes `mantissa × 10^-scale` with exactly `scale` fractional digits.
fn write_scaled<W: fmt::Write>(out: &mut W, mantissa: u128, scale: u32) -> fmt::Result {
    let digits = mantissa.to_string();
    let scale = usize::try_from(scale).unwrap_or(usize::MAX);
    if scale == 0 {
        return out.write_str(&digits);
    }
    if digits.len() > scale {
        let (int, frac) = digits.split_at(digits.len() - scale);
        write!(out, "{int}.{frac}")
    } else {
        out.write_str("0.")?;
        for _ in digits.len()..scale {
            out.write_char('0')?;
        }
        out.write_str(&digits)
    }
}

/// Canonical text: digits, and a point followed by exactly `scale` digits
/// when the scale is non-zero. The output always parses back to an equal
/// value when the scale is within [`MAX_SCALE`].
impl fmt::Display for Decimal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_scaled(f, self.mantissa, self.scale)
    }
}

impl FromStr for Decimal {
    type Err = DecimalError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Decimal::parse(s)
    }
}

/// Stored as its canonical text, so the digits and the scale come back as
/// they went in; stored text outside the syntax is a conversion error.
#[cfg(feature = "sql")]
impl rusqlite::types::ToSql for Decimal {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        Ok(rusqlite::types::ToSqlOutput::from(self.to_string()))
    }
}

#[cfg(feature = "sql")]
impl rusqlite::types::FromSql for Decimal {
    fn column_result(value: rusqlite::types::ValueRef<'_>) -> rusqlite::types::FromSqlResult<Decimal> {
        let text = value.as_str()?;
        Decimal::parse(text)
            .map_err(|e| rusqlite::types::FromSqlError::Other(format!("{text:?} is not a decimal: {e}").into()))
    }
}

/// Formats minor units for display: `format_minor(12_500_000, 6)` is
/// `"12.500000"`. Trailing zeros are kept so every amount of an asset has the
/// same shape.
pub fn format_minor(amount_minor: u64, decimals: u32) -> String {
    let mut out = String::new();
    // Writing into a String cannot fail; the result is ignored rather than
    // unwrapped so this function has no panic path at all.
    let _ = write_scaled(&mut out, u128::from(amount_minor), decimals);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Decimal {
        match Decimal::parse(s) {
            Ok(v) => v,
            Err(e) => panic!("{s:?} should parse: {e}"),
        }
    }

    #[test]
    fn parses_plain_numbers() {
        assert_eq!((d("3.6725").mantissa(), d("3.6725").scale()), (36725, 4));
        assert_eq!((d("1").mantissa(), d("1").scale()), (1, 0));
        assert_eq!((d("0.000001").mantissa(), d("0.000001").scale()), (1, 6));
        assert_eq!((d("12.50").mantissa(), d("12.50").scale()), (1250, 2));
        assert_eq!((d("007").mantissa(), d("007").scale()), (7, 0));
        assert!(d("0").is_zero());
        assert!(d("0.000").is_zero());
        assert_eq!("3.6725".parse::<Decimal>(), Ok(d("3.6725")));
    }

    #[test]
    fn rejects_bad_syntax() {
        use DecimalError::*;
        let cases: &[(&str, DecimalError)] = &[
            ("", Empty),
            ("-1", Negative),
            ("-", Negative),
            ("+1", BadCharacter),
            ("1e5", BadCharacter),
            ("1.", BadCharacter),
            (".5", BadCharacter),
            (".", BadCharacter),
            (" 1", BadCharacter),
            ("1 ", BadCharacter),
            ("1\n", BadCharacter),
            ("1.2.3", BadCharacter),
            ("1,5", BadCharacter),
            ("0x10", BadCharacter),
            ("١", BadCharacter),
            ("NaN", BadCharacter),
        ];
        for (input, want) in cases {
            assert_eq!(Decimal::parse(input).as_ref(), Err(want), "{input:?}");
        }
    }

    #[test]
    fn enforces_digit_limits() {
        let eighteen = format!("0.{}", "1".repeat(18));
        assert_eq!(d(&eighteen).scale(), 18);
        let nineteen = format!("0.{}", "0".repeat(19));
        assert_eq!(Decimal::parse(&nineteen), Err(DecimalError::TooManyDecimals { max: 18 }));
        let max = "9".repeat(38);
        assert_eq!(d(&max).mantissa(), pow10(38).map_or(0, |p| p - 1));
        assert_eq!(Decimal::parse(&"9".repeat(39)), Err(DecimalError::TooManyDigits));
        // Leading zeros are not significant, however many there are.
        let padded = format!("{}{}", "0".repeat(100), "9".repeat(38));
        assert_eq!(d(&padded), d(&max));
        assert_eq!(Decimal::parse(&format!("{}.{}", "1".repeat(21), "1".repeat(18))), Err(DecimalError::TooManyDigits));
    }

    #[test]
    fn parse_positive_rejects_zero() {
        assert_eq!(Decimal::parse_positive("0.00"), Err(DecimalError::Zero));
        assert_eq!(Decimal::parse_positive("0.01"), Ok(d("0.01")));
        assert_eq!(Decimal::parse_positive("-1"), Err(DecimalError::Negative));
    }

    #[test]
    fn new_applies_parse_limits() {
        assert_eq!(Decimal::new(36725, 4), Ok(d("3.6725")));
        assert_eq!(Decimal::new(1, 19), Err(DecimalError::TooManyDecimals { max: 18 }));
        assert_eq!(Decimal::new(u128::MAX, 0), Err(DecimalError::TooManyDigits));
    }

    #[test]
    fn displays_canonically() {
        assert_eq!(Decimal::from_minor(1250, 2).to_string(), "12.50");
        assert_eq!(d("3.6725").to_string(), "3.6725");
        assert_eq!(d("0.000001").to_string(), "0.000001");
        assert_eq!(d("007.10").to_string(), "7.10");
        assert_eq!(Decimal::from_minor(5, 0).to_string(), "5");
        assert_eq!(Decimal::from_minor(0, 2).to_string(), "0.00");
        assert_eq!(Decimal::from_minor(7, 3).to_string(), "0.007");
        assert_eq!(Decimal::from_minor(u64::MAX, 0).to_string(), u64::MAX.to_string());
    }

    #[test]
    fn format_minor_keeps_asset_decimals() {
        assert_eq!(format_minor(12_500_000, 6), "12.500000");
        assert_eq!(format_minor(100_000, 2), "1000.00");
        assert_eq!(format_minor(1, 2), "0.01");
        assert_eq!(format_minor(0, 6), "0.000000");
        assert_eq!(format_minor(1234, 0), "1234");
        assert_eq!(format_minor(u64::MAX, 2), "184467440737095516.15");
    }

    #[test]
    fn to_minor_is_exact_only() {
        assert_eq!(d("12.50").to_minor(2), Ok(1250));
        assert_eq!(d("12.5").to_minor(2), Ok(1250));
        assert_eq!(d("12.500").to_minor(2), Ok(1250));
        assert_eq!(d("12").to_minor(6), Ok(12_000_000));
        assert_eq!(d("12.505").to_minor(2), Err(DecimalError::TooManyDecimals { max: 2 }));
        assert_eq!(d("0.5").to_minor(0), Err(DecimalError::TooManyDecimals { max: 0 }));
        assert_eq!(d("0").to_minor(u32::MAX), Ok(0));
        assert_eq!(d("1").to_minor(u32::MAX), Err(DecimalError::Overflow));
        assert_eq!(Decimal::from_minor(1, u32::MAX).to_minor(0), Err(DecimalError::TooManyDecimals { max: 0 }));
        assert_eq!(d("184467440737095516.15").to_minor(2), Ok(u64::MAX));
        assert_eq!(d("184467440737095516.16").to_minor(2), Err(DecimalError::Overflow));
        assert_eq!(d(&"9".repeat(38)).to_minor(0), Err(DecimalError::Overflow));
    }

    #[test]
    fn minor_round_trip() {
        for (amount, decimals) in [(0, 0), (1250, 2), (12_500_000, 6), (u64::MAX, 18)] {
            assert_eq!(Decimal::from_minor(amount, decimals).to_minor(decimals), Ok(amount));
        }
    }

    #[test]
    fn errors_have_messages() {
        assert_eq!(
            DecimalError::TooManyDecimals { max: 2 }.to_string(),
            "number has more than 2 digits after the decimal point"
        );
        assert_eq!(DecimalError::Zero.to_string(), "number must be greater than zero");
    }
}
