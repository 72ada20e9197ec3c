//! Pure rules of the payments API, free of HTTP, SQL and I/O, shared by the
//! `payctl` CLI and its sandbox: what both need to agree on lives here once.
//!
//! # Layout
//! - Values and their parsers: [`address`] (wallet addresses on the eleven
//!   networks), [`iban`], [`country`], [`asset`] (the asset table and its
//!   decimals), [`decimal`] (exact decimals), [`money`] (minor units),
//!   [`email`],
//!   [`text`] (what text a request may hold, and the keys that make two
//!   spellings one), [`time`] (timestamps as the API writes them).
//! - [`accounts`]: which settlement accounts and wallets may be opened;
//!   [`payees`]: which beneficiary a payout may be aimed at.
//! - Pricing: [`pricing`] (the integer arithmetic of fees and markups) and
//!   [`rates`] (corridors and the rate table).
//! - [`states`]: every flow's states, shared by the sandbox's store and its
//!   flows so neither imports the other.
//! - [`faults`]: when a fault rule fires (counters, seeded draws);
//!   [`review`]: how the go-live review judges a session.
//! - [`credentials`]: the shapes of the secrets the API mints;
//!   [`tool_read`]: the signed marker of a read `payctl` makes on its own
//!   behalf;
//!   [`redact`]: the one redactor of what is kept about a request.
//! - [`log_export`]: request logs as a replayable fixture (used by
//!   `payctl logs export` and the sandbox's console).
//!
//! Vocabularies are enums of `payctl_wire` (`one_of!`); the few that are
//! only stored, never sent (a quote's stored state and form), are declared
//! here with `payctl_wire::vocabulary!`. With the `sql` feature, those,
//! [`money::MinorUnit`], [`asset::Asset`] and [`decimal::Decimal`] read and
//! write themselves as SQLite values.

pub mod accounts;
pub mod address;
pub mod asset;
pub mod country;
pub mod credentials;
pub mod decimal;
pub mod email;
pub mod faults;
pub mod iban;
pub mod log_export;
pub mod money;
pub mod payees;
pub mod pricing;
pub mod rates;
pub mod redact;
pub mod review;
pub mod states;
pub mod text;
pub mod time;
pub mod tool_read;
