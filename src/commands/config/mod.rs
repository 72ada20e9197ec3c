//! `payctl config`: show and edit profiles without opening the file.

mod init;
mod list;
mod set;
mod show;
mod use_profile;

use std::path::PathBuf;

use clap::Subcommand;

use crate::context::Ctx;

#[derive(Debug, Subcommand)]
pub enum ConfigCommand {
    /// Show the selected profile's settings as they resolve (flags, environment, profile, defaults).
    #[command(after_help = "Examples:\n  payctl config show\n  payctl --profile staging config show --output json")]
    Show,
    /// Set one key of the selected profile; an empty VALUE unsets it.
    #[command(
        after_help = "Keys: base_url, auth_url, client_id, username, environment, application_id, api_key_id\n\nExamples:\n  payctl config set base_url https://api.example.com\n  payctl --profile staging config set username ops@example.com"
    )]
    Set { key: String, value: String },
    /// Make PROFILE the default for later commands.
    #[command(after_help = "Examples:\n  payctl config use staging")]
    Use { profile: String },
    /// List the profiles; the default one is marked.
    #[command(after_help = "Examples:\n  payctl config list\n  payctl config list --output json")]
    List,
    /// Create a profile from the JSON ready line of `payctl sandbox --json`.
    #[command(
        after_help = "The TEST key becomes the profile's API key; the LIVE key goes to a second profile named <NAME>-live.\n\nExamples:\n  payctl sandbox --in-memory --json --listen 127.0.0.1:0 > ready.json &\n  payctl config init --from-ready ready.json\n  jq -c . ready.json | payctl config init --from-ready - --name ci --no-use"
    )]
    Init {
        /// File holding the ready line, or `-` for standard input.
        #[arg(long, value_name = "FILE")]
        from_ready: PathBuf,
        /// Profile to create or overwrite [default: the selected profile].
        #[arg(long, value_name = "NAME")]
        name: Option<String>,
        /// Keep the current default profile instead of switching to the new one.
        #[arg(long)]
        no_use: bool,
    },
}

pub async fn run(ctx: Ctx, cmd: ConfigCommand) -> anyhow::Result<()> {
    match cmd {
        ConfigCommand::Show => show::run(ctx),
        ConfigCommand::Set { key, value } => set::run(ctx, &key, &value),
        ConfigCommand::Use { profile } => use_profile::run(ctx, profile),
        ConfigCommand::List => list::run(ctx),
        ConfigCommand::Init { from_ready, name, no_use } => init::run(ctx, &from_ready, name, no_use),
    }
}
