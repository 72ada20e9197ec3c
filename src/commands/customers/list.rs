//! `payctl customers list [--status S]`: `GET /v1/customers`.

use payctl_wire::customers::Customer;

use crate::cli::ListArgs;
use crate::commands::resource::{Cred, Session, query};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, status: Option<String>, list: ListArgs) -> anyhow::Result<()> {
    let s = Session::open(ctx, Cred::Key).await?;
    let path = query("/v1/customers", &[("status", status.as_deref())]);
    s.list::<Customer>(&path, &list, super::COLUMNS).await
}
