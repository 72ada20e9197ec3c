//! `payctl webhooks`: the application's webhook endpoints and their
//! deliveries (`X-API-Key`), and `verify`, a signature checker for people
//! debugging their receiver.

mod create;
mod delete;
pub mod deliveries;
mod get;
mod list;
pub mod lookup;
pub mod redeliver;
mod rotate;
pub mod signature;
mod update;
mod verify;

use std::path::PathBuf;

use clap::{ArgGroup, Args, Subcommand};
use payctl_wire::webhooks::WebhookWithSecret;

use crate::cli::ListArgs;
use crate::commands::secret::SecretFile;
use crate::context::Ctx;
use crate::exit;
use crate::output::{self, Column};

#[derive(Debug, Subcommand)]
pub enum WebhooksCommand {
    /// Register an endpoint; its signing secret is shown only in this answer.
    #[command(after_help = "The secret exists only in this answer: pass --show-secret to print it, --secret-file \
to write it to a new file (mode 0600), or both. The file is checked before the endpoint is created.

Examples:
  payctl webhooks create --url https://example.com/hooks \\
      --events settlement.completed,settlement.failed --show-secret
  payctl webhooks create --url http://127.0.0.1:8000/hooks --events customer.kyb_approved \\
      --secret-file whsec.txt")]
    Create {
        /// `https://` URL (the sandbox also accepts `http://` on loopback).
        #[arg(long)]
        url: String,
        /// Event types, comma-separated or repeated.
        #[arg(long, value_delimiter = ',', required = true, value_name = "EVENT,...", add = crate::complete::events())]
        events: Vec<String>,
        /// What the endpoint is for, shown in lists (at most 256 characters).
        #[arg(long)]
        description: Option<String>,
        #[command(flatten)]
        secret: SecretArgs,
    },
    /// List endpoints, newest first (secrets masked).
    #[command(after_help = "Examples:\n  payctl webhooks list\n  payctl webhooks list --all --output json")]
    List(ListArgs),
    /// Show one endpoint (secret masked).
    #[command(after_help = "Examples:\n  payctl webhooks get WEBHOOK_ID")]
    Get {
        /// The endpoint's id (`payctl webhooks list` lists them).
        id: String,
    },
    /// Change an endpoint's URL, description, events or status.
    #[command(group(ArgGroup::new("state").args(["enable", "disable"])))]
    #[command(after_help = "Examples:
  payctl webhooks update WEBHOOK_ID --events settlement.completed
  payctl webhooks update WEBHOOK_ID --disable
  payctl webhooks update WEBHOOK_ID --description ''      # removes the description")]
    Update {
        /// The endpoint's id (`payctl webhooks list` lists them).
        id: String,
        /// Deliver to this URL from now on: `https://` (the sandbox also accepts `http://` on loopback).
        #[arg(long)]
        url: Option<String>,
        /// An empty value removes the description.
        #[arg(long)]
        description: Option<String>,
        /// Replaces the event types, comma-separated or repeated.
        #[arg(long, value_delimiter = ',', value_name = "EVENT,...", add = crate::complete::events())]
        events: Option<Vec<String>>,
        /// Deliver to the endpoint again.
        #[arg(long)]
        enable: bool,
        /// Stop new deliveries; pending ones wait until it is enabled.
        #[arg(long)]
        disable: bool,
    },
    /// Delete an endpoint and its deliveries.
    #[command(after_help = "Examples:\n  payctl webhooks delete WEBHOOK_ID")]
    Delete {
        /// The endpoint's id (`payctl webhooks list` lists them).
        id: String,
    },
    /// Replace an endpoint's signing secret; the old one signs nothing more.
    #[command(name = "rotate-secret")]
    #[command(after_help = "As with create, the new secret is shown only once: --show-secret, --secret-file, or \
both. The file is checked before the secret is replaced.

Examples:
  payctl webhooks rotate-secret WEBHOOK_ID --secret-file whsec.txt
  payctl webhooks rotate-secret WEBHOOK_ID --show-secret --output json | jq -r .secret")]
    RotateSecret {
        /// The endpoint's id (`payctl webhooks list` lists them).
        id: String,
        #[command(flatten)]
        secret: SecretArgs,
    },
    /// List an endpoint's deliveries with their attempts, newest first.
    #[command(after_help = "The table's LAST RESULT is the last attempt's answer: its HTTP status, or why it got \
none (`Connection refused`, a timeout): the answer to \"my webhook never arrived\". `-o json` has every attempt.

Examples:
  payctl webhooks deliveries WEBHOOK_ID
  payctl webhooks deliveries WEBHOOK_ID --all -o json")]
    Deliveries {
        /// The endpoint's id (`payctl webhooks list` lists them).
        id: String,
        #[command(flatten)]
        list: ListArgs,
    },
    /// Queue one more attempt of a delivery, now.
    #[command(after_help = "The delivery's endpoint is found from the delivery (the application's endpoints' \
deliveries are read newest first, down to it); --webhook names it instead. The older form \
`payctl webhooks redeliver WEBHOOK_ID DELIVERY_ID` works too.

Examples:
  payctl webhooks redeliver DELIVERY_ID
  payctl webhooks redeliver DELIVERY_ID --webhook WEBHOOK_ID")]
    Redeliver {
        /// The delivery to send again: a dlv_ id (`payctl webhooks deliveries WEBHOOK_ID` lists them).
        delivery_id: String,
        /// The delivery's endpoint, if known: saves looking it up.
        #[arg(long, value_name = "WEBHOOK_ID")]
        webhook: Option<String>,
        /// With two arguments, the first is the endpoint and this the delivery.
        #[arg(hide = true)]
        older_form: Option<String>,
    },
    /// Check a delivery's X-Service-Signature against its raw payload (no API call).
    #[command(after_help = "Exit codes: 0 when the signature is valid; 1 when it is not, with the reason \
(malformed header, stale timestamp, or mismatch: wrong secret or altered payload).

Examples:
  payctl webhooks verify --secret \"$WHSEC\" --header 't=1764000000,v1=5d41...' --payload body.json
  payctl webhooks verify --secret \"$WHSEC\" --header 'X-Service-Signature: t=...,v1=...' \\
      --payload - < body.json
  payctl webhooks verify --secret \"$WHSEC\" --header \"$SIG\" --tolerance 0 --payload body.json")]
    Verify(verify::VerifyArgs),
}

/// Where a new secret goes; at least one is required, since the API never shows it again.
#[derive(Debug, Args)]
pub struct SecretArgs {
    /// Print the new secret (it cannot be read again later).
    #[arg(long)]
    pub show_secret: bool,
    /// Write the new secret to this file, created with mode 0600; it must not exist.
    #[arg(long, value_name = "PATH")]
    pub secret_file: Option<PathBuf>,
}

impl SecretArgs {
    /// Checked before the call: a secret neither kept nor shown is lost, and
    /// a `--secret-file` that cannot be written is found out before the API
    /// mints (or replaces) the secret.
    fn prepare(&self) -> anyhow::Result<Option<SecretFile>> {
        if !self.show_secret && self.secret_file.is_none() {
            return Err(exit::usage(
                "the new secret is shown only once: pass --secret-file PATH to save it, --show-secret to print it, or both",
            ));
        }
        self.secret_file.as_deref().map(SecretFile::reserve).transpose()
    }

    /// Saves the secret if asked, then prints the record, secret masked
    /// unless asked. An answer without its secret is an error.
    fn keep(&self, format: output::Format, created: WebhookWithSecret, file: Option<SecretFile>) -> anyhow::Result<()> {
        let id = &created.endpoint.id;
        let remedy = format!("get a new one with `payctl webhooks rotate-secret {id} --secret-file PATH`");
        let secret = crate::commands::secret::one_time(created.secret.as_deref(), "secret", &remedy)?;
        if let (Some(file), Some(path)) = (file, &self.secret_file) {
            file.commit(secret)?;
            crate::say!("Saved the signing secret of {} to {}.", created.endpoint.id, path.display());
        } else {
            crate::say!("Keep the signing secret now: it cannot be read again.");
        }
        let masked: &[&str] = if self.show_secret { &[] } else { &["secret"] };
        output::record_masked(format, &created, masked)
    }
}

pub const COLUMNS: &[Column] = &[
    ("ID", "id"),
    ("URL", "url"),
    ("EVENTS", "events"),
    ("STATUS", "status"),
    ("SECRET", "masked_secret"),
    ("CREATED", "created_at"),
];

/// In order of importance: why a delivery did not arrive comes before when.
pub const DELIVERY_COLUMNS: &[Column] = &[
    ("ID", "id"),
    ("EVENT", "event"),
    ("STATUS", "status"),
    ("LAST RESULT", "last_result"),
    ("ATTEMPTS", "attempt_count"),
    ("NEXT ATTEMPT", "next_attempt_at"),
    ("EVENT ID", "event_id"),
    ("CREATED", "created_at"),
];

pub async fn run(ctx: Ctx, cmd: WebhooksCommand) -> anyhow::Result<()> {
    match cmd {
        WebhooksCommand::Create { url, events, description, secret } => {
            create::run(ctx, url, events, description, secret).await
        }
        WebhooksCommand::List(list) => list::run(ctx, list).await,
        WebhooksCommand::Get { id } => get::run(ctx, &id).await,
        WebhooksCommand::Update { id, url, description, events, enable, disable } => {
            let status = match (enable, disable) {
                (true, _) => Some("enabled".to_owned()),
                (_, true) => Some("disabled".to_owned()),
                _ => None,
            };
            let change = payctl_wire::webhooks::UpdateWebhook { url, description, events, status };
            update::run(ctx, &id, change).await
        }
        WebhooksCommand::Delete { id } => delete::run(ctx, &id).await,
        WebhooksCommand::RotateSecret { id, secret } => rotate::run(ctx, &id, secret).await,
        WebhooksCommand::Deliveries { id, list } => deliveries::run(ctx, &id, list).await,
        WebhooksCommand::Redeliver { delivery_id, webhook, older_form } => match older_form {
            Some(delivery) => redeliver::run(ctx, &delivery, Some(delivery_id)).await,
            None => redeliver::run(ctx, &delivery_id, webhook).await,
        },
        WebhooksCommand::Verify(args) => verify::run(args),
    }
}
