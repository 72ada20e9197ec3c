//! `payctl wallets`: address validation (public) and the partner's own
//! wallets (dashboard login).

mod partner_list;
mod partner_set;
mod validate;

use clap::Subcommand;

use crate::context::Ctx;
use crate::output::Column;

#[derive(Debug, Subcommand)]
pub enum WalletsCommand {
    /// Check an address for a network (public route: no credential needed).
    #[command(after_help = "Exit codes: 0 when the address is valid; 1 when it is not, with the reason on stderr
(the API's answer, reason included, is still printed on stdout). An unknown network is the API's
400 VAL_0001 (exit 1 too); a missing --network or address is a usage error (exit 2).

Examples:
  payctl wallets validate --network ethereum 0x52908400098527886E0F7030069857D2E4169EE7
  payctl wallets validate --network tron TJRabPrwbZy45sbavfcjinPJC18kjpRTv8 --output json
  if payctl wallets validate --network solana \"$ADDR\" -o json > /dev/null; then echo ok; fi")]
    Validate {
        /// Network code: ethereum, avalanche, arbitrum, base, polygon, tron, stellar, solana, xrpl, algorand, sui.
        #[arg(long, add = crate::complete::networks())]
        network: String,
        /// The address to check.
        address: String,
    },
    /// The partner's wallets, one per network and role (dashboard login).
    #[command(subcommand)]
    Partner(PartnerCommand),
}

#[derive(Debug, Subcommand)]
pub enum PartnerCommand {
    /// List the partner's wallets, by network then role.
    #[command(after_help = "Examples:\n  payctl wallets partner list\n  payctl wallets partner list --output json")]
    List,
    /// Set the partner's wallet for a network and role (replaces its address).
    #[command(after_help = "Examples:
  payctl wallets partner set --network ethereum --role PARTNER_MARGIN \\
      --address 0x52908400098527886E0F7030069857D2E4169EE7
  payctl wallets partner set --network tron --role FEES --address TJRabPrwbZy45sbavfcjinPJC18kjpRTv8")]
    Set {
        /// The wallet's network: ethereum, polygon, tron...
        #[arg(long, add = crate::complete::networks())]
        network: String,
        /// What the wallet is for.
        #[arg(long, ignore_case = true, value_parser = crate::cli::any_case(&["PARTNER_MARGIN", "SETTLEMENT", "FEES"]))]
        role: String,
        /// The wallet's address, valid on --network.
        #[arg(long)]
        address: String,
    },
}

pub const COLUMNS: &[Column] =
    &[("ID", "id"), ("NETWORK", "network"), ("ROLE", "walletRole"), ("ADDRESS", "address"), ("UPDATED", "updatedAt")];

pub async fn run(ctx: Ctx, cmd: WalletsCommand) -> anyhow::Result<()> {
    match cmd {
        WalletsCommand::Validate { network, address } => validate::run(ctx, &network, &address).await,
        WalletsCommand::Partner(PartnerCommand::List) => partner_list::run(ctx).await,
        WalletsCommand::Partner(PartnerCommand::Set { network, role, address }) => {
            partner_set::run(ctx, network, &role, address).await
        }
    }
}
