//! Pure domain rules, free of HTTP and SQL: what a valid address, IBAN,
//! country, asset, decimal amount, markup and text are, money in minor
//! units, the integer money arithmetic of pricing, when a fault rule
//! fires, how the go-live review judges a session, and the states of every
//! flow (`states`, shared by `store/` and `flows/`).

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
pub mod states;
pub mod text;
