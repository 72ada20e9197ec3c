//! `payctl transfers create` (`POST /v1/transfers`, answers a transfer) and
//! `payctl swaps create` (`POST /v1/onchain-fx`, answers a swap in the shape
//! of spec 2.11): two doors to the same transfer model.

use payctl_wire::transfers::{Swap, Transfer};
use reqwest::Method;
use serde_json::json;

use crate::commands::resource::{Cred, DataArg, Session};
use crate::context::Ctx;

pub async fn transfer(ctx: Ctx, kind: Option<String>, data: DataArg) -> anyhow::Result<()> {
    let body = data.body(&json!({ "kind": kind }))?;
    let s = Session::open(ctx, Cred::Key).await?;
    let created: Transfer = s.call(Method::POST, "/v1/transfers", Some(&body)).await?;
    s.created(format_args!("transfer {} ({}); it is {}", created.id, created.kind, created.status));
    s.print(&created)
}

pub async fn swap(ctx: Ctx, data: DataArg) -> anyhow::Result<()> {
    let body = data.body(&json!({}))?;
    let s = Session::open(ctx, Cred::Key).await?;
    let created: Swap = s.call(Method::POST, "/v1/onchain-fx", Some(&body)).await?;
    s.created(format_args!("swap {}; it is {}", created.fx_id, created.status));
    s.print(&created)
}
