//! The legacy quote forms of spec 4.2 (TEST keys only): `GET /v1/quotes`
//! with a JSON body, the alternate `POST /v1/quotes` with a corridor, and
//! `POST /v1/quotes/{id}/accept`. Both forms answer with [`LegacyQuote`].
//!
//! Request fields are optional and loosely typed so every bad field is
//! reported in one 400.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::schema::{AssetCode, PositiveDecimal, Uuid, one_of, string_type};
use crate::transactions::QuoteStatus;

one_of! {
    /// What a legacy quote pays out to.
    TargetType = [Wallet = "WALLET", Bank = "BANK"]
}

one_of! {
    /// Which form made a legacy quote: `legacy` (`GET /v1/quotes`) or
    /// `corridor` (`POST /v1/quotes`).
    LegacyQuoteForm = [Legacy = "legacy", Corridor = "corridor"]
}

one_of! {
    /// Who receives the payout of a corridor quote.
    RecipientType = [BankAccount = "bank_account", Wallet = "wallet"]
}

/// A legacy quote's target is stored as the transaction quote's kind of
/// destination, which has both of its values.
impl From<TargetType> for crate::transactions::DestinationKind {
    fn from(target: TargetType) -> Self {
        match target {
            TargetType::Wallet => crate::transactions::DestinationKind::Wallet,
            TargetType::Bank => crate::transactions::DestinationKind::Bank,
        }
    }
}

string_type! {
    /// A corridor code, lower case (`uae`).
    CorridorCode => utoipa::openapi::schema::ObjectBuilder::new().pattern(Some("^[a-z_]{1,64}$"))
}

/// Where a legacy quote pays to.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct QuoteTarget {
    /// `WALLET` or `BANK`.
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = TargetType, required = true)]
    pub target_type: Option<String>,
    /// Destination asset code; a WALLET receives a stablecoin (`USDC`, `USDT`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = AssetCode, required = true)]
    pub currency: Option<String>,
    /// WALLET, required: a wallet address valid on any supported network;
    /// BANK, optional: an IBAN. Checksums are checked (no schema can state
    /// them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address: Option<String>,
}

/// JSON body of `GET /v1/quotes`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LegacyQuoteRequest {
    /// The sending customer (UUID), one of the caller's.
    #[serde(default)]
    #[schema(value_type = Uuid, required = true)]
    pub from_customer_id: Option<String>,
    #[serde(default)]
    #[schema(required = true, nullable = false)]
    pub to: Option<QuoteTarget>,
    /// Decimal display string in `source_currency`, e.g. `"1000.50"`, with
    /// no more decimals than the currency has (0 for JPY, 2 for most fiat,
    /// 6 for stablecoins).
    #[serde(default)]
    #[schema(value_type = PositiveDecimal, required = true)]
    pub source_amount: Option<String>,
    #[serde(default)]
    #[schema(value_type = AssetCode, required = true)]
    pub source_currency: Option<String>,
}

/// Body of `POST /v1/quotes` (the corridor form).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CorridorQuoteRequest {
    #[serde(default)]
    #[schema(value_type = AssetCode, required = true)]
    pub source_currency: Option<String>,
    #[serde(default)]
    #[schema(value_type = AssetCode, required = true)]
    pub destination_currency: Option<String>,
    /// Integer minor units of `source_currency` (a JSON number).
    #[serde(default)]
    #[schema(value_type = u64, required = true, minimum = 1)]
    pub amount: Option<serde_json::Value>,
    /// Corridor code, e.g. `uae`.
    #[serde(default)]
    #[schema(value_type = CorridorCode, required = true)]
    pub corridor: Option<String>,
    /// `bank_account` or `wallet`.
    #[serde(default)]
    #[schema(value_type = RecipientType, required = true)]
    pub recipient_type: Option<String>,
}

/// The fees of a legacy quote, as decimal strings of the source currency.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct LegacyQuoteFees {
    /// The partner's (or customer's) pricing markup.
    pub platform_fee: String,
    /// The corridor's own fee; `"0.00"`-shaped zero for the GET form.
    pub corridor_fee: String,
    pub total: String,
}

/// A legacy quote, either form.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct LegacyQuote {
    /// UUIDv7: the `quote_id` of `POST /v1/payments` (legacy form).
    pub id: String,
    pub form: LegacyQuoteForm,
    pub status: QuoteStatus,
    pub from_customer_id: Option<String>,
    /// GET form only.
    pub to: Option<QuoteTarget>,
    /// Corridor form only.
    pub corridor: Option<String>,
    /// Corridor form only.
    pub recipient_type: Option<RecipientType>,
    pub source_currency: String,
    pub destination_currency: String,
    /// Decimal display strings.
    pub source_amount: String,
    pub destination_amount: String,
    /// The same amounts in integer minor units.
    pub source_amount_minor: String,
    pub destination_amount_minor: String,
    pub fees: LegacyQuoteFees,
    /// Destination units per source unit, locked until `expires_at`.
    pub guaranteed_rate: String,
    #[schema(format = DateTime)]
    pub expires_at: String,
    #[schema(format = DateTime)]
    pub accepted_at: Option<String>,
    #[schema(format = DateTime)]
    pub created_at: String,
}
