//! The transaction-quote flow (spec 2.7, 4.2) and transactions (2.8, 4.3).
//!
//! Requests are lenient (every field an optional string) so the sandbox can
//! name every bad field in one 400; amounts travel as strings of integer
//! minor units so no client parses money as a float.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::pricing::MarkupSource;
use crate::schema::{AmountMinor, AssetCode, Uuid, one_of};

one_of! {
    /// What a transaction quote pays out to.
    DestinationKind = [Wallet = "WALLET", Bank = "BANK", Stablecoin = "STABLECOIN"]
}

one_of! {
    /// A quote's status as read: `CREATED` until accepted, `ACCEPTED` until
    /// one flow uses it, then `USED`; a `CREATED` quote read after its
    /// 3-minute lock (`expires_at`) reads `EXPIRED`.
    QuoteStatus = [Created = "CREATED", Accepted = "ACCEPTED", Used = "USED", Expired = "EXPIRED"]
}

one_of! {
    /// A transaction's state: `PENDING`, then `PROCESSING`, then
    /// `COMPLETED` or `FAILED` (both final).
    TransactionState = [Pending = "PENDING", Processing = "PROCESSING", Completed = "COMPLETED", Failed = "FAILED"]
}

/// Body of `POST /v1/transactions/quote`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateTransactionQuote {
    /// At most 64 characters.
    #[serde(default)]
    #[schema(pattern = r"\S", max_length = 64, required = true, nullable = false)]
    pub corridor_id: Option<String>,
    /// Asset code, at most 16 characters (`USD`, `USDC`).
    #[serde(default)]
    #[schema(value_type = AssetCode, required = true)]
    pub source_asset: Option<String>,
    /// A positive integer, as a string, in minor units of `source_asset`.
    #[serde(default)]
    #[schema(value_type = AmountMinor, required = true)]
    pub source_amount_minor: Option<String>,
    /// Asset code, at most 16 characters.
    #[serde(default)]
    #[schema(value_type = AssetCode, required = true)]
    pub destination_asset: Option<String>,
    /// `WALLET`, `BANK` or `STABLECOIN`.
    #[serde(default)]
    #[schema(value_type = DestinationKind, required = true)]
    pub destination_kind: Option<String>,
    /// The sending customer (uuid); prices with its markup override.
    #[serde(default)]
    #[schema(value_type = Option<Uuid>)]
    pub customer_id: Option<String>,
}

/// A transaction quote.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct TransactionQuote {
    pub id: String,
    pub status: QuoteStatus,
    /// End of the 3-minute rate lock (sandbox time).
    #[schema(format = DateTime)]
    pub expires_at: String,
    #[schema(format = DateTime)]
    pub accepted_at: Option<String>,
    /// Destination units per source unit, an exact decimal string.
    pub rate: String,
    pub source_asset: String,
    pub destination_asset: String,
    pub source_amount_minor: String,
    pub fee_minor: String,
    /// `source_amount_minor - fee_minor`: what is converted.
    pub net_source_minor: String,
    pub destination_amount_minor: String,
    pub markup_source: MarkupSource,
    pub corridor_id: String,
    pub destination_kind: DestinationKind,
    pub customer_id: Option<String>,
    #[schema(format = DateTime)]
    pub created_at: String,
}

/// Body of `POST /v1/transactions`. The fields of the older published form
/// (`amount`, `currency`, `recipient_account_id`, `reference`) are read
/// only so the sandbox can answer them with a 400 that names the current
/// form; the document leaves them out, as they are never accepted.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateTransaction {
    /// An ACCEPTED, unused, unexpired quote of the caller.
    #[serde(default)]
    #[schema(pattern = r"\S", max_length = 64, required = true, nullable = false)]
    pub quote_id: Option<String>,
    /// A beneficiary of the caller whose account receives the quote's
    /// destination asset.
    #[serde(default)]
    #[schema(pattern = r"\S", max_length = 64, required = true, nullable = false)]
    pub beneficiary_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(ignore)]
    pub amount: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(ignore)]
    pub currency: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(ignore)]
    pub recipient_account_id: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(ignore)]
    pub reference: Option<serde_json::Value>,
}

/// A transaction. `state`: `PENDING` → `PROCESSING` → `COMPLETED` | `FAILED`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Transaction {
    pub id: String,
    /// `txn_`-prefixed; `GET /v1/transactions/{id}` accepts it too.
    pub external_id: String,
    pub state: TransactionState,
    pub quote_id: String,
    pub beneficiary_id: String,
    pub source_asset: String,
    pub destination_asset: String,
    pub source_amount_minor: String,
    pub fee_minor: String,
    pub destination_amount_minor: String,
    pub exchange_rate: String,
    pub failure_reason: Option<String>,
    #[schema(format = DateTime)]
    pub created_at: String,
    #[schema(format = DateTime)]
    pub updated_at: String,
    #[schema(format = DateTime)]
    pub completed_at: Option<String>,
}

/// Optional body of `POST /sandbox/transactions/{id}/fail`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FailTransaction {
    /// At most 256 characters; a default reason is used without it.
    #[serde(default)]
    #[schema(pattern = r"\S", max_length = 256)]
    pub reason: Option<String>,
}
