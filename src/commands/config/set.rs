//! `payctl config set KEY VALUE` on the selected profile.

use crate::context::Ctx;

pub fn run(mut ctx: Ctx, key: &str, value: &str) -> anyhow::Result<()> {
    ctx.profile_mut().set(key, value)?;
    ctx.save()?;
    crate::say!("Set {key} of profile {}.", ctx.profile);
    Ok(())
}
