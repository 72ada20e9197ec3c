//! `payctl webhooks delete ID`: `DELETE /v1/webhooks/{id}`.

use reqwest::Method;

use crate::commands::apps::segment;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, id: &str) -> anyhow::Result<()> {
    let path = format!("/v1/webhooks/{}", segment(id)?);
    let s = Session::open(ctx, Cred::Key).await?;
    s.client.call(Method::DELETE, &path, &s.auth, None).await?;
    crate::say!("Deleted webhook endpoint {id} and its deliveries.");
    Ok(())
}
