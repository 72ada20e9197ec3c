//! The `data` of every event type, one shape each, whoever emits it: the
//! flows and `POST /sandbox/events/trigger` build it here, so a receiver
//! handles one shape per type. `sandbox/README.md` shows each, and a test
//! checks real deliveries against it.
//!
//! Money events (`settlement.*`, `on_ramp.completed`, `off_ramp.completed`)
//! describe the flow that moved (`payment_type`: a transaction, a payment
//! or a transfer kind) with its amounts as strings of minor units; the
//! envelope names the flow in `payment_id`. Verification events describe
//! the customer; the envelope names it in `customer_id`.

use payctl_wire::customers::VerificationLevel;
use payctl_wire::events::{EventStatus, PaymentType};
use serde_json::{Value, json};

use payctl_domain::money::MinorUnit;
use payctl_domain::time::Timestamp;

/// The flow a money event is about.
#[derive(Debug, Clone, Copy)]
pub struct Money<'a> {
    pub payment_type: PaymentType,
    pub source_asset: &'a str,
    pub source_amount: MinorUnit,
    pub fee: MinorUnit,
    pub destination_asset: &'a str,
    pub destination_amount: MinorUnit,
    pub customer_id: Option<&'a str>,
    pub beneficiary_id: Option<&'a str>,
    pub quote_id: Option<&'a str>,
    /// A transaction's `txn_…` id.
    pub external_id: Option<&'a str>,
}

impl Money<'_> {
    fn data(&self, status: EventStatus, time_field: &str, at: Timestamp) -> Value {
        json!({
            "payment_type": self.payment_type,
            "status": status,
            "source_asset": self.source_asset,
            "source_amount_minor": self.source_amount.to_string(),
            "fee_minor": self.fee.to_string(),
            "destination_asset": self.destination_asset,
            "destination_amount_minor": self.destination_amount.to_string(),
            "customer_id": self.customer_id,
            "beneficiary_id": self.beneficiary_id,
            "quote_id": self.quote_id,
            "external_id": self.external_id,
            time_field: at.to_rfc3339(),
        })
    }

    /// `settlement.created`: the flow started (status `PENDING`).
    pub fn created(&self, at: Timestamp) -> Value {
        self.data(EventStatus::Pending, "created_at", at)
    }

    /// `settlement.completed` (status `SETTLED`, spec section 6).
    pub fn settled(&self, at: Timestamp) -> Value {
        self.data(EventStatus::Settled, "settled_at", at)
    }

    /// `settlement.failed` (status `FAILED`) with the reason.
    pub fn failed(&self, reason: &str, at: Timestamp) -> Value {
        let mut data = self.data(EventStatus::Failed, "failed_at", at);
        data["reason"] = Value::from(reason);
        data
    }

    /// `on_ramp.completed` or `off_ramp.completed` (status `COMPLETED`).
    pub fn leg_completed(&self, at: Timestamp) -> Value {
        self.data(EventStatus::Completed, "completed_at", at)
    }
}

/// The customer a verification event is about.
#[derive(Debug, Clone, Copy)]
pub struct Verification<'a> {
    pub customer_id: &'a str,
    pub legal_name: &'a str,
    pub country: &'a str,
    pub verification_level: VerificationLevel,
}

impl Verification<'_> {
    fn data(&self, status: EventStatus, at: Timestamp) -> Value {
        json!({
            "customer_id": self.customer_id,
            "status": status,
            "legal_name": self.legal_name,
            "country": self.country,
            "verification_level": self.verification_level,
            "decided_at": at.to_rfc3339(),
        })
    }

    /// `customer.kyb_approved` (status `APPROVED`).
    pub fn approved(&self, at: Timestamp) -> Value {
        self.data(EventStatus::Approved, at)
    }

    /// `customer.kyb_rejected` (status `REJECTED`) with the reason.
    pub fn rejected(&self, reason: &str, at: Timestamp) -> Value {
        let mut data = self.data(EventStatus::Rejected, at);
        data["reason"] = Value::from(reason);
        data
    }
}
