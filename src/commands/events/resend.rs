//! `payctl events resend EVENT_ID`: finds the event's deliveries on the
//! application's endpoints and redelivers each
//! (`POST /v1/webhooks/{id}/deliveries/{delivery_id}/redeliver`).

use payctl_wire::page::Page;

use crate::commands::apps::segment;
use crate::commands::resource::{Cred, Session};
use crate::commands::webhooks::{deliveries, lookup, redeliver};
use crate::context::Ctx;
use crate::exit;

pub async fn run(ctx: Ctx, event_id: &str) -> anyhow::Result<()> {
    let event_id = segment(event_id)?.to_owned();
    let s = Session::open(ctx, Cred::Key).await?;
    let found = lookup::deliveries(&s, &event_id, |d| d.event_id == event_id).await?;
    if found.is_empty() {
        return Err(exit::api(format!(
            "no endpoint of this application has a delivery of event {event_id}: none was subscribed to its type \
             when it happened, or the endpoint has been deleted since (`payctl webhooks list` lists the endpoints)"
        )));
    }
    let mut sent = Vec::new();
    for delivery in &found {
        sent.push(redeliver::redeliver(&s, &delivery.webhook_id, &delivery.id).await?);
    }
    let to: Vec<String> = sent.iter().map(|d| format!("{} ({})", d.id, d.webhook_id)).collect();
    crate::say!("Redelivering event {event_id}: {} delivery(ies) queued now: {}.", sent.len(), to.join(", "));
    deliveries::print(s.ctx.output, &Page { data: sent, next_cursor: None })
}
