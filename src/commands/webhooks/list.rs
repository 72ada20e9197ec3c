//! `payctl webhooks list`: `GET /v1/webhooks`.

use payctl_wire::webhooks::WebhookEndpoint;

use crate::cli::ListArgs;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, list: ListArgs) -> anyhow::Result<()> {
    Session::open(ctx, Cred::Key).await?.list::<WebhookEndpoint>("/v1/webhooks", &list, super::COLUMNS).await
}
