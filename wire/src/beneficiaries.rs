//! Beneficiaries (spec 2.6): who a customer pays out to, with exactly one
//! payout account each, either a bank account or a stablecoin wallet.
//!
//! As for customers, the create body is lenient (optional strings) so one
//! 400 can list every bad field, nested ones as `account.<field>`.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::schema::{Country, FiatCode, Network, StablecoinCode, Uuid, one_of, tagged_union};

one_of! {
    /// Whether the beneficiary is a company or a person.
    BeneficiaryType = [Business = "business", Individual = "individual"]
}

one_of! {
    /// The kind of payout account.
    PayoutAccountKind = [BankAccount = "BANK_ACCOUNT", StablecoinWallet = "STABLECOIN_WALLET"]
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
    #[schema(value_type = CreateBeneficiaryAccount, required = true)]
    pub account: Option<CreateAccount>,
}

/// The payout account of `POST /v1/beneficiaries`, as the server reads it:
/// every field optional so one 400 can name every bad one. The document
/// states it as [`CreateBeneficiaryAccount`], one shape per `kind`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateAccount {
    #[serde(default)]
    pub kind: Option<String>,
    #[serde(default)]
    pub destination_asset: Option<String>,
    #[serde(default)]
    pub iban: Option<String>,
    #[serde(default)]
    pub bank_name: Option<String>,
    #[serde(default)]
    pub bank_country: Option<String>,
    #[serde(default)]
    pub routing: Option<String>,
    #[serde(default)]
    pub network: Option<String>,
    #[serde(default)]
    pub address: Option<String>,
    #[serde(default)]
    pub is_default: Option<bool>,
}

tagged_union! {
    /// The payout account: a bank account or a stablecoin wallet, told
    /// apart by `kind`. A field of the other kind is refused.
    CreateBeneficiaryAccount by "kind" closed {
        "BANK_ACCOUNT" => CreateBankAccount,
        "STABLECOIN_WALLET" => CreateStablecoinWallet,
    }
}

one_of! {
    /// A bank account.
    BankAccountKind = [BankAccount = "BANK_ACCOUNT"]
}

one_of! {
    /// A stablecoin wallet.
    StablecoinWalletKind = [StablecoinWallet = "STABLECOIN_WALLET"]
}

/// A bank account to pay out to (`kind: BANK_ACCOUNT`). Schema only.
#[derive(ToSchema)]
pub struct CreateBankAccount {
    #[schema(inline)]
    pub kind: BankAccountKind,
    /// The fiat currency paid out.
    pub destination_asset: FiatCode,
    /// The IBAN, checked for its country's length and its mod-97 check
    /// digits (no schema can state those); spaces are allowed.
    #[schema(max_length = 64)]
    pub iban: String,
    /// At most 128 characters.
    #[schema(pattern = r"\S", max_length = 128)]
    pub bank_name: String,
    /// The IBAN's country.
    pub bank_country: Country,
    /// Optional: at most 64 characters.
    #[schema(pattern = r"\S", max_length = 64)]
    pub routing: Option<String>,
    /// Whether payouts in `destination_asset` for this customer go here
    /// unless another beneficiary is named.
    pub is_default: Option<bool>,
}

/// A stablecoin wallet to pay out to (`kind: STABLECOIN_WALLET`). Schema only.
#[derive(ToSchema)]
pub struct CreateStablecoinWallet {
    #[schema(inline)]
    pub kind: StablecoinWalletKind,
    /// The stablecoin paid out.
    pub destination_asset: StablecoinCode,
    /// The network of `address`.
    pub network: Network,
    /// An address valid on `network`, checksum included where the format
    /// has one (no schema can state that).
    #[schema(min_length = 1)]
    pub address: String,
    /// Whether payouts in `destination_asset` for this customer go here
    /// unless another beneficiary is named.
    pub is_default: Option<bool>,
}

/// BeneficiaryResponseDto.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Beneficiary {
    /// UUIDv7.
    pub id: String,
    pub customer_id: String,
    #[serde(rename = "type")]
    pub beneficiary_type: BeneficiaryType,
    pub full_name: String,
    pub country: String,
    pub gov_id_ref: Option<String>,
    #[schema(value_type = BeneficiaryAccountDetails)]
    pub account: BeneficiaryAccount,
    #[schema(format = DateTime)]
    pub created_at: String,
    #[schema(format = DateTime)]
    pub updated_at: String,
}

/// The account as answered; fields of the other kind are left out. The
/// document states it as [`BeneficiaryAccountDetails`], one shape per `kind`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BeneficiaryAccount {
    pub kind: PayoutAccountKind,
    pub destination_asset: String,
    pub is_default: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub iban: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank_country: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub routing: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub network: Option<Network>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address_format: Option<String>,
}

tagged_union! {
    /// A beneficiary's payout account: a bank account or a stablecoin
    /// wallet, told apart by `kind`.
    BeneficiaryAccountDetails by "kind" {
        "BANK_ACCOUNT" => BankAccount,
        "STABLECOIN_WALLET" => StablecoinWallet,
    }
}

/// A bank account as answered (`kind: BANK_ACCOUNT`). Schema only.
#[derive(ToSchema)]
pub struct BankAccount {
    #[schema(inline)]
    pub kind: BankAccountKind,
    pub destination_asset: String,
    /// Whether payouts in `destination_asset` for this customer go here
    /// unless another beneficiary is named.
    pub is_default: bool,
    /// Electronic form: upper case, no spaces.
    pub iban: String,
    pub bank_name: String,
    pub bank_country: String,
    /// Absent when none was given.
    #[schema(required = false)]
    pub routing: String,
}

/// A stablecoin wallet as answered (`kind: STABLECOIN_WALLET`). Schema only.
#[derive(ToSchema)]
pub struct StablecoinWallet {
    #[schema(inline)]
    pub kind: StablecoinWalletKind,
    pub destination_asset: String,
    /// Whether payouts in `destination_asset` for this customer go here
    /// unless another beneficiary is named.
    pub is_default: bool,
    pub network: Network,
    pub address: String,
    /// Address family of `network`: `EVM`, `TRON`, `SOLANA`...
    pub address_format: String,
}

pub const BANK_ACCOUNT: &str = "BANK_ACCOUNT";
pub const STABLECOIN_WALLET: &str = "STABLECOIN_WALLET";
