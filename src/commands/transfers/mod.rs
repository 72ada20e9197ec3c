//! `payctl transfers` and `payctl swaps`: the single transfer model (payin,
//! payout, bridge, on-chain swap) and swaps in their own shape (spec 2.11).

mod create;
mod get;

use clap::Subcommand;
use payctl_wire::transfers::Swap;

use crate::commands::resource::{Cred, DataArg, Session};
use crate::context::Ctx;

#[derive(Debug, Subcommand)]
pub enum TransfersCommand {
    /// Start a transfer (`POST /v1/transfers`); the body names its kind.
    #[command(after_help = "Examples:
  payctl transfers create --kind bridge --data @bridge.json
  payctl transfers create --kind payout --data @payout.json

The request shape of each kind is in sandbox/README.md (Transfers and swaps).")]
    Create {
        /// payin, payout, bridge or onchain_fx; overrides the body's kind.
        #[arg(long, ignore_case = true, value_parser = crate::cli::any_case(payctl_wire::transfers::TRANSFER_KINDS))]
        kind: Option<String>,
        #[command(flatten)]
        data: DataArg,
    },
    /// Show one transfer.
    #[command(after_help = "Examples:\n  payctl transfers get TRANSFER_ID --output json")]
    Get {
        /// The transfer's id, as `payctl transfers create` printed it.
        id: String,
    },
}

#[derive(Debug, Subcommand)]
pub enum SwapsCommand {
    /// Swap one stablecoin for another on chain (`POST /v1/onchain-fx`).
    #[command(after_help = "Examples:\n  payctl swaps create --data @swap.json")]
    Create {
        #[command(flatten)]
        data: DataArg,
    },
    /// Show one swap in the shape of spec 2.11 (`GET /v1/onchain-fx/{fx_id}`).
    #[command(after_help = "Examples:\n  payctl swaps get fx_0193…")]
    Get {
        /// The swap's fx_id, as `payctl swaps create` printed it.
        id: String,
    },
}

pub async fn run(ctx: Ctx, cmd: TransfersCommand) -> anyhow::Result<()> {
    match cmd {
        TransfersCommand::Create { kind, data } => create::transfer(ctx, kind, data).await,
        TransfersCommand::Get { id } => get::run(ctx, &id).await,
    }
}

pub async fn run_swaps(ctx: Ctx, cmd: SwapsCommand) -> anyhow::Result<()> {
    match cmd {
        SwapsCommand::Create { data } => create::swap(ctx, data).await,
        SwapsCommand::Get { id } => Session::show_one::<Swap>(ctx, Cred::Key, "/v1/onchain-fx", &id).await,
    }
}
