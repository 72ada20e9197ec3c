//! `payctl transactions create --quote QUOTE_ID --beneficiary BEN_ID`:
//! `POST /v1/transactions`, the step after `payctl quotes accept` on the
//! plain path (`payctl transfer` does all of it, with a confirmation).

use payctl_wire::transactions::{CreateTransaction, Transaction};
use reqwest::Method;

use super::PATH;
use crate::commands::resource::{Cred, DataArg, Session};
use crate::context::Ctx;

/// The API's fields by the flags that set them, so its errors name flags.
const FLAGS: &[(&str, &str)] = &[("quote_id", "--quote"), ("beneficiary_id", "--beneficiary")];

pub async fn run(ctx: Ctx, quote: Option<String>, beneficiary: Option<String>, data: DataArg) -> anyhow::Result<()> {
    let flags = CreateTransaction { quote_id: quote, beneficiary_id: beneficiary, ..CreateTransaction::default() };
    let body = data.body(&flags)?;
    let s = Session::open_with(ctx, Cred::Key, FLAGS).await?;
    let txn: Transaction = s.call(Method::POST, PATH, Some(&body)).await?;
    s.created(format_args!(
        "transaction {} ({}); it is {}. Follow it with `payctl transactions get {}`",
        txn.id, txn.external_id, txn.state, txn.id
    ));
    s.print(&txn)
}
