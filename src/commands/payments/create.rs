//! `payctl payments create`: `POST /v1/payments` (the client sends a fresh
//! Idempotency-Key, which the route requires).

use payctl_wire::payments::{CreatePayment, Payment};
use reqwest::Method;

use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, quote_id: String, collection_method: String) -> anyhow::Result<()> {
    let body =
        serde_json::to_value(CreatePayment { quote_id: Some(quote_id), collection_method: Some(collection_method) })?;
    let s = Session::open(ctx, Cred::Key).await?;
    let payment: Payment = s.call(Method::POST, "/v1/payments", Some(&body)).await?;
    let pay = &payment.collection_instructions;
    crate::say!(
        "Payment {} created: pay {} {} to IBAN {} with reference {} before {}.",
        payment.id,
        pay.amount,
        pay.currency,
        pay.iban,
        pay.reference,
        pay.pay_by
    );
    s.print(&payment)
}
