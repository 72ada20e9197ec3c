//! `payctl apps list`: `GET /v1/applications`, following cursors with `--all`.

use payctl_wire::applications::Application;

use crate::cli::ListArgs;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, args: ListArgs) -> anyhow::Result<()> {
    Session::open(ctx, Cred::Bearer).await?.list::<Application>("/v1/applications", &args, super::COLUMNS).await
}
