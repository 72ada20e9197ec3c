//! `payctl payments get ID`: `GET /v1/payments/{id}`.

use payctl_wire::payments::Payment;

use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, id: &str) -> anyhow::Result<()> {
    Session::show_one::<Payment>(ctx, Cred::Key, "/v1/payments", id).await
}
