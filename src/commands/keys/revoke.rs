//! `payctl keys revoke KEY_ID`: `DELETE /v1/applications/{id}/keys/{key_id}`.

use reqwest::Method;

use super::AppArg;
use crate::commands::apps::segment;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;
use crate::credentials::Secret;

pub async fn run(ctx: Ctx, key_id: &str, app: AppArg) -> anyhow::Result<()> {
    let (_, path) = app.path(&ctx)?;
    let s = Session::open(ctx, Cred::Bearer).await?;
    s.client.call(Method::DELETE, &format!("{path}/keys/{}", segment(key_id)?), &s.auth, None).await?;
    crate::say!("Revoked key {key_id}.");
    let mut ctx = s.ctx;
    // A revoked key is useless; keeping it would only produce 401s later.
    if ctx.profile().api_key_id.as_deref() == Some(key_id) {
        ctx.store()?.delete(&ctx.profile, Secret::ApiKey)?;
        ctx.profile_mut().api_key_id = None;
        ctx.save()?;
        crate::say!("It was the API key of profile {}; removed it from the profile.", ctx.profile);
    }
    Ok(())
}
