//! Partners and sub-partners (spec 2.2, 4.7). The partner itself is
//! [`crate::auth::Partner`]; these are the request bodies, camelCase as the
//! specification shows.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::schema::Email;

/// The body of `POST /v1/partners`: a sub-partner of the caller's partner.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CreatePartner {
    /// Legal business name, 1 to 256 characters.
    #[schema(pattern = r"\S", max_length = 256)]
    pub name: String,
    /// Contact email, unique across the platform (case-insensitive).
    #[schema(value_type = Email)]
    pub email: String,
    /// Common values: fintech, marketplace, ecommerce, remittance; any text
    /// of 1 to 64 characters is accepted.
    #[serde(default)]
    #[schema(pattern = r"\S", max_length = 64)]
    pub business_type: Option<String>,
}

/// The body of `PUT /v1/partners/{id}`: every field optional, omitted (or
/// null) fields stay unchanged.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UpdatePartner {
    #[serde(default)]
    #[schema(pattern = r"\S", max_length = 256)]
    pub name: Option<String>,
    #[serde(default)]
    #[schema(value_type = Option<Email>)]
    pub email: Option<String>,
    #[serde(default)]
    #[schema(pattern = r"\S", max_length = 64)]
    pub business_type: Option<String>,
}
