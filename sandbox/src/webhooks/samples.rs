//! Realistic event data for `POST /sandbox/events/trigger`, one shape per
//! event type, so receivers can be developed before the flows that emit
//! these events are exercised.

use payctl_wire::events::EventType;
use serde_json::{Value, json};

use crate::clock::Timestamp;
use crate::ids;

/// The resource kind an event type is about (it names the payload's
/// `<kind>_id` field).
pub fn resource_kind(event: EventType) -> &'static str {
    match event {
        EventType::SettlementCreated | EventType::SettlementCompleted | EventType::SettlementFailed => "payment",
        EventType::CustomerKybApproved | EventType::CustomerKybRejected => "customer",
        EventType::OnRampCompleted | EventType::OffRampCompleted => "transaction",
    }
}

/// A fresh id of the shape the resource kind uses.
pub fn resource_id(event: EventType) -> String {
    match resource_kind(event) {
        "transaction" => ids::prefixed("txn"),
        _ => ids::uuid(),
    }
}

/// The event's `data`. Fiat amounts are integer minor units in strings,
/// stablecoin amounts decimal strings (spec 2.1).
pub fn data(event: EventType, now: Timestamp) -> Value {
    let at = now.to_rfc3339();
    match event {
        EventType::SettlementCreated => json!({
            "status": "PENDING", "amount_minor": "250000", "currency": "AED",
            "destination_amount_minor": "6807", "destination_currency": "USD", "created_at": at,
        }),
        EventType::SettlementCompleted => json!({
            "status": "SETTLED", "settled_at": at, "amount_minor": "250000", "currency": "AED",
            "destination_amount_minor": "6807", "destination_currency": "USD",
        }),
        EventType::SettlementFailed => json!({
            "status": "FAILED", "failed_at": at, "amount_minor": "250000", "currency": "AED",
            "failure_code": "BENEFICIARY_ACCOUNT_CLOSED",
            "failure_reason": "the beneficiary's bank reports the account as closed",
        }),
        EventType::CustomerKybApproved => json!({
            "status": "APPROVED", "approved_at": at, "legal_name": "Falcon Trading LLC", "country": "AE",
        }),
        EventType::CustomerKybRejected => json!({
            "status": "REJECTED", "rejected_at": at, "legal_name": "Falcon Trading LLC", "country": "AE",
            "reason": "the trade licence could not be verified",
        }),
        EventType::OnRampCompleted => json!({
            "status": "COMPLETED", "completed_at": at,
            "source_amount_minor": "367250", "source_currency": "AED",
            "destination_amount": "1000.00", "destination_asset": "USDC", "network": "ETHEREUM",
            "tx_hash": format!("0x{}", hex64()),
        }),
        EventType::OffRampCompleted => json!({
            "status": "COMPLETED", "completed_at": at,
            "source_amount": "1000.00", "source_asset": "USDT", "network": "TRON",
            "destination_amount_minor": "91850", "destination_currency": "EUR",
        }),
    }
}

fn hex64() -> String {
    crate::secrets::random_bytes::<32>().iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_type_has_a_status_and_a_time() {
        for e in EventType::ALL {
            let d = data(e, Timestamp::from_millis(0));
            assert!(d["status"].is_string(), "{e}");
            assert!(d.as_object().unwrap().values().any(|v| v == "1970-01-01T00:00:00.000Z"), "{e}");
        }
        assert_eq!(data(EventType::SettlementCompleted, Timestamp::from_millis(0))["status"], "SETTLED");
        assert!(resource_id(EventType::OnRampCompleted).starts_with("txn_"));
    }
}
