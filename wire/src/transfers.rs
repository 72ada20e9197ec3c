//! Transfers (spec 1, 2.11, 4.12): one model for every flow, whose `kind`
//! says which ran: `payin`, `payout`, `bridge` or `onchain_fx` (a swap).
//! `POST /v1/transfers` takes the kind in the body; `/v1/payins`,
//! `/v1/payouts`, `/v1/bridging` and `/v1/onchain-fx` fix it. Swaps are also
//! read in the shape of spec 2.11 ([`Swap`]).

use serde::{Deserialize, Serialize};
use utoipa::openapi::schema::OneOfBuilder;
use utoipa::openapi::{Ref, RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};

use crate::schema::{
    AmountMinor, AssetCode, FiatCode, Network, PositiveDecimal, StablecoinCode, Uuid, one_of, tagged_union,
};

one_of! {
    /// What a transfer does: `payin` (fiat in to the customer's account),
    /// `payout` (out to a beneficiary or a wallet), `bridge` (one
    /// stablecoin between networks) or `onchain_fx` (USDC to USDT or back).
    TransferKind = [Payin = "payin", Payout = "payout", Bridge = "bridge", OnchainFx = "onchain_fx"]
}

one_of! {
    /// A transfer's state: `pending`, then `processing`, then `completed`
    /// or `failed` (both final).
    TransferStatus = [Pending = "pending", Processing = "processing", Completed = "completed", Failed = "failed"]
}

/// One side of a transfer request, as the server reads it (every field
/// optional, so one 400 names every bad one). The document states the sides
/// each kind takes: [`FiatSide`], [`AccountSide`], [`WalletSide`],
/// [`BeneficiarySide`].
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TransferEndpoint {
    /// Asset code: `AED`, `USD`, `USDC`...
    #[serde(default)]
    pub asset: Option<String>,
    /// Network code for a stablecoin on chain (`ethereum`, `tron`...).
    #[serde(default)]
    pub network: Option<String>,
    /// Wallet address on `network` (stablecoin wallet sides), valid for the
    /// network, checksum included where the format has one (no schema can
    /// state that).
    #[serde(default)]
    pub address: Option<String>,
    /// Payout destination: a beneficiary of the customer (fiat).
    #[serde(default)]
    pub beneficiary_id: Option<String>,
}

/// Body of `POST /v1/transfers` and of the granular doors, as the server
/// reads it. The document states it as [`CreateTransferRequest`], one shape
/// per `kind`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateTransfer {
    /// `payin`, `payout`, `bridge` or `onchain_fx`. Required on
    /// `/v1/transfers`; on a granular door it may be left out (or must match).
    #[serde(default)]
    pub kind: Option<String>,
    /// The customer (UUID) the transfer is for.
    #[serde(default)]
    pub customer_id: Option<String>,
    #[serde(default)]
    pub source: Option<TransferEndpoint>,
    #[serde(default)]
    pub destination: Option<TransferEndpoint>,
    /// In the source asset: integer minor units for fiat (`"10050"` is
    /// 100.50 AED), a decimal string for stablecoins (`"100.5"`). Optional
    /// with a `quote_id` (then the quote's amount).
    #[serde(default)]
    pub amount: Option<String>,
    /// An ACCEPTED, unused quote (UUID) for the same pair: its locked price
    /// is used and the quote is consumed.
    #[serde(default)]
    pub quote_id: Option<String>,
}

/// One side of a transfer as answered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct TransferSide {
    pub asset: String,
    pub network: Option<Network>,
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
    pub kind: TransferKind,
    pub status: TransferStatus,
    pub customer_id: String,
    pub quote_id: Option<String>,
    pub source: TransferSide,
    pub destination: TransferSide,
    /// Destination units per source unit.
    pub exchange_rate: String,
    pub fees: TransferFees,
    pub failure_reason: Option<String>,
    #[schema(format = DateTime)]
    pub created_at: String,
    #[schema(format = DateTime)]
    pub updated_at: String,
    #[schema(format = DateTime)]
    pub completed_at: Option<String>,
}

/// A swap (spec 2.11): an `onchain_fx` transfer in its own shape.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Swap {
    pub fx_id: String,
    pub quote_id: Option<String>,
    pub status: TransferStatus,
    pub source_currency: String,
    pub destination_currency: String,
    pub source_network: Network,
    pub destination_network: Network,
    pub source_address: String,
    pub destination_address: String,
    /// Human-readable decimals.
    pub source_amount: String,
    pub destination_amount: String,
    pub exchange_rate: String,
    pub fees: TransferFees,
    #[schema(format = DateTime)]
    pub created_at: String,
    #[schema(format = DateTime)]
    pub completed_at: Option<String>,
}

/// The values of `kind`.
pub const TRANSFER_KINDS: &[&str] = TransferKind::VALUES;

tagged_union! {
    /// A transfer request: its `kind` says which flow runs and which sides
    /// it takes. Every kind needs `customer_id` (an approved customer of the
    /// caller) and `amount` in the source asset unless `quote_id` names an
    /// ACCEPTED, unused quote for the same pair (its amount and locked price
    /// are used, and the quote is consumed).
    CreateTransferRequest by "kind" closed {
        "payin" => CreatePayin,
        "payout" => CreatePayout,
        "bridge" => CreateBridge,
        "onchain_fx" => CreateSwap,
    }
}

one_of! {
    /// A payin.
    PayinKind = [Payin = "payin"]
}

one_of! {
    /// A payout.
    PayoutKind = [Payout = "payout"]
}

one_of! {
    /// A bridge.
    BridgeKind = [Bridge = "bridge"]
}

one_of! {
    /// An on-chain swap.
    SwapKind = [OnchainFx = "onchain_fx"]
}

/// Fiat arriving from outside (a payin's source). Schema only.
#[derive(ToSchema)]
pub struct FiatSide {
    pub asset: FiatCode,
}

/// The customer's own account in `asset` (a payin's destination, a
/// payout's source). Schema only.
#[derive(ToSchema)]
pub struct AccountSide {
    pub asset: AssetCode,
}

/// A stablecoin wallet on a network the coin is issued on (else 422
/// UNSUPPORTED_COMBINATION). Schema only.
#[derive(ToSchema)]
pub struct WalletSide {
    pub asset: StablecoinCode,
    pub network: Network,
    /// Valid on `network`, checksum included where the format has one (no
    /// schema can state that).
    #[schema(min_length = 1)]
    pub address: String,
}

/// A fiat payout to a beneficiary of the customer, whose account receives
/// `asset`. Schema only.
#[derive(ToSchema)]
pub struct BeneficiarySide {
    pub asset: FiatCode,
    pub beneficiary_id: Uuid,
}

/// Where a payout goes: a beneficiary (fiat) or a stablecoin wallet, told
/// apart by their fields. Schema only.
pub struct PayoutDestination;

impl utoipa::PartialSchema for PayoutDestination {
    fn schema() -> RefOr<Schema> {
        OneOfBuilder::new()
            .item(Ref::from_schema_name(BeneficiarySide::name()))
            .item(Ref::from_schema_name(WalletSide::name()))
            .description(Some("Where a payout goes: a beneficiary of the customer (fiat) or a stablecoin wallet."))
            .into()
    }
}

impl ToSchema for PayoutDestination {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((BeneficiarySide::name().into_owned(), BeneficiarySide::schema()));
        schemas.push((WalletSide::name().into_owned(), WalletSide::schema()));
    }
}

/// A payin (`kind: payin`): fiat in from outside, credited to the
/// customer's account in the destination asset. Schema only.
#[derive(ToSchema)]
pub struct CreatePayin {
    #[schema(inline)]
    pub kind: PayinKind,
    pub customer_id: Uuid,
    pub source: FiatSide,
    pub destination: AccountSide,
    /// Integer minor units of the source currency (`"10050"` is 100.50
    /// AED). Required without `quote_id`.
    pub amount: Option<AmountMinor>,
    /// An ACCEPTED, unused quote for the same pair.
    pub quote_id: Option<Uuid>,
}

/// A payout (`kind: payout`): from the customer's account to a beneficiary
/// or a wallet. Schema only.
#[derive(ToSchema)]
pub struct CreatePayout {
    #[schema(inline)]
    pub kind: PayoutKind,
    pub customer_id: Uuid,
    pub source: AccountSide,
    pub destination: PayoutDestination,
    /// In the source asset: integer minor units for fiat (`"10050"`), a
    /// decimal string for a stablecoin (`"100.5"`). Required without
    /// `quote_id`.
    pub amount: Option<PositiveDecimal>,
    /// An ACCEPTED, unused quote for the same pair.
    pub quote_id: Option<Uuid>,
}

/// A bridge (`kind: bridge`): one stablecoin moved between two networks.
/// Schema only.
#[derive(ToSchema)]
pub struct CreateBridge {
    #[schema(inline)]
    pub kind: BridgeKind,
    pub customer_id: Uuid,
    pub source: WalletSide,
    /// The same asset as `source`, on another network.
    pub destination: WalletSide,
    /// A decimal string of the stablecoin (`"100.5"`). Required without
    /// `quote_id`.
    pub amount: Option<PositiveDecimal>,
    /// An ACCEPTED, unused quote for the same pair.
    pub quote_id: Option<Uuid>,
}

/// An on-chain swap (`kind: onchain_fx`): USDC to USDT or back. Schema only.
#[derive(ToSchema)]
pub struct CreateSwap {
    #[schema(inline)]
    pub kind: SwapKind,
    pub customer_id: Uuid,
    pub source: WalletSide,
    /// The other coin of the pair.
    pub destination: WalletSide,
    /// A decimal string of the source coin (`"100.5"`). Required without
    /// `quote_id`.
    pub amount: Option<PositiveDecimal>,
    /// An ACCEPTED, unused quote for the same pair.
    pub quote_id: Option<Uuid>,
}
