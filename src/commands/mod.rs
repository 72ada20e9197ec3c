//! One module per noun, one file per verb; each verb has its own `run`.

pub mod accounts;
mod api;
pub mod apps;
pub mod beneficiaries;
pub mod completions;
pub mod config;
pub mod customers;
pub mod events;
pub mod fixtures;
pub mod keys;
pub mod listen;
pub mod logs;
pub mod mcp;
pub mod open;
pub mod parity;
pub mod payments;
pub mod pricing;
pub mod proxy;
pub mod quotes;
mod resource;
pub mod review;
pub mod sandbox;
pub mod secret;
pub mod session;
pub mod transactions;
pub mod transfer;
pub mod transfers;
pub mod trigger;
pub mod wallets;
pub mod webhooks;

use crate::cli::{Cli, Command, Later};
use crate::context::Ctx;

pub async fn run(cli: Cli) -> anyhow::Result<()> {
    let ctx = || Ctx::load(&cli.globals);
    match cli.command {
        Command::Sandbox(Later(args)) => sandbox::run(args, &cli.globals).await,
        Command::Review(Later(args)) => review::run(&cli.globals, args).await,
        Command::Proxy(Later(args)) => proxy::run(args, &cli.globals).await,
        Command::Parity(Later(args)) => parity::run(&cli.globals, args).await,
        Command::Mcp(Later(args)) => mcp::run(args, &cli.globals).await,
        Command::Api(Later(args)) => api::run(ctx()?, args).await,
        Command::Completions { shell } => completions::run(shell),
        Command::Config(Later(cmd)) => config::run(ctx()?, cmd).await,
        Command::Login(Later(args)) => session::login::run(ctx()?, args).await,
        Command::Logout => session::logout::run(ctx()?).await,
        Command::Whoami => session::whoami::run(ctx()?).await,
        Command::Apps(Later(cmd)) => apps::run(ctx()?, cmd).await,
        Command::Keys(Later(cmd)) => keys::run(ctx()?, cmd).await,
        Command::Customers(Later(cmd)) => customers::run(ctx()?, cmd).await,
        Command::Beneficiaries(Later(cmd)) => beneficiaries::run(ctx()?, cmd).await,
        Command::Accounts(Later(cmd)) => accounts::run(ctx()?, cmd).await,
        Command::Wallets(Later(cmd)) => wallets::run(ctx()?, cmd).await,
        Command::Pricing(Later(cmd)) => pricing::run(ctx()?, cmd).await,
        Command::Webhooks(Later(cmd)) => webhooks::run(ctx()?, cmd).await,
        Command::Listen(Later(args)) => listen::run(ctx()?, args).await,
        Command::Events(Later(cmd)) => events::run(ctx()?, cmd).await,
        Command::Open(Later(args)) => open::run(ctx()?, args).await,
        Command::Logs(Later(cmd)) => logs::run(ctx()?, cmd).await,
        Command::Quotes(Later(cmd)) => quotes::run(ctx()?, cmd).await,
        Command::Transactions(Later(cmd)) => transactions::run(ctx()?, cmd).await,
        Command::Payments(Later(cmd)) => payments::run(ctx()?, cmd).await,
        Command::Transfers(Later(cmd)) => transfers::run(ctx()?, cmd).await,
        Command::Swaps(Later(cmd)) => transfers::run_swaps(ctx()?, cmd).await,
        Command::Transfer(Later(args)) => transfer::run(ctx()?, *args).await,
        Command::Fixtures(Later(cmd)) => fixtures::run(ctx()?, cmd).await,
        Command::Trigger(Later(args)) => trigger::run(ctx()?, args).await,
    }
}
