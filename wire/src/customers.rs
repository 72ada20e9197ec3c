//! Customers (spec 2.5), also served as participants and, deprecated, as
//! counterparties: one resource behind three paths.
//!
//! The create body keeps every field optional and textual so the server can
//! report every missing or malformed field in one 400 instead of stopping at
//! the first one serde trips over.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::schema::{Country, Email, one_of};

one_of! {
    /// Whether the customer is a company or a person.
    CustomerType = [Business = "business", Individual = "individual"]
}

one_of! {
    /// How thoroughly the customer is verified.
    VerificationLevel = [Standard = "standard", Enhanced = "enhanced"]
}

one_of! {
    /// A customer's verification state: `pending`, then `approved` or
    /// `rejected` (final).
    KybStatus = [Pending = "pending", Approved = "approved", Rejected = "rejected"]
}

/// Body of `POST /v1/customers` (and `/v1/participants`, `/v1/counterparties`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateCustomer {
    /// `business` or `individual`.
    #[serde(rename = "type", default)]
    #[schema(value_type = CustomerType, required = true)]
    pub customer_type: Option<String>,
    /// At most 256 characters.
    #[serde(default)]
    #[schema(value_type = String, required = true, pattern = r"\S", max_length = 256)]
    pub legal_name: Option<String>,
    /// Unique per application, compared without regard to case.
    #[serde(default)]
    #[schema(value_type = Email, required = true)]
    pub email: Option<String>,
    /// ISO 3166-1 alpha-2, upper case (`AE`).
    #[serde(default)]
    #[schema(value_type = Country, required = true)]
    pub country: Option<String>,
    /// `standard` or `enhanced`.
    #[serde(default)]
    #[schema(value_type = VerificationLevel, required = true)]
    pub verification_level: Option<String>,
    /// At most 64 characters.
    #[serde(default)]
    #[schema(value_type = String, required = true, pattern = r"\S", max_length = 64)]
    pub tax_id: Option<String>,
}

/// CustomerResponseDto / ParticipantResponseDto.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Customer {
    /// UUIDv7.
    pub id: String,
    #[serde(rename = "type")]
    pub customer_type: CustomerType,
    pub legal_name: String,
    pub email: String,
    pub country: String,
    /// English short name of `country`.
    pub country_name: String,
    pub verification_level: VerificationLevel,
    pub tax_id: String,
    pub kyb_status: KybStatus,
    /// When `kyb_status` left `pending`; null while pending.
    #[schema(format = DateTime)]
    pub kyb_decided_at: Option<String>,
    #[schema(format = DateTime)]
    pub created_at: String,
    #[schema(format = DateTime)]
    pub updated_at: String,
}

/// The values of `kyb_status`.
pub const KYB_STATUSES: &[&str] = KybStatus::VALUES;
