//! `payctl pricing markup set`: `PUT` of the partner's or a customer's markup.

use payctl_wire::pricing::{Markup, MarkupRequest};
use reqwest::Method;

use super::SetArgs;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, args: SetArgs) -> anyhow::Result<()> {
    let path = args.customer.path()?;
    let body = serde_json::to_value(MarkupRequest {
        kind: args.kind.into(),
        value: args.value,
        currency: args.currency,
        min_fee: args.min_fee,
        max_fee: args.max_fee,
    })?;
    let s = Session::open(ctx, Cred::Bearer).await?;
    let markup: Markup = s.call(Method::PUT, &path, Some(&body)).await?;
    match &markup.customer_id {
        Some(id) => crate::say!("Set the markup of customer {id}."),
        None => crate::say!("Set the partner markup."),
    }
    s.print(&markup)
}
