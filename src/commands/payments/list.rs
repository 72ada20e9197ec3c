//! `payctl payments list`: `GET /v1/payments` with its filters.

use payctl_wire::payments::Payment;

use crate::cli::ListArgs;
use crate::commands::resource::{Cred, Session, query};
use crate::context::Ctx;

pub async fn run(
    ctx: Ctx,
    status: Option<String>,
    from: Option<String>,
    to: Option<String>,
    list: ListArgs,
) -> anyhow::Result<()> {
    let path = query(
        "/v1/payments",
        &[("status", status.as_deref()), ("from_date", from.as_deref()), ("to_date", to.as_deref())],
    );
    Session::open_with(ctx, Cred::Key, &[("status", "--status"), ("from_date", "--from"), ("to_date", "--to")])
        .await?
        .list::<Payment>(&path, &list, super::COLUMNS)
        .await
}
