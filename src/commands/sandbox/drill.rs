//! `payctl sandbox drill start|stop`: `POST /sandbox/drill` installs, for
//! one TEST application, the fault rules every check of the go-live review
//! needs (lost answers, a timeout, a 429, a 503, and misbehaving webhook
//! deliveries); `DELETE /sandbox/drill` removes them. `payctl review` then
//! judges from the drill's start.
//!
//! Credentials are those of `payctl sandbox clock`: the TEST key for its
//! own application, or the control token with `--app APP_ID`.

use std::path::PathBuf;

use clap::{Args, Subcommand};
use payctl_wire::faults::FaultRule;
use payctl_wire::review::{Drill, StartDrill};
use reqwest::Method;

use super::Running;
use crate::cli::Globals;
use crate::client::{typed, url_escape};
use crate::output::{self, Format};

pub const HELP: &str = "Each rule fires once, early in the session, so that any integration test suite that \
makes a few money-moving calls and receives a few webhooks meets every failure the review judges. A drill \
already running ends first. The console's Review page starts and ends drills too.

Examples:
  payctl sandbox drill start
  payctl sandbox drill start -o json | jq -r .started_at
  payctl sandbox drill start --app APP_ID --ready ready.json     # with the control token
  payctl sandbox drill stop";

#[derive(Debug, Subcommand)]
pub enum DrillCommand {
    /// Start a drill: install the fault rules the go-live review needs, and print them.
    #[command(after_help = HELP)]
    Start(Whose),
    /// End the drill: its rules go; `payctl review` still judges from its start.
    #[command(after_help = HELP)]
    Stop(Whose),
}

/// Whose drill, and where the sandbox is.
#[derive(Debug, Args)]
pub struct Whose {
    /// With the control token: this TEST application's drill (else the TEST key's application's).
    #[arg(long, value_name = "APP_ID")]
    pub app: Option<String>,
    /// The sandbox's ready line: base URL, TEST key and control token.
    #[arg(long, value_name = "FILE")]
    pub ready: Option<PathBuf>,
}

impl Whose {
    fn open(&self, globals: &Globals) -> anyhow::Result<(Running, crate::client::Auth)> {
        let running = Running::open(globals, self.ready.as_deref())?;
        let auth = if self.app.is_some() { running.control()? } else { running.key()? };
        Ok((running, auth))
    }
}

/// The API's field by the flag that sets it, for its errors.
const FLAGS: &[(&str, &str)] = &[("application_id", "--app")];

pub async fn run(globals: &Globals, command: DrillCommand) -> anyhow::Result<()> {
    match command {
        DrillCommand::Start(whose) => {
            let (running, auth) = whose.open(globals)?;
            let body = serde_json::to_value(StartDrill { application_id: whose.app.clone() })?;
            let client = running.client.with_flags(FLAGS);
            let drill: Drill = typed(client.call(Method::POST, "/sandbox/drill", &auth, Some(&body)).await?)?;
            if running.ctx.output == Format::Json {
                return output::json(&drill);
            }
            output::line(&output::safe::text(&format!(
                "Drill started at {} (sandbox clock) for application {}: {} fault rules, in the order they apply \
                 (the first that fires on a request or delivery wins).",
                drill.started_at,
                drill.application_id,
                drill.rules.len()
            )))?;
            let rows: Vec<Vec<String>> = drill.rules.iter().map(row).collect();
            output::prose_table(&["RULE", "FAULT", "MATCHES", "FIRES"], &rows)?;
            crate::say!(
                "Now run the integration's tests against this sandbox, then `payctl review`; `payctl sandbox drill \
                 stop` ends the drill."
            );
            Ok(())
        }
        DrillCommand::Stop(whose) => {
            let (running, auth) = whose.open(globals)?;
            let path = match &whose.app {
                Some(app) => format!("/sandbox/drill?application_id={}", url_escape(app)),
                None => "/sandbox/drill".to_owned(),
            };
            running.client.with_flags(FLAGS).call(Method::DELETE, &path, &auth, None).await?;
            let whose =
                whose.app.as_deref().map_or("this TEST key's application".to_owned(), |a| format!("application {a}"));
            crate::say!(
                "No drill runs for {whose} now: its fault rules are gone. `payctl review` still judges from the \
                 drill's start."
            );
            Ok(())
        }
    }
}

/// A rule as a row: its id, the fault with its parameters, what it matches,
/// and which match it fires on.
fn row(rule: &FaultRule) -> Vec<String> {
    vec![rule.id.clone(), fault(rule), matches(rule), fires(rule)]
}

/// `error 503`, `rate_limit (Retry-After 2 s)`, `timeout (5000 ms)`.
fn fault(rule: &FaultRule) -> String {
    let f = &rule.fault;
    let mut parts = Vec::new();
    if let Some(status) = f.status {
        parts.push(status.to_string());
    }
    if let Some(seconds) = f.retry_after {
        parts.push(format!("Retry-After {seconds} s"));
    }
    if let Some(ms) = f.delay_ms {
        parts.push(format!("{ms} ms"));
    }
    if let Some(seconds) = f.delay_s {
        parts.push(format!("{seconds} s later"));
    }
    if parts.is_empty() { f.kind.to_string() } else { format!("{} ({})", f.kind, parts.join(", ")) }
}

/// `createTransaction`, `POST requests`, `every request`, `deliveries of *`.
fn matches(rule: &FaultRule) -> String {
    let m = &rule.matcher;
    if let Some(event) = &m.event {
        return format!("deliveries of {event}");
    }
    let parts: Vec<&str> =
        [m.operation_id.as_deref(), m.method.as_deref(), m.path.as_deref()].into_iter().flatten().collect();
    if parts.is_empty() { "every request".to_owned() } else { format!("{} requests", parts.join(" ")) }
}

/// `the 1st`, `the 2nd`, ...: the match it fires on, once or every time.
fn fires(rule: &FaultRule) -> String {
    let n = rule.skip + 1;
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    match rule.times {
        Some(1) => format!("once: on the {n}{suffix} match"),
        Some(times) => format!("{times} times, from the {n}{suffix} match"),
        None => format!("every match from the {n}{suffix}"),
    }
}

#[cfg(test)]
mod tests {
    use payctl_wire::faults::{Fault, FaultKind, FaultMatch};

    use super::*;

    fn rule(kind: FaultKind, skip: u64, matcher: FaultMatch) -> FaultRule {
        FaultRule {
            id: "flt_1".into(),
            application_id: Some("app_1".into()),
            matcher,
            fault: Fault { kind, status: Some(503), retry_after: None, delay_ms: None, delay_s: None },
            skip,
            times: Some(1),
            probability: 1.0,
            seed: 0,
            matched: 0,
            hits: 0,
            spent: false,
            created_at: "2026-11-25T10:00:00.000Z".into(),
        }
    }

    #[test]
    fn rules_read_as_what_they_do_and_when() {
        let post = FaultMatch { method: Some("POST".into()), ..FaultMatch::default() };
        let r = rule(FaultKind::Error, 3, FaultMatch::default());
        assert_eq!(row(&r)[1..], ["error (503)", "every request", "once: on the 4th match"]);
        assert_eq!(matches(&rule(FaultKind::Timeout, 1, post)), "POST requests");
        let deliveries = FaultMatch { event: Some("*".into()), ..FaultMatch::default() };
        assert_eq!(matches(&rule(FaultKind::Duplicate, 0, deliveries)), "deliveries of *");
        let twelfth = rule(FaultKind::Error, 11, FaultMatch::default());
        assert_eq!(fires(&twelfth), "once: on the 12th match");
        assert_eq!(fires(&rule(FaultKind::Error, 1, FaultMatch::default())), "once: on the 2nd match");
    }
}
