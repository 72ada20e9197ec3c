//! `payctl apps get ID`: `GET /v1/applications/{id}`.

use payctl_wire::applications::Application;

use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, id: &str) -> anyhow::Result<()> {
    Session::show_one::<Application>(ctx, Cred::Bearer, "/v1/applications", id).await
}
