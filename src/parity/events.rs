//! The webhook events of a replay, compared with the recording's `events`
//! (the event types `payctl proxy --receiver` relayed, in order, once per
//! event id).
//!
//! The replay's events are read where the sandbox records every delivery:
//! `GET /v1/webhooks/{id}/deliveries` of each webhook endpoint the replay
//! itself created (so another application's, or an earlier run's, never
//! count), once per event id. A delivery is a row from the moment its
//! event commits, so the replay's last answer already has them; the list
//! is read again until two readings agree, for an event the sandbox
//! records a moment later.
//!
//! **Accuracy.** The kinds and their counts are compared, not their
//! order: the service delivers events close in time concurrently (the
//! sandbox up to four at once per endpoint), so the order they reach a
//! receiver is not something either side promises. Each recorded event is
//! matched with an unmatched one of the same type; one left over in the
//! recording is `/events/N` (its index in the file) with the sandbox side
//! `null`, one left over in the sandbox is `/events/-` with the recorded
//! side `null`.

use std::collections::HashSet;
use std::time::Duration;

use serde_json::{Value, json};

use super::compare::{Difference, Kind, Rules};
use crate::fixtures::runner::Runner;
use crate::fixtures::{AuthKind, Event};

/// The name the events go by in the report, as a step.
pub const STEP: &str = "events";
/// How long the deliveries are read again while they still change.
const SETTLE: Duration = Duration::from_secs(5);
const REREAD: Duration = Duration::from_millis(300);

/// The event types the replay caused at `endpoints` (the webhook ids it
/// created, with the credential that created each), oldest first.
pub async fn caused(runner: &mut Runner, endpoints: &[(String, AuthKind)]) -> anyhow::Result<Vec<String>> {
    let started = std::time::Instant::now();
    let mut last = read(runner, endpoints).await?;
    loop {
        if started.elapsed() >= SETTLE {
            return Ok(last);
        }
        tokio::time::sleep(REREAD).await;
        let now = read(runner, endpoints).await?;
        if now == last {
            return Ok(now);
        }
        last = now;
    }
}

async fn read(runner: &mut Runner, endpoints: &[(String, AuthKind)]) -> anyhow::Result<Vec<String>> {
    let mut seen = HashSet::new();
    // (created_at, event id, type)
    let mut found: Vec<(String, String, String)> = Vec::new();
    for (id, auth) in endpoints {
        let mut cursor: Option<String> = None;
        loop {
            let mut path = format!("/v1/webhooks/{id}/deliveries?limit=100");
            if let Some(c) = &cursor {
                path.push_str(&format!("&cursor={c}"));
            }
            let page = runner.get(*auth, &path).await?;
            for d in page["data"].as_array().into_iter().flatten() {
                let (Some(event_id), Some(event)) = (d["event_id"].as_str(), d["event"].as_str()) else { continue };
                if seen.insert(event_id.to_owned()) {
                    let at = d["created_at"].as_str().unwrap_or("").to_owned();
                    found.push((at, event_id.to_owned(), event.to_owned()));
                }
            }
            match page["next_cursor"].as_str() {
                Some(next) if !next.is_empty() => cursor = Some(next.to_owned()),
                _ => break,
            }
        }
    }
    found.sort();
    Ok(found.into_iter().map(|(_, _, event)| event).collect())
}

/// The differences between the recorded and the caused event types, as a
/// multiset (see the module's accuracy note), less what `--ignore` leaves out.
pub fn compare(recorded: &[Event], caused: &[String], rules: &Rules) -> Vec<Difference> {
    let mut unmatched: Vec<Option<&str>> = caused.iter().map(|e| Some(e.as_str())).collect();
    let mut out = Vec::new();
    for (i, event) in recorded.iter().enumerate() {
        match unmatched.iter_mut().find(|e| **e == Some(event.event_type.as_str())) {
            Some(slot) => *slot = None,
            None => out.push(Difference {
                step: STEP.to_owned(),
                pointer: format!("/events/{i}"),
                kind: Kind::Event,
                recorded: json!(event.event_type),
                sandbox: Value::Null,
                why: Some(format!(
                    "the replay caused no {} event at its webhook endpoints (the recording has {} of them, the \
                     replay {})",
                    event.event_type,
                    recorded.iter().filter(|e| e.event_type == event.event_type).count(),
                    caused.iter().filter(|e| **e == event.event_type).count(),
                )),
            }),
        }
    }
    for extra in unmatched.into_iter().flatten() {
        out.push(Difference {
            step: STEP.to_owned(),
            pointer: "/events/-".to_owned(),
            kind: Kind::Event,
            recorded: Value::Null,
            sandbox: json!(extra),
            why: Some(format!("the replay caused a {extra} event the recording does not have")),
        });
    }
    out.retain(|d| !rules.ignores(&d.pointer));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn events(types: &[&str]) -> Vec<Event> {
        types.iter().map(|t| Event { event_type: (*t).to_owned() }).collect()
    }

    #[test]
    fn kinds_and_counts_are_compared_not_the_order() {
        let recorded = events(&["customer.kyb_approved", "settlement.created", "settlement.completed"]);
        let caused: Vec<String> = ["settlement.completed", "settlement.created", "customer.kyb_approved"]
            .iter()
            .map(|s| (*s).to_owned())
            .collect();
        assert_eq!(compare(&recorded, &caused, &Rules::default()), []);
        let found = compare(&recorded, &caused[1..], &Rules::default());
        assert_eq!(found.len(), 1);
        assert_eq!((found[0].pointer.as_str(), found[0].kind), ("/events/2", Kind::Event));
        assert_eq!((found[0].recorded.clone(), found[0].sandbox.clone()), (json!("settlement.completed"), Value::Null));
        let extra = compare(&recorded[..2], &caused, &Rules::default());
        assert_eq!(extra.len(), 1);
        assert_eq!((extra[0].pointer.as_str(), extra[0].sandbox.clone()), ("/events/-", json!("settlement.completed")));
        let ignored = Rules::new(vec!["/events".to_owned()], Vec::new()).unwrap();
        assert_eq!(compare(&recorded, &[], &ignored), []);
    }
}
