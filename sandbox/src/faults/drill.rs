//! The drill: for one TEST application, the fault rules of [`rules`],
//! enough that any session making a few money-moving calls and receiving a
//! few webhooks meets every failure the go-live review judges a client by.
//! Starting a drill ends a running one and stores its rules and its start
//! in one write; the rules are put in force once it is on disk
//! ([`super::Change`]), so a crash leaves the old drill or the new one,
//! never half of either.

use payctl_domain::faults::{CERTAIN, Firing};
use payctl_domain::time::Timestamp;

use super::rules::MethodName;
use super::{Aim, Change, DeliveryFault, DeliveryMatch, RequestFault, RequestMatch, Spec};
use crate::db::sql::Conn;
use crate::error::ApiError;
use crate::operation::{Operations, Purpose};
use crate::store;

/// How many rules a drill installs (with the seven money-moving creates of
/// the partner API).
pub const RULES: usize = 15;

/// How long the drill's `timeout` holds a POST.
pub const DRILL_TIMEOUT_MS: u64 = 5_000;

/// The drill, in the order its rules apply (of the request rules, the
/// oldest that fires wins): the first call to each money-moving create
/// loses its answer; the second POST times out; the second request that
/// reaches them is rate limited; the fourth answers 503. Each webhook
/// endpoint's first delivery is duplicated and probed with a forged, a
/// stale and a tampered copy, so one event exercises every webhook check;
/// its second is held out of order.
pub fn rules(operations: &Operations) -> Vec<Spec> {
    let once = |skip: u64| Firing { skip, times: Some(1), probability: CERTAIN, seed: 0 };
    let requests = |operation_id: Option<String>, method: Option<MethodName>, fault: RequestFault, skip: u64| Spec {
        aim: Aim::Requests(RequestMatch { operation_id, method, path: None }, fault),
        firing: once(skip),
    };
    let mut rules: Vec<Spec> = operations
        .all()
        .iter()
        .filter(|op| op.is_partner_api() && op.purpose == Purpose::MoveMoney)
        .map(|op| requests(Some(op.id().to_owned()), None, RequestFault::DropResponse, 0))
        .collect();
    let timeout = RequestFault::Timeout { delay_ms: DRILL_TIMEOUT_MS, commit: false };
    rules.push(requests(None, Some(MethodName::Post), timeout, 1));
    rules.push(requests(None, None, RequestFault::RateLimit { retry_after: 2 }, 1));
    rules.push(requests(None, None, RequestFault::Error { status: 503 }, 3));
    for (fault, skip) in [
        (DeliveryFault::Duplicate { delay_s: 0 }, 0),
        (DeliveryFault::OutOfOrder, 1),
        (DeliveryFault::ForgedSignature, 0),
        (DeliveryFault::StaleTimestamp, 0),
        (DeliveryFault::TamperedBody, 0),
    ] {
        let every = DeliveryMatch { event: None, endpoint_id: None, per_endpoint: true };
        rules.push(Spec { aim: Aim::Deliveries(every, fault), firing: once(skip) });
    }
    rules
}

/// Ends the application's running drill, if any, in the caller's write:
/// its rules are deleted (and come out of force with the change).
pub fn end(conn: &Conn<'_>, app: i64, now: Timestamp) -> Result<Change, ApiError> {
    let Some(drill) = store::review::latest_drill(conn, app)? else { return Ok(Change::default()) };
    if drill.ended_at.is_some() {
        return Ok(Change::default());
    }
    let removed = store::fault_rules::ids_of(conn, &drill.rules)?;
    store::fault_rules::delete(conn, &removed)?;
    store::review::end_drill(conn, drill.id, now)?;
    Ok(Change { added: Vec::new(), removed })
}

/// Starts a drill for the application (`app`, its public id), ending a
/// running one first, in the caller's write: the new rules (in order, in
/// `added`) come into force with the change.
pub fn start(conn: &Conn<'_>, app: (i64, String), operations: &Operations, now: Timestamp) -> Result<Change, ApiError> {
    let mut change = end(conn, app.0, now)?;
    for spec in rules(operations) {
        change.added.push(super::store(conn, Some(app.clone()), spec, now)?);
    }
    let ids: Vec<String> = change.added.iter().map(|r| r.public_id.clone()).collect();
    store::review::start_drill(conn, app.0, now, &ids)?;
    Ok(change)
}
