//! `payctl customers get ID`: `GET /v1/customers/{id}`.

use payctl_wire::customers::Customer;

use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, id: &str) -> anyhow::Result<()> {
    Session::show_one::<Customer>(ctx, Cred::Key, "/v1/customers", id).await
}
