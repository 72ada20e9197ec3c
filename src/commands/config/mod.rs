//! `payctl config`: show and edit profiles without opening the file.

pub mod init;
mod list;
mod set;
mod show;
mod use_profile;

pub use init::environment_of;

use std::path::PathBuf;

use clap::Subcommand;

use crate::context::Ctx;

#[derive(Debug, Subcommand)]
pub enum ConfigCommand {
    /// Show the selected profile's settings as they resolve (flags, environment, profile, defaults).
    #[command(after_help = "Examples:\n  payctl config show\n  payctl --profile staging config show --output json")]
    Show,
    /// Set one key of the selected profile; an empty VALUE unsets it.
    #[command(after_help = "Keys: base_url, auth_url, client_id, username, environment, application_id, \
api_key_id, and api_key: an API key you already have, kept in the secret store (never in config.toml); \
VALUE `-` reads it from standard input, and its environment follows from its prefix.

Examples:
  payctl config set base_url https://api.example.com
  payctl --profile staging config set username ops@example.com
  printf '%s' \"$KEY\" | payctl config set api_key -")]
    Set {
        /// The setting: base_url, auth_url, client_id, username, environment, application_id, api_key_id, or
        /// api_key (kept in the secret store).
        key: String,
        /// Its new value; empty removes it; `-` reads it from standard input (for api_key).
        value: String,
    },
    /// Make PROFILE the default for later commands.
    #[command(after_help = "Examples:\n  payctl config use staging")]
    Use {
        /// The profile to make the default (its own id, so the global --profile still works here).
        #[arg(value_name = "PROFILE", add = crate::complete::profiles())]
        name: String,
    },
    /// List the profiles; the default one is marked.
    #[command(after_help = "Examples:\n  payctl config list\n  payctl config list --output json")]
    List,
    /// Create a profile from a sandbox's ready line, or from a base URL and a key you have.
    #[command(after_help = "With --from-ready, the TEST key becomes the profile's API key and the LIVE key goes \
to a second profile named <NAME>-live. Without it, --api-key (or PAYCTL_API_KEY) is stored as the profile's \
key for --base-url, with --app as its application: the command `payctl sandbox` prints in its banner.

Examples:
  payctl sandbox --in-memory --listen 127.0.0.1:0 --ready-file ready.json &
  payctl sandbox wait --ready-file ready.json && payctl config init --from-ready ready.json
  jq -c . ready.json | payctl config init --from-ready - --name ci --no-use
  payctl config init --base-url http://127.0.0.1:4242 --api-key sk_test_... --app APP_ID")]
    Init {
        /// File holding the ready line, or `-` for standard input.
        #[arg(long, value_name = "FILE")]
        from_ready: Option<PathBuf>,
        /// Without --from-ready: the application of the --api-key.
        #[arg(long, value_name = "APP_ID", conflicts_with = "from_ready")]
        app: Option<String>,
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
        ConfigCommand::Use { name } => use_profile::run(ctx, name),
        ConfigCommand::List => list::run(ctx),
        ConfigCommand::Init { from_ready, app, name, no_use } => match from_ready {
            Some(file) => init::from_ready(ctx, &file, name, no_use),
            None => init::from_key(ctx, app, name, no_use),
        },
    }
}
