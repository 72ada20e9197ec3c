//! Wallet address validation and partner wallets (spec 2.14, 4.9).
//!
//! Partner wallet fields are camelCase (`walletRole`) because that is how the
//! specification spells them.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::schema::{Network, one_of};

/// The answer of `GET /v1/wallets/validate`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct AddressValidation {
    pub valid: bool,
    /// The address family of the network.
    pub format: AddressFormat,
    /// The network asked about.
    pub network: Network,
    /// Why the address is invalid; absent when it is valid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

one_of! {
    /// What a partner wallet is for: `PARTNER_MARGIN` (where the partner's
    /// markup is paid), `SETTLEMENT` or `FEES`.
    WalletRole = [PartnerMargin = "PARTNER_MARGIN", Settlement = "SETTLEMENT", Fees = "FEES"]
}

one_of! {
    /// The encoding family of a wallet address; one family can serve many
    /// networks (`EVM` for ethereum, avalanche, arbitrum, base, polygon).
    AddressFormat = [Evm = "EVM", Tron = "TRON", Solana = "SOLANA", Stellar = "STELLAR", Xrpl = "XRPL", Algorand = "ALGORAND", Sui = "SUI"]
}

/// The body of `PUT /v1/partner-wallets`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PutPartnerWallet {
    /// One of the eleven network codes, lower case.
    #[schema(value_type = Network)]
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
    pub network: Network,
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
