//! `payctl quotes`: transaction quotes (`X-API-Key`), which price a movement
//! and lock its rate for a few minutes. `QuoteArgs` is shared with
//! `payctl transfer`, which starts with a quote.

mod accept;
mod create;
mod get;

use clap::builder::PossibleValuesParser;
use clap::{Args, Subcommand};
use payctl_wire::transactions::CreateTransactionQuote;
use serde_json::Value;

use crate::commands::resource::DataArg;
use crate::context::Ctx;

#[derive(Debug, Subcommand)]
pub enum QuotesCommand {
    /// Price a movement and lock its rate (`POST /v1/transactions/quote`).
    #[command(after_help = "Examples:
  payctl quotes create --corridor uae --from AED --amount-minor 100000 --to EUR --kind BANK
  payctl quotes create --data @quote.json --customer CUSTOMER_ID --output json")]
    Create(QuoteArgs),
    /// Show one quote; a quote not accepted in time reads EXPIRED.
    #[command(after_help = "Examples:\n  payctl quotes get QUOTE_ID --output json")]
    Get { id: String },
    /// Accept a quote before it expires, so a transaction can use it.
    #[command(after_help = "Examples:\n  payctl quotes accept QUOTE_ID")]
    Accept { id: String },
}

/// Every field of `POST /v1/transactions/quote`; the API checks them all at once.
#[derive(Debug, Args)]
pub struct QuoteArgs {
    /// Corridor id, e.g. uae.
    #[arg(long, value_name = "ID")]
    pub corridor: Option<String>,
    /// Source asset code, e.g. AED or USD.
    #[arg(long, value_name = "ASSET")]
    pub from: Option<String>,
    /// Source amount in integer minor units of the source asset (1050 is 10.50 AED).
    #[arg(long, value_name = "N")]
    pub amount_minor: Option<String>,
    /// Destination asset code, e.g. EUR or USDC.
    #[arg(long, value_name = "ASSET")]
    pub to: Option<String>,
    /// Kind of destination.
    #[arg(long, value_name = "KIND", value_parser = PossibleValuesParser::new(["BANK", "WALLET", "STABLECOIN"]))]
    pub kind: Option<String>,
    /// The sending customer; its markup override then applies.
    #[arg(long, value_name = "ID")]
    pub customer: Option<String>,
    #[command(flatten)]
    pub data: DataArg,
}

impl QuoteArgs {
    /// The request body: `--data` with the flags laid over it.
    pub fn body(&self) -> anyhow::Result<Value> {
        let flags = CreateTransactionQuote {
            corridor_id: self.corridor.clone(),
            source_asset: self.from.clone(),
            source_amount_minor: self.amount_minor.clone(),
            destination_asset: self.to.clone(),
            destination_kind: self.kind.clone(),
            customer_id: self.customer.clone(),
        };
        self.data.body(&flags)
    }
}

pub const PATH: &str = "/v1/transactions/quote";

pub async fn run(ctx: Ctx, cmd: QuotesCommand) -> anyhow::Result<()> {
    match cmd {
        QuotesCommand::Create(args) => create::run(ctx, args).await,
        QuotesCommand::Get { id } => get::run(ctx, &id).await,
        QuotesCommand::Accept { id } => accept::run(ctx, &id).await,
    }
}
