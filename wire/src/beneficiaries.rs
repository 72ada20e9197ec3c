//! Beneficiaries (spec 2.6): who a customer pays out to, with exactly one
//! payout account each, either a bank account or a stablecoin wallet.
//!
//! As for customers, the create body is lenient (optional strings) so one
//! 400 can list every bad field, nested ones as `account.<field>`.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::schema::{AssetCode, Country, NetworkCode, Uuid, one_of};

one_of! {
    /// Whether the beneficiary is a company or a person.
    BeneficiaryType = ["business", "individual"]
}

one_of! {
    /// The kind of payout account.
    PayoutAccountKind = ["BANK_ACCOUNT", "STABLECOIN_WALLET"]
}

/// Body of `POST /v1/beneficiaries`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateBeneficiary {
    /// The owning customer (a UUID of the calling application's customers).
    #[serde(default)]
    #[schema(value_type = Uuid, required = true)]
    pub customer_id: Option<String>,
    /// `business` or `individual`.
    #[serde(rename = "type", default)]
    #[schema(value_type = BeneficiaryType, required = true)]
    pub beneficiary_type: Option<String>,
    /// At most 256 characters.
    #[serde(default)]
    #[schema(pattern = r"\S", max_length = 256, required = true, nullable = false)]
    pub full_name: Option<String>,
    /// ISO 3166-1 alpha-2, upper case.
    #[serde(default)]
    #[schema(value_type = Country, required = true)]
    pub country: Option<String>,
    /// Government id reference, individuals only (refused for `business`),
    /// at most 64 characters.
    #[serde(default)]
    #[schema(pattern = r"\S", max_length = 64)]
    pub gov_id_ref: Option<String>,
    #[serde(default)]
    #[schema(required = true, nullable = false)]
    pub account: Option<CreateAccount>,
}

/// The payout account. Which fields apply depends on `kind`:
/// - `BANK_ACCOUNT`: `destination_asset` (fiat code), `iban`, `bank_name`,
///   `bank_country` (the IBAN's country), optional `routing`;
/// - `STABLECOIN_WALLET`: `destination_asset` (`USDC` or `USDT`),
///   `network` (e.g. `ethereum`, `tron`, `solana`), `address`.
///
/// Both take optional `is_default`. A field of the other kind is refused.
///
/// Documented as `CreateBeneficiaryAccount`: `POST /v1/accounts` has its own
/// `CreateAccount`, and schemas share one namespace in the document.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = CreateBeneficiaryAccount)]
#[serde(deny_unknown_fields)]
pub struct CreateAccount {
    /// `BANK_ACCOUNT` or `STABLECOIN_WALLET`.
    #[serde(default)]
    #[schema(value_type = PayoutAccountKind, required = true)]
    pub kind: Option<String>,
    /// A fiat code for `BANK_ACCOUNT`; `USDC` or `USDT` for `STABLECOIN_WALLET`.
    #[serde(default)]
    #[schema(value_type = AssetCode, required = true)]
    pub destination_asset: Option<String>,
    /// `BANK_ACCOUNT`: the IBAN, checked for its country's length and its
    /// mod-97 check digits (no schema can state those).
    #[serde(default)]
    pub iban: Option<String>,
    /// `BANK_ACCOUNT`: at most 128 characters.
    #[serde(default)]
    #[schema(pattern = r"\S", max_length = 128)]
    pub bank_name: Option<String>,
    /// `BANK_ACCOUNT`: the IBAN's country.
    #[serde(default)]
    #[schema(value_type = Option<Country>)]
    pub bank_country: Option<String>,
    /// `BANK_ACCOUNT`, optional: at most 64 characters.
    #[serde(default)]
    #[schema(pattern = r"\S", max_length = 64)]
    pub routing: Option<String>,
    /// `STABLECOIN_WALLET`: the network of `address`.
    #[serde(default)]
    #[schema(value_type = Option<NetworkCode>)]
    pub network: Option<String>,
    /// `STABLECOIN_WALLET`: an address valid on `network`, checksum
    /// included where the format has one (no schema can state that).
    #[serde(default)]
    pub address: Option<String>,
    #[serde(default)]
    pub is_default: Option<bool>,
}

/// BeneficiaryResponseDto.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Beneficiary {
    /// UUIDv7.
    pub id: String,
    pub customer_id: String,
    #[serde(rename = "type")]
    pub beneficiary_type: String,
    pub full_name: String,
    pub country: String,
    pub gov_id_ref: Option<String>,
    pub account: BeneficiaryAccount,
    pub created_at: String,
    pub updated_at: String,
}

/// The account as answered; fields of the other kind are left out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct BeneficiaryAccount {
    /// `BANK_ACCOUNT` or `STABLECOIN_WALLET`.
    pub kind: String,
    pub destination_asset: String,
    /// Whether payouts in `destination_asset` for this customer go here
    /// unless another beneficiary is named.
    pub is_default: bool,
    /// Electronic form: upper case, no spaces.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub iban: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank_country: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub routing: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub network: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address: Option<String>,
    /// Address family of `network`: `EVM`, `TRON`, `SOLANA`...
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address_format: Option<String>,
}

pub const BANK_ACCOUNT: &str = "BANK_ACCOUNT";
pub const STABLECOIN_WALLET: &str = "STABLECOIN_WALLET";
