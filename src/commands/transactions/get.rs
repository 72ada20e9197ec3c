//! `payctl transactions get ID`: `GET /v1/transactions/{id}` (id or
//! external id).

use payctl_wire::transactions::Transaction;

use super::PATH;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, id: &str) -> anyhow::Result<()> {
    Session::show_one::<Transaction>(ctx, Cred::Key, PATH, id).await
}
