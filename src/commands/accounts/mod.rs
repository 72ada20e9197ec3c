//! `payctl accounts`: settlement accounts and wallets opened by the
//! application, its ledger balances, and a customer's ledger accounts
//! (`X-API-Key`).

mod balances;
mod create;
mod customer;
mod get;
mod list;

use clap::{Args, Subcommand};

use crate::cli::ListArgs;
use crate::commands::resource::DataArg;
use crate::context::Ctx;
use crate::output::Column;

#[derive(Debug, Subcommand)]
pub enum AccountsCommand {
    /// Open a fiat settlement account or a stablecoin wallet (`POST /v1/accounts`).
    #[command(after_help = "Examples:
  payctl accounts create --type fiat --currency AED --corridor uae --label 'AED settlement'
  payctl accounts create --type stablecoin --currency USDC --network base --wallet-mode mpc
  payctl accounts create --type stablecoin --currency USDT --network tron \\
      --wallet-mode self_custody --external-address TXYZ...
  payctl accounts create --data @account.json")]
    Create(CreateArgs),
    /// List the application's settlement accounts and wallets, newest first.
    #[command(after_help = "Examples:\n  payctl accounts list\n  payctl accounts list --all --output json")]
    List(ListArgs),
    /// Show one settlement account or wallet.
    #[command(after_help = "Examples:\n  payctl accounts get ACCOUNT_ID")]
    Get {
        /// The account's id (`payctl accounts list` lists them).
        id: String,
    },
    /// The application's own ledger accounts (float, fees, settlement, wallets) with balances.
    #[command(after_help = "Tables show balances in each asset's major units (1,234.56 AED); JSON keeps integer \
minor units (2 decimals for AED, 6 for USDC...).

Examples:
  payctl accounts balances
  payctl accounts balances --output json | jq '.data[] | select(.purpose == \"float\")'")]
    Balances,
    /// A customer's ledger accounts (`GET /v1/customers/{id}/accounts`).
    #[command(after_help = "Examples:\n  payctl accounts customer CUSTOMER_ID --output json")]
    Customer {
        /// The customer's id (`payctl customers list` lists them).
        customer_id: String,
    },
}

/// Every field of `POST /v1/accounts`; the API checks them all at once.
#[derive(Debug, Args)]
pub struct CreateArgs {
    /// `fiat` or `stablecoin`.
    #[arg(long = "type", value_name = "TYPE")]
    pub account_type: Option<String>,
    /// Asset code: AED for fiat, USDC or USDT for stablecoin.
    #[arg(long, add = crate::complete::assets())]
    pub currency: Option<String>,
    /// Fiat only: the corridor, e.g. uae.
    #[arg(long, add = crate::complete::corridors())]
    pub corridor: Option<String>,
    /// Stablecoin only: the network code.
    #[arg(long, add = crate::complete::networks())]
    pub network: Option<String>,
    /// Stablecoin only: `mpc` (address provisioned) or `self_custody`.
    #[arg(long)]
    pub wallet_mode: Option<String>,
    /// Self-custody wallets: your address on the network.
    #[arg(long)]
    pub external_address: Option<String>,
    /// A label, at most 128 characters.
    #[arg(long)]
    pub label: Option<String>,
    #[command(flatten)]
    pub data: DataArg,
}

/// In order of importance: a narrow terminal leaves out the last ones.
pub const COLUMNS: &[Column] = &[
    ("ID", "id"),
    ("TYPE", "type"),
    ("CURRENCY", "currency"),
    ("BALANCE", "balance_minor"),
    ("STATUS", "status"),
    ("NETWORK", "network"),
    ("CORRIDOR", "corridor"),
    ("ADDRESS", "address"),
];

/// The ledger shape, of balances and customer accounts.
pub const LEDGER_COLUMNS: &[Column] =
    &[("ID", "id"), ("ASSET", "asset"), ("PURPOSE", "purpose"), ("BALANCE", "balance_minor"), ("STATUS", "status")];

pub async fn run(ctx: Ctx, cmd: AccountsCommand) -> anyhow::Result<()> {
    match cmd {
        AccountsCommand::Create(args) => create::run(ctx, args).await,
        AccountsCommand::List(list) => list::run(ctx, list).await,
        AccountsCommand::Get { id } => get::run(ctx, &id).await,
        AccountsCommand::Balances => balances::run(ctx).await,
        AccountsCommand::Customer { customer_id } => customer::run(ctx, &customer_id).await,
    }
}
