//! The transaction-quote flow (spec 2.7, 4.2) and transactions (2.8, 4.3).
//!
//! Requests are lenient (every field an optional string) so the sandbox can
//! name every bad field in one 400; amounts travel as strings of integer
//! minor units so no client parses money as a float.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Body of `POST /v1/transactions/quote`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateTransactionQuote {
    /// At most 64 characters.
    #[serde(default)]
    pub corridor_id: Option<String>,
    /// Asset code, at most 16 characters (`USD`, `USDC`).
    #[serde(default)]
    pub source_asset: Option<String>,
    /// A positive integer, as a string, in minor units of `source_asset`.
    #[serde(default)]
    pub source_amount_minor: Option<String>,
    /// Asset code, at most 16 characters.
    #[serde(default)]
    pub destination_asset: Option<String>,
    /// `WALLET`, `BANK` or `STABLECOIN`.
    #[serde(default)]
    pub destination_kind: Option<String>,
    /// The sending customer (uuid); prices with its markup override.
    #[serde(default)]
    pub customer_id: Option<String>,
}

/// A transaction quote.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct TransactionQuote {
    pub id: String,
    /// `CREATED`, `ACCEPTED`, `USED`, or `EXPIRED` (a `CREATED` quote read
    /// after `expires_at`).
    pub status: String,
    /// End of the 3-minute rate lock (sandbox time).
    pub expires_at: String,
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
    /// Which markup set the fee: `customer`, `partner` or `default`.
    pub markup_source: String,
    pub corridor_id: String,
    pub destination_kind: String,
    pub customer_id: Option<String>,
    pub created_at: String,
}

/// Body of `POST /v1/transactions`. The fields of the older published form
/// (`amount`, `currency`, `recipient_account_id`, `reference`) are accepted
/// by the parser only so the sandbox can answer them with a 400 that names
/// the current form.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateTransaction {
    /// An ACCEPTED, unused, unexpired quote of the caller.
    #[serde(default)]
    pub quote_id: Option<String>,
    /// A beneficiary of the caller whose account receives the quote's
    /// destination asset.
    #[serde(default)]
    pub beneficiary_id: Option<String>,
    /// Older form; refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub amount: Option<serde_json::Value>,
    /// Older form; refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub currency: Option<serde_json::Value>,
    /// Older form; refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub recipient_account_id: Option<serde_json::Value>,
    /// Older form; refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub reference: Option<serde_json::Value>,
}

/// A transaction. `state`: `PENDING` → `PROCESSING` → `COMPLETED` | `FAILED`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Transaction {
    pub id: String,
    /// `txn_`-prefixed; `GET /v1/transactions/{id}` accepts it too.
    pub external_id: String,
    pub state: String,
    pub quote_id: String,
    pub beneficiary_id: String,
    pub source_asset: String,
    pub destination_asset: String,
    pub source_amount_minor: String,
    pub fee_minor: String,
    pub destination_amount_minor: String,
    pub exchange_rate: String,
    pub failure_reason: Option<String>,
    pub created_at: String,
    pub updated_at: String,
    pub completed_at: Option<String>,
}

/// Optional body of `POST /sandbox/transactions/{id}/fail`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FailTransaction {
    /// At most 256 characters; a default reason is used without it.
    #[serde(default)]
    pub reason: Option<String>,
}
