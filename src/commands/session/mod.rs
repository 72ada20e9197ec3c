//! The dashboard login: `login`, `logout`, `whoami`, and [`bearer`], which
//! every bearer command uses to get a valid access token, refreshing it with
//! the stored refresh token when it has expired.

pub mod login;
pub mod logout;
pub mod whoami;

use std::time::{SystemTime, UNIX_EPOCH};

use clap::Args;
use payctl_wire::auth::TokenResponse;

use crate::client::{Auth, Client};
use crate::context::Ctx;
use crate::credentials::{Secret, Store, StoreKind};
use crate::exit;

pub const LOGIN_EXAMPLES: &str = "Examples:
  payctl login                                        # prompts on a terminal
  payctl login --username demo@payctl.local --password-stdin < password.txt
  printf '%s' \"$PASSWORD\" | payctl --profile staging login --username ops@example.com \\
      --password-stdin";
pub const LOGOUT_EXAMPLES: &str = "Examples:
  payctl logout
  payctl --profile staging logout";
pub const WHOAMI_EXAMPLES: &str = "Examples:
  payctl whoami
  payctl whoami --output json";

#[derive(Debug, Args)]
pub struct LoginArgs {
    /// Dashboard user name [default: the profile's username].
    #[arg(long, value_name = "NAME")]
    pub username: Option<String>,
    /// Read the password from standard input (for scripts).
    #[arg(long)]
    pub password_stdin: bool,
}

/// Refresh a little early so a token never expires in flight.
const EXPIRY_MARGIN_SECS: u64 = 30;

fn now_secs() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// Stores both tokens of a token answer for the profile.
fn save_tokens(store: &Store, profile: &str, tokens: &TokenResponse) -> anyhow::Result<()> {
    let expires = now_secs() + tokens.expires_in;
    store.set(profile, Secret::AccessToken, &format!("{expires} {}", tokens.access_token))?;
    store.set(profile, Secret::RefreshToken, &tokens.refresh_token)
}

/// What refreshing a login needs; the client holds one so that it can
/// refresh and retry once when the API rejects an access token the local
/// clock still thought valid (clock skew, or a sandbox clock moved ahead).
pub struct Login {
    pub auth_url: reqwest::Url,
    pub client_id: String,
    pub profile: String,
    pub dir: std::path::PathBuf,
    /// The store the profile's tokens are in, as it recorded.
    pub store: Option<StoreKind>,
}

impl Login {
    pub fn of(ctx: &Ctx) -> anyhow::Result<Login> {
        Ok(Login {
            auth_url: ctx.auth_url()?,
            client_id: ctx.client_id(),
            profile: ctx.profile.clone(),
            dir: ctx.dir.clone(),
            store: ctx.profile().credential_store,
        })
    }

    /// A new access token from the stored refresh token, stored in turn.
    pub async fn refresh(&self, client: &Client) -> anyhow::Result<String> {
        let store = Store::open(&self.dir, self.store)?;
        let Some(refresh) = store.get(&self.profile, Secret::RefreshToken)? else {
            return Err(exit::auth(format!("not logged in (profile {:?}); run `payctl login`", self.profile)));
        };
        let form = [
            ("grant_type", "refresh_token"),
            ("client_id", self.client_id.as_str()),
            ("refresh_token", refresh.as_str()),
        ];
        let tokens = client.token(&self.auth_url, &form).await.map_err(|e| {
            if exit::code_for(&e) == exit::AUTH {
                exit::auth(format!("your login has expired ({e}); run `payctl login` again"))
            } else {
                e
            }
        })?;
        save_tokens(&store, &self.profile, &tokens)?;
        Ok(tokens.access_token)
    }
}

/// A valid bearer token for the profile, refreshed when it has expired.
pub async fn bearer(ctx: &Ctx, client: &Client) -> anyhow::Result<Auth> {
    if let Some(stored) = ctx.store()?.get(&ctx.profile, Secret::AccessToken)?
        && let Some((expires, token)) = stored.split_once(' ')
        && expires.parse::<u64>().is_ok_and(|e| e > now_secs() + EXPIRY_MARGIN_SECS)
    {
        return Ok(Auth::Bearer(token.to_owned()));
    }
    Ok(Auth::Bearer(Login::of(ctx)?.refresh(client).await?))
}
