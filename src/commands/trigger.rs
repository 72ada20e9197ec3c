//! `payctl trigger EVENT`: fires one of the seven webhook events by running
//! the fixture shipped for it (`fixtures/trigger/<event>.json`, built into
//! the binary), so the event comes from the same flow a partner's own
//! calls would drive.

use std::path::PathBuf;

use clap::Args;
use payctl_wire::events::EventType;

use crate::commands::fixtures::{read_ready, run_all};
use crate::context::Ctx;
use crate::exit;
use crate::fixtures::{Fixture, SHIPPED};

pub const EXAMPLES: &str = "Examples:
  payctl trigger customer.kyb_approved
  payctl trigger settlement.completed --ready ready.json --output json

Credentials are those of `payctl fixtures run` (the shipped fixtures use the TEST key).";

#[derive(Debug, Args)]
pub struct TriggerArgs {
    /// The event: settlement.created, settlement.completed, settlement.failed,
    /// customer.kyb_approved, customer.kyb_rejected, on_ramp.completed, off_ramp.completed.
    #[arg(value_parser = event_name)]
    pub event: String,
    /// A sandbox's ready line (`payctl sandbox --json`): base URL and credentials.
    #[arg(long, value_name = "FILE")]
    pub ready: Option<PathBuf>,
    /// Print the requests instead of sending them.
    #[arg(long)]
    pub dry_run: bool,
}

fn event_name(s: &str) -> Result<String, String> {
    match EventType::parse(s) {
        Some(e) => Ok(e.as_str().to_owned()),
        None => {
            let names: Vec<&str> = EventType::ALL.iter().map(|e| e.as_str()).collect();
            Err(format!("unknown event; expected one of: {}", names.join(", ")))
        }
    }
}

/// The shipped fixture of an event.
pub fn fixture_for(event: &str) -> anyhow::Result<(String, Fixture)> {
    let path = format!("trigger/{event}.json");
    let (_, text) = SHIPPED
        .iter()
        .find(|(p, _)| *p == path)
        .ok_or_else(|| exit::usage(format!("no shipped fixture for {event}")))?;
    let label = format!("fixtures/{path}");
    let fixture = Fixture::parse(&label, text).map_err(exit::usage)?;
    Ok((label, fixture))
}

pub async fn run(ctx: Ctx, args: TriggerArgs) -> anyhow::Result<()> {
    let fixture = fixture_for(&args.event)?;
    let ready = args.ready.as_deref().map(read_ready).transpose()?;
    run_all(&ctx, &[fixture], ready.as_ref(), args.dry_run).await
}
