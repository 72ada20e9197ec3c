//! `payctl webhooks rotate-secret ID`: `POST /v1/webhooks/{id}/secret/rotate`.

use payctl_wire::webhooks::WebhookWithSecret;
use reqwest::Method;

use super::SecretArgs;
use crate::commands::apps::segment;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, id: &str, secret: SecretArgs) -> anyhow::Result<()> {
    // The destination is checked first: the old secret dies with this call.
    let file = secret.prepare()?;
    let path = format!("/v1/webhooks/{}/secret/rotate", segment(id)?);
    let s = Session::open(ctx, Cred::Key).await?;
    let rotated: WebhookWithSecret = s.call(Method::POST, &path, Some(&serde_json::json!({}))).await?;
    crate::say!("Rotated the signing secret of {id}; the old secret signs nothing more.");
    secret.keep(s.ctx.output, rotated, file)
}
