//! `payctl beneficiaries list --customer ID`: `GET /v1/beneficiaries?customer_id=`.

use payctl_wire::beneficiaries::Beneficiary;

use crate::cli::ListArgs;
use crate::commands::resource::{Cred, Session, query};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, customer: &str, list: ListArgs) -> anyhow::Result<()> {
    let s = Session::open(ctx, Cred::Key).await?;
    let path = query("/v1/beneficiaries", &[("customer_id", Some(customer))]);
    s.list::<Beneficiary>(&path, &list, super::COLUMNS).await
}
