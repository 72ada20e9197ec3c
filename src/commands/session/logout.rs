//! `payctl logout`: forgets the profile's tokens; its API key stays.

use crate::context::Ctx;
use crate::credentials::Secret;

pub fn run(ctx: Ctx) -> anyhow::Result<()> {
    let store = ctx.store()?;
    store.delete(&ctx.profile, Secret::AccessToken)?;
    store.delete(&ctx.profile, Secret::RefreshToken)?;
    crate::say!("Logged out of profile {}.", ctx.profile);
    Ok(())
}
