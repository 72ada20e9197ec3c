//! `payctl config use PROFILE`: the default for later commands.

use crate::context::Ctx;
use crate::exit;

pub fn run(mut ctx: Ctx, profile: String) -> anyhow::Result<()> {
    if !ctx.config.profiles.contains_key(&profile) {
        let known: Vec<&str> = ctx.config.profiles.keys().map(String::as_str).collect();
        return Err(exit::usage(format!("no profile {profile:?}; known profiles: {}", known.join(", "))));
    }
    crate::say!("Now using profile {profile}.");
    ctx.config.current_profile = Some(profile);
    ctx.save()
}
