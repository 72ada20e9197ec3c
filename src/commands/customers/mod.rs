//! `payctl customers`: the application's customers (`X-API-Key`), and the
//! sandbox's simulated verification decisions.

mod create;
mod decide;
mod get;
mod list;

use clap::{Args, Subcommand};
use payctl_wire::customers::KYB_STATUSES;

use crate::cli::ListArgs;
use crate::commands::resource::DataArg;
use crate::context::Ctx;
use crate::output::Column;

#[derive(Debug, Subcommand)]
pub enum CustomersCommand {
    /// Create a customer (`POST /v1/customers`); verification starts pending.
    #[command(after_help = "Examples:
  payctl customers create --type business --legal-name 'Acme Trading LLC' --email ops@acme.example \\
      --country AE --verification-level standard --tax-id 100200300400003
  payctl customers create --data @customer.json
  payctl customers create --data @customer.json --email other@acme.example   # flags override --data")]
    Create(CreateArgs),
    /// List customers, newest first.
    #[command(after_help = "Examples:
  payctl customers list
  payctl customers list --status pending --all --output json | jq -r '.data[].id'")]
    List {
        /// Only customers whose verification (kyb_status) is this.
        #[arg(long, ignore_case = true, value_parser = crate::cli::any_case(KYB_STATUSES))]
        status: Option<String>,
        #[command(flatten)]
        list: ListArgs,
    },
    /// Show one customer.
    #[command(after_help = "Examples:\n  payctl customers get CUSTOMER_ID --output json")]
    Get {
        /// The customer's id (`payctl customers list` lists them).
        id: String,
    },
    /// Sandbox only: approve a pending customer's verification (TEST key).
    #[command(after_help = "Examples:\n  payctl customers approve CUSTOMER_ID")]
    Approve {
        /// The customer's id (`payctl customers list` lists them).
        id: String,
    },
    /// Sandbox only: reject a pending customer's verification (TEST key).
    #[command(after_help = "Examples:\n  payctl customers reject CUSTOMER_ID")]
    Reject {
        /// The customer's id (`payctl customers list` lists them).
        id: String,
    },
}

/// Every field of `POST /v1/customers`; the API checks them all at once.
#[derive(Debug, Args)]
pub struct CreateArgs {
    /// `business` or `individual`.
    #[arg(long = "type", value_name = "TYPE")]
    pub customer_type: Option<String>,
    /// Registered or full name, 1 to 256 characters.
    #[arg(long)]
    pub legal_name: Option<String>,
    /// Unique per application, ignoring case.
    #[arg(long)]
    pub email: Option<String>,
    /// ISO 3166-1 alpha-2 code, e.g. AE.
    #[arg(long)]
    pub country: Option<String>,
    /// `standard` or `enhanced`.
    #[arg(long)]
    pub verification_level: Option<String>,
    /// Tax identifier, 1 to 64 characters.
    #[arg(long)]
    pub tax_id: Option<String>,
    #[command(flatten)]
    pub data: DataArg,
}

pub const COLUMNS: &[Column] = &[
    ("ID", "id"),
    ("TYPE", "type"),
    ("LEGAL NAME", "legal_name"),
    ("EMAIL", "email"),
    ("COUNTRY", "country"),
    ("KYB", "kyb_status"),
    ("CREATED", "created_at"),
];

pub async fn run(ctx: Ctx, cmd: CustomersCommand) -> anyhow::Result<()> {
    match cmd {
        CustomersCommand::Create(args) => create::run(ctx, args).await,
        CustomersCommand::List { status, list } => list::run(ctx, status, list).await,
        CustomersCommand::Get { id } => get::run(ctx, &id).await,
        CustomersCommand::Approve { id } => decide::run(ctx, &id, decide::Decision::Approve).await,
        CustomersCommand::Reject { id } => decide::run(ctx, &id, decide::Decision::Reject).await,
    }
}
