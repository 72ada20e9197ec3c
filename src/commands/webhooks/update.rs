//! `payctl webhooks update ID`: `PATCH /v1/webhooks/{id}` with the fields given.

use payctl_wire::webhooks::{UpdateWebhook, WebhookEndpoint};
use reqwest::Method;

use crate::commands::apps::segment;
use crate::commands::resource::{Cred, DataArg, Session};
use crate::context::Ctx;
use crate::exit;

pub async fn run(ctx: Ctx, id: &str, change: UpdateWebhook) -> anyhow::Result<()> {
    let path = format!("/v1/webhooks/{}", segment(id)?);
    // Only the fields given are sent: PATCH leaves the others as they are.
    let body = DataArg { data: None }.body(&change)?;
    if body.as_object().is_some_and(|m| m.is_empty()) {
        return Err(exit::usage("nothing to change: pass --url, --description, --events, --enable or --disable"));
    }
    let s = Session::open(ctx, Cred::Key).await?;
    let endpoint: WebhookEndpoint = s.call(Method::PATCH, &path, Some(&body)).await?;
    crate::say!("Updated webhook endpoint {}.", endpoint.id);
    s.print(&endpoint)
}
