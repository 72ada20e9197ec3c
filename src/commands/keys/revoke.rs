//! `payctl keys revoke KEY_ID`: `DELETE /v1/applications/{id}/keys/{key_id}`.

use reqwest::Method;

use super::AppArg;
use crate::commands::apps::segment;
use crate::commands::session::bearer;
use crate::context::Ctx;
use crate::credentials::Secret;

pub async fn run(mut ctx: Ctx, key_id: &str, app: AppArg) -> anyhow::Result<()> {
    let (_, path) = app.path(&ctx)?;
    let client = ctx.client()?;
    let auth = bearer(&ctx, &client).await?;
    client.call(Method::DELETE, &format!("{path}/keys/{}", segment(key_id)?), &auth, None).await?;
    eprintln!("Revoked key {key_id}.");
    // A revoked key is useless; keeping it would only produce 401s later.
    if ctx.profile().api_key_id.as_deref() == Some(key_id) {
        ctx.store()?.delete(&ctx.profile, Secret::ApiKey)?;
        ctx.profile_mut().api_key_id = None;
        ctx.save()?;
        eprintln!("It was the API key of profile {}; removed it from the profile.", ctx.profile);
    }
    Ok(())
}
