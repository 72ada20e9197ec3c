//! Customer verification (KYB): `pending` → `approved` | `rejected`, and
//! `rejected` → `pending` again when the partner resubmits
//! (`POST /v1/compliance/kyb`).
//!
//! A pending customer is decided by itself [`DECISION_SECONDS`] after it
//! was created or resubmitted, on its application's clock: approved, or
//! rejected when its legal name contains [`REJECT_MARKER`]; or at once by
//! `POST /sandbox/customers/{id}/approve|reject`. Each decision records
//! `customer.kyb_approved` or `customer.kyb_rejected`. Money flows ask
//! [`require_verified`] before they move a customer's value.

use payctl_domain::time::Timestamp;
use payctl_wire::error::ErrorCode;
use payctl_wire::events::EventType;

use super::events::Verification;
use super::{Flow, FlowKind, Step};
use crate::clock::Clocks;
use crate::db::Tx;
use crate::db::sql::Conn;
use crate::error::ApiError;
use crate::store;
use crate::store::customers::{self, NewCustomer, Row};

/// Seconds after creation (or resubmission) at which a pending customer is
/// decided by itself.
pub const DECISION_SECONDS: i64 = 60;
/// A legal name containing this (any case) is rejected by the automatic decision.
pub const REJECT_MARKER: &str = "REJECT";
pub const MARKER_REASON: &str = "the legal name contains REJECT (the sandbox's rejection rule)";
pub const SIMULATED_REASON: &str = "rejected by the sandbox simulation";

pub use payctl_domain::states::verification::State;

pub use payctl_domain::states::verification::Move;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// Scheduled: the automatic decision.
    Decide,
    Approve,
    Reject,
    /// The partner resubmits a rejected verification.
    Resubmit,
}

impl Flow for Row {
    type State = State;
    const KIND: FlowKind = FlowKind::Verification;

    fn application_id(&self) -> i64 {
        self.application_id
    }

    fn public_id(&self) -> &str {
        &self.customer.id
    }

    fn save(&self, conn: &Conn<'_>, to: State, _reason: Option<&str>, at: Timestamp) -> Result<bool, ApiError> {
        customers::set_verification(conn, self.id, self.status, to, at)
    }

    /// A verification does not fail; it is decided.
    fn failure(&self, _reason: &str, _at: Timestamp) -> Option<Step<State>> {
        None
    }
}

fn subject(c: &Row) -> Verification<'_> {
    Verification {
        customer_id: &c.customer.id,
        legal_name: &c.customer.legal_name,
        country: &c.customer.country,
        verification_level: c.customer.verification_level,
    }
}

/// The transition `trigger` makes, or `None` when it makes none.
pub fn step(c: &Row, trigger: Trigger, at: Timestamp) -> Option<Step<State>> {
    let approve = || Step::to(State::Approved).event(EventType::CustomerKybApproved, subject(c).approved(at));
    let reject = |reason: &str| {
        Step::to(State::Rejected).because(reason).event(EventType::CustomerKybRejected, subject(c).rejected(reason, at))
    };
    match (c.status, trigger) {
        (State::Pending, Trigger::Approve) => Some(approve()),
        (State::Pending, Trigger::Reject) => Some(reject(SIMULATED_REASON)),
        (State::Pending, Trigger::Decide) if c.customer.legal_name.to_uppercase().contains(REJECT_MARKER) => {
            Some(reject(MARKER_REASON))
        }
        (State::Pending, Trigger::Decide) => Some(approve()),
        (State::Rejected, Trigger::Resubmit) => Some(
            Step::to(State::Pending)
                .schedule(super::Move::Verification(Move::Decide), at.plus_seconds(DECISION_SECONDS)),
        ),
        (State::Pending | State::Approved, Trigger::Resubmit) => None,
        (State::Approved | State::Rejected, Trigger::Decide | Trigger::Approve | Trigger::Reject) => None,
    }
}

/// Stores a new customer, `pending`, with its automatic decision scheduled.
pub fn create(conn: &Tx<'_>, clocks: &Clocks, app: i64, new: &NewCustomer) -> Result<Row, ApiError> {
    let now = clocks.app_now(app);
    let c = customers::insert(conn, app, new, now)?;
    let start =
        Step::to(State::Pending).schedule(super::Move::Verification(Move::Decide), now.plus_seconds(DECISION_SECONDS));
    super::start(conn, &c, start, now)?;
    Ok(c)
}

/// A scheduled move, dated `at`.
pub fn on_move(conn: &Tx<'_>, mv: Move, id: &str, at: Timestamp) -> Result<(), ApiError> {
    let Some(c) = customers::find(conn, None, id)? else { return Ok(()) };
    let trigger = match mv {
        Move::Decide => Trigger::Decide,
    };
    match step(&c, trigger, at) {
        Some(s) => super::commit(conn, &c, s, at),
        None => Ok(()),
    }
}

/// Approves or rejects a pending customer by hand; a decided one is 409.
pub fn decide(conn: &Tx<'_>, clocks: &Clocks, scope: Option<i64>, id: &str, approve: bool) -> Result<Row, ApiError> {
    let c = super::current::<Row>(conn, clocks, scope, id)?;
    let at = clocks.app_now(c.application_id);
    let trigger = if approve { Trigger::Approve } else { Trigger::Reject };
    let step = step(&c, trigger, at).ok_or_else(|| {
        ApiError::conflict(
            ErrorCode::Conflict,
            format!("customer verification is already {}; only a pending customer can be decided", c.status.as_str()),
        )
    })?;
    super::commit(conn, &c, step, at)?;
    super::reread(conn, &c)
}

/// Resubmits a rejected customer's verification; returns the customer as
/// it now is and whether it was restarted. Pending or approved customers
/// are left as they are, so calling it again is harmless.
pub fn resubmit(conn: &Tx<'_>, clocks: &Clocks, app: i64, id: &str) -> Result<(Row, bool), ApiError> {
    let c = super::current::<Row>(conn, clocks, Some(app), id)?;
    let at = clocks.app_now(app);
    match step(&c, Trigger::Resubmit, at) {
        Some(s) => {
            super::commit(conn, &c, s, at)?;
            Ok((super::reread(conn, &c)?, true))
        }
        None => Ok((c, false)),
    }
}

/// Where a customer's verification stands after `POST /v1/compliance/kyb`.
pub struct Standing {
    pub customer: Row,
    /// Whether this call resubmitted a rejected verification.
    pub restarted: bool,
    /// When the automatic decision of a pending verification is due.
    pub decision_due: Option<Timestamp>,
}

impl Standing {
    /// What happens next, in words for the partner.
    pub fn next_step(&self) -> String {
        match (self.customer.status, self.decision_due) {
            (State::Pending, Some(due)) => format!(
                "decided automatically at {due} ({DECISION_SECONDS} s after submission): approved, or rejected \
                 when the legal name contains {REJECT_MARKER}; POST /sandbox/customers/{{id}}/approve or /reject \
                 decides it now"
            ),
            (State::Pending, None) => "awaiting a decision: POST /sandbox/customers/{id}/approve or /reject".to_owned(),
            (State::Approved, _) => "verified: the customer may pay and be paid".to_owned(),
            (State::Rejected, _) => "rejected: call this operation again to resubmit the verification".to_owned(),
        }
    }
}

/// Starts over a rejected verification ([`resubmit`]) and says where it
/// stands: for a pending one, when it will be decided.
pub fn standing(conn: &Tx<'_>, clocks: &Clocks, app: i64, id: &str) -> Result<Standing, ApiError> {
    let (customer, restarted) = resubmit(conn, clocks, app, id)?;
    let decision_due = match customer.status {
        State::Pending => store::moves::next_due(conn, super::Move::Verification(Move::Decide), &customer.customer.id)?,
        State::Approved | State::Rejected => None,
    };
    Ok(Standing { customer, restarted, decision_due })
}

/// The customer of application `app`, with a decision already due applied;
/// 403 `CMP_0001` unless it passed verification.
pub fn require_verified(conn: &Tx<'_>, clocks: &Clocks, app: i64, id: &str) -> Result<Row, ApiError> {
    let c = super::current::<Row>(conn, clocks, Some(app), id)?;
    if c.status != State::Approved {
        return Err(ApiError::new(
            ErrorCode::ComplianceGate,
            format!(
                "customer {id} has not passed verification (kyb_status {}); see POST /v1/compliance/kyb",
                c.status.as_str()
            ),
        ));
    }
    Ok(c)
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use rusqlite::Connection;

    use super::*;

    fn new_customer() -> NewCustomer {
        NewCustomer {
            customer_type: payctl_wire::customers::CustomerType::Business,
            legal_name: "Late Trading LLC".into(),
            email: payctl_domain::email::Email::parse("late@example.com").unwrap(),
            country: payctl_domain::country::Country::parse("AE").unwrap(),
            verification_level: payctl_wire::customers::VerificationLevel::Standard,
            tax_id: "TRN-1".into(),
        }
    }

    /// Nothing else applies the due decision here (no runner, no clock
    /// advance, no read of the customer first): only `decide` itself.
    #[test]
    fn a_due_decision_wins_over_a_late_manual_one_even_unread() {
        let mut conn = Connection::open_in_memory().unwrap();
        crate::db::migrations().to_latest(&mut conn).unwrap();
        let tx = conn.transaction().unwrap();
        let conn = crate::db::Tx::new((&tx).into());
        let app = crate::store::applications::insert_bare(&conn).unwrap();
        let now = Clocks::new(0, HashMap::new());
        let created = create(&conn, &now, app, &new_customer()).unwrap();
        // Two minutes later on the application's clock, the 60 s decision is due but not applied.
        let later = Clocks::new(0, HashMap::from([(app, 120_000)]));
        let manual = decide(&conn, &later, Some(app), &created.customer.id, false);
        let err = manual.err().expect("the due decision was applied first, so the customer is decided");
        assert_eq!(err.code, ErrorCode::Conflict, "{err:?}");
        let after = super::super::current::<Row>(&conn, &later, Some(app), &created.customer.id).unwrap();
        assert_ne!(after.status, State::Pending);
    }

    #[test]
    fn another_applications_customer_answers_the_customers_404_and_the_operator_reaches_it() {
        let mut conn = Connection::open_in_memory().unwrap();
        crate::db::migrations().to_latest(&mut conn).unwrap();
        let tx = conn.transaction().unwrap();
        let conn = crate::db::Tx::new((&tx).into());
        let mine = crate::store::applications::insert_bare(&conn).unwrap();
        conn.execute(
            "INSERT INTO applications (public_id, partner_id, name, environment, status, created_at, updated_at)
             VALUES ('b', 1, 'B', 'TEST', 'active', 0, 0)",
            [],
        )
        .unwrap();
        let theirs = tx.last_insert_rowid();
        let clocks = Clocks::new(0, HashMap::new());
        let id = create(&conn, &clocks, mine, &new_customer()).unwrap().customer.id;
        let refused = [
            super::super::current::<Row>(&conn, &clocks, Some(theirs), &id).map(drop),
            decide(&conn, &clocks, Some(theirs), &id, true).map(drop),
            require_verified(&conn, &clocks, theirs, &id).map(drop),
            crate::store::owned::<Row>(&conn, Some(theirs), "no-such-customer").map(drop),
        ];
        for err in refused.into_iter().map(Result::unwrap_err) {
            assert_eq!((err.code, err.message.as_ref()), (ErrorCode::CustomerNotFound, "customer not found"));
        }
        for scope in [Some(mine), None] {
            assert_eq!(super::super::current::<Row>(&conn, &clocks, scope, &id).unwrap().customer.id, id);
        }
    }
}
