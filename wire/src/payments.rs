//! Payments (spec 2.9, 4.4), TEST keys only: fiat collected on a virtual
//! IBAN for an accepted legacy quote, then settled into the customer's
//! account in the quote's destination currency.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::schema::{Uuid, one_of};

one_of! {
    /// How a payment's funds are collected.
    CollectionMethod = [VirtualIban = "VIRTUAL_IBAN"]
}

one_of! {
    /// A payment's state: `awaiting_funds`, then `funds_received` and
    /// `settled`; or `expired` (no funds by `pay_by`); or `failed` (the
    /// settlement could not be made and the funds were returned).
    PaymentStatus = [AwaitingFunds = "awaiting_funds", FundsReceived = "funds_received", Settled = "settled", Expired = "expired", Failed = "failed"]
}

/// Body of `POST /v1/payments` (header `Idempotency-Key` required).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreatePayment {
    /// An ACCEPTED, unused quote from `GET /v1/quotes` (UUID).
    #[serde(default)]
    #[schema(value_type = Uuid, required = true)]
    pub quote_id: Option<String>,
    /// `VIRTUAL_IBAN`.
    #[serde(default)]
    #[schema(value_type = CollectionMethod, required = true)]
    pub collection_method: Option<String>,
}

/// Where and how the payer sends the funds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct CollectionInstructions {
    pub method: CollectionMethod,
    /// A valid UAE IBAN for this payment alone (electronic form).
    pub iban: String,
    /// Quote it with the transfer so the funds are matched to the payment.
    pub reference: String,
    /// Exactly this much, as a decimal display string of `currency`.
    pub amount: String,
    pub amount_minor: String,
    pub currency: String,
    /// Funds must arrive before this, or the payment expires.
    #[schema(format = DateTime)]
    pub pay_by: String,
}

/// A payment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Payment {
    /// UUIDv7.
    pub id: String,
    pub status: PaymentStatus,
    pub quote_id: String,
    pub customer_id: String,
    pub collection_instructions: CollectionInstructions,
    pub source_currency: String,
    pub destination_currency: String,
    /// Decimal display strings.
    pub source_amount: String,
    pub fee: String,
    pub destination_amount: String,
    /// Integer minor units.
    pub source_amount_minor: String,
    pub fee_minor: String,
    pub destination_amount_minor: String,
    pub exchange_rate: String,
    #[schema(format = DateTime)]
    pub created_at: String,
    #[schema(format = DateTime)]
    pub updated_at: String,
    #[schema(format = DateTime)]
    pub funds_received_at: Option<String>,
    #[schema(format = DateTime)]
    pub settled_at: Option<String>,
    #[schema(format = DateTime)]
    pub expired_at: Option<String>,
    #[schema(format = DateTime)]
    pub failed_at: Option<String>,
    /// Why the payment failed or expired; null otherwise.
    pub failure_reason: Option<String>,
}

/// The values of `status`.
pub const PAYMENT_STATUSES: &[&str] = PaymentStatus::VALUES;
