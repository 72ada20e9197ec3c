//! `payctl pricing`: the partner's markups (partner level or per
//! customer), the corridors and the fee simulation (dashboard login).

mod corridors;
mod markup_clear;
mod markup_get;
mod markup_set;
mod simulate;

use clap::{Args, Subcommand, ValueEnum};
use payctl_wire::pricing::MarkupKind;

use crate::commands::apps::segment;
use crate::context::Ctx;
use crate::output::Column;

#[derive(Debug, Subcommand)]
pub enum PricingCommand {
    /// The markup added to the platform fee, for the partner or one customer.
    #[command(subcommand)]
    Markup(MarkupCommand),
    /// The corridors of the service with their mid rates.
    #[command(after_help = "Examples:\n  payctl pricing corridors\n  payctl pricing corridors --output json")]
    Corridors,
    /// Price a transfer: fee, net amount, rate and destination amount.
    #[command(after_help = "Amounts are integer minor units of the currency: 1050 is 10.50 AED, 1000000 is 1 USDC.

Examples:
  payctl pricing simulate --amount 100000 --from AED --to USD
  payctl pricing simulate --amount 100000 --from AED --to EUR --rate 0.25 --customer CUSTOMER_ID")]
    Simulate(SimulateArgs),
}

#[derive(Debug, Subcommand)]
pub enum MarkupCommand {
    /// Show the markup that applies (the customer's, else the partner's, else the default).
    #[command(
        after_help = "Examples:\n  payctl pricing markup get\n  payctl pricing markup get --customer CUSTOMER_ID -o json"
    )]
    Get(CustomerArg),
    /// Replace the partner's markup, or a customer's override; omitted options are cleared.
    #[command(after_help = "Examples:
  payctl pricing markup set --kind bps --value 25 --min-fee 100 --max-fee 50000
  payctl pricing markup set --customer CUSTOMER_ID --kind flat --value 500 --currency AED")]
    Set(SetArgs),
    /// Remove a customer's override: the partner's markup applies again.
    #[command(after_help = "Examples:\n  payctl pricing markup clear --customer CUSTOMER_ID")]
    Clear {
        /// The customer whose override to remove (the partner markup itself is replaced with `set`).
        #[arg(long, value_name = "CUSTOMER_ID")]
        customer: String,
    },
}

#[derive(Debug, Args)]
pub struct CustomerArg {
    /// A customer's markup instead of the partner's.
    #[arg(long, value_name = "CUSTOMER_ID")]
    pub customer: Option<String>,
}

impl CustomerArg {
    /// The markup's route: the partner's, or the customer's.
    fn path(&self) -> anyhow::Result<String> {
        match &self.customer {
            None => Ok("/v1/pricing/markup".to_owned()),
            Some(id) => Ok(format!("/v1/pricing/customers/{}/markup", segment(id)?)),
        }
    }
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Kind {
    /// Basis points of the source amount.
    Bps,
    /// A fixed amount in minor units of --currency.
    Flat,
}

impl From<Kind> for MarkupKind {
    fn from(k: Kind) -> MarkupKind {
        match k {
            Kind::Bps => MarkupKind::Bps,
            Kind::Flat => MarkupKind::Flat,
        }
    }
}

#[derive(Debug, Args)]
pub struct SetArgs {
    #[command(flatten)]
    pub customer: CustomerArg,
    /// bps (basis points of the amount) or flat (minor units of --currency).
    #[arg(long, value_enum, ignore_case = true)]
    pub kind: Kind,
    /// Basis points (at most 10000), or minor units of --currency for FLAT.
    #[arg(long)]
    pub value: u64,
    /// FLAT only: the currency of the value.
    #[arg(long)]
    pub currency: Option<String>,
    /// Lowest fee, in minor units of the source currency.
    #[arg(long)]
    pub min_fee: Option<u64>,
    /// Highest fee, in minor units of the source currency.
    #[arg(long)]
    pub max_fee: Option<u64>,
}

#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// Source amount in integer minor units of --from.
    #[arg(long)]
    pub amount: String,
    /// Source currency code.
    #[arg(long, value_name = "CODE")]
    pub from: String,
    /// Destination currency code.
    #[arg(long, value_name = "CODE")]
    pub to: String,
    /// Exchange rate as an exact decimal [default: the rate table's].
    #[arg(long)]
    pub rate: Option<String>,
    /// Apply this customer's markup override.
    #[arg(long, value_name = "CUSTOMER_ID")]
    pub customer: Option<String>,
}

pub const CORRIDOR_COLUMNS: &[Column] = &[
    ("ID", "id"),
    ("FROM", "source_asset"),
    ("TO", "destination_asset"),
    ("DIRECTION", "direction"),
    ("MID RATE", "mid_rate"),
];

pub async fn run(ctx: Ctx, cmd: PricingCommand) -> anyhow::Result<()> {
    match cmd {
        PricingCommand::Markup(MarkupCommand::Get(customer)) => markup_get::run(ctx, customer).await,
        PricingCommand::Markup(MarkupCommand::Set(args)) => markup_set::run(ctx, args).await,
        PricingCommand::Markup(MarkupCommand::Clear { customer }) => markup_clear::run(ctx, &customer).await,
        PricingCommand::Corridors => corridors::run(ctx).await,
        PricingCommand::Simulate(args) => simulate::run(ctx, args).await,
    }
}
