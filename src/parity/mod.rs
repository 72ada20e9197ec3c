//! Parity: a recorded session (`payctl proxy --record`, whose steps keep
//! the answers the service gave) replayed into a sandbox, each answer
//! compared with the recorded one ([`compare`], deciding from what the
//! OpenAPI document says of each field: [`fields`]), into a [`Report`]:
//! one outcome per step, the differences, a summary per operation. When
//! the recording lists the webhook events the session caused, those the
//! replay caused are compared with them ([`events`]) as one more row,
//! `events`, after the steps.
//!
//! A step's recorded body is resolved in the replay's scope as its request
//! is, so a value the recording tied to an earlier step (a reference)
//! stands for the object the replay created, and a value made fresh per
//! run (an email) is the one the replay sent. Differences never carry a
//! secret: both sides are redacted as the request logs are before they
//! are kept.

pub mod compare;
pub mod events;
pub mod fields;

use std::collections::{BTreeMap, HashSet};

use reqwest::Method;
use serde::Serialize;
use serde_json::Value;

use crate::contract::Contract;
use crate::fixtures::runner::{Replayed, Runner};
use crate::fixtures::template::{self, Scope, Segment};
use crate::fixtures::{Fixture, Step};
use compare::{Answer, Context, Difference, Recorded, Rules, Sent};
use fields::Document;

/// What became of a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Same,
    Differs,
    /// Not sent (`why` says why).
    NotReplayed,
    /// Sent, with no recorded answer to compare with (a clock step the
    /// recording added, a step written by hand).
    NotCompared,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Same => "same",
            Outcome::Differs => "differs",
            Outcome::NotReplayed => "not replayed",
            Outcome::NotCompared => "not compared",
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct StepReport {
    /// 1-based, in the file's order.
    pub index: usize,
    pub step: String,
    /// The document's `operationId`, else `METHOD /path`.
    pub operation: String,
    pub method: String,
    /// The path as written in the file (references unresolved).
    pub path: String,
    pub outcome: Outcome,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
    pub recorded_status: Option<u16>,
    pub sandbox_status: Option<u16>,
    pub differences: Vec<Difference>,
}

#[derive(Debug, Clone, Serialize)]
pub struct OperationSummary {
    pub operation: String,
    pub compared: usize,
    pub same: usize,
    /// Of the compared steps, the share answered the same, in percent
    /// (one decimal).
    pub percent_same: f64,
}

#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub file: String,
    pub target: String,
    pub steps: Vec<StepReport>,
    pub operations: Vec<OperationSummary>,
    pub compared: usize,
    pub same: usize,
    pub percent_same: f64,
    pub differences: usize,
}

impl Report {
    /// Everything compared answered the same.
    pub fn same(&self) -> bool {
        self.steps.iter().all(|s| s.outcome != Outcome::Differs)
    }
}

fn percent(same: usize, compared: usize) -> f64 {
    if compared == 0 { 100.0 } else { (same as f64 * 1000.0 / compared as f64).round() / 10.0 }
}

/// Replays `fixture` with `runner` and compares every recorded answer.
pub async fn replay(
    runner: &mut Runner,
    file: &str,
    target: &str,
    fixture: &Fixture,
    contract: &Contract,
    document: &Document,
    rules: &Rules,
) -> Report {
    let mut steps = Vec::new();
    let mut sent = Sent::default();
    let mut endpoints = Vec::new();
    runner
        .replay(fixture, |i, step, replayed, scope| {
            if let Some(id) = created_endpoint(step, &replayed) {
                endpoints.push((id, step.auth));
            }
            steps.push(judge(i, step, replayed, scope, contract, document, rules, &mut sent));
        })
        .await;
    if !fixture.events.is_empty() {
        steps.push(compare_events(runner, fixture, &endpoints, rules, steps.len() + 1).await);
    }
    let mut operations: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for s in steps.iter().filter(|s| matches!(s.outcome, Outcome::Same | Outcome::Differs)) {
        let entry = operations.entry(s.operation.clone()).or_default();
        entry.0 += 1;
        entry.1 += usize::from(s.outcome == Outcome::Same);
    }
    let compared = operations.values().map(|(c, _)| c).sum();
    let same = operations.values().map(|(_, s)| s).sum();
    Report {
        file: file.to_owned(),
        target: target.to_owned(),
        differences: steps.iter().map(|s| s.differences.len()).sum(),
        operations: operations
            .into_iter()
            .map(|(operation, (compared, same))| OperationSummary {
                operation,
                compared,
                same,
                percent_same: percent(same, compared),
            })
            .collect(),
        compared,
        same,
        percent_same: percent(same, compared),
        steps,
    }
}

#[allow(clippy::too_many_arguments)]
fn judge(
    i: usize,
    step: &Step,
    replayed: Replayed,
    scope: &dyn Scope,
    contract: &Contract,
    document: &Document,
    rules: &Rules,
    sent: &mut Sent,
) -> StepReport {
    let sent_path = match &replayed {
        Replayed::Answered { request, .. } => request["path"].as_str().unwrap_or(&step.path).to_owned(),
        Replayed::NotSent(_) => step.path.clone(),
    };
    let bare = sent_path.split('?').next().unwrap_or("");
    let found = Method::from_bytes(step.method.as_bytes()).ok().and_then(|m| contract.find(&m, bare).ok());
    let operation = found.map_or_else(|| format!("{} {bare}", step.method), |op| op.id.clone());
    let mut report = StepReport {
        index: i + 1,
        step: step.name.clone(),
        operation,
        method: step.method.clone(),
        path: step.path.clone(),
        outcome: Outcome::NotCompared,
        why: None,
        recorded_status: step.recorded.as_ref().map(|r| r.status),
        sandbox_status: None,
        differences: Vec::new(),
    };
    let (request, status, headers, body) = match replayed {
        Replayed::Answered { request, status, headers, body } => (request, status, headers, body),
        Replayed::NotSent(why) => {
            report.outcome = Outcome::NotReplayed;
            report.why = Some(clean(&why));
            return report;
        }
    };
    report.sandbox_status = status;
    sent.add_path(&sent_path);
    if let Some(body) = request.get("body") {
        sent.add(body);
    }
    let Some(recorded) = &step.recorded else {
        report.why = Some(
            "the recording has no answer for this step (a clock advance the recording added, or a step written by \
             hand): replayed, not compared"
                .to_owned(),
        );
        return report;
    };
    let mut want = Recorded {
        answer: Answer { status: Some(recorded.status), headers: recorded.headers.clone(), body: Value::Null },
        error_code: recorded.error_code.clone(),
        ..Recorded::default()
    };
    if let Some(body) = &recorded.body {
        want.answer.body = resolve(body, scope, &mut String::new(), &mut want.tied, &mut want.loose);
    }
    if step.expect.as_ref().is_some_and(|e| e.no_answer) {
        want.answer.status = None;
    }
    let got = Answer { status, headers, body };
    let cx = Context {
        step: &step.name,
        document,
        operation: found.map(|op| (op.method.as_str(), op.template.as_str())),
        path: bare,
        sent,
        rules,
    };
    report.differences = compare::compare(&cx, &want, &got).into_iter().map(redacted).collect();
    report.outcome = if report.differences.is_empty() { Outcome::Same } else { Outcome::Differs };
    report
}

/// The id of the webhook endpoint a step created, when it did.
fn created_endpoint(step: &Step, replayed: &Replayed) -> Option<String> {
    let Replayed::Answered { request, status: Some(200..=299), body, .. } = replayed else { return None };
    let path = request["path"].as_str()?.split('?').next()?;
    (step.method == "POST" && path == "/v1/webhooks").then(|| body["id"].as_str().map(str::to_owned))?
}

/// The recording's webhook events compared with those the replay caused,
/// as one more row of the report, after the steps (`events`, numbered
/// `index`).
async fn compare_events(
    runner: &mut Runner,
    fixture: &Fixture,
    endpoints: &[(String, crate::fixtures::AuthKind)],
    rules: &Rules,
    index: usize,
) -> StepReport {
    let mut report = StepReport {
        index,
        step: events::STEP.to_owned(),
        operation: "webhook events".to_owned(),
        method: String::new(),
        path: "webhook events".to_owned(),
        outcome: Outcome::NotCompared,
        why: None,
        recorded_status: None,
        sandbox_status: None,
        differences: Vec::new(),
    };
    match events::caused(runner, endpoints).await {
        Ok(caused) => {
            report.differences = events::compare(&fixture.events, &caused, rules);
            report.outcome = if report.differences.is_empty() { Outcome::Same } else { Outcome::Differs };
        }
        Err(e) => report.why = Some(clean(&format!("the replay's deliveries could not be read: {e:#}"))),
    }
    report
}

/// The recorded body with its references resolved in the replay's scope;
/// `tied` gets the pointers whose strings referred to an earlier step and
/// resolved, `loose` those that could not be resolved (kept as written).
fn resolve(
    value: &Value,
    scope: &dyn Scope,
    at: &mut String,
    tied: &mut HashSet<String>,
    loose: &mut HashSet<String>,
) -> Value {
    match value {
        Value::String(s) => {
            let refers = template::parse(s).is_ok_and(|segments| {
                segments
                    .iter()
                    .any(|seg| matches!(seg, Segment::Ref(r) if matches!(r, template::Reference::Step { .. })))
            });
            match template::resolve_str(s, scope) {
                Ok(resolved) => {
                    if refers {
                        tied.insert(at.clone());
                    }
                    resolved
                }
                Err(_) => {
                    loose.insert(at.clone());
                    value.clone()
                }
            }
        }
        Value::Array(items) => Value::Array(
            items
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    let len = at.len();
                    at.push_str(&format!("/{i}"));
                    let out = resolve(v, scope, at, tied, loose);
                    at.truncate(len);
                    out
                })
                .collect(),
        ),
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| {
                    let len = at.len();
                    at.push('/');
                    at.push_str(&k.replace('~', "~0").replace('/', "~1"));
                    let out = resolve(v, scope, at, tied, loose);
                    at.truncate(len);
                    (k.clone(), out)
                })
                .collect(),
        ),
        other => other.clone(),
    }
}

/// A difference with both values redacted as request logs are (by the
/// member's name, then by content): what the sandbox answered may hold a
/// secret of its own (a signing secret, a key) that a report must not show.
fn redacted(mut d: Difference) -> Difference {
    let name = d.pointer.rsplit('/').next().unwrap_or("").trim_start_matches("header:").to_owned();
    for side in [&mut d.recorded, &mut d.sandbox] {
        if payctl_domain::redact::is_sensitive_key(&name) && !side.is_null() {
            *side = Value::String(payctl_wire::logs::REDACTED.to_owned());
        } else {
            payctl_domain::redact::value(side);
        }
    }
    d
}

/// A reason as text that cannot carry a secret.
fn clean(why: &str) -> String {
    payctl_domain::redact::text(why).into_owned()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn differences_never_show_a_secret() {
        let d = Difference {
            step: "s1".into(),
            pointer: "/secret".into(),
            kind: compare::Kind::Extra,
            recorded: Value::Null,
            sandbox: json!("whsec_abcdefghijklmnopqrstuvwxyz012345"),
            why: None,
        };
        let shown = redacted(d);
        assert_eq!(shown.sandbox, json!(payctl_wire::logs::REDACTED));
        assert!(shown.recorded.is_null());
        let nested = redacted(Difference {
            pointer: "/endpoint".into(),
            sandbox: json!({"url": "http://x", "signing_secret": "whsec_abcdefghijklmnopqrstuvwxyz012345"}),
            ..shown
        });
        assert!(!nested.sandbox.to_string().contains("whsec_"), "{}", nested.sandbox);
        assert_eq!(percent(2, 3), 66.7);
        assert_eq!(percent(0, 0), 100.0);
    }
}
