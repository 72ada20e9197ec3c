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
pub mod open;
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

use crate::cli::{Cli, Command};
use crate::context::Ctx;

pub async fn run(cli: Cli) -> anyhow::Result<()> {
    let ctx = || Ctx::load(&cli.globals);
    match cli.command {
        Command::Sandbox(args) => sandbox::run(args, &cli.globals).await,
        Command::Review(args) => review::run(&cli.globals, args).await,
        Command::Proxy(args) => proxy::run(args, &cli.globals).await,
        Command::Api(args) => api::run(ctx()?, args).await,
        Command::Completions { shell } => completions::run(shell),
        Command::Config(cmd) => config::run(ctx()?, cmd).await,
        Command::Login(args) => session::login::run(ctx()?, args).await,
        Command::Logout => session::logout::run(ctx()?).await,
        Command::Whoami => session::whoami::run(ctx()?).await,
        Command::Apps(cmd) => apps::run(ctx()?, cmd).await,
        Command::Keys(cmd) => keys::run(ctx()?, cmd).await,
        Command::Customers(cmd) => customers::run(ctx()?, cmd).await,
        Command::Beneficiaries(cmd) => beneficiaries::run(ctx()?, cmd).await,
        Command::Accounts(cmd) => accounts::run(ctx()?, cmd).await,
        Command::Wallets(cmd) => wallets::run(ctx()?, cmd).await,
        Command::Pricing(cmd) => pricing::run(ctx()?, cmd).await,
        Command::Webhooks(cmd) => webhooks::run(ctx()?, cmd).await,
        Command::Listen(args) => listen::run(ctx()?, args).await,
        Command::Events(cmd) => events::run(ctx()?, cmd).await,
        Command::Open(args) => open::run(ctx()?, args).await,
        Command::Logs(cmd) => logs::run(ctx()?, cmd).await,
        Command::Quotes(cmd) => quotes::run(ctx()?, cmd).await,
        Command::Transactions(cmd) => transactions::run(ctx()?, cmd).await,
        Command::Payments(cmd) => payments::run(ctx()?, cmd).await,
        Command::Transfers(cmd) => transfers::run(ctx()?, cmd).await,
        Command::Swaps(cmd) => transfers::run_swaps(ctx()?, cmd).await,
        Command::Transfer(args) => transfer::run(ctx()?, *args).await,
        Command::Fixtures(cmd) => fixtures::run(ctx()?, cmd).await,
        Command::Trigger(args) => trigger::run(ctx()?, args).await,
    }
}
