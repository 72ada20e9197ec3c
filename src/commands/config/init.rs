//! `payctl config init`: points a profile at an API in one step, from a
//! sandbox's JSON ready line (`--from-ready`, for CI), or from a base URL
//! and an API key the user already has (what the sandbox's banner prints).

use std::io::Read;
use std::path::Path;

use anyhow::Context;
use payctl_domain::credentials::{LIVE_KEY, TEST_KEY};
use payctl_wire::applications::Environment;
use payctl_wire::sandbox::ReadyLine;

use crate::config::Profile;
use crate::context::Ctx;
use crate::credentials::Secret;
use crate::exit;

pub fn from_ready(mut ctx: Ctx, from: &Path, name: Option<String>, no_use: bool) -> anyhow::Result<()> {
    let text = if from == Path::new("-") {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s).context("cannot read the ready line from standard input")?;
        s
    } else {
        std::fs::read_to_string(from)
            .map_err(|e| exit::local(format!("cannot read --from-ready {}: {e}", from.display())))?
    };
    // The sandbox prints the ready line first; anything after it is ignored.
    let line = text.lines().find(|l| !l.trim().is_empty()).unwrap_or_default();
    let ready: ReadyLine = serde_json::from_str(line).map_err(|e| {
        exit::usage(format!("--from-ready does not hold a sandbox ready line (`payctl sandbox --json`): {e}"))
    })?;
    let name = name.unwrap_or_else(|| ctx.profile.clone());
    let live_name = format!("{name}-live");
    let mut described = String::new();
    // Remembered so that a sandbox that moved (a restart on another port)
    // can be explained; standard input leaves nothing to look at later.
    let from_ready = (from != Path::new("-"))
        .then(|| std::path::absolute(from).unwrap_or_else(|_| from.to_path_buf()).display().to_string());
    for (profile, env, app, key) in [
        (&name, Environment::Test, &ready.test_application_id, &ready.test_api_key),
        (&live_name, Environment::Live, &ready.live_application_id, &ready.live_api_key),
    ] {
        let store = ctx.store_for(profile)?;
        // The same application (a restarted sandbox on the same database)
        // keeps its `payctl listen` endpoint; another forgets it.
        let previous = ctx.config.profiles.get(profile.as_str()).cloned().unwrap_or_default();
        let listen_webhook_id = previous.listen_webhook_id.filter(|_| previous.application_id.as_ref() == Some(app));
        if listen_webhook_id.is_none() {
            store.delete(profile, Secret::ListenSigning)?;
        }
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
                credential_store: Some(store.kind()),
                from_ready: from_ready.clone(),
                listen_webhook_id,
            },
        );
        store.set(profile, Secret::ApiKey, key)?;
        // A new sandbox issues new tokens; old ones would only fail.
        store.delete(profile, Secret::AccessToken)?;
        store.delete(profile, Secret::RefreshToken)?;
        described = store.describe();
    }
    if !no_use {
        ctx.config.current_profile = Some(name.clone());
    }
    ctx.save()?;
    crate::say!(
        "Profile {name} now points at {} with the TEST key; profile {live_name} holds the LIVE key. Secrets are in {}.\nLog in with: payctl login --username {} --password-stdin",
        ready.base_url,
        described,
        ready.username
    );
    Ok(())
}

/// A key the user already has: `--api-key` (or `PAYCTL_API_KEY`) stored as
/// the profile's, for `--base-url` (else the profile's or the default).
pub fn from_key(mut ctx: Ctx, app: Option<String>, name: Option<String>, no_use: bool) -> anyhow::Result<()> {
    let Some(key) = ctx.globals.api_key.clone() else {
        return Err(exit::usage(
            "pass --from-ready FILE (a sandbox's ready line), or --api-key KEY with --base-url URL and --app APP_ID \
             to store a key you already have (the sandbox's banner prints this command)",
        ));
    };
    let name = name.unwrap_or_else(|| ctx.profile.clone());
    let base = ctx.base_url()?;
    save_key(&mut ctx, &base, &key, app, &name, no_use)
}

/// Stores `key` as profile `name`'s API key for the server at `base` (and,
/// unless `no_use`, makes it the current profile).
pub fn save_key(
    ctx: &mut Ctx,
    base: &reqwest::Url,
    key: &str,
    app: Option<String>,
    name: &str,
    no_use: bool,
) -> anyhow::Result<()> {
    let name = name.to_owned();
    let base = base.as_str().trim_end_matches('/').to_owned();
    let store = ctx.store_for(&name)?;
    store.set(&name, Secret::ApiKey, key)?;
    // Tokens of another server would only fail.
    store.delete(&name, Secret::AccessToken)?;
    store.delete(&name, Secret::RefreshToken)?;
    let previous = ctx.config.profiles.get(&name).cloned().unwrap_or_default();
    let same_server = previous.base_url.as_deref() == Some(base.as_str());
    let same_app = same_server && previous.application_id == app;
    if !same_app {
        store.delete(&name, Secret::ListenSigning)?;
    }
    let profile = Profile {
        auth_url: ctx.globals.auth_url.clone().or(if same_server { previous.auth_url } else { None }),
        client_id: previous.client_id,
        username: if same_server { previous.username } else { None },
        environment: environment_of(key),
        application_id: app,
        api_key_id: None,
        base_url: Some(base.clone()),
        credential_store: Some(store.kind()),
        from_ready: None,
        listen_webhook_id: previous.listen_webhook_id.filter(|_| same_app),
    };
    ctx.config.profiles.insert(name.clone(), profile);
    if !no_use {
        ctx.config.current_profile = Some(name.clone());
    }
    ctx.save()?;
    crate::say!("Profile {name} now points at {base} with that API key, kept in {}.", store.describe());
    Ok(())
}

/// A key's environment, from its prefix (`sk_live_`, `sk_test_`).
pub fn environment_of(key: &str) -> Option<Environment> {
    if key.starts_with(LIVE_KEY.prefix) {
        Some(Environment::Live)
    } else if key.starts_with(TEST_KEY.prefix) {
        Some(Environment::Test)
    } else {
        None
    }
}
