//! `payctl trigger EVENT`: fires one of the seven webhook events by running
//! the fixture shipped for it (`fixtures/trigger/<event>.json`, built into
//! the binary), so the event comes from the same flow a partner's own
//! calls would drive; then sums up what it fired: the event's id, its
//! type, and the deliveries queued for the endpoints subscribed to it.

use std::path::PathBuf;

use clap::Args;
use payctl_wire::events::EventType;
use payctl_wire::webhooks::{Delivery, WebhookEndpoint};
use serde_json::json;

use crate::cli::ListArgs;
use crate::client::{Auth, Client};
use crate::commands::fixtures::{read_ready, resolve, run_resolved};
use crate::context::Ctx;
use crate::exit;
use crate::fixtures::customise::{self, Change};
use crate::fixtures::{Fixture, SHIPPED};
use crate::output::{self, Format};

pub const EXAMPLES: &str = "Credentials are those of `payctl fixtures run` (the shipped fixtures use the TEST key). \
The run ends with a summary: the event's id and type, and the deliveries queued for the endpoints \
subscribed to it (none without an endpoint: add one with `payctl webhooks create` or `payctl listen`); the same \
line piped as on a terminal. `-o json` (or `-v`) writes the steps' transcript with the deliveries instead.

--override and --add change what the fixture sends, as `stripe trigger` does: STEP is a step of the shipped \
fixture (`payctl trigger EVENT --dry-run` lists them), PATH a dotted field of its body. The event's data comes \
from what the flow was sent, so `--override customer:legal_name=Acme` (or `data.legal_name=Acme`, the step found \
by the field) fires an event whose data.legal_name is Acme.

Examples:
  payctl trigger customer.kyb_approved
  payctl trigger customer.kyb_approved --override data.legal_name='Acme Trading LLC'
  payctl trigger settlement.created --override quote:source_amount_minor=250000
  payctl trigger settlement.completed --ready ready.json --output json";

#[derive(Debug, Args)]
pub struct TriggerArgs {
    /// The event to fire.
    #[arg(ignore_case = true, value_parser = crate::cli::any_case(&EventType::NAMES))]
    pub event: String,
    /// A sandbox's ready line (`payctl sandbox --json`): base URL and credentials.
    #[arg(long, value_name = "FILE")]
    pub ready: Option<PathBuf>,
    /// Print the requests instead of sending them.
    #[arg(long)]
    pub dry_run: bool,
    /// Change a field the fixture sends, [STEP:]PATH=VALUE (repeatable): the event's data follows
    /// (`customer:legal_name=Acme` or `data.legal_name=Acme`). The value keeps the field's type.
    #[arg(long, value_name = "[STEP:]PATH=VALUE")]
    pub r#override: Vec<String>,
    /// Add a field to what a step sends, STEP:PATH=VALUE (repeatable); VALUE is JSON when it is
    /// JSON, else text.
    #[arg(long, value_name = "STEP:PATH=VALUE")]
    pub add: Vec<String>,
}

/// The shipped fixture of an event, with the command line's changes
/// (`--override`, `--add`; see [`customise`]), which it says on stderr.
pub fn fixture_for(event: &str, overrides: &[String], adds: &[String]) -> anyhow::Result<(String, Fixture)> {
    let path = format!("trigger/{event}.json");
    let (_, text) = SHIPPED
        .iter()
        .find(|(p, _)| *p == path)
        .ok_or_else(|| exit::usage(format!("no shipped fixture for {event}")))?;
    let label = format!("fixtures/{path}");
    let parse = |flag: &str, raw: &[String]| -> anyhow::Result<Vec<Change>> {
        raw.iter().map(|r| Change::parse(r, flag).map_err(exit::usage)).collect()
    };
    let (overrides, adds) = (parse("--override", overrides)?, parse("--add", adds)?);
    let mut raw: serde_json::Value = serde_json::from_str(text)?;
    let said = customise::apply(&mut raw, &overrides, &adds).map_err(exit::usage)?;
    for line in &said {
        crate::say!("Changed {line}.");
    }
    let fixture = Fixture::parse(&label, &raw.to_string()).map_err(exit::usage)?;
    Ok((label, fixture))
}

pub async fn run(ctx: Ctx, args: TriggerArgs) -> anyhow::Result<()> {
    let fixtures = [fixture_for(&args.event, &args.r#override, &args.add)?];
    let ready = args.ready.as_deref().map(read_ready).transpose()?;
    let (base, creds) = resolve(&ctx, &fixtures, ready.as_ref(), args.dry_run).await?;
    let watch = match (&creds.test_key, args.dry_run) {
        (Some(key), false) => {
            let client =
                Client::new(crate::config::parse_url(&base, "base URL")?, ctx.globals.verbose, None, None)?.tool();
            Some(Watch::start(client, Auth::Key(key.clone()), &args.event).await?)
        }
        _ => None,
    };
    let (steps, failure) = run_resolved(&ctx, &fixtures, &base, creds, args.dry_run).await?;
    // The same short summary piped as on a terminal; the steps' transcript
    // only when asked for (`-o json`, or `-v`).
    let transcript = Format::asked(ctx.globals.format())? == Some(Format::Json) || ctx.globals.verbose;
    if let Some(e) = failure {
        if transcript {
            output::json(&json!({"event": args.event, "fixtures": steps}))?;
        }
        return Err(e);
    }
    let deliveries = match watch {
        Some(w) => w.queued().await?,
        None => Vec::new(),
    };
    let mut event_ids: Vec<&str> = deliveries.iter().map(|d| d.event_id.as_str()).collect();
    event_ids.dedup();
    if transcript {
        return output::json(&json!({
            "event": args.event,
            "event_ids": event_ids,
            "deliveries_queued": deliveries.len(),
            "deliveries": deliveries,
            "fixtures": steps,
        }));
    }
    if args.dry_run {
        return Ok(());
    }
    let line = match (event_ids.as_slice(), deliveries.len()) {
        ([], _) => format!(
            "Fired {}; no webhook endpoint subscribes to it, so no delivery was queued (its event id shows only in \
             deliveries: add an endpoint with `payctl webhooks create` or run `payctl listen`).",
            args.event
        ),
        (ids, n) => {
            let hooks: Vec<&str> = deliveries.iter().map(|d| d.webhook_id.as_str()).collect();
            format!(
                "Fired {} as event {}: {n} {} queued ({}).",
                args.event,
                ids.join(", "),
                if n == 1 { "delivery" } else { "deliveries" },
                hooks.join(", ")
            )
        }
    };
    output::line(&output::safe::text(&line))
}

/// The endpoints subscribed to an event, and the newest delivery each had
/// before the run, so the deliveries the run queued can be told apart.
struct Watch {
    client: Client,
    auth: Auth,
    event: String,
    /// `(endpoint id, newest delivery id before the run)`; ids grow with time.
    endpoints: Vec<(String, Option<String>)>,
}

impl Watch {
    async fn start(client: Client, auth: Auth, event: &str) -> anyhow::Result<Watch> {
        let hooks = client.list::<WebhookEndpoint>("/v1/webhooks", &auth, &ListArgs::every()).await?;
        let mut endpoints = Vec::new();
        for hook in hooks.data.into_iter().filter(|h| h.events.iter().any(|e| e.as_str() == event)) {
            let newest =
                client.list::<Delivery>(&format!("/v1/webhooks/{}/deliveries", hook.id), &auth, &first_page(1)).await?;
            endpoints.push((hook.id, newest.data.into_iter().next().map(|d| d.id)));
        }
        Ok(Watch { client, auth, event: event.to_owned(), endpoints })
    }

    /// Deliveries of the event queued since [`Watch::start`].
    async fn queued(&self) -> anyhow::Result<Vec<Delivery>> {
        let mut out = Vec::new();
        for (id, before) in &self.endpoints {
            let page = self
                .client
                .list::<Delivery>(&format!("/v1/webhooks/{id}/deliveries"), &self.auth, &first_page(100))
                .await?;
            out.extend(
                page.data
                    .into_iter()
                    .filter(|d| d.event == self.event && before.as_deref().is_none_or(|b| d.id.as_str() > b)),
            );
        }
        Ok(out)
    }
}

fn first_page(limit: u32) -> ListArgs {
    ListArgs { limit, cursor: None, all: false }
}
