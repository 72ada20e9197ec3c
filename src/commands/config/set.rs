//! `payctl config set KEY VALUE` on the selected profile. `api_key` is the
//! one secret it takes: stored in the secret store, never in config.toml.

use crate::context::Ctx;
use crate::credentials::Secret;
use crate::exit;

pub fn run(mut ctx: Ctx, key: &str, value: &str) -> anyhow::Result<()> {
    if key == "api_key" {
        return set_api_key(ctx, value);
    }
    ctx.profile_mut().set(key, value)?;
    ctx.save()?;
    crate::say!("Set {key} of profile {}.", ctx.profile);
    Ok(())
}

/// `-` reads the key from standard input, so it stays out of shell history.
fn set_api_key(mut ctx: Ctx, value: &str) -> anyhow::Result<()> {
    let key = if value == "-" {
        std::io::read_to_string(std::io::stdin())
            .map_err(|e| exit::local(format!("cannot read the API key from standard input: {e}")))?
    } else {
        value.to_owned()
    };
    let key = key.trim();
    let store = ctx.store()?;
    if key.is_empty() {
        store.delete(&ctx.profile, Secret::ApiKey)?;
        let profile = ctx.profile_mut();
        profile.api_key_id = None;
        ctx.save()?;
        crate::say!("Removed the API key of profile {}.", ctx.profile);
        return Ok(());
    }
    store.set(&ctx.profile, Secret::ApiKey, key)?;
    let profile = ctx.profile_mut();
    profile.credential_store = Some(store.kind());
    // The old key's id and environment no longer describe this key.
    profile.api_key_id = None;
    profile.environment = super::init::environment_of(key);
    ctx.save()?;
    crate::say!("Stored the API key of profile {} in {}.", ctx.profile, store.describe());
    Ok(())
}
