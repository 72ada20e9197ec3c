//! `payctl accounts customer ID`: `GET /v1/customers/{id}/accounts`, which
//! answers a bare array rather than a page.

use payctl_wire::accounts::LedgerAccount;
use reqwest::Method;

use crate::commands::apps::segment;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;
use crate::output::{self, Format};

pub async fn run(ctx: Ctx, customer_id: &str) -> anyhow::Result<()> {
    let path = format!("/v1/customers/{}/accounts", segment(customer_id)?);
    let s = Session::open(ctx, Cred::Key).await?;
    let accounts: Vec<LedgerAccount> = s.call(Method::GET, &path, None).await?;
    let value = serde_json::to_value(&accounts)?;
    match s.ctx.output {
        // JSON keeps the API's own shape: the array.
        Format::Json => output::json(&value),
        Format::Table => output::list(Format::Table, &serde_json::json!({ "data": value }), super::LEDGER_COLUMNS),
    }
}
