//! `payctl transfers get ID`: `GET /v1/transfers/{id}`.

use payctl_wire::transfers::Transfer;

use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, id: &str) -> anyhow::Result<()> {
    Session::show_one::<Transfer>(ctx, Cred::Key, "/v1/transfers", id).await
}
