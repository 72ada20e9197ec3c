//! `payctl transactions`: the application's transactions (`X-API-Key`).
//! `payctl transfer` creates one guided (quote, confirm, accept, create);
//! `create` is the plain path's last step, after `quotes accept`.

mod create;
mod get;
mod list;

use clap::Subcommand;

use crate::cli::ListArgs;
use crate::context::Ctx;
use crate::output::Column;

#[derive(Debug, Subcommand)]
pub enum TransactionsCommand {
    /// Send an accepted quote to a beneficiary (`POST /v1/transactions`): the step after `quotes accept`.
    #[command(after_help = "The plain path: `payctl quotes create`, `payctl quotes accept QUOTE_ID`, then this, \
before the quote's lock ends (3 minutes after it was made). `payctl transfer` does all three with a confirmation.

Examples:
  payctl transactions create --quote QUOTE_ID --beneficiary BENEFICIARY_ID
  payctl transactions create --data '{\"quote_id\":\"...\",\"beneficiary_id\":\"...\"}' --output json")]
    Create {
        /// The accepted quote (`payctl quotes accept QUOTE_ID` accepts it).
        #[arg(long, value_name = "QUOTE_ID")]
        quote: Option<String>,
        /// Who receives: a beneficiary whose account takes the quote's destination asset
        /// (`payctl beneficiaries list --customer CUSTOMER_ID` lists them).
        #[arg(long, value_name = "BENEFICIARY_ID")]
        beneficiary: Option<String>,
        #[command(flatten)]
        data: crate::commands::resource::DataArg,
    },
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
        TransactionsCommand::Create { quote, beneficiary, data } => create::run(ctx, quote, beneficiary, data).await,
        TransactionsCommand::List { list } => list::run(ctx, list).await,
        TransactionsCommand::Get { id } => get::run(ctx, &id).await,
    }
}
