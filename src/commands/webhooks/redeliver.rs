//! `payctl webhooks redeliver DELIVERY_ID [--webhook WEBHOOK_ID]`:
//! `POST /v1/webhooks/{id}/deliveries/{delivery_id}/redeliver`, the
//! endpoint found from the delivery when not given.

use payctl_wire::webhooks::Delivery;
use reqwest::Method;

use super::lookup;
use crate::commands::apps::segment;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;
use crate::exit;

pub async fn run(ctx: Ctx, delivery_id: &str, webhook: Option<String>) -> anyhow::Result<()> {
    let delivery_id = segment(delivery_id)?.to_owned();
    let s = Session::open(ctx, Cred::Key).await?;
    let webhook = match webhook {
        Some(id) => id,
        None => lookup::deliveries(&s, &delivery_id, |d| d.id == delivery_id)
            .await?
            .into_iter()
            .next()
            .map(|d| d.webhook_id)
            .ok_or_else(|| {
                exit::api(format!(
                    "no endpoint of this application has a delivery {delivery_id}; `payctl webhooks deliveries \
                     WEBHOOK_ID` lists an endpoint's deliveries"
                ))
            })?,
    };
    let delivery = redeliver(&s, &webhook, &delivery_id).await?;
    crate::say!("Delivery {} (endpoint {webhook}) is queued for another attempt now.", delivery.id);
    s.print(&delivery)
}

/// Queues one more attempt of a delivery of `webhook`, now.
pub async fn redeliver(s: &Session, webhook: &str, delivery_id: &str) -> anyhow::Result<Delivery> {
    let path = format!("/v1/webhooks/{}/deliveries/{}/redeliver", segment(webhook)?, segment(delivery_id)?);
    s.call(Method::POST, &path, Some(&serde_json::json!({}))).await
}
