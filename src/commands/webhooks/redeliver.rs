//! `payctl webhooks redeliver ID DELIVERY_ID`:
//! `POST /v1/webhooks/{id}/deliveries/{delivery_id}/redeliver`.

use payctl_wire::webhooks::Delivery;
use reqwest::Method;

use crate::commands::apps::segment;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, id: &str, delivery_id: &str) -> anyhow::Result<()> {
    let path = format!("/v1/webhooks/{}/deliveries/{}/redeliver", segment(id)?, segment(delivery_id)?);
    let s = Session::open(ctx, Cred::Key).await?;
    let delivery: Delivery = s.call(Method::POST, &path, Some(&serde_json::json!({}))).await?;
    crate::say!("Delivery {} is queued for another attempt now.", delivery.id);
    s.print(&delivery)
}
