//! Realistic event data for `POST /sandbox/events/trigger`, one sample flow
//! per event type, built by the same functions the flows use
//! (`flows::events`), so a triggered event has exactly the shape of a real
//! one and receivers can be developed before the flows are exercised.

use payctl_domain::money::MinorUnit;
use payctl_domain::time::Timestamp;
use payctl_wire::customers::VerificationLevel;
use payctl_wire::events::{EventType, PaymentType};
use serde_json::Value;

use crate::flows::FlowKind;
use crate::flows::events::{Money, Verification};
use crate::ids;

/// The kind of flow a sample event is about (its `resource_type`).
pub fn resource_kind(event: EventType) -> &'static str {
    match event {
        EventType::SettlementCreated | EventType::SettlementCompleted | EventType::SettlementFailed => {
            FlowKind::Transaction.as_str()
        }
        EventType::CustomerKybApproved | EventType::CustomerKybRejected => FlowKind::Verification.as_str(),
        EventType::OnRampCompleted | EventType::OffRampCompleted => FlowKind::Transfer.as_str(),
    }
}

/// A fresh id of the shape the sample's resource uses.
pub fn resource_id(event: EventType) -> String {
    match event {
        EventType::OnRampCompleted | EventType::OffRampCompleted => ids::prefixed("tr"),
        _ => ids::uuid(),
    }
}

/// The event's `data` for a sample flow whose id is `resource_id`.
pub fn data(event: EventType, resource_id: &str, now: Timestamp) -> Value {
    let (customer, beneficiary, quote, external) = (ids::uuid(), ids::uuid(), ids::uuid(), ids::prefixed("txn"));
    let transaction = Money {
        payment_type: PaymentType::Transaction,
        source_asset: "AED",
        source_amount: MinorUnit::new(250_000),
        fee: MinorUnit::new(375),
        destination_asset: "EUR",
        destination_amount: MinorUnit::new(62_211),
        customer_id: Some(&customer),
        beneficiary_id: Some(&beneficiary),
        quote_id: Some(&quote),
        external_id: Some(&external),
    };
    let payin = Money {
        payment_type: PaymentType::Payin,
        source_asset: "AED",
        source_amount: MinorUnit::new(367_250),
        fee: MinorUnit::new(551),
        destination_asset: "USDC",
        destination_amount: MinorUnit::new(999_850_000),
        beneficiary_id: None,
        quote_id: None,
        external_id: None,
        ..transaction
    };
    let payout = Money {
        payment_type: PaymentType::Payout,
        source_asset: "USDC",
        source_amount: MinorUnit::new(1_000_000_000),
        fee: MinorUnit::new(1_500_000),
        destination_asset: "AED",
        destination_amount: MinorUnit::new(366_699),
        quote_id: None,
        external_id: None,
        ..transaction
    };
    let verification = Verification {
        customer_id: resource_id,
        legal_name: "Falcon Trading LLC",
        country: "AE",
        verification_level: VerificationLevel::Standard,
    };
    match event {
        EventType::SettlementCreated => transaction.created(now),
        EventType::SettlementCompleted => transaction.settled(now),
        EventType::SettlementFailed => {
            transaction.failed("the beneficiary's bank reports the account as closed (sandbox sample)", now)
        }
        EventType::CustomerKybApproved => verification.approved(now),
        EventType::CustomerKybRejected => verification.rejected("the trade licence could not be verified", now),
        EventType::OnRampCompleted => payin.leg_completed(now),
        EventType::OffRampCompleted => payout.leg_completed(now),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_type_has_a_status_and_a_time() {
        for e in EventType::ALL {
            let d = data(e, "r", Timestamp::from_millis(0));
            assert!(d["status"].is_string(), "{e}");
            assert!(d.as_object().unwrap().values().any(|v| v == "1970-01-01T00:00:00.000Z"), "{e}");
        }
        assert_eq!(data(EventType::SettlementCompleted, "r", Timestamp::from_millis(0))["status"], "SETTLED");
        assert_eq!(data(EventType::CustomerKybApproved, "c1", Timestamp::from_millis(0))["customer_id"], "c1");
        assert!(resource_id(EventType::OnRampCompleted).starts_with("tr_"));
    }
}
