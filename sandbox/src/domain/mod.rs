//! Pure domain rules, free of HTTP and SQL: what a valid address, IBAN,
//! country, asset, decimal amount, markup and text are, money in minor
//! units, and the integer money arithmetic of pricing.

pub mod address;
pub mod asset;
pub mod country;
pub mod decimal;
pub mod iban;
pub mod money;
pub mod pricing;
pub mod rates;
pub mod text;
