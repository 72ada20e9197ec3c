//! One module per command; each has its own `run`.

mod sandbox;

use crate::cli::{Cli, Command};

pub async fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Sandbox(args) => sandbox::run(args).await,
    }
}
