//! `payctl config show`: the settings a command would use right now, and
//! where each secret is kept, never the secret itself.

use serde_json::json;

use crate::config;
use crate::context::Ctx;
use crate::credentials::Secret;
use crate::output;

pub fn run(ctx: Ctx) -> anyhow::Result<()> {
    let profile = ctx.profile();
    let store = ctx.store()?;
    let api_key = if ctx.globals.api_key.is_some() {
        "from --api-key / PAYCTL_API_KEY".to_owned()
    } else if store.get(&ctx.profile, Secret::ApiKey)?.is_some() {
        format!("stored in {}", store.describe())
    } else {
        "none".to_owned()
    };
    let logged_in = store.get(&ctx.profile, Secret::RefreshToken)?.is_some();
    let value = json!({
        "profile": ctx.profile,
        "config_file": ctx.dir.join(config::FILE_NAME).display().to_string(),
        "base_url": ctx.base_url()?.as_str().trim_end_matches('/'),
        "auth_url": ctx.auth_url()?.as_str().trim_end_matches('/'),
        "client_id": ctx.client_id(),
        "username": profile.username,
        "environment": profile.environment,
        "application_id": profile.application_id,
        "api_key_id": profile.api_key_id,
        "api_key": api_key,
        "logged_in": logged_in,
    });
    output::record(ctx.output, &value)
}
