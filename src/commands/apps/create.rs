//! `payctl apps create`: `POST /v1/applications`.

use payctl_wire::applications::{Application, CreateApplication, Environment};

use crate::commands::session::bearer;
use crate::context::Ctx;
use crate::output;

pub async fn run(ctx: Ctx, name: String, environment: Environment) -> anyhow::Result<()> {
    let client = ctx.client()?;
    let auth = bearer(&ctx, &client).await?;
    let app: Application = client.post("/v1/applications", &auth, &CreateApplication { name, environment }).await?;
    eprintln!("Created {environment} application {}.", app.id);
    output::record(ctx.output, &serde_json::to_value(&app)?)
}
