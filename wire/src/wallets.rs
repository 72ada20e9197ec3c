//! Wallet address validation and partner wallets (spec 2.14, 4.9).
//!
//! Partner wallet fields are camelCase (`walletRole`) because that is how the
//! specification spells them.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::schema::NetworkCode;

/// The answer of `GET /v1/wallets/validate`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct AddressValidation {
    pub valid: bool,
    /// The address family of the network, upper case: `EVM`, `TRON`,
    /// `SOLANA`, `STELLAR`, `XRPL`, `ALGORAND`, `SUI`.
    pub format: String,
    /// The network code as given.
    pub network: String,
    /// Why the address is invalid; absent when it is valid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// What a partner wallet is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum WalletRole {
    /// Receives the partner's markup (the specification's value).
    PartnerMargin,
    /// Receives the partner's settlement of collected funds.
    Settlement,
    /// Pays network fees on the partner's behalf.
    Fees,
}

impl WalletRole {
    pub const ALL: [WalletRole; 3] = [WalletRole::PartnerMargin, WalletRole::Settlement, WalletRole::Fees];

    pub fn as_str(self) -> &'static str {
        match self {
            WalletRole::PartnerMargin => "PARTNER_MARGIN",
            WalletRole::Settlement => "SETTLEMENT",
            WalletRole::Fees => "FEES",
        }
    }

    pub fn parse(s: &str) -> Option<WalletRole> {
        WalletRole::ALL.into_iter().find(|r| r.as_str() == s)
    }
}

/// The body of `PUT /v1/partner-wallets`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PutPartnerWallet {
    /// One of the eleven network codes, lower case.
    #[schema(value_type = NetworkCode)]
    pub network: String,
    pub wallet_role: WalletRole,
    /// Valid for `network`, checksum included where the format has one (no
    /// schema can state that).
    pub address: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PartnerWallet {
    pub id: String,
    pub network: String,
    pub wallet_role: WalletRole,
    pub address: String,
    #[schema(format = DateTime)]
    pub created_at: String,
    #[schema(format = DateTime)]
    pub updated_at: String,
}

/// The answer of `GET /v1/partner-wallets`: every wallet of the partner (at
/// most one per network and role, so the list is short and not paginated).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct PartnerWalletList {
    pub data: Vec<PartnerWallet>,
}
