//! `payctl transactions`: the application's transactions (`X-API-Key`).
//! They are created by `payctl transfer`, which quotes, accepts and
//! confirms first.

mod get;
mod list;

use clap::Subcommand;

use crate::cli::ListArgs;
use crate::context::Ctx;
use crate::output::Column;

#[derive(Debug, Subcommand)]
pub enum TransactionsCommand {
    /// List transactions, newest first.
    #[command(after_help = "Examples:
  payctl transactions list
  payctl transactions list --all --output json | jq -r '.data[] | [.id, .state] | @tsv'")]
    List {
        #[command(flatten)]
        list: ListArgs,
    },
    /// Show one transaction, by its id or its txn_ external id.
    #[command(
        after_help = "Examples:\n  payctl transactions get TRANSACTION_ID --output json\n  payctl transactions get txn_..."
    )]
    Get {
        /// The transaction's id or its txn_ external id (`payctl transactions list` lists them).
        id: String,
    },
}

pub const PATH: &str = "/v1/transactions";

/// Amounts in major units with their asset; a FAILED transaction shows no
/// amount received.
pub const COLUMNS: &[Column] = &[
    ("ID", "id"),
    ("STATE", "state"),
    ("SENT", "source_amount_minor"),
    ("RECEIVED", "destination_amount_minor"),
    ("FEE", "fee_minor"),
    ("BENEFICIARY", "beneficiary_id"),
    ("CREATED", "created_at"),
];

pub async fn run(ctx: Ctx, cmd: TransactionsCommand) -> anyhow::Result<()> {
    match cmd {
        TransactionsCommand::List { list } => list::run(ctx, list).await,
        TransactionsCommand::Get { id } => get::run(ctx, &id).await,
    }
}
