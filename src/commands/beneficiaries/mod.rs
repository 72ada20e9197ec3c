//! `payctl beneficiaries`: who a customer pays out to (`X-API-Key`), each
//! with one payout account: a bank account or a stablecoin wallet.

mod create;
mod get;
mod list;

use clap::{Args, Subcommand};

use crate::cli::ListArgs;
use crate::commands::resource::DataArg;
use crate::context::Ctx;
use crate::output::Column;

#[derive(Debug, Subcommand)]
pub enum BeneficiariesCommand {
    /// Create a beneficiary with its payout account (`POST /v1/beneficiaries`).
    #[command(after_help = "The account kind follows from the flags: bank flags (--iban, --bank-name, \
--bank-country, --routing) make a BANK_ACCOUNT, wallet flags (--network, --address) a STABLECOIN_WALLET.

Examples:
  payctl beneficiaries create --customer CUSTOMER_ID --type individual --full-name 'Jane Doe' \\
      --country GB --iban GB82WEST12345698765432 --bank-name 'West Bank' --bank-country GB \\
      --asset GBP --default
  payctl beneficiaries create --customer CUSTOMER_ID --type business --full-name 'Acme' \\
      --country AE --network ethereum --address 0x52908400098527886E0F7030069857D2E4169EE7 \\
      --asset USDC
  payctl beneficiaries create --data @beneficiary.json")]
    Create(Box<CreateArgs>),
    /// List a customer's beneficiaries, newest first.
    #[command(
        after_help = "Examples:\n  payctl beneficiaries list --customer CUSTOMER_ID\n  payctl beneficiaries list --customer CUSTOMER_ID --all --output json"
    )]
    List {
        /// The customer whose beneficiaries to list.
        #[arg(long, value_name = "CUSTOMER_ID")]
        customer: String,
        #[command(flatten)]
        list: ListArgs,
    },
    /// Show one beneficiary.
    #[command(after_help = "Examples:\n  payctl beneficiaries get BENEFICIARY_ID --output json")]
    Get {
        /// The beneficiary's id (`payctl beneficiaries list --customer CUSTOMER_ID` lists them).
        id: String,
    },
}

#[derive(Debug, Args)]
pub struct CreateArgs {
    /// The customer who pays out to this beneficiary.
    #[arg(long, value_name = "CUSTOMER_ID")]
    pub customer: Option<String>,
    /// `business` or `individual`.
    #[arg(long = "type", value_name = "TYPE")]
    pub beneficiary_type: Option<String>,
    /// 1 to 256 characters.
    #[arg(long)]
    pub full_name: Option<String>,
    /// ISO 3166-1 alpha-2 code.
    #[arg(long)]
    pub country: Option<String>,
    /// Government id reference (individuals only).
    #[arg(long)]
    pub gov_id_ref: Option<String>,
    /// The account's destination asset: a fiat code for a bank account, USDC or USDT for a wallet.
    #[arg(long, value_name = "CODE", add = crate::complete::assets())]
    pub asset: Option<String>,
    /// Bank account: IBAN (spaces and any case accepted).
    #[arg(long, help_heading = "Bank account")]
    pub iban: Option<String>,
    /// Bank account: bank name.
    #[arg(long, help_heading = "Bank account")]
    pub bank_name: Option<String>,
    /// Bank account: the bank's country, which must be the IBAN's.
    #[arg(long, help_heading = "Bank account")]
    pub bank_country: Option<String>,
    /// Bank account: BIC, sort code or other routing code.
    #[arg(long, help_heading = "Bank account")]
    pub routing: Option<String>,
    /// Wallet: network code (ethereum, tron, solana...).
    #[arg(long, help_heading = "Stablecoin wallet", add = crate::complete::networks())]
    pub network: Option<String>,
    /// Wallet: address on that network.
    #[arg(long, help_heading = "Stablecoin wallet")]
    pub address: Option<String>,
    /// Make this account the customer's default for its asset.
    #[arg(long)]
    pub default: bool,
    #[command(flatten)]
    pub data: DataArg,
}

pub const COLUMNS: &[Column] = &[
    ("ID", "id"),
    ("TYPE", "type"),
    ("FULL NAME", "full_name"),
    ("COUNTRY", "country"),
    ("ACCOUNT", "account"),
    ("CREATED", "created_at"),
];

pub async fn run(ctx: Ctx, cmd: BeneficiariesCommand) -> anyhow::Result<()> {
    match cmd {
        BeneficiariesCommand::Create(args) => create::run(ctx, *args).await,
        BeneficiariesCommand::List { customer, list } => list::run(ctx, &customer, list).await,
        BeneficiariesCommand::Get { id } => get::run(ctx, &id).await,
    }
}
