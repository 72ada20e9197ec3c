//! `payctl keys list`: `GET /v1/applications/{id}/keys`.

use payctl_wire::applications::ApiKey;
use payctl_wire::page::Page;

use super::AppArg;
use crate::cli::ListArgs;
use crate::commands::session::bearer;
use crate::context::Ctx;
use crate::output;

pub async fn run(ctx: Ctx, app: AppArg, args: ListArgs) -> anyhow::Result<()> {
    let (_, path) = app.path(&ctx)?;
    let client = ctx.client()?;
    let auth = bearer(&ctx, &client).await?;
    let page: Page<ApiKey> = client.list(&format!("{path}/keys"), &auth, args.limit, args.all).await?;
    output::list(ctx.output, &serde_json::to_value(&page)?, super::COLUMNS)
}
