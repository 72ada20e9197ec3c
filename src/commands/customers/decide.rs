//! `payctl customers approve|reject ID`: the sandbox's simulation routes
//! `POST /sandbox/customers/{id}/approve|reject`, with the TEST key. One
//! file for both verbs: they differ only in the route's last segment.

use payctl_wire::customers::Customer;
use reqwest::Method;

use crate::commands::apps::segment;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

#[derive(Debug, Clone, Copy)]
pub enum Decision {
    Approve,
    Reject,
}

pub async fn run(ctx: Ctx, id: &str, decision: Decision) -> anyhow::Result<()> {
    let verb = match decision {
        Decision::Approve => "approve",
        Decision::Reject => "reject",
    };
    let path = format!("/sandbox/customers/{}/{verb}", segment(id)?);
    let s = Session::open(ctx, Cred::Key).await?;
    let customer: Customer = s.call(Method::POST, &path, Some(&serde_json::json!({}))).await?;
    crate::say!("Customer {} is now {}.", customer.id, customer.kyb_status);
    s.print(&customer)
}
