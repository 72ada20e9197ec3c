//! `payctl payments fund ID`: the sandbox's simulation route
//! `POST /sandbox/payments/{id}/fund`, with the TEST key.

use payctl_wire::payments::Payment;
use reqwest::Method;

use crate::commands::apps::segment;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, id: &str) -> anyhow::Result<()> {
    let path = format!("/sandbox/payments/{}/fund", segment(id)?);
    let s = Session::open(ctx, Cred::Key).await?;
    let payment: Payment = s.call(Method::POST, &path, Some(&serde_json::json!({}))).await?;
    crate::say!("Payment {} is now {}.", payment.id, payment.status);
    s.print(&payment)
}
