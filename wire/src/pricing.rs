//! Pricing (spec 2.13, 4.8): markups at partner and customer level, the
//! corridor list and the fee simulation.
//!
//! Markup fields are snake_case as the specification shows. Amounts in
//! responses are integer minor units carried as strings, rates exact
//! decimal strings, so no client ever parses money into a float.

use serde::{Deserialize, Serialize};
use utoipa::openapi::schema::{
    AdditionalProperties, KnownFormat, ObjectBuilder, RefBuilder, SchemaFormat, SchemaType, Type,
};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};

use crate::schema::{AssetCode, one_of};

one_of! {
    /// How a markup is stated: `BPS`, basis points of the source amount (0
    /// to 10 000), or `FLAT`, a fixed amount in minor units of `currency`.
    MarkupKind = [Bps = "BPS", Flat = "FLAT"]
}

/// The most basis points a BPS markup may take: the whole amount.
pub const MAX_BPS: u64 = 10_000;

/// The body of the markup PUTs. Its document schema (below) has one shape
/// per kind, since `currency` and the bound of `value` depend on it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
    #[serde(default)]
    pub max_fee: Option<u64>,
}

/// The two shapes of [`MarkupRequest`], by name and `kind`.
const MARKUP_SHAPES: [(&str, MarkupKind); 2] =
    [("BpsMarkupRequest", MarkupKind::Bps), ("FlatMarkupRequest", MarkupKind::Flat)];

/// One shape of the markup body: a BPS markup (no `currency`) or a FLAT one.
fn markup_shape(kind: MarkupKind) -> RefOr<Schema> {
    let integer = |max: u64, description: &str| {
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
            .minimum(Some(0))
            .maximum(Some(max))
            .description(Some(description))
    };
    let fee = |description: &str| {
        let bound = integer(i64::MAX as u64, description);
        bound.schema_type(SchemaType::from_iter([Type::Integer, Type::Null]))
    };
    let name = kind.as_str();
    let (max, value) = match kind {
        MarkupKind::Bps => (MAX_BPS, "Basis points of the source amount."),
        MarkupKind::Flat => (i64::MAX as u64, "Minor units of `currency`."),
    };
    let object = ObjectBuilder::new()
        .property("kind", ObjectBuilder::new().schema_type(Type::String).enum_values(Some([name])))
        .required("kind")
        .property("value", integer(max, value))
        .required("value")
        .property("min_fee", fee("Minor units of the source asset; the fee is raised to it."))
        .property("max_fee", fee("Minor units of the source asset, not below `min_fee`; the fee is lowered to it."))
        .additional_properties(Some(AdditionalProperties::FreeForm(false)));
    match kind {
        MarkupKind::Bps => object.description(Some("A markup in basis points of the source amount.")),
        MarkupKind::Flat => object
            .property(
                "currency",
                RefBuilder::new()
                    .ref_location_from_schema_name(AssetCode::name())
                    .description(Some("The currency of `value`.")),
            )
            .required("currency")
            .description(Some("A fixed markup in minor units of `currency`.")),
    }
    .into()
}

impl utoipa::PartialSchema for MarkupRequest {
    fn schema() -> RefOr<Schema> {
        let variants = MARKUP_SHAPES.map(|(name, kind)| (kind.as_str(), name.to_owned()));
        crate::schema::discriminated(
            "kind",
            &variants,
            &[
                "The body of the markup PUTs: a BPS markup (no `currency`) or a FLAT one, told apart by `kind`.",
                "`min_fee` must not be above `max_fee`, a rule no schema can state.",
            ],
        )
    }
}

impl ToSchema for MarkupRequest {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        for (name, kind) in MARKUP_SHAPES {
            schemas.push((name.to_owned(), markup_shape(kind)));
        }
        schemas.push((AssetCode::name().into_owned(), AssetCode::schema()));
    }
}

one_of! {
    /// Where an effective markup comes from: the customer's own override
    /// (`customer`), the partner-level markup (`partner`), or nothing
    /// configured (`default`: 0 basis points).
    MarkupSource = [Customer = "customer", Partner = "partner", Default = "default"]
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
    #[schema(format = DateTime)]
    pub updated_at: Option<String>,
}

/// What a corridor does: fiat out of the UAE (`outbound`) or into it
/// (`inbound`), fiat into a stablecoin (`on_ramp`) or out of one
/// (`off_ramp`), or one stablecoin into another (`swap`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    Outbound,
    Inbound,
    OnRamp,
    OffRamp,
    Swap,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Corridor {
    /// `SOURCE-DESTINATION`, e.g. `AED-EUR`: a `corridor_id` of
    /// `POST /v1/transactions/quote`.
    pub id: String,
    /// The corridor code carrying this pair (`uae`), if any; also a valid
    /// `corridor_id`.
    pub code: Option<String>,
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
