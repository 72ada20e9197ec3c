//! `payctl webhooks deliveries ID`: `GET /v1/webhooks/{id}/deliveries`.

use payctl_wire::webhooks::Delivery;

use crate::cli::ListArgs;
use crate::commands::apps::segment;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, id: &str, list: ListArgs) -> anyhow::Result<()> {
    let path = format!("/v1/webhooks/{}/deliveries", segment(id)?);
    Session::open(ctx, Cred::Key).await?.list::<Delivery>(&path, &list, super::DELIVERY_COLUMNS).await
}
