//! The identity provider's token endpoint, registration and `auth/me`.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Type};
use utoipa::openapi::{RefOr, Schema};

use crate::DASHBOARD_CLIENT_ID;
use crate::schema::{Email, one_of};

/// The form body of the token endpoint (`application/x-www-form-urlencoded`),
/// one of its two grants. Schema only: the endpoint reads the form itself,
/// as OAuth servers do, and answers in OAuth's error shape.
pub struct TokenRequest;

impl utoipa::PartialSchema for TokenRequest {
    fn schema() -> RefOr<Schema> {
        let text = |description: &str| {
            ObjectBuilder::new().schema_type(Type::String).min_length(Some(1)).description(Some(description))
        };
        let constant = |value: &str| ObjectBuilder::new().schema_type(Type::String).enum_values(Some([value]));
        let grant = |grant_type: &str, fields: &[(&str, &str)]| {
            let mut object = ObjectBuilder::new()
                .property("grant_type", constant(grant_type))
                .required("grant_type")
                .property("client_id", constant(DASHBOARD_CLIENT_ID))
                .required("client_id");
            for (name, description) in fields {
                object = object.property(*name, text(description)).required(*name);
            }
            object
        };
        OneOfBuilder::new()
            .item(grant("password", &[("username", "the user's login name"), ("password", "the user's password")]))
            .item(grant(
                "refresh_token",
                &[("refresh_token", "the refresh token of the last answer; each is accepted once")],
            ))
            .description(Some("A password grant, or a refresh grant; every parameter once."))
            .into()
    }
}

impl ToSchema for TokenRequest {}

/// Successful answer of `{auth_url}/protocol/openid-connect/token`, shaped as
/// an OpenID Connect provider answers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct TokenResponse {
    pub access_token: String,
    /// Always `Bearer`.
    pub token_type: String,
    /// Seconds until `access_token` expires.
    pub expires_in: u64,
    pub refresh_token: String,
    /// Seconds until `refresh_token` expires.
    pub refresh_expires_in: u64,
    pub scope: String,
}

/// Error answer of the token endpoint (RFC 6749 section 5.2), not the API's
/// error envelope: OAuth clients expect this shape.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct OAuthError {
    /// `invalid_request`, `invalid_client`, `invalid_grant` or `unsupported_grant_type`.
    pub error: String,
    pub error_description: String,
}

/// Body of `POST /v1/auth/register`. Unknown fields are refused, as on
/// every request body.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RegisterRequest {
    /// Legal business name of the partner, 1 to 256 characters.
    #[schema(pattern = r"\S", max_length = 256)]
    pub company_name: String,
    /// Contact email of the partner, unique across the platform.
    #[schema(value_type = Email)]
    pub email: String,
}

/// The dashboard user behind a bearer token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Me {
    pub user_id: String,
    pub username: String,
    /// Null until the user registers a company with `POST /v1/auth/register`.
    pub partner: Option<Partner>,
}

one_of! {
    /// A partner's status (spec 2.2): `pending`, `active` or `suspended`.
    PartnerStatus = [Pending = "pending", Active = "active", Suspended = "suspended"]
}

/// A partner (spec 2.2). Field names are camelCase as the specification shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Partner {
    /// `prtnr_`-prefixed identifier.
    pub id: String,
    pub name: String,
    pub email: String,
    pub business_type: Option<String>,
    pub status: PartnerStatus,
    /// The partner this one is a sub-partner of; null for a top-level partner.
    pub parent_id: Option<String>,
    #[schema(format = DateTime)]
    pub created_at: String,
    #[schema(format = DateTime)]
    pub updated_at: String,
}
