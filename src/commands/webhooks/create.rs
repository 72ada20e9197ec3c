//! `payctl webhooks create`: `POST /v1/webhooks`.

use payctl_wire::webhooks::{CreateWebhook, WebhookWithSecret};
use reqwest::Method;

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
    let created: WebhookWithSecret = s.call(Method::POST, "/v1/webhooks", Some(&body)).await?;
    s.created(format_args!("webhook endpoint {} for {}", created.endpoint.id, created.endpoint.url));
    secret.keep(s.ctx.output, created, file)
}
