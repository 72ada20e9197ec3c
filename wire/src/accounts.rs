//! Accounts (spec 2.10) in their two shapes: ledger accounts with live
//! balances, and the settlement accounts and wallets opened with
//! `POST /v1/accounts`.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A ledger account with its live balance (`GET /v1/customers/{id}/accounts`,
/// `GET /v1/balances`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct LedgerAccount {
    /// `acc_`-prefixed.
    pub id: String,
    pub asset: String,
    /// Integer minor units, read from the ledger.
    pub balance_minor: String,
    /// `ACTIVE`, `FROZEN` or `CLOSED`.
    pub status: String,
    /// `customer`, `float` (the partner's prefunded balance), `fees`,
    /// `settlement` or `wallet`.
    pub purpose: String,
}

/// Body of `POST /v1/accounts`. Fields arrive as optional strings so every
/// problem can be reported at once.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateAccount {
    /// `fiat` or `stablecoin`.
    #[serde(rename = "type")]
    pub account_type: Option<String>,
    /// fiat: `AED`; stablecoin: `USDC` or `USDT`.
    pub currency: Option<String>,
    /// fiat only: `uae`.
    pub corridor: Option<String>,
    /// stablecoin only: one of the eleven network codes.
    pub network: Option<String>,
    /// stablecoin only: `mpc` (the service provisions the address) or `self_custody`.
    pub wallet_mode: Option<String>,
    /// Required when `wallet_mode` is `self_custody`: the wallet's address on `network`.
    pub external_address: Option<String>,
    /// Friendly name, at most 128 characters.
    pub label: Option<String>,
}

/// A settlement account or wallet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Account {
    /// `acc_`-prefixed; the same id as its ledger account.
    pub id: String,
    /// `fiat` or `stablecoin`.
    #[serde(rename = "type")]
    pub account_type: String,
    /// `active`, `frozen` or `closed`.
    pub status: String,
    pub currency: String,
    pub corridor: Option<String>,
    pub network: Option<String>,
    pub wallet_mode: Option<String>,
    pub address: Option<String>,
    pub label: Option<String>,
    /// Integer minor units held, from the ledger.
    pub balance_minor: String,
    pub created_at: String,
}

/// Answer of `GET /v1/balances`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Balances {
    pub data: Vec<LedgerAccount>,
}
