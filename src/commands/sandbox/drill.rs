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
use payctl_wire::review::{Drill, StartDrill, firing};
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

/// A rule as a row: its id, the fault with its parameters, what it
/// matches, and which match it fires on.
fn row(rule: &FaultRule) -> Vec<String> {
    vec![
        rule.id.clone(),
        rule.fault.describe(),
        rule.matcher.describe(),
        firing(rule.skip, rule.times, rule.per_endpoint),
    ]
}
