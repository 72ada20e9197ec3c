//! `payctl pricing markup get [--customer ID]`: `GET /v1/pricing/markup` or
//! `GET /v1/pricing/customers/{id}/markup`.

use payctl_wire::pricing::Markup;

use super::CustomerArg;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, customer: CustomerArg) -> anyhow::Result<()> {
    let path = customer.path()?;
    Session::open(ctx, Cred::Bearer).await?.show::<Markup>(&path).await
}
