//! `payctl accounts balances`: `GET /v1/balances`.

use payctl_wire::accounts::Balances;

use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx) -> anyhow::Result<()> {
    Session::open(ctx, Cred::Key).await?.rows::<Balances>("/v1/balances", super::LEDGER_COLUMNS).await
}
