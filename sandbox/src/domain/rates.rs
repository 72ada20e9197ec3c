//! The sandbox's deterministic mid-market rates and its fiat corridors.
//!
//! Quotes, simulations and money movement all price from this one table, so
//! a client can reproduce every amount the sandbox shows. Rates are exact
//! decimal strings (destination units per one source unit) and never change
//! while the sandbox runs; each direction is listed on its own, rounded to
//! six decimals, rather than derived by division.

use crate::domain::decimal::Decimal;

/// Whether a corridor carries money out of the UAE or into it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Outbound,
    Inbound,
}

impl Direction {
    pub fn as_str(self) -> &'static str {
        match self {
            Direction::Outbound => "outbound",
            Direction::Inbound => "inbound",
        }
    }
}

/// A fiat corridor the service lists (spec section 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Corridor {
    pub source: &'static str,
    pub destination: &'static str,
    pub direction: Direction,
}

const fn corridor(source: &'static str, destination: &'static str, direction: Direction) -> Corridor {
    Corridor { source, destination, direction }
}

pub const CORRIDORS: &[Corridor] = &[
    corridor("AED", "EUR", Direction::Outbound),
    corridor("AED", "GBP", Direction::Outbound),
    corridor("AED", "USD", Direction::Outbound),
    corridor("EUR", "AED", Direction::Inbound),
    corridor("USD", "AED", Direction::Inbound),
];

/// `(source, destination, mid rate)`. The AED rates follow the dirham's peg
/// of 3.6725 to the dollar; stablecoins are worth one dollar each.
pub const RATES: &[(&str, &str, &str)] = &[
    ("USD", "AED", "3.6725"),
    ("AED", "USD", "0.272294"),
    ("EUR", "AED", "4.0125"),
    ("AED", "EUR", "0.249221"),
    ("GBP", "AED", "4.655"),
    ("AED", "GBP", "0.214823"),
    ("USDC", "USD", "1"),
    ("USD", "USDC", "1"),
    ("USDT", "USD", "1"),
    ("USD", "USDT", "1"),
    ("USDC", "USDT", "1"),
    ("USDT", "USDC", "1"),
    ("USDC", "AED", "3.6725"),
    ("AED", "USDC", "0.272294"),
    ("USDT", "AED", "3.6725"),
    ("AED", "USDT", "0.272294"),
];

/// The mid rate from `source` to `destination`: 1 between an asset and
/// itself, `None` for a pair the table does not price.
pub fn mid_rate(source: &str, destination: &str) -> Option<Decimal> {
    if source == destination {
        return Decimal::parse("1").ok();
    }
    RATES
        .iter()
        .find(|(s, d, _)| *s == source && *d == destination)
        .and_then(|(_, _, rate)| Decimal::parse_positive(rate).ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::asset::asset;

    #[test]
    fn every_rate_is_a_positive_decimal_between_known_assets() {
        for (i, (s, d, rate)) in RATES.iter().enumerate() {
            assert!(asset(s).is_some() && asset(d).is_some(), "{s}->{d}");
            assert!(Decimal::parse_positive(rate).is_ok(), "{rate}");
            assert!(RATES[i + 1..].iter().all(|(s2, d2, _)| (s2, d2) != (s, d)), "duplicate {s}->{d}");
        }
    }

    #[test]
    fn every_corridor_is_priced() {
        for c in CORRIDORS {
            assert!(mid_rate(c.source, c.destination).is_some(), "{c:?}");
        }
    }

    #[test]
    fn lookups() {
        assert_eq!(mid_rate("USD", "AED").map(|r| r.to_string()), Some("3.6725".into()));
        assert_eq!(mid_rate("EUR", "EUR").map(|r| r.to_string()), Some("1".into()));
        assert_eq!(mid_rate("EUR", "GBP"), None);
        assert_eq!(mid_rate("usd", "AED"), None);
    }
}
