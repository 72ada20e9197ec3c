//! `payctl keys`: API keys of an application (dashboard login). The
//! application defaults to the profile's, so `payctl keys rotate` alone
//! rotates the key the profile uses.

mod create;
mod list;
mod revoke;
mod rotate;

use clap::{Args, Subcommand};
use payctl_wire::applications::{CreateApiKey, CreatedApiKey};
use reqwest::Method;

use crate::cli::ListArgs;
use crate::commands::apps::segment;
use crate::commands::resource::Session;
use crate::context::Ctx;
use crate::credentials::Secret;
use crate::exit;
use crate::output::{self, Column};

#[derive(Debug, Subcommand)]
pub enum KeysCommand {
    /// Create a key; its secret exists only in this answer, so keep it with --save or see it with --show-secret.
    #[command(
        after_help = "Examples:\n  payctl keys create --save                      # becomes the profile's key\n  payctl keys create --app APP_ID --name ci --expires-at 2027-01-01T00:00:00Z --show-secret"
    )]
    Create(CreateArgs),
    /// List the keys of an application, newest first (never their secrets).
    #[command(after_help = "Examples:\n  payctl keys list\n  payctl keys list --app APP_ID --all --output json")]
    List {
        #[command(flatten)]
        app: AppArg,
        #[command(flatten)]
        list: ListArgs,
    },
    /// Revoke a key at once; calls with it then answer 401.
    #[command(after_help = "Examples:\n  payctl keys revoke KEY_ID\n  payctl keys revoke KEY_ID --app APP_ID")]
    Revoke {
        /// The key's id (`payctl keys list` lists them).
        key_id: String,
        #[command(flatten)]
        app: AppArg,
    },
    /// Create a new key, switch the profile to it, then revoke the old one.
    #[command(
        after_help = "Rotation without downtime: the profile holds the new key before the old one is revoked.\n\nExamples:\n  payctl keys rotate\n  payctl --profile prod keys rotate --show-secret   # also print the new secret once"
    )]
    Rotate {
        #[command(flatten)]
        app: AppArg,
        /// Also print the new secret (it is stored in the profile either way).
        #[arg(long)]
        show_secret: bool,
    },
}

#[derive(Debug, Args)]
pub struct AppArg {
    /// Application id [default: the profile's application_id].
    #[arg(long = "app", value_name = "APP_ID")]
    pub id: Option<String>,
}

#[derive(Debug, Args)]
pub struct CreateArgs {
    #[command(flatten)]
    pub app: AppArg,
    /// A label to tell keys apart.
    #[arg(long)]
    pub name: Option<String>,
    /// Expiry, ISO 8601 in the future (e.g. 2027-01-01T00:00:00Z).
    #[arg(long, value_name = "TIME")]
    pub expires_at: Option<String>,
    /// Store the secret as the profile's API key.
    #[arg(long)]
    pub save: bool,
    /// Print the secret; it cannot be read again later.
    #[arg(long)]
    pub show_secret: bool,
}

pub const COLUMNS: &[Column] = &[
    ("ID", "api_key_id"),
    ("PREFIX", "prefix"),
    ("TYPE", "type"),
    ("STATUS", "status"),
    ("NAME", "name"),
    ("EXPIRES", "expires_at"),
    ("CREATED", "created_at"),
];

pub async fn run(ctx: Ctx, cmd: KeysCommand) -> anyhow::Result<()> {
    match cmd {
        KeysCommand::Create(args) => create::run(ctx, args).await,
        KeysCommand::List { app, list } => list::run(ctx, app, list).await,
        KeysCommand::Revoke { key_id, app } => revoke::run(ctx, &key_id, app).await,
        KeysCommand::Rotate { app, show_secret } => rotate::run(ctx, app, show_secret).await,
    }
}

impl AppArg {
    /// The application's path prefix, `/v1/applications/{id}`.
    fn path(&self, ctx: &Ctx) -> anyhow::Result<(String, String)> {
        let id = match &self.id {
            Some(id) => id.clone(),
            None => ctx.profile().application_id.ok_or_else(|| {
                exit::usage(format!(
                    "profile {:?} has no application_id: pass --app APP_ID (`payctl apps list` lists them)",
                    ctx.profile
                ))
            })?,
        };
        let path = format!("/v1/applications/{}", segment(&id)?);
        Ok((id, path))
    }
}

/// Checked before a key is minted: the profile's secret store and config
/// file can take the new key, so it is never created only to be lost.
fn check_can_adopt(ctx: &Ctx) -> anyhow::Result<()> {
    ctx.store()?.check_writable(&ctx.profile)?;
    ctx.save()
}

/// Mints a key and returns it with its secret: the answer's secret must be
/// there (a replayed answer withholds it), else nothing is stored and the
/// error says what to do.
async fn mint(s: &Session, path: &str, body: &CreateApiKey) -> anyhow::Result<(CreatedApiKey, String)> {
    let key: CreatedApiKey = s.call(Method::POST, &format!("{path}/keys"), Some(&serde_json::to_value(body)?)).await?;
    let id = &key.api_key_id;
    let remedy = format!("revoke key {id} with `payctl keys revoke {id}` and create another");
    let secret = crate::commands::secret::one_time(key.client_secret.as_deref(), "client_secret", &remedy)?.to_owned();
    Ok((key, secret))
}

/// Makes a new key (its `secret` from [`mint`]) the profile's key, with what
/// the profile needs to rotate it later.
fn adopt(ctx: &mut Ctx, app_id: &str, key: &CreatedApiKey, secret: &str) -> anyhow::Result<()> {
    let store = ctx.store()?;
    store.set(&ctx.profile, Secret::ApiKey, secret)?;
    let profile = ctx.profile_mut();
    profile.credential_store = Some(store.kind());
    profile.application_id = Some(app_id.to_owned());
    profile.api_key_id = Some(key.api_key_id.clone());
    profile.environment = Some(key.key_type);
    ctx.save()
}

/// Prints a created key, its secret masked unless asked for.
fn print_created(ctx: &Ctx, key: &CreatedApiKey, show_secret: bool) -> anyhow::Result<()> {
    let masked: &[&str] = if show_secret { &[] } else { &["client_secret"] };
    output::record_masked(ctx.output, key, masked)
}
