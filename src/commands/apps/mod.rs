//! `payctl apps`: the partner's applications (dashboard login).

mod create;
mod deactivate;
mod get;
mod list;

use clap::{Subcommand, ValueEnum};
use payctl_wire::applications::Environment;

use crate::cli::ListArgs;
use crate::context::Ctx;
use crate::output::Column;

#[derive(Debug, Subcommand)]
pub enum AppsCommand {
    /// Create an application; its environment is fixed for life.
    #[command(
        after_help = "Examples:\n  payctl apps create --name checkout --environment test\n  payctl apps create --name prod-checkout --environment live --output json"
    )]
    Create {
        /// The application's name, shown in lists and the console.
        #[arg(long)]
        name: String,
        /// TEST (sandbox behaviour, simulations allowed) or LIVE.
        #[arg(long, value_enum, ignore_case = true)]
        environment: Env,
    },
    /// List applications, newest first.
    #[command(
        after_help = "Examples:\n  payctl apps list\n  payctl apps list --all --output json | jq -r '.data[].id'"
    )]
    List(ListArgs),
    /// Show one application.
    #[command(after_help = "Examples:\n  payctl apps get APP_ID")]
    Get {
        /// The application's id (`payctl apps list` lists them).
        id: String,
    },
    /// Deactivate an application: its keys then answer 403 ATH_0002.
    #[command(after_help = "Examples:\n  payctl apps deactivate APP_ID")]
    Deactivate {
        /// The application's id (`payctl apps list` lists them).
        id: String,
    },
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Env {
    Test,
    Live,
}

impl From<Env> for Environment {
    fn from(e: Env) -> Environment {
        match e {
            Env::Test => Environment::Test,
            Env::Live => Environment::Live,
        }
    }
}

pub const COLUMNS: &[Column] =
    &[("ID", "id"), ("NAME", "name"), ("ENV", "environment"), ("STATUS", "status"), ("CREATED", "created_at")];

pub async fn run(ctx: Ctx, cmd: AppsCommand) -> anyhow::Result<()> {
    match cmd {
        AppsCommand::Create { name, environment } => create::run(ctx, name, environment.into()).await,
        AppsCommand::List(args) => list::run(ctx, args).await,
        AppsCommand::Get { id } => get::run(ctx, &id).await,
        AppsCommand::Deactivate { id } => deactivate::run(ctx, &id).await,
    }
}

/// Path segment for an id typed by the user, so `../` cannot change the route.
pub fn segment(id: &str) -> anyhow::Result<&str> {
    if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_')) {
        return Err(crate::exit::usage(format!("{id:?} is not a valid id (letters, digits, - and _)")));
    }
    Ok(id)
}
