//! The asset table: which codes the sandbox knows and how many minor-unit
//! digits each one has.
//!
//! Amounts travel as integer minor units, so the number of decimals is what
//! turns `1250` into `12.50 AED` or `0.001250 USDC`. Keeping the table in one
//! place means pricing and formatting can never disagree about it.

/// Whether an asset is a government currency or a token pegged to one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AssetKind {
    Fiat,
    Stablecoin,
}

/// One entry of the asset table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Asset {
    /// Upper-case code, ISO 4217 for fiat.
    pub code: &'static str,
    /// Digits after the point in one major unit (`100` minor = `1` major for 2).
    pub decimals: u32,
    pub kind: AssetKind,
}

const fn fiat(code: &'static str, decimals: u32) -> Asset {
    Asset { code, decimals, kind: AssetKind::Fiat }
}

/// Stablecoins use 6 decimals because that is what the USDC and USDT token
/// contracts declare on most networks (Ethereum, Solana, Tron, Polygon...).
/// A few chains (e.g. BNB Smart Chain) bridge them with 18; the sandbox
/// models the common case.
const fn stablecoin(code: &'static str) -> Asset {
    Asset { code, decimals: 6, kind: AssetKind::Stablecoin }
}

/// Every asset the sandbox accepts.
///
/// JPY is deliberately included as a zero-decimal currency so that
/// conversions between different exponents are exercised.
pub const ASSETS: &[Asset] = &[
    fiat("AED", 2),
    fiat("USD", 2),
    fiat("EUR", 2),
    fiat("GBP", 2),
    fiat("INR", 2),
    fiat("PKR", 2),
    fiat("PHP", 2),
    fiat("NGN", 2),
    fiat("KES", 2),
    fiat("CAD", 2),
    fiat("CHF", 2),
    fiat("JPY", 0),
    stablecoin("USDC"),
    stablecoin("USDT"),
];

impl std::fmt::Display for Asset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code)
    }
}

/// Looks up an asset by its exact upper-case code.
///
/// Matching is case-sensitive on purpose: the API documents upper-case codes,
/// and accepting `aed` here would let two spellings of one currency leak into
/// stored records.
pub fn asset(code: &str) -> Option<Asset> {
    ASSETS.iter().copied().find(|a| a.code == code)
}

/// Stored as its code; a stored code not in the table is a damaged row,
/// not a 2-decimal currency.
#[cfg(feature = "sql")]
impl rusqlite::types::ToSql for Asset {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        Ok(rusqlite::types::ToSqlOutput::from(self.code))
    }
}

#[cfg(feature = "sql")]
impl rusqlite::types::FromSql for Asset {
    fn column_result(value: rusqlite::types::ValueRef<'_>) -> rusqlite::types::FromSqlResult<Asset> {
        let code = value.as_str()?;
        asset(code).ok_or_else(|| rusqlite::types::FromSqlError::Other(format!("unknown asset {code:?}").into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_codes_resolve() {
        assert_eq!(asset("AED").map(|a| a.decimals), Some(2));
        assert_eq!(asset("JPY").map(|a| a.decimals), Some(0));
        let usdc = asset("USDC");
        assert_eq!(usdc.map(|a| a.decimals), Some(6));
        assert_eq!(usdc.map(|a| a.kind), Some(AssetKind::Stablecoin));
        assert_eq!(asset("USDT").map(|a| a.kind), Some(AssetKind::Stablecoin));
        assert_eq!(asset("EUR").map(|a| a.kind), Some(AssetKind::Fiat));
    }

    #[test]
    fn lookup_is_exact() {
        assert_eq!(asset("aed"), None);
        assert_eq!(asset(" AED"), None);
        assert_eq!(asset(""), None);
        assert_eq!(asset("XXX"), None);
    }

    #[test]
    fn codes_are_unique_and_uppercase() {
        for (i, a) in ASSETS.iter().enumerate() {
            assert!(a.code.chars().all(|c| c.is_ascii_uppercase()), "{}", a.code);
            assert!(ASSETS[i + 1..].iter().all(|b| b.code != a.code), "duplicate {}", a.code);
        }
    }
}
