//! `payctl apps list`: `GET /v1/applications`, following cursors with `--all`.

use payctl_wire::applications::Application;
use payctl_wire::page::Page;

use crate::cli::ListArgs;
use crate::commands::session::bearer;
use crate::context::Ctx;
use crate::output;

pub async fn run(ctx: Ctx, args: ListArgs) -> anyhow::Result<()> {
    let client = ctx.client()?;
    let auth = bearer(&ctx, &client).await?;
    let page: Page<Application> = client.list("/v1/applications", &auth, args.limit, args.all).await?;
    output::list(ctx.output, &serde_json::to_value(&page)?, super::COLUMNS)
}
