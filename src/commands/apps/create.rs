//! `payctl apps create`: `POST /v1/applications`.

use payctl_wire::applications::{Application, CreateApplication, Environment};
use reqwest::Method;

use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, name: String, environment: Environment) -> anyhow::Result<()> {
    let s = Session::open(ctx, Cred::Bearer).await?;
    let body = serde_json::to_value(CreateApplication { name, environment })?;
    let app: Application = s.call(Method::POST, "/v1/applications", Some(&body)).await?;
    s.created(format_args!("{environment} application {}", app.id));
    s.print(&app)
}
