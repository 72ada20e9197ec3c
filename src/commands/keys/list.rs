//! `payctl keys list`: `GET /v1/applications/{id}/keys`.

use payctl_wire::applications::ApiKey;

use super::AppArg;
use crate::cli::ListArgs;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, app: AppArg, args: ListArgs) -> anyhow::Result<()> {
    let (_, path) = app.path(&ctx)?;
    Session::open(ctx, Cred::Bearer).await?.list::<ApiKey>(&format!("{path}/keys"), &args, super::COLUMNS).await
}
