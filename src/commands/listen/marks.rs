//! What the sandbox made of a delivery `payctl listen` received: the fault
//! that shaped it (a duplicate, a held or reordered delivery, a forged,
//! stale or tampered probe) and the verdict on the answer it got, read
//! back from the endpoint's delivery list by the attempt's `X-Request-ID`.
//!
//! The receiver cannot tell these apart from the bytes alone (a forged and
//! a tampered delivery both fail verification), and it must not guess: the
//! sandbox recorded what it sent. Against a service that keeps no delivery
//! list the lookup finds nothing and no mark is printed.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use payctl_wire::page::Page;
use payctl_wire::webhooks::{Delivery, DeliveryAttempt, DeliveryRole, Verdict};

use crate::commands::resource::Session;

/// The sandbox records an attempt as soon as the answer is back; one read
/// of the delivery list after this pause finds every attempt answered
/// before it, so a burst of deliveries costs one read, not one each.
const PAUSE: Duration = Duration::from_millis(500);
/// Reads an attempt is looked for in before it is given up (the list's
/// newest 100 deliveries; an attempt older than that is not marked).
const TRIES: u32 = 3;

/// Attempts waiting to be marked, and the one task that reads them back.
/// Reads are the tool's own (`X-Sandbox-Tool`), so they neither enter the
/// application's request log, meet its fault rules nor spend its rate
/// limit; still, one read serves them all.
pub struct Attempts {
    session: Arc<Session>,
    endpoint_id: String,
    waiting: Mutex<Vec<Waiting>>,
    wake: tokio::sync::Notify,
}

struct Waiting {
    request_id: String,
    answered_by: &'static str,
    tries: u32,
}

impl Attempts {
    pub fn new(session: Arc<Session>, endpoint_id: String) -> Arc<Attempts> {
        let attempts = Arc::new(Attempts { session, endpoint_id, waiting: Mutex::default(), wake: Default::default() });
        tokio::spawn(attempts.clone().run());
        attempts
    }

    /// Marks the attempt sent with `request_id` once the sandbox has judged
    /// it, if a fault shaped it or its answer was not what a correct
    /// receiver gives.
    pub fn mark(&self, request_id: String, answered_by: &'static str) {
        if let Ok(mut waiting) = self.waiting.lock() {
            waiting.push(Waiting { request_id, answered_by, tries: 0 });
        }
        self.wake.notify_one();
    }

    async fn run(self: Arc<Attempts>) {
        let path = format!("/v1/webhooks/{}/deliveries?limit=100", self.endpoint_id);
        loop {
            self.wake.notified().await;
            while self.waiting.lock().is_ok_and(|w| !w.is_empty()) {
                tokio::time::sleep(PAUSE).await;
                let read = self.session.client.get_own(&path, &self.session.auth).await.ok();
                let page: Option<Page<Delivery>> = read.and_then(|v| serde_json::from_value(v).ok());
                let Ok(mut waiting) = self.waiting.lock() else { return };
                // A service that keeps no delivery list: nothing to mark, ever.
                let Some(page) = page else {
                    waiting.clear();
                    break;
                };
                waiting.retain_mut(|w| {
                    let found = page
                        .data
                        .iter()
                        .find_map(|d| d.attempts.iter().find(|a| a.request_id == w.request_id).map(|a| (d, a)));
                    match found {
                        Some((delivery, attempt)) => {
                            if let Some(line) = describe(delivery, attempt, w.answered_by) {
                                crate::say!("{line}");
                            }
                            false
                        }
                        None => {
                            w.tries += 1;
                            w.tries < TRIES
                        }
                    }
                });
            }
        }
    }
}

/// `  dlv_1 (settlement.completed): a forged_signature probe (rule flt_2); the app answered 400: verdict ok`,
/// or nothing for a plain delivery answered as it should be.
fn describe(delivery: &Delivery, attempt: &DeliveryAttempt, answered_by: &str) -> Option<String> {
    let verdict = attempt.verdict?;
    let summary = delivery.fault_summary();
    if summary.is_none() && verdict == Verdict::Ok {
        return None;
    }
    let what = match (delivery.role, summary) {
        (DeliveryRole::Genuine, None) => "a plain delivery".to_owned(),
        (DeliveryRole::Genuine, Some(summary)) => format!("genuine, {summary}"),
        (_, Some(summary)) => format!("a {summary}"),
        (_, None) => delivery.role.as_str().to_owned(),
    };
    let rule =
        delivery.fault.as_ref().and_then(|f| f.rule_id.as_deref()).map(|r| format!(" (rule {r})")).unwrap_or_default();
    let answer = match attempt.status_code {
        Some(code) => format!("{answered_by} answered {code}"),
        None => format!("{answered_by} gave no answer"),
    };
    let judged = match verdict {
        Verdict::Ok if delivery.role == DeliveryRole::Probe => {
            format!("{}: verdict ok", payctl_wire::webhooks::REFUSED_AS_EXPECTED)
        }
        Verdict::Ok => "verdict ok".to_owned(),
        other => format!("verdict {}: {}", other.as_str(), advice(other)),
    };
    Some(format!("  {} ({}): {what}{rule}; {answer}: {judged}", delivery.id, delivery.event))
}

/// What a verdict other than ok asks of the receiver.
fn advice(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Ok => "",
        Verdict::AcceptedForgery => "verify the signature over the raw body and refuse a mismatch",
        Verdict::AcceptedStale => "refuse a timestamp more than 300 s from your clock",
        Verdict::RefusedGenuine => "a genuine delivery must get a 2xx",
        Verdict::Slow => "answer within 5 s and do the work afterwards",
        Verdict::Unreachable => "the receiver gave no answer",
    }
}

#[cfg(test)]
mod tests {
    use payctl_wire::faults::{AppliedFault, Fault, FaultKind};

    use super::*;

    fn delivery(role: DeliveryRole, kind: Option<FaultKind>, status: Option<u16>, verdict: Verdict) -> Delivery {
        let attempt = DeliveryAttempt {
            number: 1,
            request_id: "req-1".into(),
            attempted_at: "2026-11-25T10:00:00.000Z".into(),
            status_code: status,
            latency_ms: 3,
            error: None,
            fault_kind: kind,
            verdict: Some(verdict),
        };
        Delivery {
            id: "dlv_1".into(),
            webhook_id: "wh_1".into(),
            event_id: "evt_1".into(),
            event: "settlement.completed".into(),
            status: payctl_wire::webhooks::DeliveryStatus::Succeeded,
            attempt_count: 1,
            next_attempt_at: None,
            created_at: "2026-11-25T10:00:00.000Z".into(),
            updated_at: "2026-11-25T10:00:00.000Z".into(),
            attempts: vec![attempt],
            role,
            fault: kind.map(|kind| AppliedFault {
                rule_id: Some("flt_2".into()),
                fault: Fault { kind, status: None, retry_after: None, delay_ms: None, delay_s: None, commit: None },
                client_gone: false,
            }),
        }
    }

    fn line(d: &Delivery) -> Option<String> {
        describe(d, &d.attempts[0], "the app")
    }

    #[test]
    fn a_refused_probe_is_marked_ok_and_an_accepted_one_says_what_to_fix() {
        let refused = delivery(DeliveryRole::Probe, Some(FaultKind::ForgedSignature), Some(400), Verdict::Ok);
        assert_eq!(
            line(&refused).unwrap(),
            "  dlv_1 (settlement.completed): a forged_signature probe (rule flt_2); the app answered 400: refused as \
             expected: verdict ok"
        );
        let taken = delivery(DeliveryRole::Probe, Some(FaultKind::StaleTimestamp), Some(200), Verdict::AcceptedStale);
        let taken = line(&taken).unwrap();
        assert!(
            taken.contains("a stale_timestamp probe") && taken.contains("verdict accepted_stale: refuse a timestamp"),
            "{taken}"
        );
    }

    #[test]
    fn a_plain_delivery_answered_well_is_not_marked_but_a_refused_one_is() {
        assert_eq!(line(&delivery(DeliveryRole::Genuine, None, Some(200), Verdict::Ok)), None);
        let refused = line(&delivery(DeliveryRole::Genuine, None, Some(500), Verdict::RefusedGenuine)).unwrap();
        assert!(refused.contains("a plain delivery; the app answered 500: verdict refused_genuine"), "{refused}");
        let duplicate = line(&delivery(DeliveryRole::Duplicate, Some(FaultKind::Duplicate), Some(200), Verdict::Ok));
        assert!(duplicate.unwrap().contains("a duplicate (rule flt_2)"));
        // A genuine delivery a rule held is marked, answered well or not.
        let held = delivery(DeliveryRole::Genuine, Some(FaultKind::Delay), Some(200), Verdict::Ok);
        assert!(line(&held).unwrap().contains("genuine, delay (rule flt_2); the app answered 200: verdict ok"));
    }
}
