//! `payctl webhooks create`: `POST /v1/webhooks`.

use payctl_wire::webhooks::CreateWebhook;
use reqwest::Method;
use serde_json::Value;

use super::SecretArgs;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(
    ctx: Ctx,
    url: String,
    events: Vec<String>,
    description: Option<String>,
    secret: SecretArgs,
) -> anyhow::Result<()> {
    let file = secret.prepare()?;
    let body = serde_json::to_value(CreateWebhook { url, description, events })?;
    let s = Session::open(ctx, Cred::Key).await?;
    let created: Value = s.call(Method::POST, "/v1/webhooks", Some(&body)).await?;
    crate::say!(
        "Created webhook endpoint {} for {}.",
        created["id"].as_str().unwrap_or("?"),
        created["url"].as_str().unwrap_or("?")
    );
    secret.keep(s.ctx.output, created, file)
}
