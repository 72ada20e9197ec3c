//! The seven event types of spec section 6.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::schema::one_of;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
pub enum EventType {
    #[serde(rename = "settlement.created")]
    SettlementCreated,
    #[serde(rename = "settlement.completed")]
    SettlementCompleted,
    #[serde(rename = "settlement.failed")]
    SettlementFailed,
    #[serde(rename = "customer.kyb_approved")]
    CustomerKybApproved,
    #[serde(rename = "customer.kyb_rejected")]
    CustomerKybRejected,
    #[serde(rename = "on_ramp.completed")]
    OnRampCompleted,
    #[serde(rename = "off_ramp.completed")]
    OffRampCompleted,
}

crate::stored_as_text!(EventType);

one_of! {
    /// Which flow a money event's `data` is about: a transaction, a
    /// payment, or a transfer of its kind.
    PaymentType = [
        Transaction = "transaction", Payment = "payment", Payin = "payin", Payout = "payout", Bridge = "bridge",
        OnchainFx = "onchain_fx",
    ]
}

impl From<crate::transfers::TransferKind> for PaymentType {
    fn from(kind: crate::transfers::TransferKind) -> PaymentType {
        use crate::transfers::TransferKind;
        match kind {
            TransferKind::Payin => PaymentType::Payin,
            TransferKind::Payout => PaymentType::Payout,
            TransferKind::Bridge => PaymentType::Bridge,
            TransferKind::OnchainFx => PaymentType::OnchainFx,
        }
    }
}

one_of! {
    /// The `status` in an event's `data` (spec section 6): a money flow
    /// `PENDING`, `SETTLED`, `FAILED` or (a ramp leg) `COMPLETED`; a
    /// verification `APPROVED` or `REJECTED`.
    EventStatus = [
        Pending = "PENDING", Settled = "SETTLED", Failed = "FAILED", Completed = "COMPLETED", Approved = "APPROVED",
        Rejected = "REJECTED",
    ]
}

impl EventType {
    pub const ALL: [EventType; 7] = [
        EventType::SettlementCreated,
        EventType::SettlementCompleted,
        EventType::SettlementFailed,
        EventType::CustomerKybApproved,
        EventType::CustomerKybRejected,
        EventType::OnRampCompleted,
        EventType::OffRampCompleted,
    ];

    /// The names of [`EventType::ALL`], in that order.
    pub const NAMES: [&'static str; 7] = {
        let mut names = [""; 7];
        let mut i = 0;
        while i < names.len() {
            names[i] = EventType::ALL[i].as_str();
            i += 1;
        }
        names
    };

    pub const fn as_str(self) -> &'static str {
        match self {
            EventType::SettlementCreated => "settlement.created",
            EventType::SettlementCompleted => "settlement.completed",
            EventType::SettlementFailed => "settlement.failed",
            EventType::CustomerKybApproved => "customer.kyb_approved",
            EventType::CustomerKybRejected => "customer.kyb_rejected",
            EventType::OnRampCompleted => "on_ramp.completed",
            EventType::OffRampCompleted => "off_ramp.completed",
        }
    }

    pub fn parse(s: &str) -> Option<EventType> {
        EventType::ALL.into_iter().find(|e| e.as_str() == s)
    }

    /// What the payload names its resource by, without `_id`: `payment` for
    /// every money event (a transaction, payment or transfer, spec section
    /// 6), `customer` for verification events.
    pub fn subject(self) -> &'static str {
        match self {
            EventType::SettlementCreated
            | EventType::SettlementCompleted
            | EventType::SettlementFailed
            | EventType::OnRampCompleted
            | EventType::OffRampCompleted => "payment",
            EventType::CustomerKybApproved | EventType::CustomerKybRejected => "customer",
        }
    }
}

impl std::fmt::Display for EventType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_through_serde_and_parse() {
        for e in EventType::ALL {
            assert_eq!(serde_json::to_string(&e).unwrap(), format!("\"{}\"", e.as_str()));
            assert_eq!(EventType::parse(e.as_str()), Some(e));
        }
        assert_eq!(EventType::parse("settlement.unknown"), None);
    }
}
