//! `payctl apps get ID`: `GET /v1/applications/{id}`.

use payctl_wire::applications::Application;

use crate::commands::session::bearer;
use crate::context::Ctx;
use crate::output;

pub async fn run(ctx: Ctx, id: &str) -> anyhow::Result<()> {
    let client = ctx.client()?;
    let auth = bearer(&ctx, &client).await?;
    let app: Application = client.get(&format!("/v1/applications/{}", super::segment(id)?), &auth).await?;
    output::record(ctx.output, &serde_json::to_value(&app)?)
}
