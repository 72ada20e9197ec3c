//! `payctl payments` (TEST keys only): fiat collected on a virtual IBAN for
//! an accepted legacy quote, and the sandbox's simulated funding.

mod create;
mod fund;
mod get;
mod list;

use clap::Subcommand;

use crate::cli::ListArgs;
use crate::context::Ctx;
use crate::output::Column;

#[derive(Debug, Subcommand)]
pub enum PaymentsCommand {
    /// Create a payment for an accepted legacy quote; prints the collection instructions.
    #[command(after_help = "Examples:
  payctl payments create --quote QUOTE_ID
  payctl payments create --quote QUOTE_ID --output json | jq -r .collection_instructions.iban")]
    Create {
        /// An accepted, unused quote from the legacy quote endpoints.
        #[arg(long = "quote", value_name = "QUOTE_ID")]
        quote_id: String,
        /// How the payer pays in: VIRTUAL_IBAN, the one the sandbox collects on.
        #[arg(long, default_value = "VIRTUAL_IBAN")]
        collection_method: String,
    },
    /// List payments, newest first.
    #[command(after_help = "Examples:
  payctl payments list --status awaiting_funds
  payctl payments list --from 2026-01-01T00:00:00Z --all --output json")]
    List {
        /// awaiting_funds, funds_received, settled or expired.
        #[arg(long)]
        status: Option<String>,
        /// Created at or after this time (ISO 8601).
        #[arg(long, value_name = "TIME")]
        from: Option<String>,
        /// Created at or before this time (ISO 8601).
        #[arg(long, value_name = "TIME")]
        to: Option<String>,
        #[command(flatten)]
        list: ListArgs,
    },
    /// Show one payment.
    #[command(after_help = "Examples:\n  payctl payments get PAYMENT_ID")]
    Get {
        /// The payment's id (`payctl payments list` lists them).
        id: String,
    },
    /// Sandbox only: mark a payment's funds as received (TEST key).
    #[command(after_help = "Examples:\n  payctl payments fund PAYMENT_ID")]
    Fund {
        /// The payment's id (`payctl payments list` lists them).
        id: String,
    },
}

pub const COLUMNS: &[Column] = &[
    ("ID", "id"),
    ("STATUS", "status"),
    ("AMOUNT", "source_amount_minor"),
    ("RECEIVES", "destination_amount_minor"),
    ("CUSTOMER", "customer_id"),
    ("CREATED", "created_at"),
];

pub async fn run(ctx: Ctx, cmd: PaymentsCommand) -> anyhow::Result<()> {
    match cmd {
        PaymentsCommand::Create { quote_id, collection_method } => create::run(ctx, quote_id, collection_method).await,
        PaymentsCommand::List { status, from, to, list } => list::run(ctx, status, from, to, list).await,
        PaymentsCommand::Get { id } => get::run(ctx, &id).await,
        PaymentsCommand::Fund { id } => fund::run(ctx, &id).await,
    }
}
