//! Accounts (spec 2.10) in their two shapes: ledger accounts with live
//! balances, and the settlement accounts and wallets opened with
//! `POST /v1/accounts`.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::legacy_quotes::CorridorCode;
use crate::schema::{AssetCode, Network, one_of};

one_of! {
    /// A settlement account in a fiat currency, or a stablecoin wallet.
    AccountType = [Fiat = "fiat", Stablecoin = "stablecoin"]
}

one_of! {
    /// Who holds a wallet's keys: the service (`mpc`, it provisions the
    /// address) or the partner (`self_custody`, it brings the address).
    WalletMode = [Mpc = "mpc", SelfCustody = "self_custody"]
}

one_of! {
    /// An account's status (spec 2.10): `active`, `frozen` or `closed`.
    AccountStatus = [Active = "active", Frozen = "frozen", Closed = "closed"]
}

one_of! {
    /// A ledger account's status as the ledger shapes spell it (spec 2.10:
    /// `ACTIVE` is the value seen): the same states as [`AccountStatus`].
    LedgerStatus = [Active = "ACTIVE", Frozen = "FROZEN", Closed = "CLOSED"]
}

impl From<AccountStatus> for LedgerStatus {
    fn from(status: AccountStatus) -> LedgerStatus {
        match status {
            AccountStatus::Active => LedgerStatus::Active,
            AccountStatus::Frozen => LedgerStatus::Frozen,
            AccountStatus::Closed => LedgerStatus::Closed,
        }
    }
}

one_of! {
    /// What a ledger account holds: a customer's balance (`customer`), the
    /// partner's prefunded balance (`float`), fees earned (`fees`), what
    /// unfinished flows hold (`in_flight`), a settlement account
    /// (`settlement`) or wallet (`wallet`) opened with `POST /v1/accounts`,
    /// or the mirror of money outside the ledger (`external`, never shown).
    AccountPurpose = [
        Customer = "customer", Float = "float", Fees = "fees", InFlight = "in_flight", Settlement = "settlement",
        Wallet = "wallet", External = "external",
    ]
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
    pub status: LedgerStatus,
    pub purpose: AccountPurpose,
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
    #[schema(value_type = Option<Network>)]
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
    #[serde(rename = "type")]
    pub account_type: AccountType,
    pub status: AccountStatus,
    pub currency: String,
    pub corridor: Option<String>,
    pub network: Option<Network>,
    pub wallet_mode: Option<WalletMode>,
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
