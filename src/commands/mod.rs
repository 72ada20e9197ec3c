//! One module per noun, one file per verb; each verb has its own `run`.

mod api;
pub mod apps;
mod completions;
pub mod config;
pub mod keys;
mod sandbox;
pub mod session;

use crate::cli::{Cli, Command};
use crate::context::Ctx;

pub async fn run(cli: Cli) -> anyhow::Result<()> {
    let ctx = || Ctx::load(&cli.globals);
    match cli.command {
        Command::Sandbox(args) => sandbox::run(args).await,
        Command::Api(args) => api::run(ctx()?, args).await,
        Command::Completions { shell } => completions::run(shell),
        Command::Config(cmd) => config::run(ctx()?, cmd).await,
        Command::Login(args) => session::login::run(ctx()?, args).await,
        Command::Logout => session::logout::run(ctx()?),
        Command::Whoami => session::whoami::run(ctx()?).await,
        Command::Apps(cmd) => apps::run(ctx()?, cmd).await,
        Command::Keys(cmd) => keys::run(ctx()?, cmd).await,
    }
}
