//! `payctl beneficiaries get ID`: `GET /v1/beneficiaries/{id}`.

use payctl_wire::beneficiaries::Beneficiary;

use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, id: &str) -> anyhow::Result<()> {
    Session::show_one::<Beneficiary>(ctx, Cred::Key, "/v1/beneficiaries", id).await
}
