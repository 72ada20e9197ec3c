//! Pricing (spec 2.13, 4.8): markups at partner and customer level, the
//! corridor list and the fee simulation.
//!
//! Markup fields are snake_case as the specification shows. Amounts in
//! responses are integer minor units carried as strings, rates exact
//! decimal strings, so no client ever parses money into a float.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "UPPERCASE")]
pub enum MarkupKind {
    /// Basis points of the source amount (0 to 10 000).
    Bps,
    /// A fixed amount in minor units of `currency`.
    Flat,
}

/// The body of the markup PUTs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MarkupRequest {
    pub kind: MarkupKind,
    /// Basis points for BPS, minor units of `currency` for FLAT.
    pub value: u64,
    /// Required for FLAT, refused for BPS.
    #[serde(default)]
    pub currency: Option<String>,
    /// Minor units of the source asset.
    #[serde(default)]
    pub min_fee: Option<u64>,
    /// Minor units of the source asset.
    #[serde(default)]
    pub max_fee: Option<u64>,
}

/// Where an effective markup comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum MarkupSource {
    /// The customer's own override.
    Customer,
    /// The partner-level markup.
    Partner,
    /// Nothing configured: 0 basis points.
    Default,
}

/// A markup as the API shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Markup {
    pub source: MarkupSource,
    /// The customer asked about; absent on the partner-level operations.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub customer_id: Option<String>,
    pub kind: MarkupKind,
    pub value: u64,
    pub currency: Option<String>,
    pub min_fee: Option<u64>,
    pub max_fee: Option<u64>,
    /// When this markup was last changed; null for the default.
    pub updated_at: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    Outbound,
    Inbound,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Corridor {
    /// `SOURCE-DESTINATION`, e.g. `AED-EUR`.
    pub id: String,
    pub source_asset: String,
    pub destination_asset: String,
    pub direction: Direction,
    /// The sandbox's fixed mid rate: destination units per source unit.
    pub mid_rate: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct CorridorList {
    pub data: Vec<Corridor>,
}

/// Where the rate of a simulation comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum RateSource {
    /// The caller's `exchange_rate`.
    Request,
    /// The sandbox's rate table.
    Table,
}

/// The answer of `GET /v1/pricing/simulate`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Simulation {
    pub source_currency: String,
    pub dest_currency: String,
    pub source_amount_minor: String,
    /// The markup fee, in minor units of the source currency.
    pub fee_minor: String,
    /// `source_amount_minor - fee_minor`.
    pub net_source_minor: String,
    /// Destination units per source unit, exact.
    pub exchange_rate: String,
    pub rate_source: RateSource,
    pub destination_amount_minor: String,
    /// The markup applied.
    pub markup: Markup,
    /// How amounts were rounded.
    pub rounding: String,
}
