//! `payctl accounts list`: `GET /v1/accounts`.

use payctl_wire::accounts::Account;

use crate::cli::ListArgs;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, list: ListArgs) -> anyhow::Result<()> {
    Session::open(ctx, Cred::Key).await?.list::<Account>("/v1/accounts", &list, super::COLUMNS).await
}
