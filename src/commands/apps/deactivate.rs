//! `payctl apps deactivate ID`: `POST /v1/applications/{id}/deactivate`.

use payctl_wire::applications::Application;

use crate::commands::session::bearer;
use crate::context::Ctx;
use crate::output;

pub async fn run(ctx: Ctx, id: &str) -> anyhow::Result<()> {
    let client = ctx.client()?;
    let auth = bearer(&ctx, &client).await?;
    let path = format!("/v1/applications/{}/deactivate", super::segment(id)?);
    let app: Application = client.post(&path, &auth, &serde_json::json!({})).await?;
    eprintln!("Deactivated application {}; its keys now answer 403.", app.id);
    output::record(ctx.output, &serde_json::to_value(&app)?)
}
