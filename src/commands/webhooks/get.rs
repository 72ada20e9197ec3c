//! `payctl webhooks get ID`: `GET /v1/webhooks/{id}`.

use payctl_wire::webhooks::WebhookEndpoint;

use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, id: &str) -> anyhow::Result<()> {
    Session::show_one::<WebhookEndpoint>(ctx, Cred::Key, "/v1/webhooks", id).await
}
