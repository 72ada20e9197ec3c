//! `payctl config list`: every profile, the default one marked.

use serde_json::{Value, json};

use crate::config;
use crate::context::Ctx;
use crate::output;

pub fn run(ctx: Ctx) -> anyhow::Result<()> {
    let current = ctx.config.current_profile.clone().unwrap_or_else(|| config::DEFAULT_PROFILE.to_owned());
    let data: Vec<Value> = ctx
        .config
        .profiles
        .iter()
        .map(|(name, p)| {
            json!({"name": name, "current": *name == current, "base_url": p.base_url, "username": p.username, "environment": p.environment})
        })
        .collect();
    let columns = [
        ("NAME", "name"),
        ("CURRENT", "current"),
        ("BASE URL", "base_url"),
        ("USER", "username"),
        ("ENV", "environment"),
    ];
    output::list(ctx.output, &json!({"data": data, "next_cursor": null}), &columns)
}
