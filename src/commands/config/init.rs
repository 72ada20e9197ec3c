//! `payctl config init --from-ready`: a CI job that started
//! `payctl sandbox --json` points the CLI at it in one step.

use std::io::Read;
use std::path::Path;

use anyhow::Context;
use payctl_wire::applications::Environment;
use payctl_wire::sandbox::ReadyLine;

use crate::config::Profile;
use crate::context::Ctx;
use crate::credentials::Secret;
use crate::exit;

pub fn run(mut ctx: Ctx, from: &Path, name: Option<String>, no_use: bool) -> anyhow::Result<()> {
    let text = if from == Path::new("-") {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s).context("cannot read the ready line from standard input")?;
        s
    } else {
        std::fs::read_to_string(from)
            .map_err(|e| exit::usage(format!("cannot read --from-ready {}: {e}", from.display())))?
    };
    // The sandbox prints the ready line first; anything after it is ignored.
    let line = text.lines().find(|l| !l.trim().is_empty()).unwrap_or_default();
    let ready: ReadyLine = serde_json::from_str(line).map_err(|e| {
        exit::usage(format!("--from-ready does not hold a sandbox ready line (`payctl sandbox --json`): {e}"))
    })?;
    let name = name.unwrap_or_else(|| ctx.profile.clone());
    let live_name = format!("{name}-live");
    let store = ctx.store()?;
    for (profile, env, app, key) in [
        (&name, Environment::Test, &ready.test_application_id, &ready.test_api_key),
        (&live_name, Environment::Live, &ready.live_application_id, &ready.live_api_key),
    ] {
        ctx.config.profiles.insert(
            profile.clone(),
            Profile {
                base_url: Some(ready.base_url.clone()),
                auth_url: Some(ready.auth_url.clone()),
                client_id: Some(ready.client_id.clone()),
                username: Some(ready.username.clone()),
                environment: Some(env),
                application_id: Some(app.clone()),
                api_key_id: None,
            },
        );
        store.set(profile, Secret::ApiKey, key)?;
        // A new sandbox issues new tokens; old ones would only fail.
        store.delete(profile, Secret::AccessToken)?;
        store.delete(profile, Secret::RefreshToken)?;
    }
    if !no_use {
        ctx.config.current_profile = Some(name.clone());
    }
    ctx.save()?;
    crate::say!(
        "Profile {name} now points at {} with the TEST key; profile {live_name} holds the LIVE key. Secrets are in {}.\nLog in with: payctl login --username {} --password-stdin",
        ready.base_url,
        store.describe(),
        ready.username
    );
    Ok(())
}
