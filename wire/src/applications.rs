//! Applications (spec 2.3) and their API keys (spec 2.4).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::schema::one_of;

one_of! {
    /// `active`, or `deactivated`: calls with the keys of a deactivated
    /// application answer 403 ATH_0002.
    ApplicationStatus = [Active = "active", Deactivated = "deactivated"]
}

one_of! {
    /// `active`, `expired` (past `expires_at`) or `revoked`; only an active
    /// key authenticates.
    KeyStatus = [Active = "active", Expired = "expired", Revoked = "revoked"]
}

/// The environment an application, and so each of its keys, runs against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
pub enum Environment {
    #[serde(rename = "TEST")]
    Test,
    #[serde(rename = "LIVE")]
    Live,
}

crate::stored_as_text!(Environment);

impl Environment {
    pub fn as_str(self) -> &'static str {
        match self {
            Environment::Test => "TEST",
            Environment::Live => "LIVE",
        }
    }

    pub fn parse(s: &str) -> Option<Environment> {
        match s {
            "TEST" => Some(Environment::Test),
            "LIVE" => Some(Environment::Live),
            _ => None,
        }
    }
}

impl std::fmt::Display for Environment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateApplication {
    /// 1 to 128 characters.
    #[schema(pattern = r"\S", max_length = 128)]
    pub name: String,
    pub environment: Environment,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Application {
    pub id: String,
    pub name: String,
    pub environment: Environment,
    pub status: ApplicationStatus,
    pub partner_id: String,
    #[schema(format = DateTime)]
    pub created_at: String,
    #[schema(format = DateTime)]
    pub updated_at: String,
    #[schema(format = DateTime)]
    pub deactivated_at: Option<String>,
}

/// Body of `POST /v1/applications/:id/keys`; may be empty (`{}`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateApiKey {
    /// Optional expiry, ISO 8601 in the future; null or absent for no expiry.
    #[serde(default)]
    #[schema(format = DateTime)]
    pub expires_at: Option<String>,
    /// Optional label to tell keys apart, at most 128 characters.
    #[serde(default)]
    #[schema(pattern = r"\S", max_length = 128)]
    pub name: Option<String>,
}

/// Answer of key creation: the only time `client_secret` is ever shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct CreatedApiKey {
    pub api_key_id: String,
    pub prefix: String,
    #[serde(rename = "type")]
    pub key_type: Environment,
    #[schema(format = DateTime)]
    pub expires_at: Option<String>,
    #[schema(format = DateTime)]
    pub created_at: String,
    pub name: Option<String>,
    /// The secret to send as `X-API-Key`. Store it now: it cannot be read
    /// again. Null on an idempotent replay of the creation (header
    /// `Secret-Withheld: true`): the secret is never stored, so a replay
    /// cannot show it.
    pub client_secret: Option<String>,
}

/// A key as listed: never carries the secret.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ApiKey {
    pub api_key_id: String,
    pub prefix: String,
    #[serde(rename = "type")]
    pub key_type: Environment,
    pub status: KeyStatus,
    #[schema(format = DateTime)]
    pub expires_at: Option<String>,
    #[schema(format = DateTime)]
    pub created_at: String,
    #[schema(format = DateTime)]
    pub revoked_at: Option<String>,
    pub name: Option<String>,
}
