//! `payctl logs list`: `GET /v1/logs` with its filters.

use payctl_wire::logs::RequestLog;

use super::{COLUMNS, Filters};
use crate::cli::ListArgs;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, filters: &Filters, list: ListArgs) -> anyhow::Result<()> {
    let session = Session::open_with(ctx, Cred::Key, super::FLAGS).await?.for_tool_reads();
    let filters = filters.on_server_clock(&session).await?;
    session.list::<RequestLog>(&filters.path(), &list, COLUMNS).await
}
