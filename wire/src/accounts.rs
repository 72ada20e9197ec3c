//! Accounts (spec 2.10) in their two shapes: ledger accounts with live
//! balances, and the settlement accounts and wallets opened with
//! `POST /v1/accounts`.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::legacy_quotes::CorridorCode;
use crate::schema::{AssetCode, NetworkCode, one_of};

one_of! {
    /// A settlement account in a fiat currency, or a stablecoin wallet.
    AccountType = [Fiat = "fiat", Stablecoin = "stablecoin"]
}

one_of! {
    /// Who holds a wallet's keys: the service (`mpc`, it provisions the
    /// address) or the partner (`self_custody`, it brings the address).
    WalletMode = [Mpc = "mpc", SelfCustody = "self_custody"]
}

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
    #[schema(value_type = AccountType, required = true)]
    pub account_type: Option<String>,
    /// fiat: `AED`; stablecoin: `USDC` or `USDT`.
    #[schema(value_type = AssetCode, required = true)]
    pub currency: Option<String>,
    /// fiat only, required: the corridor the account settles in.
    #[schema(value_type = Option<CorridorCode>)]
    pub corridor: Option<String>,
    /// stablecoin only, required: one of the eleven network codes.
    #[schema(value_type = Option<NetworkCode>)]
    pub network: Option<String>,
    /// stablecoin only, required: `mpc` (the service provisions the address) or `self_custody`.
    #[schema(value_type = Option<WalletMode>)]
    pub wallet_mode: Option<String>,
    /// Required when `wallet_mode` is `self_custody`, refused otherwise: the
    /// wallet's address, valid on `network` (checksum included where the
    /// format has one; no schema can state that).
    pub external_address: Option<String>,
    /// Friendly name, at most 128 characters.
    #[schema(pattern = r"\S", max_length = 128)]
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
    #[schema(format = DateTime)]
    pub created_at: String,
}

/// Answer of `GET /v1/balances`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Balances {
    pub data: Vec<LedgerAccount>,
}
