//! `payctl transactions list`: `GET /v1/transactions`, whose envelope is
//! `{data, pagination: {has_more, next_cursor}}`; `--all` follows it too.

use payctl_wire::page::TransactionPage;
use payctl_wire::transactions::Transaction;

use super::{COLUMNS, PATH};
use crate::cli::ListArgs;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, list: ListArgs) -> anyhow::Result<()> {
    Session::open(ctx, Cred::Key).await?.list_in::<TransactionPage<Transaction>>(PATH, &list, COLUMNS).await
}
