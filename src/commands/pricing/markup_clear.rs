//! `payctl pricing markup clear --customer ID`:
//! `DELETE /v1/pricing/customers/{id}/markup`.

use reqwest::Method;

use crate::commands::apps::segment;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, customer: &str) -> anyhow::Result<()> {
    let path = format!("/v1/pricing/customers/{}/markup", segment(customer)?);
    let s = Session::open(ctx, Cred::Bearer).await?;
    s.client.call(Method::DELETE, &path, &s.auth, None).await?;
    crate::say!("Cleared the markup of customer {customer}; the partner markup applies to it again.");
    Ok(())
}
