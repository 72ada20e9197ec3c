//! `payctl apps deactivate ID`: `POST /v1/applications/{id}/deactivate`.

use payctl_wire::applications::Application;
use reqwest::Method;

use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, id: &str) -> anyhow::Result<()> {
    let path = format!("/v1/applications/{}/deactivate", super::segment(id)?);
    let s = Session::open(ctx, Cred::Bearer).await?;
    let app: Application = s.call(Method::POST, &path, Some(&serde_json::json!({}))).await?;
    crate::say!("Deactivated application {}; its keys now answer 403.", app.id);
    s.print(&app)
}
