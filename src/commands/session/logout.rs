//! `payctl logout`: forgets the profile's tokens; its API key stays.

use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;
use crate::credentials::Secret;

pub async fn run(ctx: Ctx) -> anyhow::Result<()> {
    // Nothing is sent: the session is only the profile and its store.
    let s = Session::open(ctx, Cred::Public).await?;
    let store = s.ctx.store()?;
    store.delete(&s.ctx.profile, Secret::AccessToken)?;
    store.delete(&s.ctx.profile, Secret::RefreshToken)?;
    crate::say!("Logged out of profile {}.", s.ctx.profile);
    Ok(())
}
