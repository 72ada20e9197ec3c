//! Business verification (KYB) requests, spec 4.12: `POST /v1/compliance/kyb`
//! starts (or, after a rejection, restarts) a customer's verification and
//! answers where it stands.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::schema::Uuid;

/// Body of `POST /v1/compliance/kyb`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StartKyb {
    /// The customer (UUID) to verify; one of the caller's.
    #[serde(default)]
    #[schema(value_type = Uuid, required = true)]
    pub customer_id: Option<String>,
}

/// A customer's verification and what happens next.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct KybVerification {
    pub customer_id: String,
    /// The customer's `kyb_status`.
    pub kyb_status: crate::customers::KybStatus,
    pub verification_level: crate::customers::VerificationLevel,
    /// Whether this call restarted a rejected verification.
    pub restarted: bool,
    /// When the pending verification is decided automatically; null once decided.
    #[schema(format = DateTime)]
    pub decision_due_at: Option<String>,
    /// When the verification was decided; null while pending.
    #[schema(format = DateTime)]
    pub decided_at: Option<String>,
    /// What happens next, in words.
    pub next_step: String,
}
