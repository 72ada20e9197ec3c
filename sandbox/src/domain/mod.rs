//! Pure domain rules, free of HTTP and SQL: what a valid address, IBAN,
//! country, asset, decimal amount, markup and text are, money in minor
//! units, the integer money arithmetic of pricing, and when a fault rule
//! fires.

pub mod address;
pub mod asset;
pub mod country;
pub mod decimal;
pub mod faults;
pub mod iban;
pub mod money;
pub mod pricing;
pub mod rates;
pub mod review;
pub mod text;
