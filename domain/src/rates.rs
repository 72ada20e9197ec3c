//! The sandbox's deterministic mid-market rates and its fiat corridors.
//!
//! Quotes, simulations and money movement all price from this one table, so
//! a client can reproduce every amount the sandbox shows. Rates are exact
//! decimal strings (destination units per one source unit) and never change
//! while the sandbox runs; each direction is listed on its own, rounded to
//! six decimals, rather than derived by division.

use crate::decimal::Decimal;

/// What a corridor does with value.
pub use payctl_wire::pricing::Direction;

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

/// Every pair the sandbox moves value on: the fiat corridors of spec
/// section 1 and the stablecoin ramps and swaps. Each is a `corridor_id`
/// of its own (`AED-EUR`), and a corridor code covers the pairs with its
/// currency on one side ([`CORRIDOR_CODES`]).
pub const CORRIDORS: &[Corridor] = &[
    corridor("AED", "EUR", Direction::Outbound),
    corridor("AED", "GBP", Direction::Outbound),
    corridor("AED", "USD", Direction::Outbound),
    corridor("EUR", "AED", Direction::Inbound),
    corridor("GBP", "AED", Direction::Inbound),
    corridor("USD", "AED", Direction::Inbound),
    corridor("AED", "USDC", Direction::OnRamp),
    corridor("AED", "USDT", Direction::OnRamp),
    corridor("USD", "USDC", Direction::OnRamp),
    corridor("USD", "USDT", Direction::OnRamp),
    corridor("USDC", "AED", Direction::OffRamp),
    corridor("USDT", "AED", Direction::OffRamp),
    corridor("USDC", "USD", Direction::OffRamp),
    corridor("USDT", "USD", Direction::OffRamp),
    corridor("USDC", "USDT", Direction::Swap),
    corridor("USDT", "USDC", Direction::Swap),
];

/// Corridor codes (spec section 1: the code for UAE is `uae`), with the
/// currency a pair must have on one side to be on that corridor.
pub const CORRIDOR_CODES: &[(&str, &str)] = &[("uae", "AED")];

impl Corridor {
    /// The pair id, e.g. `AED-EUR`.
    pub fn id(&self) -> String {
        format!("{}-{}", self.source, self.destination)
    }

    /// The corridor code carrying this pair, if any.
    pub fn code(&self) -> Option<&'static str> {
        CORRIDOR_CODES.iter().find(|(_, cur)| self.source == *cur || self.destination == *cur).map(|(code, _)| *code)
    }
}

/// A valid `corridor_id`: a corridor code or one pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CorridorId {
    Code(&'static str),
    Pair(Corridor),
}

impl CorridorId {
    /// Parses a corridor code (`uae`) or a pair id (`AED-EUR`), exactly.
    pub fn parse(id: &str) -> Option<CorridorId> {
        if let Some((code, _)) = CORRIDOR_CODES.iter().find(|(code, _)| *code == id) {
            return Some(CorridorId::Code(code));
        }
        CORRIDORS.iter().find(|c| c.id() == id).map(|c| CorridorId::Pair(*c))
    }

    /// Whether this corridor moves `source` into `destination`.
    pub fn carries(self, source: &str, destination: &str) -> bool {
        let listed = |c: &&Corridor| c.source == source && c.destination == destination;
        match self {
            CorridorId::Code(code) => CORRIDORS.iter().filter(listed).any(|c| c.code() == Some(code)),
            CorridorId::Pair(c) => c.source == source && c.destination == destination,
        }
    }

    pub fn as_str(self) -> String {
        match self {
            CorridorId::Code(code) => code.to_owned(),
            CorridorId::Pair(c) => c.id(),
        }
    }
}

/// Every valid `corridor_id`, codes first.
pub fn corridor_ids() -> Vec<String> {
    CORRIDOR_CODES.iter().map(|(code, _)| (*code).to_owned()).chain(CORRIDORS.iter().map(Corridor::id)).collect()
}

/// The valid ids for one pair: its corridor code and its pair id.
pub fn corridor_ids_for(source: &str, destination: &str) -> Vec<String> {
    corridor_ids()
        .into_iter()
        .filter(|id| CorridorId::parse(id).is_some_and(|c| c.carries(source, destination)))
        .collect()
}

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
    use crate::asset::asset;

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
    fn corridor_ids_are_the_code_and_the_pairs() {
        assert_eq!(CorridorId::parse("uae"), Some(CorridorId::Code("uae")));
        assert!(CorridorId::parse("uae").unwrap().carries("AED", "EUR"));
        assert!(CorridorId::parse("uae").unwrap().carries("USDC", "AED"));
        assert!(!CorridorId::parse("uae").unwrap().carries("USD", "USDC"), "no AED side");
        assert!(!CorridorId::parse("uae").unwrap().carries("EUR", "GBP"), "not a listed pair");
        let pair = CorridorId::parse("AED-EUR").unwrap();
        assert!(pair.carries("AED", "EUR") && !pair.carries("AED", "GBP"));
        for bad in ["nonsense", "UAE", "aed-eur", "uae-eur", "EUR-GBP", ""] {
            assert_eq!(CorridorId::parse(bad), None, "{bad}");
        }
        assert_eq!(corridor_ids_for("AED", "EUR"), vec!["uae".to_owned(), "AED-EUR".to_owned()]);
        assert_eq!(corridor_ids_for("USD", "USDC"), vec!["USD-USDC".to_owned()]);
        for c in CORRIDORS {
            assert!(CorridorId::parse(&c.id()).is_some_and(|id| id.carries(c.source, c.destination)));
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
