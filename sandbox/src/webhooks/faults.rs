//! Deliveries that misbehave on purpose: how a delivery fault rule (see
//! [`crate::faults`]) shapes a TEST application's webhook deliveries.
//!
//! The rules are consulted once per genuine delivery, just before its first
//! attempt, by the dispatcher's loop in due order, so the same events meet
//! the same faults in any sandbox. What each kind does:
//! - `delay`: the delivery is held `delay_s` sandbox seconds (advancing the
//!   application's clock releases it);
//! - `out_of_order`: held until a later event about the same resource has
//!   been delivered to the endpoint, at most 300 sandbox seconds;
//! - `drop`: the first attempt is recorded as failed without sending
//!   anything, and the retry schedule takes over;
//! - `duplicate`: once the first attempt is out, a copy (same event id and
//!   body, signed when sent) follows `delay_s` sandbox seconds later;
//! - `forged_signature`, `stale_timestamp`, `tampered_body`: once the first
//!   attempt is out, a probe follows: the same body signed with a wrong
//!   secret, correctly signed with `t` 600 s old, or altered after signing.
//!
//! Copies and probes are deliveries of their own ([`DeliveryRole`]),
//! attempted once; probes never count as the event's delivery. Every
//! attempt records the fault that shaped it and a [`Verdict`] of the
//! receiver's answer.

use payctl_domain::time::Timestamp;
use payctl_wire::events::EventType;
use payctl_wire::faults::{AppliedFault, FaultKind};
use payctl_wire::webhooks::{DeliveryRole, Verdict};
use rusqlite::Connection;

use super::dispatcher::backoff_seconds;
use crate::error::ApiError;
use crate::faults::Injected;
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

/// Consults the fault rules before a genuine delivery's first attempt and
/// applies the fault that fires, if any. The decision is taken inside the
/// write that records it, after checking the delivery is still undecided,
/// so no delivery meets the rules twice (which would shift every later
/// draw) and the writer's order is the dispatcher's.
pub async fn shape(state: &AppState, mut job: Due) -> Result<Shaped, (Due, ApiError)> {
    if job.role != DeliveryRole::Genuine
        || job.attempt_count > 0
        || job.faults_decided
        || !job.is_test
        || !state.faults.any()
    {
        return Ok(Shaped::Send(job));
    }
    let event = EventType::parse(&job.event_type);
    let (id, app, endpoint, resource) =
        (job.delivery_id, job.application_id, job.endpoint_public_id.clone(), job.resource_id.clone());
    let now = state.clock.app_now(app);
    let engine = state.clone();
    let decided = state
        .db
        .write(move |tx| {
            if !store::deliveries::undecided(tx, id)? {
                return Ok((Decision::Stale, None));
            }
            let matched = engine.faults.fire(app, |spec| spec.matcher.matches_delivery(event, &endpoint));
            crate::faults::record_counters(tx, &matched.counted)?;
            let Some(fired) = matched.fired else {
                store::deliveries::decided(tx, id, None)?;
                return Ok((Decision::Send(None), None));
            };
            let injected = fired.rule.spec.fault;
            let rule = fired.rule.public_id.clone();
            let fault = AppliedFault { rule_id: Some(rule.clone()), fault: injected.view(), client_gone: false };
            let decision = match injected {
                Injected::Delay { delay_s } => {
                    let until = now.plus_seconds(i64::try_from(delay_s).unwrap_or(i64::MAX));
                    store::deliveries::hold(tx, id, &fault, until, None)?;
                    Decision::NotNow
                }
                Injected::OutOfOrder => {
                    store::deliveries::hold(tx, id, &fault, now.plus_seconds(OUT_OF_ORDER_WAIT_S), Some(&resource))?;
                    Decision::NotNow
                }
                Injected::Drop => {
                    store::deliveries::decided(tx, id, Some(&fault))?;
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
                Injected::Duplicate { .. }
                | Injected::ForgedSignature
                | Injected::StaleTimestamp
                | Injected::TamperedBody => {
                    store::deliveries::decided(tx, id, Some(&fault))?;
                    Decision::Send(Some(fault))
                }
                // Request faults never match a delivery.
                Injected::Error { .. }
                | Injected::RateLimit { .. }
                | Injected::Latency { .. }
                | Injected::Timeout { .. }
                | Injected::Reset
                | Injected::DropResponse => {
                    store::deliveries::decided(tx, id, None)?;
                    Decision::Send(None)
                }
            };
            Ok((decision, Some(fired)))
        })
        .await;
    let (decision, fired) = match decided {
        Ok(decided) => decided,
        Err(e) => return Err((job, e)),
    };
    // A dropped attempt is recorded here, and the review judges attempts.
    state.request_log.changes().changed(app);
    if let Some(fired) = &fired {
        tracing::info!(fault = %fired.rule.spec.fault.kind(), rule = %fired.rule.public_id,
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
/// duplicated or probed delivery brings its copy or probe; a delivery that
/// went through releases the out-of-order ones held behind its resource.
pub fn after_attempt(
    conn: &Connection,
    job: &Due,
    number: i64,
    succeeded: bool,
    now: Timestamp,
) -> Result<(), ApiError> {
    if number == 1
        && job.role == DeliveryRole::Genuine
        && let Some(fault) = &job.fault
    {
        match fault.fault.kind {
            FaultKind::Duplicate => {
                let later = i64::try_from(fault.fault.delay_s.unwrap_or(0)).unwrap_or(i64::MAX);
                store::deliveries::add_copy(
                    conn,
                    job.delivery_id,
                    DeliveryRole::Duplicate,
                    fault,
                    now.plus_seconds(later),
                )?;
            }
            kind if kind.is_probe() => {
                store::deliveries::add_copy(conn, job.delivery_id, DeliveryRole::Probe, fault, now)?;
            }
            _ => {}
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
