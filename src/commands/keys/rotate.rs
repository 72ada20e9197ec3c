//! `payctl keys rotate`: the specification's rotation without downtime as
//! one command: create a new key, switch the profile to it, revoke the old.

use payctl_wire::applications::{ApiKey, CreateApiKey, KeyStatus};
use reqwest::Method;

use super::AppArg;
use crate::cli::ListArgs;
use crate::commands::apps::segment;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;
use crate::credentials::Secret;
use crate::exit;

pub async fn run(ctx: Ctx, app: AppArg, show_secret: bool) -> anyhow::Result<()> {
    let (app_id, path) = app.path(&ctx)?;
    super::check_can_adopt(&ctx)?;
    let s = Session::open(ctx, Cred::Bearer).await?;
    let old = current_key_id(&s, &path).await?;
    let (created, secret) = super::mint(&s, &path, &CreateApiKey::default()).await?;
    let Session { mut ctx, client, auth } = s;
    // Switch first: if the revocation fails, the profile already works.
    super::adopt(&mut ctx, &app_id, &created, &secret)?;
    crate::say!("Created key {} and switched profile {} to it.", created.api_key_id, ctx.profile);
    let revoke = format!("{path}/keys/{}", segment(&old)?);
    client.call(Method::DELETE, &revoke, &auth, None).await.map_err(|e| {
        e.context(format!(
            "the new key is in place, but revoking the old key {old} failed; run `payctl keys revoke {old}`"
        ))
    })?;
    crate::say!("Revoked the old key {old}.");
    super::print_created(&ctx, &created, show_secret)
}

/// The profile's key id, or, for a key stored without one (from a ready
/// line), the id of the application's active key whose prefix it carries.
async fn current_key_id(s: &Session, path: &str) -> anyhow::Result<String> {
    if let Some(id) = s.ctx.profile().api_key_id {
        return Ok(id);
    }
    let secret = s.ctx.store()?.get(&s.ctx.profile, Secret::ApiKey)?.ok_or_else(|| {
        exit::usage(format!(
            "profile {:?} has no API key to rotate; use `payctl keys create --save` to give it one",
            s.ctx.profile
        ))
    })?;
    let keys = s.client.list::<ApiKey>(&format!("{path}/keys"), &s.auth, &ListArgs::every()).await?;
    keys.data.into_iter().find(|k| k.status == KeyStatus::Active && secret.starts_with(&k.prefix)).map(|k| k.api_key_id).ok_or_else(
        || exit::usage("the profile's API key is not an active key of this application; pass --app APP_ID (`payctl apps list` lists them)"),
    )
}
