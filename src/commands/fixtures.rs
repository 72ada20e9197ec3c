//! `payctl fixtures run`: runs fixture files against the current profile's
//! API (or the sandbox of a ready line), and the output shared with
//! `payctl trigger`.
//!
//! Credentials are resolved up front but only a step that needs a missing
//! one fails, so a fixture using only the TEST key runs anywhere a TEST key
//! is configured.

use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, Subcommand};
use payctl_wire::sandbox::{ReadyLine, WEBHOOK_SINK_PATH};
use reqwest::Url;
use serde_json::{Value, json};

use crate::client::Auth;
use crate::context::Ctx;
use crate::credentials::Secret;
use crate::exit;
use crate::fixtures::runner::{Credentials, Runner, StepReport};
use crate::fixtures::webhook_urls::{self, Destination};
use crate::fixtures::{AuthKind, Fixture};
use crate::output::Format;

#[derive(Debug, Subcommand)]
pub enum FixturesCommand {
    /// Run fixture files in order; stops at the first failed step.
    #[command(after_help = RUN_HELP)]
    Run(RunArgs),
}

const RUN_HELP: &str = "Credentials, per step `auth`:
  test_key  --api-key / PAYCTL_API_KEY, else the --ready line's TEST key, else the profile's key
  live_key  PAYCTL_LIVE_API_KEY, else the --ready line's LIVE key, else the profile `<profile>-live`'s key
  bearer    the ready line's demo login with --ready, else the profile's stored login (`payctl login`)
  control   PAYCTL_CONTROL_TOKEN, else the ready line's control token
With --ready FILE the base URL is the ready line's unless --base-url / PAYCTL_BASE_URL is given. A step \
answered 429 is sent again after its Retry-After (a sandbox started with --rate-limit off never limits a replay).

Webhook endpoints the fixtures register (or change the URL of) deliver to the sandbox's sink, \
<base URL>/sandbox/webhook-sink, instead of the URLs in the files, so replaying a partner's session never posts \
to the partner's servers; deliveries are still recorded (`payctl webhooks deliveries`, the console). \
--webhook-url URL sends them there instead; --keep-webhook-urls keeps the files' URLs. The run says which.

Examples:
  payctl fixtures run fixtures/onboarding.json
  payctl fixtures run --ready ready.json fixtures/kyb-rejected.json --output json
  payctl fixtures run --dry-run replay.json
  payctl fixtures run replay.json --webhook-url http://127.0.0.1:3000/webhooks

Exit codes: 1 a step failed (expectation, response field missing), 2 the file is invalid,
3 a credential is missing, 4 network.";

#[derive(Debug, Args)]
pub struct RunArgs {
    /// Fixture files (`-` reads one from standard input).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Print the requests instead of sending them; references to earlier
    /// responses are shown as written.
    #[arg(long)]
    pub dry_run: bool,
    /// A sandbox's ready line (`payctl sandbox --json`): base URL and credentials.
    #[arg(long, value_name = "FILE")]
    pub ready: Option<PathBuf>,
    /// Point the webhook endpoints the fixtures register at this URL instead of the sandbox's sink.
    #[arg(long, value_name = "URL", conflicts_with = "keep_webhook_urls")]
    pub webhook_url: Option<String>,
    /// Keep the webhook URLs written in the fixtures: replayed events are delivered there.
    #[arg(long)]
    pub keep_webhook_urls: bool,
}

pub async fn run(ctx: Ctx, cmd: FixturesCommand) -> anyhow::Result<()> {
    match cmd {
        FixturesCommand::Run(args) => {
            let mut fixtures = Vec::new();
            for file in &args.files {
                fixtures.push(load(file)?);
            }
            if let Some(url) = &args.webhook_url {
                crate::config::parse_url(url, "--webhook-url")?;
            }
            let ready = args.ready.as_deref().map(read_ready).transpose()?;
            let (base, creds) = resolve(&ctx, &fixtures, ready.as_ref(), args.dry_run).await?;
            let to = match (args.webhook_url, args.keep_webhook_urls) {
                (Some(url), _) => Destination::Chosen(url),
                (None, true) => Destination::Kept,
                (None, false) => Destination::Sink(format!("{}{WEBHOOK_SINK_PATH}", base.trim_end_matches('/'))),
            };
            let found = webhook_urls::redirect(&mut fixtures, &to);
            if let Some(said) = webhook_urls::said(&found, &to) {
                crate::say!("{said}");
            }
            let (printed, failure) = run_resolved(&ctx, &fixtures, &base, creds, args.dry_run).await?;
            if ctx.output == Format::Json {
                crate::output::json(&Value::Array(printed))?;
            }
            failure.map_or(Ok(()), Err)
        }
    }
}

/// Reads and checks a fixture file; an invalid one is a usage error.
pub fn load(path: &std::path::Path) -> anyhow::Result<(String, Fixture)> {
    let label = path.display().to_string();
    let text = if label == "-" {
        std::io::read_to_string(std::io::stdin()).map_err(|e| exit::usage(format!("cannot read stdin: {e}")))?
    } else {
        std::fs::read_to_string(path).map_err(|e| exit::local(format!("{label}: cannot read: {e}")))?
    };
    let fixture = Fixture::parse(&label, &text).map_err(exit::usage)?;
    Ok((label, fixture))
}

pub fn read_ready(path: &std::path::Path) -> anyhow::Result<ReadyLine> {
    let text = if path.as_os_str() == "-" {
        std::io::read_to_string(std::io::stdin())?
    } else {
        std::fs::read_to_string(path).map_err(|e| exit::usage(format!("--ready {}: {e}", path.display())))?
    };
    // The file may hold the ready line alone, pretty-printed, or more lines after it.
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    serde_json::from_str(text.trim())
        .or_else(|_| serde_json::from_str(first))
        .map_err(|e| exit::usage(format!("--ready {}: not a ready line (payctl sandbox --json): {e}", path.display())))
}

/// The base URL and the credentials the fixtures' steps need.
pub async fn resolve(
    ctx: &Ctx,
    fixtures: &[(String, Fixture)],
    ready: Option<&ReadyLine>,
    dry_run: bool,
) -> anyhow::Result<(String, Credentials)> {
    let needs_bearer = fixtures.iter().any(|(_, f)| f.steps.iter().any(|s| s.auth == AuthKind::Bearer));
    let (base, mut creds) = credentials(ctx, ready)?;
    if needs_bearer && !dry_run && ready.is_none() {
        let client = ctx.client()?;
        if let Auth::Bearer(token) =
            crate::commands::session::bearer(ctx, &client).await.context("a step needs the dashboard login")?
        {
            creds.bearer = Some(token);
        }
    }
    Ok((base.to_string(), creds))
}

/// Runs the fixtures, printing each step as a table line when asked;
/// answers every run's report (for JSON) and the first failure.
pub async fn run_resolved(
    ctx: &Ctx,
    fixtures: &[(String, Fixture)],
    base: &str,
    creds: Credentials,
    dry_run: bool,
) -> anyhow::Result<(Vec<Value>, Option<anyhow::Error>)> {
    let mut runner = Runner::new(base, creds)?;
    let mut printed = Vec::new();
    for (label, fixture) in fixtures {
        let (reports, outcome) = runner.run(label, fixture, dry_run).await;
        if ctx.output == Format::Table {
            print_steps(label, &reports, dry_run)?;
        }
        printed.push(json!({"file": label, "name": fixture.name, "steps": reports}));
        if let Err(e) = outcome {
            return Ok((printed, Some(e)));
        }
    }
    Ok((printed, None))
}

/// The base URL and the credentials but a dashboard login, as [`RUN_HELP`]
/// says: `--base-url` / `PAYCTL_BASE_URL`, else the ready line's, else the
/// profile's; a TEST key that cannot be found is `None` (the step that
/// needs it says so). An empty environment variable counts as unset. Also
/// how `payctl sandbox reset` and `clock` reach a running sandbox.
pub fn credentials(ctx: &Ctx, ready: Option<&ReadyLine>) -> anyhow::Result<(Url, Credentials)> {
    let mut creds = ready.map(Credentials::from_ready).unwrap_or_default();
    let base = match (ready, &ctx.globals.base_url) {
        (Some(r), None) => crate::config::parse_url(&r.base_url, "the ready line's base_url")?,
        _ => ctx.base_url()?,
    };
    let live_profile = format!("{}-live", ctx.profile);
    if ctx.globals.api_key.is_some() || ready.is_none() {
        creds.test_key = match ctx.api_key() {
            Ok(Auth::Key(key)) => Some(key),
            _ => creds.test_key,
        };
    }
    if let Some(key) = set_var("PAYCTL_LIVE_API_KEY") {
        creds.live_key = Some(key);
    } else if ready.is_none() {
        creds.live_key = ctx.store_for(&live_profile)?.get(&live_profile, Secret::ApiKey)?;
    }
    if let Some(token) = set_var("PAYCTL_CONTROL_TOKEN") {
        creds.control = Some(token);
    }
    Ok((base, creds))
}

/// An environment variable's value, unless unset or empty.
fn set_var(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.is_empty())
}

fn print_steps(label: &str, reports: &[StepReport], dry_run: bool) -> anyhow::Result<()> {
    for (i, report) in reports.iter().enumerate() {
        let request = &report.request;
        let line = format!(
            "{label}: step {} {:?}: {} {}",
            i + 1,
            report.step,
            request["method"].as_str().unwrap_or(""),
            request["path"].as_str().unwrap_or("")
        );
        let shown = match &report.response {
            Some(response) => format!("{line} -> {}", response["status"]),
            None if dry_run => match request.get("body") {
                Some(body) => format!("{line}\n  {body}"),
                None => line,
            },
            None => format!("{line} -> not answered"),
        };
        crate::output::line(&crate::output::safe::escape(&shown, true))?;
    }
    Ok(())
}
