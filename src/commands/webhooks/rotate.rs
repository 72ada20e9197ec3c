//! `payctl webhooks rotate-secret ID`: `POST /v1/webhooks/{id}/secret/rotate`.

use payctl_wire::webhooks::WebhookWithSecret;
use reqwest::Method;

use super::SecretArgs;
use crate::commands::apps::segment;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, id: &str, secret: SecretArgs) -> anyhow::Result<()> {
    secret.require()?;
    let path = format!("/v1/webhooks/{}/secret/rotate", segment(id)?);
    let s = Session::open(ctx, Cred::Key).await?;
    let rotated: WebhookWithSecret = s.call(Method::POST, &path, Some(&serde_json::json!({}))).await?;
    eprintln!("Rotated the signing secret of {}; the old secret signs nothing more.", rotated.endpoint.id);
    secret.keep(s.ctx.output, &rotated)
}
