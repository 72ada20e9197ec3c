//! `payctl accounts get ID`: `GET /v1/accounts/{id}`.

use payctl_wire::accounts::Account;

use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, id: &str) -> anyhow::Result<()> {
    Session::show_one::<Account>(ctx, Cred::Key, "/v1/accounts", id).await
}
