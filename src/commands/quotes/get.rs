//! `payctl quotes get ID`: `GET /v1/transactions/quote/{id}`.

use payctl_wire::transactions::TransactionQuote;

use super::PATH;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, id: &str) -> anyhow::Result<()> {
    Session::show_one::<TransactionQuote>(ctx, Cred::Key, PATH, id).await
}
