//! Transfers (spec 1, 2.11, 4.12): one model for every flow, whose `kind`
//! says which ran: `payin`, `payout`, `bridge` or `onchain_fx` (a swap).
//! `POST /v1/transfers` takes the kind in the body; `/v1/payins`,
//! `/v1/payouts`, `/v1/bridging` and `/v1/onchain-fx` fix it. Swaps are also
//! read in the shape of spec 2.11 ([`Swap`]).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::schema::{AssetCode, NetworkCode, Uuid, one_of};

one_of! {
    /// What a transfer does: `payin` (fiat in to the customer's account),
    /// `payout` (out to a beneficiary or a wallet), `bridge` (one
    /// stablecoin between networks) or `onchain_fx` (USDC to USDT or back).
    TransferKind = ["payin", "payout", "bridge", "onchain_fx"]
}

/// One side of a transfer request.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TransferEndpoint {
    /// Asset code: `AED`, `USD`, `USDC`...
    #[serde(default)]
    #[schema(value_type = AssetCode, required = true)]
    pub asset: Option<String>,
    /// Network code for a stablecoin on chain (`ethereum`, `tron`...).
    #[serde(default)]
    #[schema(value_type = Option<NetworkCode>)]
    pub network: Option<String>,
    /// Wallet address on `network` (stablecoin wallet sides), valid for the
    /// network, checksum included where the format has one (no schema can
    /// state that).
    #[serde(default)]
    pub address: Option<String>,
    /// Payout destination: a beneficiary of the customer (fiat).
    #[serde(default)]
    #[schema(value_type = Option<Uuid>)]
    pub beneficiary_id: Option<String>,
}

/// Body of `POST /v1/transfers` and of the granular doors.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateTransfer {
    /// `payin`, `payout`, `bridge` or `onchain_fx`. Required on
    /// `/v1/transfers`; on a granular door it may be left out (or must match).
    #[serde(default)]
    #[schema(value_type = Option<TransferKind>)]
    pub kind: Option<String>,
    /// The customer (UUID) the transfer is for.
    #[serde(default)]
    #[schema(value_type = Uuid, required = true)]
    pub customer_id: Option<String>,
    #[serde(default)]
    #[schema(required = true, nullable = false)]
    pub source: Option<TransferEndpoint>,
    #[serde(default)]
    #[schema(required = true, nullable = false)]
    pub destination: Option<TransferEndpoint>,
    /// In the source asset: integer minor units for fiat (`"10050"` is
    /// 100.50 AED), a decimal string for stablecoins (`"100.5"`). Optional
    /// with a `quote_id` (then the quote's amount).
    #[serde(default)]
    pub amount: Option<String>,
    /// An ACCEPTED, unused quote (UUID) for the same pair: its locked price
    /// is used and the quote is consumed.
    #[serde(default)]
    #[schema(value_type = Option<Uuid>)]
    pub quote_id: Option<String>,
}

/// One side of a transfer as answered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct TransferSide {
    pub asset: String,
    pub network: Option<String>,
    pub address: Option<String>,
    pub beneficiary_id: Option<String>,
    /// Decimal display string.
    pub amount: String,
    /// Integer minor units.
    pub amount_minor: String,
}

/// Fees as decimal strings: the platform fee in the source asset, the
/// network fee in the destination asset.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct TransferFees {
    pub platform_fee: String,
    pub network_fee: String,
}

/// A transfer of any kind.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Transfer {
    /// `tr_…`, or `fx_…` for a swap.
    pub id: String,
    pub kind: String,
    /// `pending`, `processing`, `completed` or `failed`.
    pub status: String,
    pub customer_id: String,
    pub quote_id: Option<String>,
    pub source: TransferSide,
    pub destination: TransferSide,
    /// Destination units per source unit.
    pub exchange_rate: String,
    pub fees: TransferFees,
    pub failure_reason: Option<String>,
    pub created_at: String,
    pub updated_at: String,
    pub completed_at: Option<String>,
}

/// A swap (spec 2.11): an `onchain_fx` transfer in its own shape.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Swap {
    pub fx_id: String,
    pub quote_id: Option<String>,
    /// `pending`, `processing`, `completed` or `failed`.
    pub status: String,
    pub source_currency: String,
    pub destination_currency: String,
    pub source_network: String,
    pub destination_network: String,
    pub source_address: String,
    pub destination_address: String,
    /// Human-readable decimals.
    pub source_amount: String,
    pub destination_amount: String,
    pub exchange_rate: String,
    pub fees: TransferFees,
    pub created_at: String,
    pub completed_at: Option<String>,
}

/// The values of `kind`.
pub const TRANSFER_KINDS: &[&str] = TransferKind::VALUES;
