//! `payctl quotes`: transaction quotes (`X-API-Key`), which price a movement
//! and lock its rate for a few minutes. `QuoteArgs` is shared with
//! `payctl transfer`, which starts with a quote.

mod accept;
mod create;
mod get;

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
    Get {
        /// The quote's id, as `payctl quotes create` printed it.
        id: String,
    },
    /// Accept a quote before it expires, so a transaction can use it.
    #[command(after_help = "Examples:\n  payctl quotes accept QUOTE_ID")]
    Accept {
        /// The quote's id, as `payctl quotes create` printed it.
        id: String,
    },
}

/// Every field of `POST /v1/transactions/quote`; the API checks them all at once.
#[derive(Debug, Args)]
pub struct QuoteArgs {
    /// Corridor: the code `uae`, or a pair id of `payctl pricing corridors` such as AED-EUR.
    #[arg(long, value_name = "ID", add = crate::complete::corridors())]
    pub corridor: Option<String>,
    /// Source asset code, e.g. AED or USD.
    #[arg(long, value_name = "ASSET", add = crate::complete::assets())]
    pub from: Option<String>,
    /// Source amount in integer minor units of the source asset (1050 is 10.50 AED).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = amount_minor)]
    pub amount_minor: Option<String>,
    /// Destination asset code, e.g. EUR or USDC.
    #[arg(long, value_name = "ASSET", add = crate::complete::assets())]
    pub to: Option<String>,
    /// Kind of destination.
    #[arg(long, value_name = "KIND", ignore_case = true, value_parser = crate::cli::any_case(&["BANK", "WALLET", "STABLECOIN"]))]
    pub kind: Option<String>,
    /// The sending customer; its markup override then applies.
    #[arg(long, value_name = "ID")]
    pub customer: Option<String>,
    #[command(flatten)]
    pub data: DataArg,
}

/// The API's fields by the flags that set them, so its errors name flags.
pub const FLAGS: &[(&str, &str)] = &[
    ("corridor_id", "--corridor"),
    ("source_asset", "--from"),
    ("source_amount_minor", "--amount-minor"),
    ("destination_asset", "--to"),
    ("destination_kind", "--kind"),
    ("customer_id", "--customer"),
];

/// `--amount-minor`: a positive whole number; `-5` or `10.50` is a usage
/// error that says what is meant, before anything is sent.
pub fn amount_minor(raw: &str) -> Result<String, String> {
    let digits = raw.trim();
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) && digits.bytes().any(|b| b != b'0') {
        return Ok(digits.to_owned());
    }
    Err("must be a positive whole number of minor units of the source asset (1050 is 10.50 AED)".to_owned())
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

    /// Fails, naming the flags, when a field the API requires is given
    /// neither as a flag nor in `--data`.
    pub fn require(body: &Value) -> anyhow::Result<()> {
        let missing: Vec<&str> = FLAGS
            .iter()
            .filter(|(field, _)| *field != "customer_id" && body.get(*field).is_none_or(Value::is_null))
            .map(|(_, flag)| *flag)
            .collect();
        if missing.is_empty() {
            return Ok(());
        }
        Err(crate::exit::usage(format!("missing {} (flags, or fields of --data)", missing.join(", "))))
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

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn amounts_are_positive_whole_numbers() {
        assert_eq!(amount_minor("100000").unwrap(), "100000");
        for bad in ["-5", "0", "10.50", "", "1e3", "00"] {
            assert!(amount_minor(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn missing_fields_are_named_by_their_flags() {
        let err = QuoteArgs::require(&json!({"corridor_id": "uae", "source_asset": "AED"})).unwrap_err();
        assert_eq!(err.to_string(), "missing --amount-minor, --to, --kind (flags, or fields of --data)");
        let full = json!({"corridor_id": "uae", "source_asset": "AED", "source_amount_minor": "1",
            "destination_asset": "EUR", "destination_kind": "BANK"});
        QuoteArgs::require(&full).unwrap();
    }
}
