//! Deliveries that misbehave on purpose: how a delivery fault rule (see
//! [`crate::faults`]) shapes a TEST application's webhook deliveries.
//!
//! The rules are consulted once per genuine delivery, just before its first
//! attempt, by the dispatcher's loop in due order, so the same events meet
//! the same faults in any sandbox. Two families, decided apart:
//! - **one rule shapes the genuine delivery**, the oldest of these that
//!   fires (the later ones do not see it):
//!   - `delay`: the delivery is held `delay_s` sandbox seconds (advancing
//!     the application's clock releases it);
//!   - `out_of_order`: held until a later event about the same resource
//!     has been delivered to the endpoint, at most 300 sandbox seconds;
//!   - `drop`: the first attempt is recorded as failed without sending
//!     anything, and the retry schedule takes over;
//! - **every rule that adds a delivery fires beside it**, each adding its
//!   own, which waits for the genuine delivery's first attempt that goes
//!   out (after a `drop`, the second), then follows it:
//!   - `duplicate`: a copy (same event id and body, signed when sent),
//!     `delay_s` sandbox seconds later;
//!   - `forged_signature`, `stale_timestamp`, `tampered_body`: a probe at
//!     once: the same body signed with a wrong secret, correctly signed
//!     with `t` 600 s old, or altered after signing.
//!
//! Copies and probes are deliveries of their own ([`DeliveryRole`]),
//! attempted once; probes never count as the event's delivery. Every
//! attempt records the fault that shaped it and a [`Verdict`] of the
//! receiver's answer.

use payctl_domain::time::Timestamp;
use payctl_wire::faults::{AppliedFault, FaultKind};
use payctl_wire::webhooks::{DeliveryRole, Verdict};

use super::dispatcher::backoff_seconds;
use crate::db::sql::Conn;
use crate::error::ApiError;
use crate::faults::{DeliveryFault, Fired};
use crate::state::AppState;
use crate::store;
use crate::store::deliveries::{Attempt, Due};

/// How long an out-of-order delivery waits for a later event at most.
pub const OUT_OF_ORDER_WAIT_S: i64 = 300;
/// How old a stale probe's timestamp is: twice the 300 s window of spec 6.
pub const STALE_BY_S: i64 = 600;
/// A genuine delivery answered later than this is `slow`.
pub const SLOW_MS: i64 = 5_000;

/// What the dispatcher does with a due delivery after the rules had their
/// say.
pub enum Shaped {
    /// Send it now.
    Send(Due),
    /// Not now: held, or its first attempt dropped.
    NotNow(Due),
}

/// What the rules made of a delivery.
enum Decision {
    /// The row changed since it was read (its first attempt is out): leave it.
    Stale,
    /// Send it now, shaped by this fault if any.
    Send(Option<AppliedFault>),
    /// Held, or its first attempt dropped.
    NotNow,
}

/// Consults the fault rules before a genuine delivery's first attempt:
/// applies the fault that shapes it, if one fires, and adds the copies and
/// probes of every rule that adds one and fires. The decision is taken
/// inside the write that records it, after checking the delivery is still
/// undecided, so no delivery meets the rules twice (which would shift
/// every later draw) and the writer's order is the dispatcher's.
pub async fn shape(state: &AppState, mut job: Due) -> Result<Shaped, (Due, ApiError)> {
    if job.role != DeliveryRole::Genuine
        || job.attempt_count > 0
        || job.faults_decided
        || !job.is_test
        || !state.faults.any()
    {
        return Ok(Shaped::Send(job));
    }
    let event = Some(job.event_type);
    let (id, app, endpoint_id, endpoint, resource) =
        (job.delivery_id, job.application_id, job.endpoint_id, job.endpoint_public_id.clone(), job.resource_id.clone());
    let now = state.clock.app_now(app);
    let engine = state.clone();
    let decided = state
        .db
        .write(move |tx| {
            if !store::deliveries::undecided(tx, id)? {
                return Ok((Decision::Stale, Vec::new()));
            }
            let mut fired = Vec::new();
            let mut shaping = None;
            for (rule, injected) in engine.faults.matching(app, |spec| spec.on_delivery(event, &endpoint)) {
                let adds = injected.kind().adds_delivery();
                if !adds && shaping.is_some() {
                    continue;
                }
                let Some(f) = crate::faults::fire_delivery(tx, &rule, endpoint_id)? else { continue };
                let fault = applied(&f);
                if adds {
                    let role = if injected.kind().is_probe() { DeliveryRole::Probe } else { DeliveryRole::Duplicate };
                    store::deliveries::add_copy(tx, id, role, &fault, now)?;
                } else {
                    shaping = Some((injected, fault));
                }
                fired.push(f);
            }
            let decision = match shaping {
                None => {
                    store::deliveries::decided(tx, id, None)?;
                    Decision::Send(None)
                }
                Some((injected, fault)) => shape_genuine(tx, id, injected, fault, now, &resource)?,
            };
            Ok((decision, fired))
        })
        .await;
    let (decision, fired) = match decided {
        Ok(decided) => decided,
        Err(e) => return Err((job, e)),
    };
    // A dropped attempt is recorded here, and the review judges attempts.
    state.request_log.changes().changed(app);
    // Each rule's counters were stored in the write that decided.
    for fired in &fired {
        tracing::info!(fault = %fired.rule.spec.kind(), rule = %fired.rule.public_id,
            event = %job.event_public_id, endpoint = %job.endpoint_public_id, "delivery fault injected");
    }
    Ok(match decision {
        Decision::Stale | Decision::NotNow => Shaped::NotNow(job),
        Decision::Send(fault) => {
            job.fault = fault;
            job.faults_decided = true;
            Shaped::Send(job)
        }
    })
}

fn applied(fired: &Fired) -> AppliedFault {
    AppliedFault {
        rule_id: Some(fired.rule.public_id.clone()),
        fault: fired.rule.spec.view_fault(),
        client_gone: false,
    }
}

/// Applies the fault that shapes genuine delivery `id` and records it.
fn shape_genuine(
    tx: &Conn<'_>,
    id: i64,
    injected: DeliveryFault,
    fault: AppliedFault,
    now: Timestamp,
    resource: &str,
) -> Result<Decision, ApiError> {
    Ok(match injected {
        DeliveryFault::Delay { delay_s } => {
            let until = now.plus_seconds(i64::try_from(delay_s).unwrap_or(i64::MAX));
            store::deliveries::hold(tx, id, &fault, until, None)?;
            Decision::NotNow
        }
        DeliveryFault::OutOfOrder => {
            store::deliveries::hold(tx, id, &fault, now.plus_seconds(OUT_OF_ORDER_WAIT_S), Some(resource))?;
            Decision::NotNow
        }
        DeliveryFault::Drop => {
            store::deliveries::decided(tx, id, Some(&fault))?;
            let rule = fault.rule_id.clone().unwrap_or_default();
            let dropped = Attempt {
                number: 1,
                request_id: crate::ids::uuid(),
                attempted_at: now,
                status_code: None,
                latency_ms: 0,
                error: Some(format!("dropped by rule {rule}: nothing was sent; the retry schedule continues")),
                url: None,
                signature: None,
                fault_kind: Some(FaultKind::Drop),
                verdict: None,
            };
            store::deliveries::record(tx, id, &dropped, false, now, now.plus_seconds(backoff_seconds(1)))?;
            Decision::NotNow
        }
        // Copies and probes are added beside the genuine delivery, which
        // they leave as it is.
        DeliveryFault::Duplicate { .. }
        | DeliveryFault::ForgedSignature
        | DeliveryFault::StaleTimestamp
        | DeliveryFault::TamperedBody => {
            store::deliveries::decided(tx, id, None)?;
            Decision::Send(None)
        }
    })
}

/// The fault that shapes this attempt of `job`, if any: a copy's or a
/// probe's kind, or the hold a genuine delivery's first attempt comes out of.
pub fn shaping(job: &Due) -> Option<FaultKind> {
    let kind = job.fault.as_ref().map(|f| f.fault.kind);
    match job.role {
        DeliveryRole::Probe => kind,
        DeliveryRole::Duplicate => Some(FaultKind::Duplicate),
        DeliveryRole::Genuine => {
            kind.filter(|k| job.attempt_count == 0 && matches!(k, FaultKind::Delay | FaultKind::OutOfOrder))
        }
    }
}

/// What goes on the wire.
pub struct Signed {
    /// `X-Service-Signature`.
    pub signature: String,
    pub body: String,
}

/// Signs `body` at `t` with `secret`, or as the probe `shaping` asks: with a
/// wrong secret, an old timestamp, or over the body before it was altered.
pub fn sign(shaping: Option<FaultKind>, secret: &str, t: i64, body: String) -> Signed {
    let header =
        |secret: &str, t: i64, body: &str| format!("t={t},v1={}", super::signature(secret, t, body.as_bytes()));
    match shaping {
        Some(FaultKind::ForgedSignature) => Signed { signature: header(&super::new_secret(), t, &body), body },
        Some(FaultKind::StaleTimestamp) => Signed { signature: header(secret, t - STALE_BY_S, &body), body },
        Some(FaultKind::TamperedBody) => Signed { signature: header(secret, t, &body), body: tamper(&body) },
        _ => Signed { signature: header(secret, t, &body), body },
    }
}

/// The body with one field's value changed: its `timestamp` one second
/// later. Everything else, byte order included, is as signed.
pub fn tamper(body: &str) -> String {
    let Ok(value) = serde_json::from_str::<serde_json::Value>(body) else { return format!("{body} ") };
    let Some(at) = value["timestamp"].as_str().and_then(Timestamp::parse_rfc3339) else {
        return format!("{body} ");
    };
    let (was, now) = (at.to_rfc3339(), at.plus_seconds(1).to_rfc3339());
    body.replacen(&format!("\"timestamp\":\"{was}\""), &format!("\"timestamp\":\"{now}\""), 1)
}

/// How the receiver's answer to an attempt is judged.
pub fn verdict(role: DeliveryRole, shaping: Option<FaultKind>, status: Option<u16>, latency_ms: i64) -> Verdict {
    let accepted = status.is_some_and(|s| (200..300).contains(&s));
    match (role, status) {
        (_, None) => Verdict::Unreachable,
        (DeliveryRole::Probe, _) if !accepted => Verdict::Ok,
        (DeliveryRole::Probe, _) if shaping == Some(FaultKind::StaleTimestamp) => Verdict::AcceptedStale,
        (DeliveryRole::Probe, _) => Verdict::AcceptedForgery,
        (_, _) if !accepted => Verdict::RefusedGenuine,
        (_, _) if latency_ms > SLOW_MS => Verdict::Slow,
        (_, _) => Verdict::Ok,
    }
}

/// After attempt `number` of `job` is recorded: the first attempt of a
/// genuine delivery that went out (after a `drop`, the second) releases the
/// copies and probes that wait for it; a delivery that went through
/// releases the out-of-order ones held behind its resource.
pub fn after_attempt(conn: &Conn<'_>, job: &Due, number: i64, succeeded: bool, now: Timestamp) -> Result<(), ApiError> {
    let dropped = job.fault.as_ref().is_some_and(|f| f.fault.kind == FaultKind::Drop);
    if job.role == DeliveryRole::Genuine && job.faults_decided && number == 1 + i64::from(dropped) {
        for (copy, fault) in store::deliveries::waiting_copies(conn, job.endpoint_id, job.event_row_id)? {
            let later = fault.and_then(|f| f.fault.delay_s).unwrap_or(0);
            store::deliveries::release_copy(conn, copy, now.plus_seconds(i64::try_from(later).unwrap_or(i64::MAX)))?;
        }
    }
    if succeeded && job.role != DeliveryRole::Probe {
        store::deliveries::release_held(conn, job.endpoint_id, &job.resource_id, job.event_row_id, now)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tampered_body_differs_in_its_timestamp_alone() {
        let body = r#"{"id":"evt_1","event":"settlement.completed","timestamp":"2026-01-01T00:00:00.000Z","payment_id":"p","data":{}}"#;
        let tampered = tamper(body);
        assert_ne!(tampered, body);
        assert_eq!(tampered.replace("00:00:01.000Z", "00:00:00.000Z"), body);
    }

    #[test]
    fn verdicts_follow_what_a_correct_receiver_answers() {
        use DeliveryRole::{Duplicate, Genuine, Probe};
        assert_eq!(verdict(Genuine, None, Some(200), 10), Verdict::Ok);
        assert_eq!(verdict(Duplicate, Some(FaultKind::Duplicate), Some(204), 10), Verdict::Ok);
        assert_eq!(verdict(Genuine, None, Some(200), SLOW_MS + 1), Verdict::Slow);
        assert_eq!(verdict(Genuine, Some(FaultKind::OutOfOrder), Some(400), 10), Verdict::RefusedGenuine);
        assert_eq!(verdict(Genuine, None, None, 10), Verdict::Unreachable);
        assert_eq!(verdict(Probe, Some(FaultKind::ForgedSignature), Some(401), 10), Verdict::Ok);
        assert_eq!(verdict(Probe, Some(FaultKind::TamperedBody), Some(200), 10), Verdict::AcceptedForgery);
        assert_eq!(verdict(Probe, Some(FaultKind::ForgedSignature), Some(200), 10), Verdict::AcceptedForgery);
        assert_eq!(verdict(Probe, Some(FaultKind::StaleTimestamp), Some(200), 10), Verdict::AcceptedStale);
    }
}
